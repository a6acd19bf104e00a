import type { Selectable } from 'kysely';
import type { Store } from '../db';
import { insertReturningId } from '../insert';
import type { WorkflowSchedulesTable } from '../schema';

/** Schedules (issue 37). Times are ISO strings, so they order as text. */

export type WorkflowScheduleRow = Selectable<WorkflowSchedulesTable>;
export type ScheduleValues = Omit<WorkflowScheduleRow, 'scheduleId' | 'createdAt'>;

export const findWorkflowSchedule = (db: Store, scheduleId: number) =>
  db.selectFrom('workflowSchedules').selectAll().where('scheduleId', '=', scheduleId).executeTakeFirst();

export const schedulesOfWorkflow = (db: Store, workflowId: number) =>
  db.selectFrom('workflowSchedules').selectAll().where('workflowId', '=', workflowId).orderBy('scheduleId').execute();

export const insertWorkflowSchedule = (db: Store, values: ScheduleValues): Promise<number> =>
  insertReturningId(db, 'workflowSchedules', { ...values, createdAt: new Date().toISOString() }, 'scheduleId');

export async function updateWorkflowSchedule(db: Store, scheduleId: number, values: Partial<ScheduleValues>): Promise<number> {
  const result = await db.updateTable('workflowSchedules').set(values).where('scheduleId', '=', scheduleId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteWorkflowSchedule(db: Store, scheduleId: number): Promise<number> {
  const result = await db.deleteFrom('workflowSchedules').where('scheduleId', '=', scheduleId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The turned-on schedules whose next occurrence is due by `now`, with their application's time zone. */
export const dueSchedules = (db: Store, now: string) =>
  db.selectFrom('workflowSchedules').innerJoin('apps', 'apps.appId', 'workflowSchedules.appId')
    .selectAll('workflowSchedules').select('apps.appTimeZone')
    .where('workflowSchedules.enabled', '=', 1).where('workflowSchedules.nextAt', 'is not', null).where('workflowSchedules.nextAt', '<=', now)
    .orderBy('workflowSchedules.nextAt').limit(100).execute();

/** Moves a schedule on from the occurrence it was at: false when another process moved it first. */
export async function advanceSchedule(db: Store, scheduleId: number, from: string, to: string | null): Promise<boolean> {
  const result = await db.updateTable('workflowSchedules').set({ nextAt: to }).where('scheduleId', '=', scheduleId).where('nextAt', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function claimOccurrence(db: Store, scheduleId: number, occurrenceAt: string, runId: number): Promise<void> {
  await db.insertInto('scheduleOccurrences').values({ scheduleId, occurrenceAt, runId }).execute();
}
