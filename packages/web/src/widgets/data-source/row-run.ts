import { actionFailureMessage, chainFrom, type CustomAction, type RowValues, runActionChain } from '@rakit/core';
import { failureDetail } from '../../actions/run-chain';

/**
 * How a data widget runs a row action (spec 3 §4), without React: the chosen action on its rows
 * (a print on all of them at once, any other kind once per row), each followed by the actions
 * it causes; one notice for the run; then the widget reloads. The hook (row-actions.ts) gives
 * it the real steps and notices.
 */

/** Runs the chosen action's own step instead of the default (the edit dialog's save). */
export type OwnStep = (row: RowValues) => Promise<void>;

export interface RowRun {
  /** The widget's actions, which the chain is drawn from. */
  actions: readonly CustomAction[];
  /** Runs one action of the chain on a batch of rows; throws to report a failure. */
  step: (action: CustomAction, rows: readonly RowValues[]) => Promise<void>;
  /** Tells that the run succeeded ('Successfully perform the action', in the reader's catalog). */
  notifySuccess: () => void;
  notifyFailure: (message: string) => void;
  /** Where failures are logged (spec 2 §8: failed calls are logged to the console). */
  log: (error: unknown) => void;
  /** Called once the run ended, whatever its outcome (the widget reloads its rows). */
  afterRun: () => void;
}

/** What the run stopped at, or undefined when every batch's chain ran. */
async function firstFailure(run: RowRun, chosen: CustomAction, rows: readonly RowValues[], own: OwnStep | undefined): Promise<{ error: unknown } | undefined> {
  const chain = chainFrom(run.actions, chosen);
  const top = chain.find((a) => a.cause === '' && a.name === chosen.name);
  const batches = chosen.action === 'PRINT' ? [rows] : rows.map((row) => [row]);
  for (const batch of batches) {
    const row = batch[0] ?? {};
    const result = await runActionChain(chain, (action) => (action === top && own !== undefined ? own(row) : run.step(action, batch)));
    if (result.failed !== undefined) return { error: result.failed.error };
  }
  return undefined;
}

/**
 * Runs `chosen` on `rows` as described above and answers whether everything succeeded. It
 * never throws: whatever goes wrong — a step, or the chain runner itself — is logged and told
 * in 'Failed to perform the operation. {detail}'; the run stops there.
 */
export async function runRowActions(run: RowRun, chosen: CustomAction, rows: readonly RowValues[], own?: OwnStep): Promise<boolean> {
  let failure: { error: unknown } | undefined;
  try {
    failure = await firstFailure(run, chosen, rows, own);
  } catch (error) {
    failure = { error };
  } finally {
    run.afterRun();
  }
  if (failure !== undefined) {
    run.log(failure.error);
    run.notifyFailure(actionFailureMessage(failureDetail(failure.error)));
    return false;
  }
  run.notifySuccess();
  return true;
}

