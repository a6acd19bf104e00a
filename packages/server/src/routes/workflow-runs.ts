import { workflowRunCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { requestLanguage } from '../http/language';
import { route } from '../http/route';
import { rerunRun, runChains, runDetail, runsOfWorkflow, runWorkflow } from '../workflows/runs';

/** Running workflows from the editor and the Runs panel (issue 12, spec 1 §7 runChains). */
const workflowRunRoutes: FastifyPluginAsync = async (app) => {
  route(app, workflowRunCalls.runWorkflow, async ({ input: { params, body }, caller, request }) => runWorkflow(app.services, caller, params.id, body.params, requestLanguage(request)));
  route(app, workflowRunCalls.runChains, async ({ input: { body }, caller, request }) => runChains(app.services, caller, body, requestLanguage(request)));
  route(app, workflowRunCalls.workflowRuns, async ({ input: { params }, caller, request }) => runsOfWorkflow(app.services, caller, params.id, requestLanguage(request)));
  route(app, workflowRunCalls.workflowRun, async ({ input: { params }, caller, request }) => runDetail(app.services, caller, params.id, requestLanguage(request)));
  route(app, workflowRunCalls.rerunWorkflowRun, async ({ input: { params }, caller, request }) => rerunRun(app.services, caller, params.id, requestLanguage(request)));
};

export { workflowRunOwners as owners } from '../workflows/runs';

export default workflowRunRoutes;
