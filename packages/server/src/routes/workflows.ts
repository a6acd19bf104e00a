import { ADDONS, workflowCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { requestLanguage } from '../http/language';
import { route } from '../http/route';
import { deleteWorkflowAction, saveWorkflowAction, workflowNode } from '../workflows/actions';
import { buildWorkflow } from '../workflows/build';
import { deleteWorkflow, saveWorkflow, workflowsOfApp } from '../workflows/definitions';
import { saveFlow, workflowFlow } from '../workflows/flow';

/** Workflow definitions (spec 1 §3, §5, §7; issue 12): the add-on palette, workflows, their actions and flow. */
const workflowRoutes: FastifyPluginAsync = async (app) => {
  route(app, workflowCalls.listAddOn, async () => [...ADDONS]);
  route(app, workflowCalls.listWorkflow, async ({ appId }) => workflowsOfApp(app.services, appId));
  route(app, workflowCalls.saveWorkflow, async ({ input: { body }, caller, reply }) => {
    const { created, ...saved } = await saveWorkflow(app.services, caller, body);
    if (created) reply.code(201);
    return saved;
  });
  route(app, workflowCalls.deleteWorkflow, async ({ input: { body }, caller }) => {
    await deleteWorkflow(app.services, caller, body.chainId);
    return { chainId: body.chainId };
  });
  route(app, workflowCalls.saveWorkflowAction, async ({ input: { body }, caller, reply }) => {
    const { created, ...saved } = await saveWorkflowAction(app.services, caller, body);
    if (created) reply.code(201);
    return saved;
  });
  route(app, workflowCalls.getNode, async ({ input: { params }, caller }) => workflowNode(app.services, caller, params.id));
  route(app, workflowCalls.getFlow, async ({ input: { params }, caller }) => workflowFlow(app.services, caller, params.id));
  route(app, workflowCalls.deleteWorkflowAction, async ({ input: { body }, caller }) => {
    await deleteWorkflowAction(app.services, caller, body.actionId, body.revision);
    return { actionId: body.actionId };
  });
  route(app, workflowCalls.saveFlow, async ({ input: { body }, caller }) => saveFlow(app.services, caller, body));
  route(app, workflowCalls.buildWorkflow, async ({ input: { params }, caller, request }) => buildWorkflow(app.services, caller, params.id, requestLanguage(request)));
};

export { workflowOwners as owners } from '../workflows/definitions';

export default workflowRoutes;
