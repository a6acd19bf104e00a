import { workflowScheduleCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { listWorkflowSchedules, previewSchedule, removeWorkflowSchedule, saveWorkflowSchedule } from '../schedules/workflow-schedules';
import { route } from '../http/route';

/** A workflow's schedules (issue 37): its administrators'. */
const scheduleRoutes: FastifyPluginAsync = async (app) => {
  route(app, workflowScheduleCalls.listWorkflowSchedules, ({ input: { params } }) => listWorkflowSchedules(app.services, params.id));
  route(app, workflowScheduleCalls.previewSchedule, ({ input: { body } }) => previewSchedule(app.services, body));
  route(app, workflowScheduleCalls.saveWorkflowSchedule, async ({ input: { body }, audit, reply }) => {
    const { schedule, created } = await saveWorkflowSchedule(app.services, audit, body);
    if (created) reply.code(201);
    return schedule;
  });
  route(app, workflowScheduleCalls.deleteWorkflowSchedule, ({ input: { body }, audit }) => removeWorkflowSchedule(app.services, audit, body.scheduleId));
};

export { workflowScheduleOwners as owners } from '../schedules/workflow-schedules';

export default scheduleRoutes;
