import { type AddonExecutor, StepFailure } from '../../src/workflows/addons/executor';

/**
 * For the crash test only, on a branch without the HTTP add-on's executor: a stand-in that
 * POSTs the resolved body to the resolved URL with the step's Idempotency-Key, as the real one
 * does, so the test's server can show a step applied once. Loaded by src/worker.ts through
 * RAKIT_WORKFLOW_WORKER_EXECUTORS; never an operator's setting.
 */
export const executors: Record<string, AddonExecutor> = {
  http: {
    defaults: { timeoutMs: 10_000, retries: 2 },
    async run(context, params) {
      try {
        const response = await fetch(String(params.url), {
          method: String(params.method), signal: context.signal,
          headers: { 'content-type': 'application/json', 'idempotency-key': context.idempotencyKey },
          body: JSON.stringify(params.body ?? {}),
        });
        return { output: { status: response.status, body: await response.json() as unknown } };
      } catch (error) {
        throw new StepFailure((error as Error).message, true);
      }
    },
  },
};
