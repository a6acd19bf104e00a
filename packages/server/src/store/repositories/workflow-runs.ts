import type { TextParts } from '@rakit/core';
import { type Selectable, sql, type Updateable } from 'kysely';
import type { Store } from '../db';
import { insertReturningId } from '../insert';
import type { WorkflowRunsTable, WorkflowStepRunsTable } from '../schema';
import { storedParts, storedPartsColumns } from '../stored-parts';

/** Runs of workflows and their steps (issue 12): the engine's source of truth and the embedded queue's jobs. */

export type WorkflowRunRow = Selectable<WorkflowRunsTable>;
export type WorkflowStepRunRow = Selectable<WorkflowStepRunsTable>;

/**
 * A run's or step's failure as recorded: its pieces, or, for one recorded before they were kept
 * (or unreadable), its text (store/stored-parts.ts).
 */
export function storedFailure(row: { error: string | null; errorText: string | null }): TextParts {
  return row.error === null ? [{ key: 'workflow.failure.unknown' }] : storedParts(row.errorText, row.error);
}

/** A failure as stored: the specification's wording in `error`, the pieces for each reader's language in `errorText`. */
export function failureColumns(failure: TextParts | null): { error: string | null; errorText: string | null } {
  if (failure === null) return { error: null, errorText: null };
  const { text, parts } = storedPartsColumns(failure);
  return { error: text, errorText: parts };
}

export interface NewRun {
  workflowId: number;
  appId: number;
  versionId: number;
  input: string;
  startedByKind: string;
  startedByUser: string | null;
  /** What started it when no account did (a webhook's name); absent for a person's runs. */
  startedByName?: string | null;
  triggerId: number | null;
  triggerRunId: number | null;
  startActionId: number | null;
  runKey: string;
}

export type NewStep = Omit<WorkflowStepRunsTable, 'runId' | 'attempt' | 'input' | 'output' | 'error' | 'errorText' | 'branch' | 'startedAt' | 'finishedAt' | 'status'>;

/** Records a queued run with its steps, all pending. Call inside a transaction. */
export async function insertRun(db: Store, run: NewRun, steps: readonly NewStep[]): Promise<number> {
  const runId = await insertReturningId(db, 'workflowRuns', { ...run, status: 'queued', createdAt: new Date().toISOString() }, 'runId');
  for (let i = 0; i < steps.length; i += 100) {
    const slice = steps.slice(i, i + 100).map((step) => ({ ...step, runId, status: 'pending', idempotencyKey: `${run.runKey}-${step.stepNumber}` }));
    await db.insertInto('workflowStepRuns').values(slice).execute();
  }
  return runId;
}

export const findRun = (db: Store, runId: number) =>
  db.selectFrom('workflowRuns').selectAll().where('runId', '=', runId).executeTakeFirst();

export const stepsOfRun = (db: Store, runId: number) =>
  db.selectFrom('workflowStepRuns').selectAll().where('runId', '=', runId).orderBy('stepNumber').execute();

export const latestRunsOfWorkflow = (db: Store, workflowId: number, limit: number) =>
  db.selectFrom('workflowRuns').selectAll().where('workflowId', '=', workflowId).orderBy('runId', 'desc').limit(limit).execute();

export const runsOfTriggerRun = (db: Store, triggerRunId: number) =>
  db.selectFrom('workflowRuns').select(['runId', 'workflowId']).where('triggerRunId', '=', triggerRunId).execute();

/** Extends the lease while the worker holds it; answers whether it still does (compare-and-set on the owner). */
export async function renewLease(db: Store, runId: number, owner: string, expiresAt: number): Promise<boolean> {
  const result = await db.updateTable('workflowRuns').set({ leaseExpiresAt: expiresAt })
    .where('runId', '=', runId).where('leaseOwner', '=', owner).where('status', '=', 'running').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Claims one given run for a worker: queued, or running under a lease that has expired; its start time is set on the first claim. */
export async function claimRun(db: Store, runId: number, owner: string, now: number, leaseMs: number): Promise<boolean> {
  const result = await db.updateTable('workflowRuns')
    .set({ status: 'running', leaseOwner: owner, leaseExpiresAt: now + leaseMs, startedAt: sql<string>`coalesce(${sql.ref('startedAt')}, ${new Date(now).toISOString()})` })
    .where('runId', '=', runId)
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('leaseExpiresAt', '<', now)])]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The next claimable run's id: queued, or running under an expired lease; oldest first. */
export const claimableRunIds = (db: Store, now: number, limit: number) =>
  db.selectFrom('workflowRuns').select('runId')
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('leaseExpiresAt', '<', now)])]))
    .orderBy('runId').limit(limit);

