import { z } from 'zod';
import { MAX_ROW_ID } from '../constants';
import { CONDITION_BRANCHES } from './addons';

/**
 * Runs of workflows as the engine records them and the Runs panel shows them (issue 12). A run
 * and each of its steps are rows of the metadata store, written after every step: they are the
 * source of truth the queue's workers resume from.
 */

/**
 * queued: waiting for a worker; running: a worker holds its lease; waiting: a step waits for a
 * person (issue 37: an Approval or Wait for Input), no worker holds it; the rest are final.
 */
export const WORKFLOW_RUN_STATUSES = ['queued', 'running', 'waiting', 'succeeded', 'failed', 'cancelled'] as const;
export type WorkflowRunStatus = (typeof WORKFLOW_RUN_STATUSES)[number];

/**
 * pending: not reached yet; running: started (its attempt counted); waiting: its task waits for
 * a person's answer; skipped: on the branch of a condition that was not taken, or after such a
 * step; the rest are final.
 */
export const WORKFLOW_STEP_STATUSES = ['pending', 'running', 'waiting', 'succeeded', 'failed', 'skipped', 'cancelled'] as const;
export type WorkflowStepStatus = (typeof WORKFLOW_STEP_STATUSES)[number];


/** How many runs GET /action/workflowRuns answers, newest first. */
export const WORKFLOW_RUNS_SHOWN = 50;

/**
 * What started a run: a trigger run (a member's TRIGGER button or a stored trigger), an
 * administrator from the editor (runWorkflow, runChains), a re-run of a failed run, or an
 * incoming webhook or a schedule (issue 37: userId null, userName the hook's name or the cron).
 */
export const WorkflowRunStarterSchema = z.object({
  kind: z.enum(['trigger', 'editor', 'chain', 'hook', 'schedule']),
  /** The account that started it; null when nobody did (a trigger run picked up from before the engine). */
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  triggerId: z.number().int().nullable(),
  /** The trigger_runs row it runs for. */
  triggerRunId: z.number().int().nullable(),
});
export type WorkflowRunStarter = z.infer<typeof WorkflowRunStarterSchema>;

/** A run as the Runs panel lists it. Times are ISO texts. */
export const WorkflowRunSummarySchema = z.object({
  runId: z.number().int(),
  workflowId: z.number().int(),
  /** The published version it runs. */
  versionId: z.number().int(),
  status: z.enum(WORKFLOW_RUN_STATUSES),
  startedBy: WorkflowRunStarterSchema,
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  /** Why it failed: the failed step's alias and error. */
  error: z.string().nullable(),
});
export type WorkflowRunSummary = z.infer<typeof WorkflowRunSummarySchema>;

/** One step of a run: the action it ran, its input once its templates were resolved, its output. */
export const WorkflowStepRunSchema = z.object({
  /** `$N` of the templates: the step's number in the built flow's order, from 1. */
  stepNumber: z.number().int(),
  actionId: z.number().int(),
  actionAlias: z.string(),
  addonName: z.string(),
  status: z.enum(WORKFLOW_STEP_STATUSES),
  /** The parameters with their templates resolved; null before the step starts. */
  input: z.unknown(),
  output: z.unknown(),
  /** Attempts made so far, and the most the step may make (1 + its retries). */
  attempt: z.number().int(),
  maxAttempts: z.number().int(),
  timeoutMs: z.number().int(),
  error: z.string().nullable(),
  /** The edge a condition took; null for other add-ons. */
  branch: z.enum(CONDITION_BRANCHES).nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
});
export type WorkflowStepRun = z.infer<typeof WorkflowStepRunSchema>;

/** GET /action/workflowRun/{id}: a run with its input ($0) and its steps in the built order. */
export const WorkflowRunDetailSchema = WorkflowRunSummarySchema.extend({
  input: z.record(z.string(), z.unknown()),
  steps: z.array(WorkflowStepRunSchema),
});
export type WorkflowRunDetail = z.infer<typeof WorkflowRunDetailSchema>;

/** A value a run is started with ($0's fields), as a trigger's. */
const RunValueSchema = z.union([z.string().max(20_000), z.number(), z.boolean(), z.null()]);
export const RunInputSchema = z.record(z.string().max(200), RunValueSchema).default({});

/** POST /action/runWorkflow/{id}: an administrator runs the published version from the editor. */
export const RunWorkflowBodySchema = z.object({ params: RunInputSchema });
export type RunWorkflowBody = z.infer<typeof RunWorkflowBodySchema>;

/** POST /action/runChains (spec 1 §7, §8): runs the chain from a workflow action onward. */
export const RunChainsBodySchema = z.object({
  actionId: z.number().int().positive().max(MAX_ROW_ID),
  params: RunInputSchema,
});
export type RunChainsBody = z.infer<typeof RunChainsBodySchema>;

/**
 * How a started run went, for a caller that waited a short while for it: finished ('succeeded',
 * 'failed'), or still going ('started': the answer came before the run ended; its id tells the
 * Runs panel where to look). `errors` lists the failed steps' errors; the spec's client rejects
 * a non-empty list with 'no redirect action'. `output` is the last finished step's output.
 */
export const RunOutcomeSchema = z.object({
  runId: z.number().int(),
  workflowId: z.number().int(),
  status: z.enum(['succeeded', 'failed', 'started']),
  errors: z.array(z.string()),
  output: z.unknown(),
});
export type RunOutcome = z.infer<typeof RunOutcomeSchema>;

/**
 * runTrigger's answer: the trigger run (trigger_runs) and the outcome of each workflow it
 * started (those whose chainTrigger is the trigger and that have a published version).
 * status: 'succeeded' or 'failed' once every run ended within the wait, 'started' otherwise;
 * 'no-workflow' when no built workflow listens to the trigger (the run is recorded, nothing runs).
 */
export const TriggerOutcomeSchema = z.object({
  runId: z.number().int(),
  triggerId: z.number().int(),
  status: z.enum(['succeeded', 'failed', 'started', 'no-workflow']),
  runs: z.array(RunOutcomeSchema),
  errors: z.array(z.string()),
});
export type TriggerOutcome = z.infer<typeof TriggerOutcomeSchema>;
