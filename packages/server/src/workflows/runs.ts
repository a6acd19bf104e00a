import {
  Messages, type RunChainsBody, WORKFLOW_RUN_STARTED_ACTION, type RunOutcome, type TriggerOutcome, WORKFLOW_RUNS_SHOWN,
  type WorkflowRunDetail, type WorkflowRunStatus, type WorkflowRunSummary, type WorkflowStepRun, type WorkflowStepStatus,
  type ConditionBranch, type Language, type WorkflowRunStarter,
} from '@rakit/core';
import { localiseParts } from '@rakit/core/translate';
import { randomBytes } from 'node:crypto';
import type { Store } from '../store/db';
import type { Principal } from '../auth/principal';
import { badRequest, notFound } from '../errors/http-errors';
import {
  findRun, insertRun, latestRunsOfWorkflow, type NewStep, resetFailedRun, setTriggerRunStatus, stepsOfRun, storedFailure,
  swapTriggerRunStatus, unstartedTriggerRuns, type WorkflowRunRow, type WorkflowStepRunRow,
} from '../store/repositories/workflow-runs';
import { findWorkflowAction, latestWorkflowVersion } from '../store/repositories/workflows';
import type { PublishedWorkflow } from './build';
import { workflowOfAdmin } from './actions';
import { loadDefinition } from './engine/definition';
import type { AuditContext } from '../audit/context';
import { withAudit, type AuditFact } from '../audit/record';
import type { Services } from '../services';
import { numericId, type OwnerLookups } from '../security/call-owners';

/**
 * Starting workflow runs and reading what they did (issue 12): the editor's runWorkflow and
 * runChains, the Runs panel's calls, re-runs, and the runs a trigger starts. A run is recorded
 * with all its steps pending and queued; the caller waits a short while (RAKIT_TRIGGER_WAIT_MS)
 * for it to end and otherwise answers 'started' with its id.
 */

/** The default time and attempts of a step whose add-on has no executor here (it fails at once). */
const FALLBACK_DEFAULTS = { timeoutMs: 30_000, retries: 0 };

export interface RunStarter {
  kind: WorkflowRunStarter['kind'];
  userId: string | null;
  /** What started it when no account did: a webhook's name (issue 37). */
  name?: string;
  triggerId: number | null;
  triggerRunId: number | null;
}

/** Records a queued run of a published version, its steps numbered in the built order, and enqueues it. */
export async function startRun(
  services: Services,
  audit: AuditContext | undefined,
  run: { workflowId: number; appId: number; versionId: number; definition: PublishedWorkflow; input: Record<string, unknown>; starter: RunStarter; startActionId: number | null },
  /** Written in the run's transaction: a schedule's claim of its occurrence, so a run is recorded with its claim or not at all. */
  withRun?: (trx: Store, runId: number) => Promise<void>,
): Promise<number> {
  const actions = new Map(run.definition.actions.map((a) => [a.actionId, a]));
  const steps: NewStep[] = run.definition.order.flatMap((actionId, index) => {
    const action = actions.get(actionId);
    if (action === undefined) return [];
    const defaults = services.workflows.runner.executorFor(action.addonName)?.defaults ?? FALLBACK_DEFAULTS;
    return [{
      stepNumber: index + 1, actionId, alias: action.actionAlias, addonName: action.addonName,
      maxAttempts: 1 + defaults.retries, timeoutMs: defaults.timeoutMs, idempotencyKey: '',
    }];
  });
  const started = (id: number): AuditFact => ({
    action: WORKFLOW_RUN_STARTED_ACTION, appId: run.appId, entityType: 'workflowRun', entityId: id,
    summary: { key: 'audit.runStarted', values: { workflow: String(run.workflowId), starter: run.starter.kind } }, details: { workflowId: run.workflowId, versionId: run.versionId, starter: run.starter },
  });
  const runId = await withAudit(services.store, audit, started, async (trx) => {
    const id = await insertRun(trx, {
      workflowId: run.workflowId, appId: run.appId, versionId: run.versionId, input: JSON.stringify(run.input),
      startedByKind: run.starter.kind, startedByUser: run.starter.userId, startedByName: run.starter.name ?? null, triggerId: run.starter.triggerId, triggerRunId: run.starter.triggerRunId,
      startActionId: run.startActionId, runKey: randomBytes(12).toString('hex'),
    }, steps);
    await withRun?.(trx, id);
    return id;
  });
  await enqueue(services, runId);
  return runId;
}

