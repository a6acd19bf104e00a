import { z } from 'zod';
import { AppIdParamsSchema, IdParamsSchema } from '../schemas/admin';
import { defineCall, lazyCalls } from './contract';

/*
 * A person in the loop (issue 37): an Approval or a Wait for Input step gives a task to a group
 * of the application or to one account, and its run waits, durably, until an assignee answers,
 * the task's deadline passes or an administrator cancels the run. The step's output then says
 * what happened (`decision`), for a Condition after it to branch on.
 */

export const TASK_KINDS = ['approval', 'input'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export const TASK_STATUSES = ['open', 'answered', 'expired', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** What a step's output says happened: an approval's answer, a form's, the deadline's or a cancel's. */
export const TASK_DECISIONS = ['approved', 'rejected', 'answered', 'deadline'] as const;
export type TaskDecision = (typeof TASK_DECISIONS)[number];

/** The kinds of value a Wait for Input form asks for. */
export const TASK_FIELD_TYPES = ['text', 'number', 'boolean'] as const;
export type TaskFieldType = (typeof TASK_FIELD_TYPES)[number];
/** Fields one form may ask for. */
export const TASK_MAX_FIELDS = 20;
/** The longest text an answer's field or comment may hold. */
export const TASK_MAX_TEXT = 2000;

export const TaskFieldSchema = z.object({
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/),
  type: z.enum(TASK_FIELD_TYPES),
});
export type TaskField = z.infer<typeof TaskFieldSchema>;

/** A task as its assignees see it. */
export const WorkflowTaskSchema = z.object({
  taskId: z.number().int(),
  kind: z.enum(TASK_KINDS),
  workflowId: z.number().int(),
  workflowName: z.string(),
  runId: z.number().int(),
  /** The step's message, its templates filled from the run. */
  message: z.string(),
  /** A Wait for Input's form; [] for an approval. */
  fields: z.array(TaskFieldSchema),
  /** Who it was given to: `group:<name>` or a user id. */
  assignee: z.string(),
  createdAt: z.string(),
  deadlineAt: z.string().nullable(),
});
export type WorkflowTask = z.infer<typeof WorkflowTaskSchema>;

const TaskValueSchema = z.union([z.string().max(TASK_MAX_TEXT), z.number(), z.boolean()]);

export const AnswerTaskBodySchema = z.object({
  taskId: z.number().int().positive(),
  /** approve or reject an approval; submit a form. */
  answer: z.enum(['approve', 'reject', 'submit']),
  comment: z.string().trim().max(TASK_MAX_TEXT).default(''),
  /** A form's values, by field name. */
  values: z.record(z.string().max(64), TaskValueSchema).default({}),
});
export type AnswerTaskBody = z.infer<typeof AnswerTaskBodySchema>;

export const workflowTaskCalls = lazyCalls(() => ({
  listMyTasks: defineCall({
    method: 'GET', path: '/task/listMyTasks/:appId', tag: 'workflows',
    summary: 'The open tasks of the application given to the caller or to one of his groups, oldest first',
    params: AppIdParamsSchema,
    data: z.array(WorkflowTaskSchema),
    access: { level: 'member', app: { entity: 'app', id: (input) => input.params.appId } },
  }),
  answerTask: defineCall({
    method: 'POST', path: '/task/answerTask', tag: 'workflows',
    summary: 'Answer an open task given to the caller or his group: its run goes on from the step',
    body: AnswerTaskBodySchema,
    data: z.object({ taskId: z.number().int(), decision: z.enum(TASK_DECISIONS) }),
    access: { level: 'member', app: { entity: 'workflowTask', id: (input) => input.body.taskId } },
  }),
  cancelWorkflowRun: defineCall({
    method: 'POST', path: '/action/cancelWorkflowRun/:id', tag: 'workflows',
    summary: 'Cancel a run that waits (for a worker or for a person): its open task is withdrawn',
    params: IdParamsSchema,
    data: z.object({ runId: z.number().int() }),
    access: { level: 'appAdmin', app: { entity: 'workflowRun', id: (input) => input.params.id } },
  }),
}));

// The stored things of this area a call's application is found from (contract.ts).
declare module './contract' {
  interface AppEntities {
    /** A task a workflow waits on, by its id. */
    workflowTask: true;
  }
}
