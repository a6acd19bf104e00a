import { type CustomAction, runActionChain } from '@rakit/core';
import { ApiUnreachableError } from '../api/client';
import { t } from '../i18n/i18n';
import { ActionFailure, type ActionRuntime, runAction } from './run-action';
import type { QueuedStep } from '../offline/write-queue';
import { offlineChainOf } from './offline-chain';
import type { ParamValue } from '@rakit/core';

/** What a button's run needs besides the runtime of its actions. */
export interface ButtonRun extends ActionRuntime {
  /** Shows every field's errors; the names of the empty required ones (usePageFormStore().validateAll). */
  validateAll: () => string[];
  notifySuccess: (message: string) => void;
  notifyFailure: (message: string) => void;
  /** Where failures are logged (spec 2 §8: failed calls are logged to the console). */
  log?: (error: unknown) => void;
  /** Offline (issue 38): keeps the click's writes on the device, to be sent when the network returns. */
  keepForLater?: (steps: QueuedStep[], params: Record<string, ParamValue>) => void;
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
  if (run.keepForLater !== undefined) return keepOffline(actions, run, run.keepForLater);
  const notes: string[] = [];
  const result = await runActionChain(actions, async (action) => {
    const note = await runAction(action, run);
    if (note !== undefined) notes.push(note);
  });
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
function keepOffline(actions: readonly CustomAction[], run: ButtonRun, keep: NonNullable<ButtonRun['keepForLater']>): ButtonRunResult {
  const chain = offlineChainOf(actions, run);
  if (chain.kind === 'needsNetwork') {
    run.notifyFailure(t('shell.offline.needsNetwork', { type: chain.actionType }));
    return 'failed';
  }
  if (chain.kind === 'triggerIdEmpty') {
    run.notifyFailure(t('actionFailed', { detail: t('triggerIdEmpty') }).trim());
    return 'failed';
  }
  if (chain.steps.length > 0) keep(chain.steps, chain.params);
  for (const effect of chain.effects) effect(run);
  run.notifySuccess(chain.steps.length > 0 ? t('shell.offline.kept') : t('actionSucceeded'));
  return 'done';
}