/**
 * Tells the queue; the run is recorded whatever happens here. Should Redis be away, the run
 * stays 'queued' in the store, where the workers' sweep finds it (the embedded queue's poll reads
 * the rows anyway).
 */
export async function enqueue(services: Services, runId: number): Promise<void> {
  try {
    await services.workflows.queue.enqueue(runId);
  } catch (error) {
    services.log.warn({ err: error, runId }, 'workflow run recorded but not enqueued: the workers\' sweep will take it');
  }
}

const FINAL: ReadonlySet<string> = new Set(['succeeded', 'failed', 'cancelled']);

/** Waits until every run has ended or `ms` has passed: woken by this process's workers, else reading the rows. */
export async function waitForRuns(services: Services, runIds: readonly number[], ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  const pending = new Set(runIds);
  let wake: (() => void) | undefined;
  const onFinished = (runId: number) => { if (pending.has(runId)) wake?.(); };
  services.workflows.events.on('finished', onFinished);
  try {
    for (let pause = 10; ; pause = Math.min(pause * 2, 250)) {
      for (const runId of [...pending]) {
        const run = await findRun(services.store, runId);
        // A run that waits for a person will not end within a caller's wait: it is answered as started.
        if (run === undefined || FINAL.has(run.status) || run.status === 'waiting') pending.delete(runId);
      }
      const left = deadline - Date.now();
      if (pending.size === 0 || left <= 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(pause, left));
        function done() { clearTimeout(timer); wake = undefined; resolve(); }
        wake = done;
      });
    }
  } finally {
    services.workflows.events.off('finished', onFinished);
  }
}

/** A recorded failure in the reader's language: each text of the catalogs in it in his words. */
const failureIn = (language: Language, row: { error: string | null; errorText: string | null }): string =>
  localiseParts(language, storedFailure(row));

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text) as unknown);
const durationOf = (from: string | null, to: string | null): number | null =>
  (from === null || to === null ? null : Math.max(0, Date.parse(to) - Date.parse(from)));

/** How a run went, for a caller that waited: finished, or 'started' while it goes on. */
export async function outcomeOf(services: Services, runId: number, language: Language): Promise<RunOutcome> {
  const run = await findRun(services.store, runId);
  if (run === undefined) throw notFound(Messages.workflowRunNotFound);
  const steps = await stepsOfRun(services.store, runId);
  const finished = steps.filter((s) => s.status === 'succeeded').sort((a, b) => (a.finishedAt ?? '').localeCompare(b.finishedAt ?? '') || a.stepNumber - b.stepNumber);
  const status = run.status === 'succeeded' || run.status === 'failed' ? run.status : 'started';
  const errors = steps.filter((s) => s.status === 'failed').map((s) => `${s.alias}: ${failureIn(language, s)}`);
  if (run.status === 'failed' && errors.length === 0) errors.push(failureIn(language, run));
  return { runId, workflowId: run.workflowId, status, errors, output: parse(finished.at(-1)?.output ?? null) };
}

/** The workflow's published version, if it was ever built. */
export async function publishedVersionOf(services: Services, chainId: number): Promise<{ versionId: number; definition: PublishedWorkflow } | undefined> {
  const version = await latestWorkflowVersion(services.store, chainId);
  const definition = version === undefined ? undefined : await loadDefinition(services.store, version.versionId);
  return version === undefined || definition === undefined ? undefined : { versionId: version.versionId, definition };
}

async function publishedOf(services: Services, chainId: number): Promise<{ versionId: number; definition: PublishedWorkflow }> {
  const published = await publishedVersionOf(services, chainId);
  if (published === undefined) throw badRequest(Messages.workflowNotBuilt);
  return published;
}

/** runWorkflow: an administrator runs the published version from the editor. */
export async function runWorkflow(services: Services, caller: Principal, chainId: number, input: Record<string, unknown>, language: Language): Promise<RunOutcome> {
  const workflow = await workflowOfAdmin(services, caller, chainId);
  const { versionId, definition } = await publishedOf(services, chainId);
  const runId = await startRun(services, caller.audit, {
    workflowId: chainId, appId: workflow.chainAppId, versionId, definition, input, startActionId: null,
    starter: { kind: 'editor', userId: caller.userId, triggerId: null, triggerRunId: null },
  });
  await waitForRuns(services, [runId], services.config.triggerWaitMs);
  return outcomeOf(services, runId, language);
}

