import { z } from 'zod';
import { IdParamsSchema } from '../schemas/admin';
import {
  RunChainsBodySchema, RunOutcomeSchema, RunWorkflowBodySchema, WORKFLOW_RUNS_SHOWN, WorkflowRunDetailSchema,
  WorkflowRunSummarySchema,
} from '../workflows/runs';
import { defineCall, lazyCalls } from './contract';

/**
 * Running workflows and what their runs did (issue 12, spec 1 §7 runChains). Members start
 * workflows only through runTrigger (api/triggers); these calls are the editor's.
 */
export const workflowRunCalls = lazyCalls(() => ({
  runWorkflow: defineCall({
    method: 'POST', path: '/action/runWorkflow/:id', tag: 'workflows',
    summary: 'Run the published version of a workflow with the given input ($0), waiting a short while for it to end (its administrators)',
    params: IdParamsSchema,
    body: RunWorkflowBodySchema,
    data: RunOutcomeSchema,
    access: { level: 'appAdmin', app: { entity: 'workflow', id: (input) => input.params.id } },
  }),
  runChains: defineCall({
    method: 'POST', path: '/action/runChains', tag: 'workflows',
    summary: 'Run the chain of a workflow from one of its actions onward (its published version), with the given input ($0); errors lists the failed steps',
    body: RunChainsBodySchema,
    data: RunOutcomeSchema,
    access: { level: 'appAdmin', app: { entity: 'workflowAction', id: (input) => input.body.actionId } },
  }),
  workflowRuns: defineCall({
    method: 'GET', path: '/action/workflowRuns/:id', tag: 'workflows',
    summary: `The latest ${WORKFLOW_RUNS_SHOWN} runs of a workflow, newest first (its administrators)`,
    params: IdParamsSchema,
    data: z.array(WorkflowRunSummarySchema),
    access: { level: 'appAdmin', app: { entity: 'workflow', id: (input) => input.params.id } },
  }),
  workflowRun: defineCall({
    method: 'GET', path: '/action/workflowRun/:id', tag: 'workflows',
    summary: 'A run of a workflow with its input and each step\'s resolved input, output, attempts and error',
    params: IdParamsSchema,
    data: WorkflowRunDetailSchema,
    access: { level: 'appAdmin', app: { entity: 'workflowRun', id: (input) => input.params.id } },
  }),
  rerunWorkflowRun: defineCall({
    method: 'POST', path: '/action/rerunWorkflowRun/:id', tag: 'workflows',
    summary: 'Resume a failed run at its failed step (its earlier steps keep their outputs), waiting a short while for it to end',
    params: IdParamsSchema,
    data: RunOutcomeSchema,
    access: { level: 'appAdmin', app: { entity: 'workflowRun', id: (input) => input.params.id } },
  }),
}));

// The stored things of this area a call's application is found from (contract.ts).
declare module './contract' {
  interface AppEntities {
    /** A run of a workflow, by its id. */
    workflowRun: true;
  }
}
