import type { Store } from '../db';
import { insertReturningId } from '../insert';

/** Stored triggers (spec 2 §3 "Trigger") and their recorded runs. */

export const findTrigger = (db: Store, triggerId: number) =>
  db.selectFrom('triggers').selectAll().where('triggerId', '=', triggerId).executeTakeFirst();

export const listTriggersOfApp = (db: Store, appId: number) =>
  db.selectFrom('triggers').selectAll().where('triggerAppId', '=', appId).orderBy('triggerId').execute();

export function insertTrigger(db: Store, values: { triggerAppId: number; triggerName: string; triggerParams: string }): Promise<number> {
  const now = new Date().toISOString();
  return insertReturningId(db, 'triggers', { ...values, createdAt: now, updatedAt: now }, 'triggerId');
}

/** Updates the trigger only when it belongs to the application; answers whether it did. */
export async function updateTriggerOfApp(db: Store, triggerId: number, appId: number, values: { triggerName: string; triggerParams: string }): Promise<boolean> {
  const result = await db.updateTable('triggers')
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where('triggerId', '=', triggerId)
    .where('triggerAppId', '=', appId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const insertTriggerRun = (db: Store, values: { triggerId: number; appId: number; userId: string; params: string; status: string }): Promise<number> =>
  insertReturningId(db, 'triggerRuns', { ...values, createdAt: new Date().toISOString() }, 'runId');

export const latestTriggerRuns = (db: Store, triggerId: number, limit: number) =>
  db.selectFrom('triggerRuns').selectAll().where('triggerId', '=', triggerId).orderBy('runId', 'desc').limit(limit).execute();
