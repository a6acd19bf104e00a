import { addonByName, ENVIRONMENT_STEP, resolveStepParameters, type TextParts } from '@rakit/core';
import { environmentOf } from '../../variables/variables';
import type { ExecutorLookup } from '../addons';
import type { Store } from '../../store/db';
import { type StepOutcome, StepFailure } from '../addons/executor';
import { insertWorkflowTask } from '../../store/repositories/workflow-tasks';
import {
  failureColumns, findRun, finishRun, parkRun, renewLease, storedFailure, runsOfTriggerRun, setTriggerRunStatus, stepsOfRun, updateHeldStep,
  type WorkflowStepRunRow,
} from '../../store/repositories/workflow-runs';
import { chainOf, decideStep, loadDefinition, type PublishedEdge, type StepState } from './definition';
import type { Services } from '../../services';

/**
 * The workflow runner (issue 12): advances ONE run held under a lease, step by step, writing
 * each step's row before and after it runs. The rows are the truth: a run whose worker died is
 * claimed again once its lease expires and continues at its first unfinished step; a finished
 * step is never run again. Every write a worker makes is conditioned on it still holding the
 * lease (compare-and-set on the owner), so a stale worker cannot record anything.
 */

export interface RunnerOptions {
  services: Services;
  executorFor: ExecutorLookup;
  /** How long a lease lasts without renewal; renewed every third of it. */
  leaseMs: number;
  /** The first retry waits this long, each next one twice as long, at most backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Told when a run this process advanced has ended (callers waiting in this process). */
  onRunFinished?: (runId: number) => void;
}

/** Thrown inside a commit whose lease is gone, to roll it back. */
class LeaseLost extends Error {}

type Write = (db: Store) => Promise<boolean>;

/** Attempts beyond maxAttempts a step may get when the workers running it die. */
const CRASH_ALLOWANCE = 2;

/** Keeps a run's lease alive while its worker works; `signal` aborts when the lease is lost. */
class Lease {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  constructor(private readonly options: RunnerOptions, private readonly runId: number, readonly owner: string) {
    this.timer = setInterval(() => { void this.renew(); }, Math.max(50, Math.floor(options.leaseMs / 3)));
    this.timer.unref();
  }
  get signal(): AbortSignal { return this.controller.signal; }
  get lost(): boolean { return this.controller.signal.aborted; }
  async renew(): Promise<boolean> {
    if (this.lost) return false;
    try {
      const held = await renewLease(this.options.services.store, this.runId, this.owner, Date.now() + this.options.leaseMs);
      if (!held) this.controller.abort(new Error('The run\'s lease was lost'));
      return held;
    } catch {
      // A store hiccup: the next renewal tries again; the lease has time left.
      return true;
    }
  }
  end(): void { clearInterval(this.timer); }
}

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text) as unknown);

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Runs the executor within the step's time; the signal aborts at the timeout or when the lease is lost. */
async function runWithTimeout(run: (signal: AbortSignal) => Promise<StepOutcome>, timeoutMs: number, lease: Lease): Promise<StepOutcome> {
  const controller = new AbortController();
  const onLost = () => controller.abort(lease.signal.reason);
  lease.signal.addEventListener('abort', onLost, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new StepFailure({ key: 'workflow.failure.timeout', values: { ms: String(timeoutMs) } }, true);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(controller.signal), timedOut]);
  } finally {
    clearTimeout(timer);
    lease.signal.removeEventListener('abort', onLost);
  }
}

function failureOf(error: unknown): { text: TextParts; retryable: boolean } {
  if (error instanceof StepFailure) return { text: error.text, retryable: error.retryable };
  return { text: [error instanceof Error ? error.message : String(error)], retryable: false };
}

/** After a run ends, its trigger run (if any) ends too once every run it started has. */
export async function settleTriggerRun(options: RunnerOptions, triggerRunId: number | null): Promise<void> {
  if (triggerRunId === null) return;
  const store = options.services.store;
  const runs = await runsOfTriggerRun(store, triggerRunId);
  const statuses = await Promise.all(runs.map(async (r) => (await findRun(store, r.runId))?.status));
  if (statuses.some((s) => s === 'queued' || s === 'running' || s === 'waiting')) return;
  await setTriggerRunStatus(store, triggerRunId, statuses.some((s) => s === 'failed') ? 'failed' : 'succeeded');
}

/**
 * Advances the run `runId`, which the caller has claimed for `owner`, until it ends or the lease
 * is lost. Answers how it stopped.
 */
