import { workflowRunCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route';
import { rerunRun, runChains, runDetail, runsOfWorkflow, runWorkflow } from '../workflows/runs';

/** Running workflows from the editor and the Runs panel (issue 12, spec 1 §7 runChains). */
const workflowRunRoutes: FastifyPluginAsync = async (app) => {
  route(app, workflowRunCalls.runWorkflow, async ({ input: { params, body }, caller }) => runWorkflow(app, caller, params.id, body.params));
  route(app, workflowRunCalls.runChains, async ({ input: { body }, caller }) => runChains(app, caller, body));
  route(app, workflowRunCalls.workflowRuns, async ({ input: { params }, caller }) => runsOfWorkflow(app, caller, params.id));
  route(app, workflowRunCalls.workflowRun, async ({ input: { params }, caller }) => runDetail(app, caller, params.id));
  route(app, workflowRunCalls.rerunWorkflowRun, async ({ input: { params }, caller }) => rerunRun(app, caller, params.id));
};

export default workflowRunRoutes;
