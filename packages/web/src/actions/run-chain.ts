import { ApiUnreachableError } from '../api/client';
import { t } from '../i18n/i18n';
import { ActionFailure, type ActionRuntime, runAction } from './run-action';
import type { QueuedStep } from '../offline/write-queue';
import { newWriteKey, offlineChainOf, whyNotKept } from './offline-chain';
import { type CustomAction, type ParamValue, runActionChain } from '@rakit/core';

/** What a button's run needs besides the runtime of its actions. */
export interface ButtonRun extends ActionRuntime {
  /** Shows every field's errors; the names of the empty required ones (usePageFormStore().validateAll). */
  validateAll: () => string[];
  notifySuccess: (message: string) => void;
  notifyFailure: (message: string) => void;
  /** Where failures are logged (spec 2 §8: failed calls are logged to the console). */
  log?: (error: unknown) => void;
  /**
   * Issue 38: keeps the click's writes on the device, to be sent when the network returns, under
   * the write's key: at once when the device is offline, or when the network drops during the
   * run (what reached the server is answered again, not applied twice).
   */
  keepForLater?: { offline: boolean; keep: (steps: QueuedStep[], params: Record<string, ParamValue>, key: string) => void };
}

export type ButtonRunResult = 'nothing' | 'refused' | 'done' | 'failed';

/** The detail of a failure as the notice shows it (after 'Failed to perform the operation.'). */
export function failureDetail(error: unknown): string {
  if (error instanceof ActionFailure) return error.message;
  if (error instanceof ApiUnreachableError) return t('actions.run.serverSilent');
  return error instanceof Error ? error.message : String(error);
}

/**
 * A click on a button in preview mode (spec 2 §4 "Button run"): the required fields first — an
 * empty one is named in 'FIELD "{name}" wajib diisi' and nothing runs; then the top-level
 * actions in order, each followed by the actions caused by it (runActionChain). One notice for
 * the click: 'Successfully perform the action' when everything ran, else 'Failed to perform the
 * operation. {detail}' for the action that failed, which stops the run. The notes of the actions
 * that ran (a TRIGGER's workflow outcome) follow the success text.
 */
export async function runButtonActions(actions: readonly CustomAction[], run: ButtonRun): Promise<ButtonRunResult> {
  if (actions.length === 0) return 'nothing';
  const [firstMissing] = run.validateAll();
  if (firstMissing !== undefined) {
    run.notifyFailure(t('fieldRequiredNamed', { name: firstMissing }));
    return 'refused';
  }
  const later = run.keepForLater;
  const writeKey = newWriteKey();
  if (later?.offline === true) return keepOffline(actions, run, later, writeKey, []);
  let serverCalls = 0;
  const named: ButtonRun = later === undefined ? run : { ...run, requestKey: () => `${writeKey}.${serverCalls++}` };
  const notes: string[] = [];
  const result = await runActionChain(actions, async (action) => {
    const note = await runAction(action, named);
    if (note !== undefined) notes.push(note);
  });
  if (result.failed !== undefined && later !== undefined && result.failed.error instanceof ApiUnreachableError) {
    // The network dropped during the run: the click waits on the device under the same key.
    const kept = keepOffline(actions, run, later, writeKey, result.done);
    if (kept === 'done') return kept;
  }
  if (result.failed !== undefined) {
    (run.log ?? console.error)(result.failed.error);
    run.notifyFailure(t('actionFailed', { detail: failureDetail(result.failed.error) }).trim());
    return 'failed';
  }
  if (result.done.length === 0) return 'nothing';
  run.notifySuccess([t('actionSucceeded'), ...notes].join('. '));
  return 'done';
}

/**
 * A click while offline (issue 38): its writes are kept to be sent later, in order, once; what
 * happens on the device (global variables, a redirect, Back) happens now. A chain with an
 * action that needs an answer now says it needs the network and does nothing.
 */
function keepOffline(
  actions: readonly CustomAction[], run: ButtonRun, later: NonNullable<ButtonRun['keepForLater']>, writeKey: string, done: readonly CustomAction[],
): ButtonRunResult {
  const chain = offlineChainOf(actions, run);
  if (chain.kind !== 'queued') {
    run.notifyFailure(whyNotKept(chain));
    return 'failed';
  }
  if (chain.steps.length > 0) later.keep(chain.steps, chain.params, writeKey);
  for (const effect of chain.effects) if (!done.includes(effect.action)) effect.apply(run);
  run.notifySuccess(chain.steps.length > 0 ? t('shell.offline.kept') : t('actionSucceeded'));
  return 'done';
}