export async function advanceRun(options: RunnerOptions, runId: number, owner: string): Promise<'succeeded' | 'failed' | 'waiting' | 'lost'> {
  const { store } = options.services;
  const lease = new Lease(options, runId, owner);
  // Writes made after a step (its output, the steps skipped after it) are carried to the next
  // step's start or the run's end and committed with it: one commit per step boundary. Each is
  // conditioned on the lease; when one finds the lease gone, the whole commit is rolled back.
  let carried: Write[] = [];
  const held = (stepNumber: number, values: Parameters<typeof updateHeldStep>[4], where?: Parameters<typeof updateHeldStep>[5]): Write =>
    (db) => updateHeldStep(db, runId, owner, stepNumber, values, where);
  const commit = async (...writes: Write[]): Promise<boolean> => {
    const all = [...carried, ...writes];
    carried = [];
    if (all.length === 0) return true;
    if (all.length === 1) return (all[0] as Write)(store);
    try {
      await store.transaction().execute(async (trx) => {
        for (const write of all) if (!(await write(trx))) throw new LeaseLost();
      });
      return true;
    } catch (error) {
      if (error instanceof LeaseLost) return false;
      throw error;
    }
  };
  const finish = async (status: 'succeeded' | 'failed', failure: TextParts | null, step?: { number: number; attempt: number; text: TextParts }) => {
    // The run ends last in the commit, conditioned on the lease: a stale worker writes nothing at all.
    const failedStep = step === undefined ? [] : [held(step.number, { status: 'failed', ...failureColumns(step.text), finishedAt: new Date().toISOString() }, { attempt: step.attempt })];
    const ended = await commit(...failedStep, (db) => finishRun(db, runId, owner, status, failure));
    if (!ended) return 'lost' as const;
    // Its trigger run is settled before anyone waiting hears of the end: what they read next is final.
    const finished = await findRun(store, runId).catch(() => undefined);
    await settleTriggerRun(options, finished?.triggerRunId ?? null).catch(() => undefined);
    options.onRunFinished?.(runId);
    return status;
  };
  try {
    const run = await findRun(store, runId);
    if (run === undefined || run.leaseOwner !== owner || run.status !== 'running') return 'lost';
    const definition = await loadDefinition(store, run.versionId);
    if (definition === undefined) return await finish('failed', [{ key: 'workflow.failure.versionGone' }]);
    const edges = definition.edges as PublishedEdge[];
    const actions = new Map(definition.actions.map((a) => [a.actionId, a]));
    const input = parse(run.input);
    const active = run.startActionId === null ? null : chainOf(run.startActionId, edges);

    // Read once: while the lease is held only this worker writes the run's steps, and each
    // write below is reflected here (every write is still conditioned on the lease).
    const steps = await stepsOfRun(store, runId);
    const outputs = new Map<number, unknown>([[0, input]]);
    for (const s of steps) if (s.status === 'succeeded') outputs.set(s.stepNumber, parse(s.output));
    // The environment's variables ({{$env.NAME}}, issue 39), read only when a step names one; a
    // step's input is recorded with the secret ones masked.
    const usesEnvironment = definition.actions.some((a) => Object.values(a.params ?? {}).some((text) => text.includes('{{$env.')));
    const environment = usesEnvironment ? await environmentOf(options.services, run.appId) : undefined;
    if (environment !== undefined) outputs.set(ENVIRONMENT_STEP, environment.values);
    for (;;) {
      if (lease.lost) return 'lost';
      const states = new Map<number, StepState>(steps.map((s) => [s.actionId, { actionId: s.actionId, status: s.status, branch: s.branch }]));
      const failedStep = steps.find((s) => s.status === 'failed');
      if (failedStep !== undefined) return await finish('failed', [`${failedStep.alias}: `, ...storedFailure(failedStep)]);

      let next: WorkflowStepRunRow | undefined;
      const skipped: number[] = [];
      for (const step of steps) {
        if (step.status !== 'pending' && step.status !== 'running') continue;
        const decision = decideStep(states.get(step.actionId) as StepState, edges, (id) => states.get(id), active, run.startActionId);
        if (decision === 'skip') {
          skipped.push(step.stepNumber);
          (states.get(step.actionId) as StepState).status = 'skipped';
        } else if (decision === 'run' && next === undefined) {
          next = step;
        }
      }
      if (skipped.length > 0) {
        for (const stepNumber of skipped) {
          carried.push(held(stepNumber, { status: 'skipped' }));
          (steps.find((s) => s.stepNumber === stepNumber) as WorkflowStepRunRow).status = 'skipped';
        }
        continue;
      }
      if (next === undefined) {
        const unfinished = steps.some((s) => s.status === 'pending' || s.status === 'running');
        return await finish(unfinished ? 'failed' : 'succeeded', unfinished ? [{ key: 'workflow.failure.stuck' }] : null);
      }

      const step = next;
      const action = actions.get(step.actionId);
      const executor = options.executorFor(step.addonName);
      const resolved = resolveStepParameters(addonByName(step.addonName), action?.params ?? {}, outputs);
      const refuse = (text: TextParts) => finish('failed', [`${step.alias}: `, ...text], { number: step.stepNumber, attempt: step.attempt, text });
      if (action === undefined) return await refuse([{ key: 'workflow.failure.actionNotPublished' }]);
      if (executor === undefined) return await refuse([{ key: 'workflow.failure.addonCannotRun', values: { addon: step.addonName } }]);
      if (!resolved.ok) return await refuse(resolved.errors.flatMap((error, index) => (index === 0 ? error : ['; ', ...error])));
      // Found 'running': its worker died during it. A crash is not the step's failure, so it runs
      // again (its idempotency key unchanged), but a step that keeps killing workers stops.
      if (step.status === 'running' && step.attempt >= step.maxAttempts + CRASH_ALLOWANCE) return await refuse([{ key: 'workflow.failure.workersStopped' }]);

      const attempt = step.attempt + 1;
      const startedAt = new Date().toISOString();
      const recorded = environment?.hasSecrets === true
        ? resolveStepParameters(addonByName(step.addonName), action.params, new Map(outputs).set(ENVIRONMENT_STEP, environment.recorded))
        : resolved;
      const inputText = JSON.stringify(recorded.ok ? recorded.values : {});
      const started = await commit(held(step.stepNumber, {
        status: 'running', attempt, input: inputText, startedAt, finishedAt: null,
      }, { attempt: step.attempt }));
      if (!started) return 'lost';
      Object.assign(step, { status: 'running', attempt, input: inputText, startedAt, finishedAt: null });

      const context = {
        services: options.services, appId: run.appId, runId, actionId: step.actionId, idempotencyKey: step.idempotencyKey,
      };
      let outcome: StepOutcome | undefined;
      let failure: { text: TextParts; retryable: boolean } | undefined;
      try {
        outcome = await runWithTimeout((signal) => executor.run({ ...context, signal }, resolved.values), step.timeoutMs, lease);
      } catch (error) {
        failure = failureOf(error);
      }
      if (lease.lost) return 'lost';

      if (outcome?.wait !== undefined) {
        // The step gives its task and the run waits for the answer with no worker holding it: the
        // task, the step waiting with the task's id as its output and the run let go, in one commit.
        const task = outcome.wait;
        let taskId = 0;
        const parked = await commit(
          async (db) => {
            taskId = await insertWorkflowTask(db, {
              appId: run.appId, workflowId: run.workflowId, runId, stepNumber: step.stepNumber, kind: task.kind, assigneeGroupId: task.assigneeGroupId,
              assigneeUser: task.assigneeUser, assigneeLabel: task.assigneeLabel, message: task.message, fields: JSON.stringify(task.fields), status: 'open',
              deadlineAt: task.deadlineAt, createdAt: new Date().toISOString(),
            });
            return true;
          },
          (db) => updateHeldStep(db, runId, owner, step.stepNumber, {
            status: 'waiting', output: JSON.stringify({ taskId, assignee: task.assigneeLabel, deadlineAt: task.deadlineAt }), ...failureColumns(null),
          }, { status: 'running', attempt }),
          (db) => parkRun(db, runId, owner),
        );
        return parked ? 'waiting' : 'lost';
      }
      if (outcome !== undefined) {
        const output = JSON.stringify(outcome.output ?? null);
        const finishedAt = new Date().toISOString();
        const branch = outcome.branch ?? null;
        carried.push(held(step.stepNumber, { status: 'succeeded', output, branch, ...failureColumns(null), finishedAt }, { status: 'running', attempt }));
        Object.assign(step, { status: 'succeeded', output, branch, ...failureColumns(null), finishedAt });
        // As a resumed run would read it back: the JSON of the output.
        outputs.set(step.stepNumber, parse(output));
        continue;
      }
      const { text, retryable } = failure as { text: TextParts; retryable: boolean };
      if (!retryable || attempt >= step.maxAttempts) {
        return await finish('failed', [`${step.alias}: `, ...text], { number: step.stepNumber, attempt, text });
      }
      const failed = failureColumns(text);
      const again = await commit(held(step.stepNumber, { status: 'pending', ...failed, finishedAt: new Date().toISOString() }, { status: 'running', attempt }));
      if (!again) return 'lost';
      Object.assign(step, { status: 'pending', ...failed });
      await sleep(Math.min(options.backoffMaxMs, options.backoffBaseMs * 2 ** (attempt - 1)), lease.signal);
    }
  } finally {
    lease.end();
  }
}
