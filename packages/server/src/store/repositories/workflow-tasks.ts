import type { Insertable, Selectable } from 'kysely';
import type { Store } from '../db';
import { insertReturningId } from '../insert';
import type { WorkflowTasksTable } from '../schema';

/** The tasks Approval and Wait for Input steps give (issue 37). */

export type WorkflowTaskRow = Selectable<WorkflowTasksTable>;

export const findWorkflowTask = (db: Store, taskId: number) =>
  db.selectFrom('workflowTasks').selectAll().where('taskId', '=', taskId).executeTakeFirst();

export const insertWorkflowTask = (db: Store, task: Insertable<WorkflowTasksTable>): Promise<number> =>
  insertReturningId(db, 'workflowTasks', task, 'taskId');

/** The application's open tasks given to the account or to one of the groups, oldest first. */
export const openTasksFor = (db: Store, appId: number, userId: string, groupIds: readonly number[]) =>
  db.selectFrom('workflowTasks')
    .innerJoin('chains', 'chains.chainId', 'workflowTasks.workflowId')
    .selectAll('workflowTasks').select('chains.chainName')
    .where('workflowTasks.appId', '=', appId).where('workflowTasks.status', '=', 'open')
    .where((eb) => eb.or([
      eb('workflowTasks.assigneeUser', '=', userId),
      ...(groupIds.length === 0 ? [] : [eb('workflowTasks.assigneeGroupId', 'in', groupIds)]),
    ]))
    .orderBy('workflowTasks.taskId')
    .execute();

/** Open tasks whose deadline is past `now`, oldest deadline first. */
export const dueTasks = (db: Store, now: string, limit: number) =>
  db.selectFrom('workflowTasks').selectAll().where('status', '=', 'open').where('deadlineAt', '<=', now).orderBy('deadlineAt').limit(limit).execute();

export const openTaskOfRun = (db: Store, runId: number) =>
  db.selectFrom('workflowTasks').selectAll().where('runId', '=', runId).where('status', '=', 'open').executeTakeFirst();

/** Closes an open task with its answer: false when it was no longer open (answered, expired or withdrawn meanwhile). */
export async function closeTask(
  db: Store, taskId: number, values: Pick<WorkflowTaskRow, 'status' | 'decision' | 'answer' | 'answeredBy' | 'answeredAt'>,
): Promise<boolean> {
  const result = await db.updateTable('workflowTasks').set(values).where('taskId', '=', taskId).where('status', '=', 'open').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