/** runChains (spec 1 §7): the chain from one action of a workflow onward, in its published version. */
export async function runChains(services: Services, caller: Principal, body: RunChainsBody, language: Language): Promise<RunOutcome> {
  const action = await findWorkflowAction(services.store, body.actionId);
  if (action === undefined) throw notFound(Messages.workflowActionNotFound);
  const workflow = await workflowOfAdmin(services, caller, action.actionChainId);
  const { versionId, definition } = await publishedOf(services, workflow.chainId);
  if (!definition.actions.some((a) => a.actionId === body.actionId)) throw badRequest(Messages.workflowActionNotBuilt);
  const runId = await startRun(services, caller.audit, {
    workflowId: workflow.chainId, appId: workflow.chainAppId, versionId, definition, input: body.params, startActionId: body.actionId,
    starter: { kind: 'chain', userId: caller.userId, triggerId: null, triggerRunId: null },
  });
  await waitForRuns(services, [runId], services.config.triggerWaitMs);
  return outcomeOf(services, runId, language);
}

function summaryOf(run: WorkflowRunRow, language: Language): WorkflowRunSummary {
  return {
    runId: run.runId, workflowId: run.workflowId, versionId: run.versionId, status: run.status as WorkflowRunStatus,
    startedBy: {
      kind: run.startedByKind as WorkflowRunStarter['kind'], userId: run.startedByUser, userName: run.startedByName ?? run.startedByUser,
      triggerId: run.triggerId, triggerRunId: run.triggerRunId,
    },
    createdAt: run.createdAt, startedAt: run.startedAt, finishedAt: run.finishedAt, durationMs: durationOf(run.startedAt, run.finishedAt), error: run.error === null ? null : failureIn(language, run),
  };
}

function stepOf(step: WorkflowStepRunRow, language: Language): WorkflowStepRun {
  return {
    stepNumber: step.stepNumber, actionId: step.actionId, actionAlias: step.alias, addonName: step.addonName,
    status: step.status as WorkflowStepStatus, input: parse(step.input), output: parse(step.output),
    attempt: step.attempt, maxAttempts: step.maxAttempts, timeoutMs: step.timeoutMs, error: step.error === null ? null : failureIn(language, step),
    branch: step.branch as ConditionBranch | null, startedAt: step.startedAt, finishedAt: step.finishedAt,
    durationMs: durationOf(step.startedAt, step.finishedAt),
  };
}

/** The latest runs of a workflow, newest first. */
export async function runsOfWorkflow(services: Services, caller: Principal, chainId: number, language: Language): Promise<WorkflowRunSummary[]> {
  await workflowOfAdmin(services, caller, chainId);
  return (await latestRunsOfWorkflow(services.store, chainId, WORKFLOW_RUNS_SHOWN)).map((run) => summaryOf(run, language));
}

async function runOfAdmin(services: Services, caller: Principal, runId: number): Promise<WorkflowRunRow> {
  const run = await findRun(services.store, runId);
  if (run === undefined) throw notFound(Messages.workflowRunNotFound);
  caller.assertAppAdmin(run.appId);
  return run;
}

/** A run with its input and steps. */
export async function runDetail(services: Services, caller: Principal, runId: number, language: Language): Promise<WorkflowRunDetail> {
  const run = await runOfAdmin(services, caller, runId);
  const input = parse(run.input);
  return {
    ...summaryOf(run, language),
    input: typeof input === 'object' && input !== null && !Array.isArray(input) ? input as Record<string, unknown> : {},
    steps: (await stepsOfRun(services.store, runId)).map((step) => stepOf(step, language)),
  };
}

/** Resumes a failed run at its failed step, keeping the earlier outputs. */
export async function rerunRun(services: Services, caller: Principal, runId: number, language: Language): Promise<RunOutcome> {
  const run = await runOfAdmin(services, caller, runId);
  if (run.status !== 'failed') throw badRequest(Messages.workflowRunNotFailed);
  if ((await loadDefinition(services.store, run.versionId)) === undefined) throw badRequest(Messages.workflowNotBuilt);
  const reset = await services.store.transaction().execute(async (trx) => {
    const current = await findRun(trx, runId);
    if (current?.status !== 'failed') return false;
    await resetFailedRun(trx, current);
    return true;
  });
  if (!reset) throw badRequest(Messages.workflowRunNotFailed);
  await enqueue(services, runId);
  await waitForRuns(services, [runId], services.config.triggerWaitMs);
  return outcomeOf(services, runId, language);
}

