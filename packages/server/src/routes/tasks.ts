import { workflowTaskCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route';
import { answerTask, cancelRun, listMyTasks } from '../tasks/workflow-tasks';

/** A person in the loop (issue 37): the assignees' tasks, and an administrator's cancel of a waiting run. */
const taskRoutes: FastifyPluginAsync = async (app) => {
  route(app, workflowTaskCalls.listMyTasks, ({ input: { params }, caller }) => listMyTasks(app.services, caller, params.appId));
  route(app, workflowTaskCalls.answerTask, ({ input: { body }, audit, caller }) => answerTask(app.services, audit, caller, body));
  route(app, workflowTaskCalls.cancelWorkflowRun, ({ input: { params }, audit }) => cancelRun(app.services, audit, params.id));
};

export { workflowTaskOwners as owners } from '../tasks/workflow-tasks';

export default taskRoutes;
