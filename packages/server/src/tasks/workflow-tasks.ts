import {
  type AnswerTaskBody, Messages, type TaskDecision, type TaskField, TaskFieldSchema, type TaskKind, TASK_KINDS, type WorkflowTask,
} from '@rakit/core';
import type { AuditContext } from '../audit/context';
import { withAudit } from '../audit/record';
import type { Principal } from '../auth/principal';
import { badRequest, conflict, forbidden, notFound } from '../errors/http-errors';
import type { Store } from '../store/db';
import { validItemsOf } from '../store/json-list';
import { cancelUnheldRun, findRun, resumeWaitingRun } from '../store/repositories/workflow-runs';
import {
  closeTask, dueTasks, findWorkflowTask, openTaskOfRun, openTasksFor, type WorkflowTaskRow,
} from '../store/repositories/workflow-tasks';
import { settleTriggerRun } from '../workflows/engine/runner';
import { checkFieldValues } from '../workflows/field-values';
import { enqueue } from '../workflows/runs';
import type { Services } from '../services';
import { numericId, type OwnerLookups } from '../security/call-owners';

/*
 * A person in the loop (issue 37), the answering side: the tasks Approval and Wait for Input
 * steps gave (workflows/addons/task.ts) are listed to their assignees and answered by one of them;
 * a deadline answers for them; an administrator's cancel withdraws them. Each closes the task,
 * writes the step's output and queues the run again (or ends it) in one transaction, so however
 * many answer at once, or an answer meets the deadline, one of them counts.
 */

const fieldsOf = (row: Pick<WorkflowTaskRow, 'fields'>): TaskField[] => validItemsOf(row.fields, TaskFieldSchema);

const kindOf = (row: Pick<WorkflowTaskRow, 'kind'>): TaskKind => TASK_KINDS.find((kind) => kind === row.kind) ?? 'approval';

/** The open tasks of the application given to the caller or one of his groups. */
export async function listMyTasks(services: Services, principal: Principal, appId: number): Promise<WorkflowTask[]> {
  const rows = await openTasksFor(services.store, appId, principal.userId, principal.groupIdsIn(appId));
  return rows.map((row) => ({
    taskId: row.taskId, kind: kindOf(row), workflowId: row.workflowId, workflowName: row.chainName, runId: row.runId, message: row.message,
    fields: fieldsOf(row), assignee: row.assigneeLabel, createdAt: row.createdAt, deadlineAt: row.deadlineAt,
  }));
}

const isAssignee = (principal: Principal, task: WorkflowTaskRow): boolean =>
  (task.assigneeUser !== null && task.assigneeUser === principal.userId)
  || (task.assigneeGroupId !== null && principal.groupIdsIn(task.appId).includes(task.assigneeGroupId));

/**
 * A form's values read as its fields ask (as a webhook's input is read): every field, of its
 * kind, and nothing else; null when they do not fit.
 */
function formValues(fields: readonly TaskField[], values: Readonly<Record<string, string | number | boolean>>): Record<string, string | number | boolean> | null {
  if (Object.keys(values).some((name) => !fields.some((field) => field.name === name))) return null;
  const checked = checkFieldValues(fields.map((field) => ({ ...field, required: true })), values);
  return 'input' in checked ? checked.input as Record<string, string | number | boolean> : null;
}

/** The step's output once its task is answered (or its deadline passed): what a Condition after it reads. */
interface TaskOutput {
  decision: TaskDecision;
  answeredBy: string | null;
  answeredAt: string;
  comment: string;
  values: Record<string, string | number | boolean>;
}

/**
 * Closes the open task with `output` and puts its run back in the queue, in one transaction:
 * false when the task was no longer open or its run no longer waited (nothing is written).
 */
async function closeAndResume(trx: Store, task: WorkflowTaskRow, status: 'answered' | 'expired', output: TaskOutput): Promise<boolean> {
  const closed = await closeTask(trx, task.taskId, {
    status, decision: output.decision, answer: JSON.stringify({ comment: output.comment, values: output.values }), answeredBy: output.answeredBy, answeredAt: output.answeredAt,
  });
  if (!closed) return false;
  if (!(await resumeWaitingRun(trx, task.runId, task.stepNumber, JSON.stringify(output)))) throw new TaskClosed();
  return true;
}

/** Thrown inside a transaction to roll back a close whose run no longer waited. */
class TaskClosed extends Error {}

