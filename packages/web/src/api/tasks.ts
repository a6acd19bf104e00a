import { type ClientInputOf, workflowTaskCalls } from '@rakit/core';
import { callApi } from './request';

/**
 * A member's tasks (issue 37): the count in the runtime's menu is on every page, so these calls
 * are part of the first load (the administrator's cancel is with the builders' calls).
 */
export const tasksApi = (appSlug: string) => ({
  listMyTasks: (appId: number) => callApi(workflowTaskCalls.listMyTasks, { params: { appId } }, appSlug),
  answerTask: (body: ClientInputOf<typeof workflowTaskCalls.answerTask>['body']) => callApi(workflowTaskCalls.answerTask, { body }, appSlug),
});
