import { actionCalls, type ClientInputOf, triggerCalls } from '@rakit/core';
import { callApi } from './request';

type BodyOf<C> = ClientInputOf<C> extends { body: infer B } ? B : never;

/** runAction's body: an action of a saved page with the page's values by component id, or a stored query by id. */
export type RunActionBody = BodyOf<typeof actionCalls.runAction>;
/** saveQuery's body, without the slug and format the dialog never sets. */
export type SaveQueryBody = Omit<BodyOf<typeof actionCalls.saveQuery>, 'actionSlug' | 'actionFormat'>;
/** A value bound to a `?` of a query or given to a trigger's parameter. */
type BoundValue = BodyOf<typeof actionCalls.runQuery>['params'] extends (infer V)[] | undefined ? V : never;

/** Calls of the actions area, made on behalf of the user signed in to `appSlug`. */
export const actionsApi = (appSlug: string) => ({
  /** A database action of a saved page; a failure answers ['Query Error' | 'Duplicate Entry For File', detail]. */
  runAction: (body: RunActionBody, requestKey?: string) => callApi(actionCalls.runAction, { body }, appSlug, undefined, undefined, requestKey),

  /** Raw SQL: any statement for the connection's administrators (the Custom Query dialog). */
  runQuery: (dbId: number, query: string, params: BoundValue[] = []) => callApi(actionCalls.runQuery, { body: { dbId, query, params } }, appSlug),

  saveQuery: (body: SaveQueryBody) => callApi(actionCalls.saveQuery, { body: { ...body, actionSlug: '', actionFormat: '' } }, appSlug),

  listQueries: (dbId: number) => callApi(actionCalls.listQueries, { params: { id: dbId } }, appSlug),

  /** Creates (triggerId null) or updates a trigger; triggerParams is the JSON text of the names. */
  saveTrigger: (body: BodyOf<typeof triggerCalls.saveTrigger>) => callApi(triggerCalls.saveTrigger, { body }, appSlug),

  listTriggers: (appId: number) => callApi(triggerCalls.listTriggers, { params: { appId } }, appSlug),

  /** The latest runs of a trigger, newest first (administrators). */
  triggerRuns: (triggerId: number) => callApi(triggerCalls.triggerRuns, { params: { id: triggerId } }, appSlug),

  /** The Request section's Test, sent by the server (public addresses only unless the operator allows private ones). */
  testRequest: (body: BodyOf<typeof actionCalls.testRequest>) => callApi(actionCalls.testRequest, { body }, appSlug),

  /** Queues a run of a stored trigger with its named arguments (the server sets --userId-- itself). */
  runTrigger: (triggerId: number, args: Record<string, BoundValue>, requestKey?: string) =>
    callApi(triggerCalls.runTrigger, { params: { id: String(triggerId) }, body: args }, appSlug, undefined, undefined, requestKey),
});
