import {
  actionFailureDetail, type CustomAction, GlobalConfigSchema, globalVariablesOf, NO_REDIRECT, RedirectConfigSchema,
  requestVariableNamesIn, responseFileOf, type ResponseFile, toParamValues, TriggerConfigSchema, triggerArguments, TriggerOutcomeSchema, actionCalls, triggerCalls,
  variableCalls } from '@rakit/core';
import type { AppApi } from '../api/client';
import { t } from '../i18n/i18n';
import type { GlobalVariable } from '../page-state/global-variables';
import { configOf, requestConfigOf } from './config-of';
import { sendRequest } from './request-runner';

/** A failed action; the message is the detail shown after 'Failed to perform the operation.' */
export class ActionFailure extends Error {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(detail, options);
    this.name = 'ActionFailure';
  }
}

/** Everything an action needs from the page it runs on; injected so the runner has no React in it. */
export interface ActionRuntime {
  /** The saved page (runAction finds the action in it); null when unknown. */
  pageId: number | null;
  /** The component whose actions run. */
  componentId: string;
  userId: string;
  /** The page's form values by component id, read when an action needs them. */
  pageValues: () => Record<string, unknown>;
  api: AppApi;
  fetch: typeof fetch;
  /** Opens a page of the application by slug (same group, or the preview window). */
  openPage: (pageSlug: string) => void;
  back: () => void;
  setGlobals: (variables: GlobalVariable[]) => void;
  saveFile: (file: ResponseFile) => void;
  /**
   * The Idempotency-Key of the next call to the server, when the run names its writes (a
   * button's click, issue 38): a click the network cut and kept for later is applied once.
   */
  requestKey?: () => string;
}

/** The database actions run by the server from the saved page (spec 1 §7 runAction). */
async function runDatabaseAction(action: CustomAction, rt: ActionRuntime): Promise<void> {
  if (rt.pageId === null) throw new ActionFailure(t('actionPageUnknown'));
  const answer = await rt.api.call(actionCalls.runAction, { body: { pageId: rt.pageId, componentId: rt.componentId, actionName: action.name, params: toParamValues(rt.pageValues()) } }, { requestKey: rt.requestKey?.() });
  if (!answer.status) throw new ActionFailure(actionFailureDetail(answer.error, `HTTP ${answer.httpStatus}`, answer.code));
}

/**
 * What a TRIGGER's answer says of the workflows it started (issue 12, TriggerOutcome): a failed
 * run fails the action with its first error; a finished or still running one is a note for the
 * click's notice, and the chain goes on. An answer that only records the run (no engine yet, or
 * no built workflow listening) adds nothing.
 */
export function triggerOutcomeNote(data: unknown): { failed: string } | { note: string | null } {
  const parsed = TriggerOutcomeSchema.safeParse(data);
  if (!parsed.success) return { note: null };
  const outcome = parsed.data;
  const runs = outcome.runs.map((r) => `#${r.runId}`).join(', ');
  switch (outcome.status) {
    case 'failed':
      return { failed: t('actions.run.workflowFailed', { runs, error: outcome.errors[0] ?? outcome.runs.flatMap((r) => r.errors)[0] ?? t('actions.run.stepFailed') }) };
    case 'succeeded':
      return { note: t('actions.run.workflowSucceeded', { runs }) };
    case 'started':
      return { note: t('actions.run.workflowStarted', { runs }) };
    default:
      return { note: null };
  }
}

async function runTrigger(action: CustomAction, rt: ActionRuntime): Promise<string | undefined> {
  const config = configOf(TriggerConfigSchema, action.raw);
  if (config.id === null) throw new ActionFailure(t('triggerIdEmpty'));
  const answer = await rt.api.call(triggerCalls.runTrigger, { params: { id: String(config.id) }, body: triggerArguments(config.params, rt.pageValues(), rt.userId) }, { requestKey: rt.requestKey?.() });
  if (!answer.status) throw new ActionFailure(actionFailureDetail(answer.error, `HTTP ${answer.httpStatus}`, answer.code));
  const outcome = triggerOutcomeNote(answer.data);
  if ('failed' in outcome) throw new ActionFailure(outcome.failed);
  return outcome.note ?? undefined;
}

/** The plain variables a REQUEST names (issue 39), as the server gives them for its page; none asked when it names none. */
async function requestVariables(action: CustomAction, rt: ActionRuntime): Promise<Record<string, string>> {
  if (requestVariableNamesIn([action]).length === 0 || rt.pageId === null) return {};
  const answer = await rt.api.call(variableCalls.pageVariables, { params: { id: rt.pageId } });
  if (!answer.status || answer.data === undefined) throw new ActionFailure(actionFailureDetail(answer.error, `HTTP ${answer.httpStatus}`, answer.code));
  return answer.data;
}

/** REQUEST: a file answer is saved, any other answer kept as the permanent global variable $api. */
async function runRequest(action: CustomAction, rt: ActionRuntime): Promise<void> {
  const config = requestConfigOf(action);
  const outcome = await sendRequest(config, rt.pageValues(), rt.userId, rt.fetch, await requestVariables(action, rt));
  if (!outcome.ok) throw new ActionFailure(`HTTP ${outcome.status}`);
  const file = responseFileOf(outcome.body);
  if (file !== null) rt.saveFile(file);
  else rt.setGlobals([{ name: '$api', value: outcome.body, type: 'permanent' }]);
}

/**
 * Runs one action by its type (spec 2 §4); throws ActionFailure (or the call's own error) when it
 * fails. What it answers is a note for the click's notice (a TRIGGER's workflow outcome).
 */
export async function runAction(action: CustomAction, rt: ActionRuntime): Promise<string | undefined> {
  switch (action.action) {
    case 'CUSTOM':
    case 'QUERY':
    case 'DELETE':
      await runDatabaseAction(action, rt);
      return undefined;
    case 'TRIGGER':
      return runTrigger(action, rt);
    case 'REDIRECT': {
      const { pageSlug } = configOf(RedirectConfigSchema, action.raw);
      if (pageSlug !== NO_REDIRECT && pageSlug !== '') rt.openPage(pageSlug);
      return undefined;
    }
    case 'BACK':
      rt.back();
      return undefined;
    case 'GLOBAL':
      rt.setGlobals(globalVariablesOf(configOf(GlobalConfigSchema, action.raw).params, rt.pageValues(), rt.userId));
      return undefined;
    case 'REQUEST':
      await runRequest(action, rt);
      return undefined;
    default:
      // EDIT and PRINT need a row: their data widget runs them.
      throw new ActionFailure(t('actions.run.notFromButton', { type: action.action }));
  }
}