/** Answers a task given to the caller or his group; the run goes on from the step. */
export async function answerTask(services: Services, audit: AuditContext, principal: Principal, body: AnswerTaskBody): Promise<{ taskId: number; decision: TaskDecision }> {
  const task = await findWorkflowTask(services.store, body.taskId);
  if (task === undefined) throw notFound(Messages.workflowTaskNotFound);
  // The application's administrators may answer any of its tasks (one stuck with someone away); others only their own.
  if (!isAssignee(principal, task) && !principal.isAppAdmin(task.appId)) throw forbidden(Messages.taskNotYours);
  if (task.status !== 'open') throw conflict(Messages.taskAlreadyClosed);
  const kind = kindOf(task);
  if ((kind === 'approval') === (body.answer === 'submit')) throw badRequest(Messages.taskAnswerWrong);
  const fields = fieldsOf(task);
  const values = kind === 'input' ? formValues(fields, body.values) : {};
  if (values === null) throw badRequest({ key: 'taskValuesWrong', values: { fields: fields.map((f) => `${f.name} (${f.type})`).join(', ') } });
  const decision: TaskDecision = kind === 'input' ? 'answered' : body.answer === 'approve' ? 'approved' : 'rejected';
  const output: TaskOutput = { decision, answeredBy: principal.userId, answeredAt: new Date().toISOString(), comment: body.comment, values };
  try {
    await withAudit(services.store, audit, { entityType: 'workflowTask', entityId: task.taskId, summary: { key: 'audit.taskAnswered', values: { run: String(task.runId), decision } }, details: { decision, comment: body.comment } },
      async (trx) => { if (!(await closeAndResume(trx, task, 'answered', output))) throw conflict(Messages.taskAlreadyClosed); });
  } catch (error) {
    if (error instanceof TaskClosed) throw conflict(Messages.taskAlreadyClosed);
    throw error;
  }
  await enqueue(services, task.runId);
  return { taskId: task.taskId, decision };
}

/** How many tasks past their deadline one look closes. */
const EXPIRED_AT_ONCE = 50;

/** Closes the open tasks whose deadline is past `now` with the decision 'deadline'; answers how many. */
export async function expireDueTasks(services: Services, now = Date.now()): Promise<number> {
  const at = new Date(now).toISOString();
  let expired = 0;
  for (const task of await dueTasks(services.store, at, EXPIRED_AT_ONCE)) {
    const output: TaskOutput = { decision: 'deadline', answeredBy: null, answeredAt: at, comment: '', values: {} };
    const resumed = await services.store.transaction().execute((trx) => closeAndResume(trx, task, 'expired', output)).catch((error: unknown) => {
      if (error instanceof TaskClosed) return false;
      throw error;
    });
    if (resumed) {
      await enqueue(services, task.runId);
      expired += 1;
    }
  }
  return expired;
}

/** How often each process looks for tasks past their deadline. */
export const TASK_DEADLINE_CHECK_MS = 5000;

/** Every process looks for tasks past their deadline (idempotent: a task closes once). */
export function installTaskDeadlines(services: Services, everyMs = TASK_DEADLINE_CHECK_MS): void {
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<unknown> | undefined;
  services.lifecycle.whenStarted(() => {
    timer = setInterval(() => {
      looking ??= expireDueTasks(services)
        .catch((error: unknown) => services.log.error({ err: error }, 'tasks past their deadline could not be closed'))
        .finally(() => { looking = undefined; });
    }, everyMs);
    timer.unref();
  });
  services.lifecycle.whenStopped(async () => {
    clearInterval(timer);
    await looking;
  });
}

/** Cancels a run that waits (for a worker or for a person); its open task is withdrawn. */
export async function cancelRun(services: Services, audit: AuditContext, runId: number): Promise<{ runId: number }> {
  const run = await findRun(services.store, runId);
  if (run === undefined) throw notFound(Messages.workflowRunNotFound);
  const now = new Date().toISOString();
  await withAudit(services.store, audit, { entityType: 'workflowRun', entityId: runId, summary: { key: 'audit.runCancelled', values: { run: String(runId) } } }, async (trx) => {
    if (!(await cancelUnheldRun(trx, runId))) throw conflict(Messages.runNotCancellable);
    const task = await openTaskOfRun(trx, runId);
    if (task !== undefined) await closeTask(trx, task.taskId, { status: 'cancelled', decision: null, answer: null, answeredBy: audit.actorId, answeredAt: now });
  });
  await settleTriggerRun(services.workflows.runner, run.triggerRunId).catch(() => undefined);
  services.workflows.events.emit('finished', runId);
  return { runId };
}

/** How the entities of this area lead to their application (the access check's lookups, http/call-access.ts). */
export const workflowTaskOwners: OwnerLookups = {
  workflowTask: { find: async (services, id) => (await findWorkflowTask(services.store, numericId(id)))?.appId, missing: Messages.workflowTaskNotFound },
};
