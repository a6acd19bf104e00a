import {
  type SaveTriggerBody, type TestRequestAnswer, TestRequestAnswerSchema, type TestRequestBody, type TriggerRecord, TriggerRecordSchema, type TriggerRun, TriggerRunSchema,
} from '@rakit/core';
import { z } from 'zod';
import { call, type ApiAnswer } from './request';
import { ActionResultSchema, QueryRecordSchema, type QueryRecord, type BoundValue, type RunActionBody, type SaveQueryBody, QueuedRunSchema } from './answers';

/** Calls of the actions area, made on behalf of the user signed in to `appSlug`. */
export const actionsApi = (appSlug: string) => ({
  /** A database action of a saved page; a failure answers ['Query Error' | 'Duplicate Entry For File', detail]. */
  runAction: (body: RunActionBody): Promise<ApiAnswer<unknown[]>> =>
    call({ method: 'POST', path: '/action/runAction', body, data: ActionResultSchema, tokenOf: appSlug }),

  /** Raw SQL: any statement for the connection's administrators (the Custom Query dialog). */
  runQuery: (dbId: number, query: string, params: BoundValue[] = []): Promise<ApiAnswer<unknown[]>> =>
    call({ method: 'POST', path: '/action/runQuery', body: { dbId, query, params }, data: ActionResultSchema, tokenOf: appSlug }),

  saveQuery: (body: SaveQueryBody): Promise<ApiAnswer<{ actionId: number }>> =>
    call({ method: 'POST', path: '/save/saveQuery', body: { ...body, actionSlug: '', actionFormat: '' }, data: z.object({ actionId: z.number().int() }), tokenOf: appSlug }),

  listQueries: (dbId: number): Promise<ApiAnswer<QueryRecord[]>> =>
    call({ method: 'GET', path: `/action/listQueries/${dbId}`, data: z.array(QueryRecordSchema), tokenOf: appSlug }),

  /** Creates (triggerId null) or updates a trigger; triggerParams is the JSON text of the names. */
  saveTrigger: (body: SaveTriggerBody): Promise<ApiAnswer<{ action: { actionId: number } }>> =>
    call({ method: 'POST', path: '/action/saveTrigger', body, data: z.object({ action: z.object({ actionId: z.number().int() }) }), tokenOf: appSlug }),

  listTriggers: (appId: number): Promise<ApiAnswer<TriggerRecord[]>> =>
    call({ method: 'GET', path: `/action/listTriggers/${appId}`, data: z.array(TriggerRecordSchema), tokenOf: appSlug }),

  /** The latest runs of a trigger, newest first (administrators). */
  triggerRuns: (triggerId: number): Promise<ApiAnswer<TriggerRun[]>> =>
    call({ method: 'GET', path: `/action/triggerRuns/${triggerId}`, data: z.array(TriggerRunSchema), tokenOf: appSlug }),

  /** The Request section's Test, sent by the server (public addresses only unless the operator allows private ones). */
  testRequest: (body: TestRequestBody): Promise<ApiAnswer<TestRequestAnswer>> =>
    call({ method: 'POST', path: '/action/testRequest', body, data: TestRequestAnswerSchema, tokenOf: appSlug }),

  /** Queues a run of a stored trigger with its named arguments (the server sets --userId-- itself). */
  runTrigger: (triggerId: number, args: Record<string, BoundValue>): Promise<ApiAnswer<z.infer<typeof QueuedRunSchema>>> =>
    call({ method: 'POST', path: `/action/runTrigger/${triggerId}`, body: args, data: QueuedRunSchema, tokenOf: appSlug }),
});