/** The workflows listening to a trigger that have a published version. */
async function listenersOf(services: Services, appId: number, triggerId: number) {
  const chains = await services.store.selectFrom('chains').select(['chainId', 'chainAppId'])
    .where('chainAppId', '=', appId).where('chainTrigger', '=', String(triggerId)).orderBy('chainId').execute();
  const listeners: { chainId: number; appId: number; versionId: number; definition: PublishedWorkflow }[] = [];
  for (const chain of chains) {
    const version = await latestWorkflowVersion(services.store, chain.chainId);
    const definition = version === undefined ? undefined : await loadDefinition(services.store, version.versionId);
    if (version !== undefined && definition !== undefined) listeners.push({ chainId: chain.chainId, appId: chain.chainAppId, versionId: version.versionId, definition });
  }
  return listeners;
}

/** Starts a run of every built workflow listening to the trigger, for one trigger run; answers their ids. */
export async function startTriggerRuns(
  services: Services, audit: AuditContext | undefined, triggerRun: { runId: number; triggerId: number; appId: number; userId: string | null; params: Record<string, unknown> },
): Promise<number[]> {
  const listeners = await listenersOf(services, triggerRun.appId, triggerRun.triggerId);
  const runIds: number[] = [];
  for (const listener of listeners) {
    runIds.push(await startRun(services, audit, {
      workflowId: listener.chainId, appId: listener.appId, versionId: listener.versionId, definition: listener.definition,
      input: triggerRun.params, startActionId: null,
      starter: { kind: 'trigger', userId: triggerRun.userId, triggerId: triggerRun.triggerId, triggerRunId: triggerRun.runId },
    }));
  }
  if (runIds.length > 0) await setTriggerRunStatus(services.store, triggerRun.runId, 'running');
  return runIds;
}

/** runTrigger's answer once its runs started: waits for them a short while. */
export async function triggerOutcome(services: Services, triggerRunId: number, triggerId: number, runIds: readonly number[], language: Language): Promise<TriggerOutcome> {
  if (runIds.length === 0) return { runId: triggerRunId, triggerId, status: 'no-workflow', runs: [], errors: [] };
  await waitForRuns(services, runIds, services.config.triggerWaitMs);
  const runs = await Promise.all(runIds.map((id) => outcomeOf(services, id, language)));
  const status = runs.some((r) => r.status === 'started') ? 'started' : runs.some((r) => r.status === 'failed') ? 'failed' : 'succeeded';
  return { runId: triggerRunId, triggerId, status, runs, errors: runs.flatMap((r) => r.errors) };
}

const paramsOf = (text: string): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed as Record<string, unknown> : {};
  } catch {
    return {};
  }
};

/**
 * The trigger runs recorded 'queued' that no workflow run stands for (those recorded before the
 * engine, or while no built workflow listened): each starts the built workflows listening now.
 * Run when the workers start and after a build; answers how many runs it started.
 */
export async function pickUpTriggerRuns(services: Services): Promise<number> {
  let started = 0;
  for (;;) {
    const waiting = await unstartedTriggerRuns(services.store, 200);
    let progressed = false;
    for (const triggerRun of waiting) {
      // Taken by compare-and-set, so that two processes picking up at once start it once.
      if (!(await swapTriggerRunStatus(services.store, triggerRun.runId, 'queued', 'starting'))) continue;
      // Picked up by the system (at start, or after a build): no call's context.
      const runIds = await startTriggerRuns(services, undefined, { ...triggerRun, params: paramsOf(triggerRun.params) });
      if (runIds.length === 0) await swapTriggerRunStatus(services.store, triggerRun.runId, 'starting', 'queued');
      started += runIds.length;
      if (runIds.length > 0) progressed = true;
    }
    if (waiting.length < 200 || !progressed) return started;
  }
}

/** How the entities of this area lead to their application (the access check's lookups, http/call-access.ts). */
export const workflowRunOwners: OwnerLookups = {
  workflowRun: { find: async (services, id) => (await findRun(services.store, numericId(id)))?.appId, missing: Messages.workflowRunNotFound },
};
