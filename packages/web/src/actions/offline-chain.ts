import {
  actionFailureDetail, type CustomAction, GlobalConfigSchema, globalVariablesOf, NO_REDIRECT, type ParamValue, reachableActions,
  RedirectConfigSchema, type ResultRow, toParamValues, TriggerConfigSchema, triggerArguments, actionCalls, triggerCalls, tableCalls } from '@rakit/core';
import type { AppApi, ApiAnswer } from '../api/client';
import type { QueuedStep, QueuedWrite, SentWrite } from '../offline/write-queue';
import { t } from '../i18n/i18n';
import { configOf } from './config-of';
import type { ActionRuntime } from './run-action';

/**
 * A button's click while offline (issue 38): what it would have sent, computed at the click (the
 * page's values, the trigger's arguments) and kept on the device (offline/write-queue.ts); each
 * step is sent later with the write's key and its index as the Idempotency-Key, so a sending the
 * connection cut is applied once however often it is sent again.
 */

/** What happens on the device at the click (an action's own), in the chain's order, beside the writes kept for later. */
export interface LocalEffect {
  action: CustomAction;
  apply: (rt: ActionRuntime) => void;
}

export type OfflineChain =
  | { kind: 'queued'; steps: QueuedStep[]; params: Record<string, ParamValue>; effects: LocalEffect[] }
  /** An action that needs an answer now (a REQUEST, an action of a row): the click cannot be kept for later. */
  | { kind: 'needsNetwork'; actionType: string }
  | { kind: 'triggerIdEmpty' };

/**
 * What a click on a button keeps for later when offline: its database actions and triggers,
 * in the order the chain runs them; the global variables, redirects and Back happen at once.
 */
export function offlineChainOf(actions: readonly CustomAction[], rt: ActionRuntime): OfflineChain {
  const values = rt.pageValues();
  const steps: QueuedStep[] = [];
  const effects: LocalEffect[] = [];
  for (const action of reachableActions(actions)) {
    switch (action.action) {
      case 'CUSTOM':
      case 'QUERY':
      case 'DELETE':
        steps.push({ kind: 'action', actionName: action.name });
        break;
      case 'TRIGGER': {
        const config = configOf(TriggerConfigSchema, action.raw);
        if (config.id === null) return { kind: 'triggerIdEmpty' };
        steps.push({ kind: 'trigger', triggerId: config.id, args: triggerArguments(config.params, values, rt.userId) });
        break;
      }
      case 'GLOBAL': {
        const variables = globalVariablesOf(configOf(GlobalConfigSchema, action.raw).params, values, rt.userId);
        effects.push({ action, apply: (runtime) => runtime.setGlobals(variables) });
        break;
      }
      case 'REDIRECT': {
        const { pageSlug } = configOf(RedirectConfigSchema, action.raw);
        if (pageSlug !== NO_REDIRECT && pageSlug !== '') effects.push({ action, apply: (runtime) => runtime.openPage(pageSlug) });
        break;
      }
      case 'BACK':
        effects.push({ action, apply: (runtime) => runtime.back() });
        break;
      default:
        return { kind: 'needsNetwork', actionType: action.action };
    }
  }
  return { kind: 'queued', steps, params: toParamValues(values), effects };
}

/** What the person is told of a click that cannot wait on the device. */
export function whyNotKept(chain: Exclude<OfflineChain, { kind: 'queued' }>): string {
  return chain.kind === 'needsNetwork'
    ? t('shell.offline.needsNetwork', { type: chain.actionType })
    : t('actionFailed', { detail: t('triggerIdEmpty') }).trim();
}

/** A sending to try again later: the network, the server busy with the same key, or a session to sign in to again. */
export class SendLater extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SendLater';
  }
}

/** A write the server refused: shown to its person with the reason, to discard or enter again. */
export class WriteRefused extends Error {
  constructor(detail: string, readonly code: string | undefined, readonly stepsApplied: number) {
    super(detail);
    this.name = 'WriteRefused';
  }
}

/** Codes that say "not now", not "no". */
const LATER_CODES = new Set(['requestInProgress', 'unauthenticated']);

/**
 * Sends a kept write's steps in order, each with its own Idempotency-Key; steps a cut
 * connection left applied are answered again by the server, not applied twice.
 */
/** Why the server refused a kept write; for a row changed meanwhile, what it holds now. */
function refusalOf(answer: ApiAnswer<unknown>): string {
  const detail = actionFailureDetail(answer.error, `HTTP ${answer.httpStatus}`, answer.code);
  const now = answer.conflict;
  if (typeof now !== 'object' || now === null) return detail;
  return `${detail} (${Object.entries(now).map(([column, value]) => `${column}: ${String(value)}`).join(', ')})`;
}


function sendStep(write: QueuedWrite, step: QueuedStep, api: AppApi, requestKey: string, params: Record<string, ParamValue>): Promise<ApiAnswer<unknown>> {
  switch (step.kind) {
    case 'action':
      return api.call(actionCalls.runAction, { body: { pageId: write.pageId, componentId: write.componentId, actionName: step.actionName, params } }, { requestKey });
    case 'scan':
      // A read: sent again after a cut, it reads again.
      return api.call(tableCalls.scanBarcode, { body: { pageId: write.pageId, componentId: write.componentId, code: step.code } });
    case 'trigger':
      return api.call(triggerCalls.runTrigger, { params: { id: String(step.triggerId) }, body: step.args }, { requestKey });
    case 'editRow':
      return api.call(tableCalls.editRow, { body: step.body }, { requestKey });
    case 'moveCard':
      return api.call(tableCalls.moveCard, { body: step.body }, { requestKey });
  }
}

export async function sendQueuedWrite(write: QueuedWrite, api: AppApi): Promise<SentWrite> {
  let params = write.params;
  let scannedRow: ResultRow | null = null;
  for (const [index, step] of write.steps.entries()) {
    const requestKey = `${write.key}.${index}`;
    let answer: ApiAnswer<unknown>;
    try {
      answer = await sendStep(write, step, api, requestKey, params);
    } catch (error) {
      throw new SendLater(error instanceof Error ? error.message : String(error));
    }
    if (!answer.status) {
      if (answer.httpStatus >= 500 || (answer.code !== undefined && LATER_CODES.has(answer.code))) throw new SendLater(answer.error?.[0] ?? `HTTP ${answer.httpStatus}`);
      throw new WriteRefused(refusalOf(answer), answer.code, index);
    }
    if (step.kind === 'scan') {
      // The row the code names now, as an online scan reads it; none: nothing to run it on.
      scannedRow = (answer.data as ResultRow[] | undefined)?.[0] ?? null;
      if (scannedRow === null) throw new WriteRefused(t('formwidgets.barcode.notFoundWhenSent', { code: step.code }), undefined, index);
      params = { ...params, ...toParamValues(scannedRow) };
    }
  }
  return { scannedRow };
}

/** A write's key: random, unguessable, and usable where crypto.randomUUID is not (plain http on a LAN). */
export function newWriteKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
