import {
  MAX_TASK_DEADLINE_HOURS, type MessageKey, TASK_FIELD_TYPES, TASK_GROUP_PREFIX, TASK_MAX_FIELDS, type TaskField, TaskFieldSchema, type TaskKind,
} from '@rakit/core';
import { groupsOfUser, listGroupsOfApp } from '../../store/repositories/groups';
import { type AddonExecutor, type StepContext, StepFailure, type TaskRequest } from './executor';
import { objectParam, requiredText, textParam } from './params';

/**
 * Approval and Wait for Input (issue 37): the step names who answers (a group of its own
 * application, or an account that belongs to it), a message and, for a form, its fields; the
 * engine records the task and the run waits for it, across restarts, until an assignee answers,
 * the deadline passes or the run is cancelled (tasks/).
 */

/** The longest message a task carries once its templates are filled. */
const MAX_MESSAGE = 4000;

const configuration = (key: MessageKey, values: Record<string, string> = {}) => new StepFailure({ key, values }, false);

/** The assignee the step names, found in its own application only. */
async function assigneeOf(context: StepContext, named: string): Promise<Pick<TaskRequest, 'assigneeGroupId' | 'assigneeUser' | 'assigneeLabel'>> {
  const { store } = context.services;
  if (named.toLowerCase().startsWith(TASK_GROUP_PREFIX)) {
    const name = named.slice(TASK_GROUP_PREFIX.length).trim().toLowerCase();
    const group = (await listGroupsOfApp(store, context.appId)).find((g) => g.groupName.trim().toLowerCase() === name);
    if (group === undefined) throw configuration('workflow.failure.assigneeUnknown', { assignee: named });
    return { assigneeGroupId: group.groupId, assigneeUser: null, assigneeLabel: `${TASK_GROUP_PREFIX}${group.groupName}` };
  }
  const member = (await groupsOfUser(store, named)).some((g) => g.groupAppId === String(context.appId));
  if (!member) throw configuration('workflow.failure.assigneeUnknown', { assignee: named });
  return { assigneeGroupId: null, assigneeUser: named, assigneeLabel: named };
}

function deadlineOf(params: Readonly<Record<string, unknown>>): string | null {
  const text = textParam(params, 'deadlineHours').trim();
  if (text === '') return null;
  const hours = Number(text);
  if (!Number.isFinite(hours) || hours <= 0 || hours > MAX_TASK_DEADLINE_HOURS) throw configuration('workflow.failure.taskDeadline', { max: String(MAX_TASK_DEADLINE_HOURS) });
  return new Date(Date.now() + hours * 3_600_000).toISOString();
}

/** A form's fields, `{"name": "type"}`: at least one, each a name and one of the types. */
function fieldsOf(params: Readonly<Record<string, unknown>>): TaskField[] {
  const entries = Object.entries(objectParam(params, 'fields'));
  const fields = entries.map(([name, type]) => TaskFieldSchema.safeParse({ name, type }));
  if (entries.length === 0 || entries.length > TASK_MAX_FIELDS || fields.some((field) => !field.success)) {
    throw configuration('workflow.failure.taskFields', { types: TASK_FIELD_TYPES.join(', '), max: String(TASK_MAX_FIELDS) });
  }
  return fields.map((field) => field.data as TaskField);
}

function taskExecutor(kind: TaskKind): AddonExecutor {
  return {
    // Giving the task is quick; the wait is not the step's time (the deadline is).
    defaults: { timeoutMs: 15_000, retries: 2 },
    async run(context, params) {
      const message = requiredText(params, 'message');
      if (message.length > MAX_MESSAGE) throw configuration('workflow.failure.taskMessageLong', { max: String(MAX_MESSAGE) });
      const fields = kind === 'input' ? fieldsOf(params) : [];
      const deadlineAt = deadlineOf(params);
      const assignee = await assigneeOf(context, requiredText(params, 'assignee'));
      return { output: null, wait: { kind, ...assignee, message, fields, deadlineAt } };
    },
  };
}

export const approvalExecutor = taskExecutor('approval');
export const inputExecutor = taskExecutor('input');
