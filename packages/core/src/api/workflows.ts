import { z } from 'zod';
import { AppIdParamsSchema, IdParamsSchema } from '../schemas/admin';
import {
  AddonSchema, DeleteWorkflowActionBodySchema, DeleteWorkflowBodySchema, SavedFlowSchema, SavedWorkflowActionSchema, SavedWorkflowSchema,
  SaveFlowBodySchema, SaveWorkflowActionBodySchema, SaveWorkflowBodySchema, WorkflowActionIdSchema, WorkflowBuildSchema, WorkflowIdSchema,
  WorkflowFlowSchema, WorkflowNodeSchema, WorkflowSchema,
} from '../workflows/schemas';
import { CREATED_OR_SAVED, defineCall, lazyCalls } from './contract';

/**
 * The workflow definitions (spec 1 §3 Workflow / Workflow action / Flow, §5, §7; issue 12): the
 * palette of add-ons, workflows, their actions and the drawn flow. Every id the author sends is
 * checked to belong to the application the call names (server/src/workflows). A save naming the
 * revision it was based on is refused with 409 and what the read call answers now once another
 * write has moved the object on (issue 33).
 */
export const workflowCalls = lazyCalls(() => ({
  listAddOn: defineCall({
    method: 'GET', path: '/addon/listAddOn', tag: 'workflows',
    summary: 'The add-on actions of the workflow palette with their parameter forms; an add-on not built yet is listed with available false',
    data: z.array(AddonSchema),
    access: { level: 'signedIn' },
  }),
  listWorkflow: defineCall({
    method: 'GET', path: '/action/listWorkflow/:appId', tag: 'workflows',
    summary: 'The workflows of an application (its administrators)',
    params: AppIdParamsSchema,
    data: z.array(WorkflowSchema),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.params.appId } },
  }),
  saveWorkflow: defineCall({
    method: 'POST', path: '/save/saveWorkflow', tag: 'workflows',
    summary: 'Create (chainId null) or rename a workflow; chainTrigger names one of the application\'s triggers or null',
    body: SaveWorkflowBodySchema,
    data: SavedWorkflowSchema,
    conflict: WorkflowSchema,
    successCode: CREATED_OR_SAVED,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.chainAppId } },
  }),
  deleteWorkflow: defineCall({
    method: 'DELETE', path: '/delete/deleteWorkflow', tag: 'workflows',
    summary: 'Remove a workflow with its actions, its flow and its published versions',
    body: DeleteWorkflowBodySchema,
    data: WorkflowIdSchema,
    access: { level: 'appAdmin', app: { entity: 'workflow', id: (input) => input.body.chainId } },
  }),
  saveWorkflowAction: defineCall({
    method: 'POST', path: '/save/saveAction', tag: 'workflows',
    summary: 'Create (actionId null) or edit an action of a workflow; addonName names an available add-on and actionParams is the JSON text of its parameter values',
    body: SaveWorkflowActionBodySchema,
    data: SavedWorkflowActionSchema,
    conflict: WorkflowNodeSchema,
    successCode: CREATED_OR_SAVED,
    access: { level: 'appAdmin', app: { entity: 'workflow', id: (input) => input.body.actionChainId } },
  }),
  getNode: defineCall({
    method: 'GET', path: '/action/getNode/:id', tag: 'workflows',
    summary: 'An action of a workflow with the ids before and after it and its add-on\'s form filled with its values',
    params: IdParamsSchema,
    data: WorkflowNodeSchema,
    access: { level: 'appAdmin', app: { entity: 'workflowAction', id: (input) => input.params.id } },
  }),
  getFlow: defineCall({
    method: 'GET', path: '/action/getFlow/:id', tag: 'workflows',
    summary: 'A workflow as the editor draws it: its actions with where their cards sit, its edges with their branches, its latest published version',
    params: IdParamsSchema,
    data: WorkflowFlowSchema,
    access: { level: 'appAdmin', app: { entity: 'workflow', id: (input) => input.params.id } },
  }),
  deleteWorkflowAction: defineCall({
    method: 'DELETE', path: '/delete/deleteWorkflowAction', tag: 'workflows',
    summary: 'Remove an action of a workflow and the edges of the flow that touch it',
    body: DeleteWorkflowActionBodySchema,
    data: WorkflowActionIdSchema,
    conflict: WorkflowNodeSchema,
    access: { level: 'appAdmin', app: { entity: 'workflowAction', id: (input) => input.body.actionId } },
  }),
  saveFlow: defineCall({
    method: 'POST', path: '/save/saveFlow', tag: 'workflows',
    summary: 'Replace the edges [from, to] of a workflow\'s flow (both actions of that workflow, no cycle) and optionally the action attached as the trigger',
    body: SaveFlowBodySchema,
    data: SavedFlowSchema,
    conflict: WorkflowFlowSchema,
    access: { level: 'appAdmin', app: { entity: 'workflow', id: (input) => input.body.workflowId } },
  }),
  buildWorkflow: defineCall({
    method: 'POST', path: '/action/buildWorkflow/:id', tag: 'workflows',
    summary: 'Check the drawn flow (no cycle, every action reachable, required parameters filled, add-ons available) and, when nothing is wrong, publish it as the version runs use',
    params: IdParamsSchema,
    data: WorkflowBuildSchema,
    access: { level: 'appAdmin', app: { entity: 'workflow', id: (input) => input.params.id } },
  }),
}));

// The stored things of this area a call's application is found from (contract.ts).
declare module './contract' {
  interface AppEntities {
    /** A workflow, by its id. */
    workflow: true;
    /** An action of a workflow, by its id. */
    workflowAction: true;
  }
}
