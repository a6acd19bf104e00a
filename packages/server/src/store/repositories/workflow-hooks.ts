import type { Insertable, Selectable } from 'kysely';
import type { Store } from '../db';
import type { WorkflowHooksTable } from '../schema';
import { isUniqueViolation } from '../unique-violation';

/** Incoming webhooks (issue 37): the hooks, their calls' log and the signatures taken. */

export type WorkflowHookRow = Selectable<WorkflowHooksTable>;

export const findWorkflowHook = (db: Store, hookId: string) =>
  db.selectFrom('workflowHooks').selectAll().where('hookId', '=', hookId).executeTakeFirst();

export const hooksOfWorkflow = (db: Store, workflowId: number) =>
  db.selectFrom('workflowHooks').selectAll().where('workflowId', '=', workflowId).orderBy('createdAt').orderBy('hookId').execute();

export async function insertWorkflowHook(db: Store, hook: Insertable<WorkflowHooksTable>): Promise<void> {
  await db.insertInto('workflowHooks').values(hook).execute();
}

export async function updateWorkflowHook(db: Store, hookId: string, values: Partial<Pick<WorkflowHookRow, 'hookName' | 'auth' | 'waitMs' | 'inputFields' | 'secretEnc' | 'secretSetAt'>>): Promise<number> {
  const result = await db.updateTable('workflowHooks').set(values).where('hookId', '=', hookId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteWorkflowHook(db: Store, hookId: string): Promise<number> {
  const result = await db.deleteFrom('workflowHooks').where('hookId', '=', hookId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The latest calls of each hook, newest first (`limit` each). */
export async function latestCallsOf(db: Store, hookIds: readonly string[], limit: number) {
  const calls = await Promise.all(hookIds.map((hookId) => db.selectFrom('hookCalls').selectAll().where('hookId', '=', hookId).orderBy('callId', 'desc').limit(limit).execute()));
  return new Map(hookIds.map((hookId, index) => [hookId, calls[index] ?? []]));
}

export async function insertHookCall(db: Store, call: { hookId: string; at: string; outcome: string; runId: number | null; sourceAddress: string }): Promise<void> {
  await db.insertInto('hookCalls').values(call).execute();
}

/**
 * Takes a signature once: false when the hook took it before. Inserting is the check (the pair
 * is the key), so two replicas racing with one signature cannot both take it.
 */
export async function takeDelivery(db: Store, hookId: string, signature: string, at: string): Promise<boolean> {
  try {
    await db.insertInto('hookDeliveries').values({ hookId, signature, receivedAt: at }).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Forgets the signatures taken before `before` (their timestamps are refused anyway) and the calls logged before `callsBefore`. */
export async function pruneHookRecords(db: Store, before: string, callsBefore: string): Promise<void> {
  await db.deleteFrom('hookDeliveries').where('receivedAt', '<', before).execute();
  await db.deleteFrom('hookCalls').where('at', '<', callsBefore).execute();
}