/** Ends the run held by `owner`; answers whether it still held it. */
export async function finishRun(db: Store, runId: number, owner: string, status: 'succeeded' | 'failed', failure: TextParts | null): Promise<boolean> {
  const result = await db.updateTable('workflowRuns')
    .set({ status, ...failureColumns(failure), finishedAt: new Date().toISOString(), leaseOwner: null, leaseExpiresAt: null })
    .where('runId', '=', runId).where('leaseOwner', '=', owner).where('status', '=', 'running').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Lets go of a run whose step waits for a person (issue 37): no worker holds it until the answer queues it again. */
export async function parkRun(db: Store, runId: number, owner: string): Promise<boolean> {
  const result = await db.updateTable('workflowRuns').set({ status: 'waiting', leaseOwner: null, leaseExpiresAt: null })
    .where('runId', '=', runId).where('leaseOwner', '=', owner).where('status', '=', 'running').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Takes a waiting run out of its wait (issue 37): the step succeeds with what the task's answer
 * says and the run is queued again. False when it was not waiting.
 */
export async function resumeWaitingRun(db: Store, runId: number, stepNumber: number, output: string): Promise<boolean> {
  const run = await db.updateTable('workflowRuns').set({ status: 'queued' }).where('runId', '=', runId).where('status', '=', 'waiting').executeTakeFirst();
  if (Number(run.numUpdatedRows) === 0) return false;
  await db.updateTable('workflowStepRuns').set({ status: 'succeeded', output, finishedAt: new Date().toISOString() })
    .where('runId', '=', runId).where('stepNumber', '=', stepNumber).where('status', '=', 'waiting').execute();
  return true;
}

/** Cancels a run no worker holds (queued or waiting): false when it was in neither state. */
export async function cancelUnheldRun(db: Store, runId: number): Promise<boolean> {
  const now = new Date().toISOString();
  const run = await db.updateTable('workflowRuns').set({ status: 'cancelled', finishedAt: now, leaseOwner: null, leaseExpiresAt: null })
    .where('runId', '=', runId).where('status', 'in', ['queued', 'waiting']).executeTakeFirst();
  if (Number(run.numUpdatedRows) === 0) return false;
  await db.updateTable('workflowStepRuns').set({ status: 'cancelled', finishedAt: now }).where('runId', '=', runId).where('status', 'in', ['waiting', 'pending']).execute();
  return true;
}

/** Lets go of a run without ending it (the worker is closing): another worker claims it at once. */
export async function releaseRun(db: Store, runId: number, owner: string): Promise<void> {
  await db.updateTable('workflowRuns').set({ status: 'queued', leaseOwner: null, leaseExpiresAt: null })
    .where('runId', '=', runId).where('leaseOwner', '=', owner).where('status', '=', 'running').execute();
}

/**
 * Updates a step only while `owner` holds its run's lease (and, when given, the step is in that
 * status at that attempt): one statement, so a worker whose lease another took records nothing.
 */
export async function updateHeldStep(
  db: Store, runId: number, owner: string, stepNumber: number,
  values: Omit<Updateable<WorkflowStepRunsTable>, 'runId' | 'stepNumber'>, where: { status?: string; attempt?: number } = {},
): Promise<boolean> {
  let query = db.updateTable('workflowStepRuns').set(values).where('runId', '=', runId).where('stepNumber', '=', stepNumber)
    .where((eb) => eb.exists(eb.selectFrom('workflowRuns').select('workflowRuns.runId')
      .where('workflowRuns.runId', '=', runId).where('workflowRuns.leaseOwner', '=', owner).where('workflowRuns.status', '=', 'running')));
  if (where.status !== undefined) query = query.where('status', '=', where.status);
  if (where.attempt !== undefined) query = query.where('attempt', '=', where.attempt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A failed run back in the queue: its failed step and every step after it not finished
 * successfully become pending again, with fresh idempotency keys (a new attempt of the run,
 * not a repeat of the old one); earlier outputs stay. Call inside a transaction.
 */
export async function resetFailedRun(db: Store, run: WorkflowRunRow): Promise<void> {
  const rerun = Number(run.rerunCount) + 1;
  const steps = await stepsOfRun(db, run.runId);
  const failed = steps.find((s) => s.status === 'failed');
  const from = failed?.stepNumber ?? 1;
  for (const step of steps) {
    if (step.stepNumber < from || step.status === 'succeeded') continue;
    await db.updateTable('workflowStepRuns').set({
      status: 'pending', attempt: 0, error: null, errorText: null, output: null, branch: null, input: null, startedAt: null, finishedAt: null,
      idempotencyKey: `${run.runKey}-${step.stepNumber}-r${rerun}`,
    }).where('runId', '=', run.runId).where('stepNumber', '=', step.stepNumber).execute();
  }
  await db.updateTable('workflowRuns').set({ status: 'queued', error: null, errorText: null, finishedAt: null, leaseOwner: null, leaseExpiresAt: null, rerunCount: rerun })
    .where('runId', '=', run.runId).execute();
}

async function deleteRunIds(db: Store, runIds: readonly number[]): Promise<void> {
  for (let i = 0; i < runIds.length; i += 200) {
    const slice = runIds.slice(i, i + 200);
    await db.deleteFrom('workflowStepRuns').where('runId', 'in', slice).execute();
    await db.deleteFrom('workflowRuns').where('runId', 'in', slice).execute();
  }
}

/** Removes the runs of a workflow. Call inside a transaction. */
export async function deleteRunsOfWorkflow(db: Store, workflowId: number): Promise<void> {
  await deleteRunIds(db, (await db.selectFrom('workflowRuns').select('runId').where('workflowId', '=', workflowId).execute()).map((r) => r.runId));
}

/** Removes the runs that have a step of the action. Call inside a transaction. */
export async function deleteRunsOfAction(db: Store, actionId: number): Promise<void> {
  const rows = await db.selectFrom('workflowStepRuns').select('runId').where('actionId', '=', actionId).execute();
  await deleteRunIds(db, [...new Set(rows.map((r) => r.runId))]);
}

/** Removes the runs of an application. Call inside a transaction. */
export async function deleteRunsOfApp(db: Store, appId: number): Promise<void> {
  await deleteRunIds(db, (await db.selectFrom('workflowRuns').select('runId').where('appId', '=', appId).execute()).map((r) => r.runId));
}

/** Removes finished runs that ended before `before` (an ISO time); answers how many. */
export async function pruneFinishedRuns(db: Store, before: string): Promise<number> {
  const rows = await db.selectFrom('workflowRuns').select('runId')
    .where('status', 'in', ['succeeded', 'failed', 'cancelled']).where('finishedAt', '<', before).limit(5000).execute();
  await deleteRunIds(db, rows.map((r) => r.runId));
  return rows.length;
}

/** Trigger runs recorded 'queued' that no workflow run was started for yet. */
export const unstartedTriggerRuns = (db: Store, limit: number) =>
  db.selectFrom('triggerRuns').selectAll().where('status', '=', 'queued')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('workflowRuns').select('workflowRuns.runId').whereRef('workflowRuns.triggerRunId', '=', 'triggerRuns.runId'))))
    .orderBy('runId').limit(limit).execute();

export async function setTriggerRunStatus(db: Store, triggerRunId: number, status: string): Promise<void> {
  await db.updateTable('triggerRuns').set({ status }).where('runId', '=', triggerRunId).execute();
}

/** Sets a trigger run's status only if it is `from`; answers whether it did. */
export async function swapTriggerRunStatus(db: Store, triggerRunId: number, from: string, to: string): Promise<boolean> {
  const result = await db.updateTable('triggerRuns').set({ status: to }).where('runId', '=', triggerRunId).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
