import { randomBytes } from 'node:crypto';
import { type StepContext, StepFailure } from '../../src/workflows/addons/executor';
import type { TestServer } from './build';

/** The StepFailure an executor's run ends with; throws when it succeeds or fails otherwise. */
export async function failureOf(run: Promise<unknown>): Promise<StepFailure> {
  try {
    await run;
  } catch (error) {
    if (error instanceof StepFailure) return error;
    throw error;
  }
  throw new Error('the step did not fail');
}

/** A step of a run of the application's workflow, as the engine hands it to an executor. */
export const stepOf = (server: TestServer, appId: number, signal = new AbortController().signal): StepContext => ({
  services: server.app.services, appId, runId: 1, actionId: 1, idempotencyKey: `step-${randomBytes(4).toString('hex')}`, signal,
});
