import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { insertTriggerRun } from '../src/store/repositories/triggers';
import { insertRun } from '../src/store/repositories/workflow-runs';
import { latestWorkflowVersion } from '../src/store/repositories/workflows';
import { executorFor } from '../src/workflows/addons';
import { type AddonExecutor, StepFailure } from '../src/workflows/addons/executor';
import { loadDefinition } from '../src/workflows/engine/definition';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';

/**
 * The workflow engine on each metadata store (issue 12): runs through the real HTTP calls, the
 * real runner and the embedded queue's workers. Condition and Set Variable are the real
 * executors; where a step must be slow, flaky or broken, this file's own registry stands in
 * for the HTTP Request and Send Email add-ons (the engine takes its executor lookup as a
 * dependency), counting what it is asked to do.
 */
const engines = await availableEngines();

/** What the test executors were asked: per idempotency key, how many times. */
const applied = new Map<string, number>();
let broken = true;
let aborted = 0;
/** The parameters the HTTP Request stand-in was last run with, as the engine resolved them. */
let lastHttpParams: Record<string, unknown> = {};

/**
 * Stands in for HTTP Request: url 'ok' succeeds, 'flaky:N' fails retryably N times per step
 * of a run then succeeds, 'broken' fails (not retryably) while `broken` is set.
 */
const testHttp: AddonExecutor = {
  defaults: { timeoutMs: 2000, retries: 2 },
  async run(context, params) {
    const count = (applied.get(context.idempotencyKey) ?? 0) + 1;
    applied.set(context.idempotencyKey, count);
    lastHttpParams = params;
    const url = String(params.url);
    const flaky = /^flaky:(\d+)$/.exec(url);
    if (flaky !== null && count <= Number(flaky[1])) throw new StepFailure(`flaky failure ${count}`, true);
    if (url === 'broken' && broken) throw new StepFailure('broken', false);
    return { output: { key: context.idempotencyKey, count, appId: context.appId } };
  },
};

/** Stands in for Send Email: waits `subject` ms, or until its signal aborts. */
const testSlow: AddonExecutor = {
  defaults: { timeoutMs: 200, retries: 1 },
  async run(context, params) {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, Number(params.subject));
      context.signal.addEventListener('abort', () => {
        aborted += 1;
        clearTimeout(timer);
        reject(new Error('aborted'));
      }, { once: true });
    });
    return { output: { sent: params.to } };
  },
};

const registry = (name: string) => (name === 'http' ? testHttp : name === 'email' ? testSlow : executorFor(name));

interface Step { alias: string; addon: string; params: Record<string, string> }

describe.each(engines)('the workflow engine on a %s store', (engine) => {
  let server: TestServer;
  let admin: string;
  let appId: number;

  const post = (path: string, body?: unknown) => server.call('POST', path, body, admin);
  const get = (path: string) => server.call('GET', path, undefined, admin);

  /** A built workflow of the steps joined by the edges ([from index, to index, branch?]); answers its id and action ids. */
  async function workflow(steps: Step[], edges: (number | string)[][], chainTrigger: number | null = null): Promise<{ chainId: number; ids: number[] }> {
    const saved = await post('/save/saveWorkflow', { chainId: null, chainAppId: appId, chainName: `Flow ${Math.random()}`, chainTrigger });
    const chainId = saved.json().data.chainId as number;
    const ids: number[] = [];
    for (const step of steps) {
      const answer = await post('/save/saveAction', { actionId: null, actionChainId: chainId, actionAlias: step.alias, addonName: step.addon, actionParams: JSON.stringify(step.params) });
      expect(answer.statusCode, answer.body).toBe(201);
      ids.push(answer.json().data.actionId as number);
    }
    const flow = edges.map(([from, to, branch]) => [ids[from as number], ids[to as number], ...(branch === undefined ? [] : [branch])]);
    const flowSaved = await post('/save/saveFlow', { workflowId: chainId, flow });
    expect(flowSaved.statusCode, flowSaved.body).toBe(200);
    const built = await post(`/action/buildWorkflow/${chainId}`);
    expect(built.json().data, built.body).toMatchObject({ built: true });
    return { chainId, ids };
  }

  const run = async (chainId: number, params: Record<string, unknown> = {}) => {
    const answer = await post(`/action/runWorkflow/${chainId}`, { params });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as { runId: number; status: string; errors: string[]; output: unknown };
  };
  const detail = async (runId: number) => {
    const answer = await get(`/action/workflowRun/${runId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as {
      status: string; error: string | null;
      steps: { stepNumber: number; actionId: number; status: string; attempt: number; maxAttempts: number; input: unknown; output: unknown; error: string | null; branch: string | null; startedAt: string | null; finishedAt: string | null }[];
    };
  };
  /** Waits for a run to end (one started by a trigger pick-up, or rerun in the background). */
  async function ended(runId: number) {
    for (let i = 0; i < 200; i += 1) {
      const run = await detail(runId);
      if (run.status === 'succeeded' || run.status === 'failed') return run;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`run ${runId} did not end`);
  }

  const variable = (alias: string, values: Record<string, string>): Step => ({ alias, addon: 'variable', params: { values: JSON.stringify(values) } });
  const condition = (alias: string, left: string, operator: string, right: string): Step => ({ alias, addon: 'condition', params: { left, operator, right } });
  const http = (alias: string, url: string): Step => ({ alias, addon: 'http', params: { method: 'POST', url } });

  beforeAll(async () => {
    server = await buildTestServer(engine, { workflowBackoffMs: 50, triggerWaitMs: 10_000, workflowLeaseMs: 1000 }, { workflowExecutors: registry, workflowPollMs: 100 });
    await server.register('081700000031', 'password-1');
    const builder = await server.login('081700000031', 'password-1', 'main');
    const created = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Mesin', appDescription: '' }, builder)).json().data;
    appId = created.appId;
    admin = await server.login('081700000031', 'password-1', created.appSlug);
  });
  afterAll(async () => {
    await server.close();
  });

  it('runs condition and variable steps, each output feeding the later steps, and skips the branch not taken', async () => {
    const { chainId, ids } = await workflow([
      variable('Order', { total: '{{$0.amount}}', name: '{{$0.name}}' }),
      condition('Big?', '{{$1.total}}', '>', '100'),
      variable('Big', { message: 'big order of {{$1.name}}', decided: '{{$2.result}}' }),
      variable('Small', { message: 'small order' }),
      variable('After small', { seen: '{{$4.message}}' }),
    ], [[0, 1], [1, 2, 'true'], [1, 3, 'false'], [3, 4]]);

    const big = await run(chainId, { amount: 150, name: 'Ana "the" {admin}' });
    expect(big).toMatchObject({ status: 'succeeded', errors: [], output: { message: 'big order of Ana "the" {admin}', decided: true } });
    const steps = (await detail(big.runId)).steps;
    expect(steps.map((s) => [s.actionId, s.status, s.branch])).toEqual([
      [ids[0], 'succeeded', null], [ids[1], 'succeeded', 'true'], [ids[2], 'succeeded', null], [ids[3], 'skipped', null], [ids[4], 'skipped', null],
    ]);
    expect(steps[0]?.input).toEqual({ values: { total: 150, name: 'Ana "the" {admin}' } });
    expect(steps[1]?.output).toEqual({ result: true, left: 150, right: '100' });

    const small = await run(chainId, { amount: '99.5', name: 'Budi' });
    expect(small).toMatchObject({ status: 'succeeded', output: { seen: 'small order' } });
    expect((await detail(small.runId)).steps.map((s) => s.status)).toEqual(['succeeded', 'succeeded', 'skipped', 'succeeded', 'succeeded']);
  });

  it('fills {{$env.NAME}} with the environment\'s variables when a step runs, recording a secret one masked (issue 39)', async () => {
    for (const body of [{ name: 'MODE', value: 'ok' }, { name: 'API_KEY', secret: true, value: 'sk-wf-secret-62b0' }]) {
      expect((await post('/save/saveVariable', { appId, variableId: null, ...body })).statusCode).toBe(201);
    }
    const { chainId } = await workflow([
      { alias: 'Call', addon: 'http', params: { method: 'POST', url: '{{$env.MODE}}', headers: '{"Authorization": "Bearer {{$env.API_KEY}}"}', body: '{"missing": "none:{{$env.NOPE}}"}' } },
    ], []);
    const done = await run(chainId);
    expect(done).toMatchObject({ status: 'succeeded', errors: [] });
    // The step ran with the values themselves, the secret one opened on the server.
    expect(lastHttpParams).toMatchObject({ url: 'ok', headers: { Authorization: 'Bearer sk-wf-secret-62b0' }, body: { missing: 'none:' } });
    // Its record, which the run's history shows, has the secret masked.
    const recorded = await detail(done.runId);
    expect(recorded.steps[0]?.input).toMatchObject({ url: 'ok', headers: { Authorization: 'Bearer ••••••' } });
    expect(JSON.stringify(recorded)).not.toContain('sk-wf-secret-62b0');
    const stored = await server.store.selectFrom('workflowStepRuns').select('input').execute();
    expect(JSON.stringify(stored)).not.toContain('sk-wf-secret-62b0');
    // A reference that names no one variable is refused when the workflow is built.
    const saved = await post('/save/saveWorkflow', { chainId: null, chainAppId: appId, chainName: 'Env wrong', chainTrigger: null });
    const wrongId = saved.json().data.chainId as number;
    await post('/save/saveAction', { actionId: null, actionChainId: wrongId, actionAlias: 'Wrong', addonName: 'http', actionParams: JSON.stringify({ method: 'GET', url: 'https://example.com/{{$env.A.b}}' }) });
    const built = await post(`/action/buildWorkflow/${wrongId}`);
    expect(JSON.stringify(built.json().data)).toContain('name one variable of the environment, as {{$env.NAME}}');
  });

  it('starts a step with several incoming edges only after all of them finished', async () => {
    const { chainId } = await workflow([
      variable('Start', { to: '{{$0.to}}' }),
      { alias: 'Slow', addon: 'email', params: { to: '{{$1.to}}', subject: '150', body: 'x' } },
      variable('Quick', { quick: 'yes' }),
      variable('Join', { slow: '{{$2.sent}}', quick: '{{$3.quick}}' }),
    ], [[0, 1], [0, 2], [1, 3], [2, 3]]);
    const done = await run(chainId, { to: 'a@example.com' });
    expect(done).toMatchObject({ status: 'succeeded', output: { slow: 'a@example.com', quick: 'yes' } });
    const steps = (await detail(done.runId)).steps;
    const join = steps[3] as { startedAt: string };
    for (const before of steps.slice(1, 3)) expect(Date.parse(join.startedAt)).toBeGreaterThanOrEqual(Date.parse(before.finishedAt ?? ''));
  });

  it('retries a retryable failure with backoff up to its attempts, then fails the run naming the step', async () => {
    const { chainId } = await workflow([http('Flaky twice', 'flaky:2')], []);
    const started = Date.now();
    const recovered = await run(chainId);
    expect(recovered.status).toBe('succeeded');
    // Two waits: 50 ms, then 100 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect((await detail(recovered.runId)).steps[0]).toMatchObject({ status: 'succeeded', attempt: 3, maxAttempts: 3, error: null, output: { count: 3 } });

    const { chainId: hopeless } = await workflow([http('Flaky', 'flaky:9')], []);
    const failed = await run(hopeless);
    expect(failed).toMatchObject({ status: 'failed', errors: ['Flaky: flaky failure 3'] });
    const run2 = await detail(failed.runId);
    expect(run2).toMatchObject({ status: 'failed', error: 'Flaky: flaky failure 3' });
    expect(run2.steps[0]).toMatchObject({ status: 'failed', attempt: 3 });
  });

  it('aborts a step at its timeout and retries it, then fails', async () => {
    const abortedBefore = aborted;
    const { chainId } = await workflow([{ alias: 'Too slow', addon: 'email', params: { to: 'x@example.com', subject: '5000', body: 'x' } }], []);
    const started = Date.now();
    const failed = await run(chainId);
    expect(failed).toMatchObject({ status: 'failed', errors: ['Too slow: Timed out after 200 ms'] });
    expect(Date.now() - started).toBeLessThan(4000);
    expect((await detail(failed.runId)).steps[0]).toMatchObject({ attempt: 2, maxAttempts: 2 });
    expect(aborted - abortedBefore).toBe(2);
  });

  it('resumes a run whose worker died at its first unfinished step, never running a finished step again', async () => {
    const { chainId, ids } = await workflow([http('Applied', 'ok'), variable('Next', { saw: '{{$1.key}}' })], [[0, 1]]);
    const version = await latestWorkflowVersion(server.store, chainId);
    const definition = await loadDefinition(server.store, version?.versionId ?? 0);
    expect(definition).toBeDefined();
    const runKey = `crash${Date.now()}`;
    // As a worker left it when its process died: running, its lease expired, step 1 done.
    const runId = await server.store.transaction().execute(async (trx) => {
      const id = await insertRun(trx, {
        workflowId: chainId, appId, versionId: version?.versionId ?? 0, input: '{}', startedByKind: 'editor', startedByUser: null,
        triggerId: null, triggerRunId: null, startActionId: null, runKey,
      }, [
        { stepNumber: 1, actionId: ids[0] as number, alias: 'Applied', addonName: 'http', maxAttempts: 3, timeoutMs: 2000, idempotencyKey: '' },
        { stepNumber: 2, actionId: ids[1] as number, alias: 'Next', addonName: 'variable', maxAttempts: 1, timeoutMs: 1000, idempotencyKey: '' },
      ]);
      await trx.updateTable('workflowRuns').set({ status: 'running', leaseOwner: 'dead-worker', leaseExpiresAt: Date.now() - 1000, startedAt: new Date().toISOString() }).where('runId', '=', id).execute();
      await trx.updateTable('workflowStepRuns').set({ status: 'succeeded', attempt: 1, output: JSON.stringify({ key: 'before the crash' }), finishedAt: new Date().toISOString() })
        .where('runId', '=', id).where('stepNumber', '=', 1).execute();
      return id;
    });
    await server.app.services.workflows.queue.enqueue(runId);
    const resumed = await ended(runId);
    expect(resumed.status).toBe('succeeded');
    expect(resumed.steps.map((s) => [s.status, s.attempt])).toEqual([['succeeded', 1], ['succeeded', 1]]);
    expect(resumed.steps[1]?.output).toEqual({ saw: 'before the crash' });
    expect(applied.get(`${runKey}-1`)).toBeUndefined();
  });

  it('re-runs a failed run from its failed step, keeping the earlier outputs', async () => {
    broken = true;
    const { chainId } = await workflow([http('First', 'ok'), http('Second', 'broken'), variable('Third', { first: '{{$1.count}}' })], [[0, 1], [1, 2]]);
    const failed = await run(chainId);
    expect(failed).toMatchObject({ status: 'failed', errors: ['Second: broken'] });
    const before = await detail(failed.runId);
    expect(before.steps.map((s) => s.status)).toEqual(['succeeded', 'failed', 'pending']);
    expect((await post(`/action/rerunWorkflowRun/${failed.runId}`)).json().data.status).toBe('failed');
    broken = false;
    const rerun = await post(`/action/rerunWorkflowRun/${failed.runId}`);
    expect(rerun.json().data, rerun.body).toMatchObject({ runId: failed.runId, status: 'succeeded', output: { first: 1 } });
    const after = await detail(failed.runId);
    expect(after.steps.map((s) => [s.status, s.attempt])).toEqual([['succeeded', 1], ['succeeded', 1], ['succeeded', 1]]);
    // The first step ran once in all; the second has a new key per re-run.
    const keys = [...applied.keys()].filter((key) => applied.get(key) !== undefined);
    expect(after.steps[0]?.output).toEqual(before.steps[0]?.output);
    expect(keys.filter((key) => key === (before.steps[0]?.output as { key: string }).key).map((key) => applied.get(key))).toEqual([1]);
    expect((after.steps[1]?.output as { key: string }).key).toMatch(/-2-r2$/);
    expect((await post(`/action/rerunWorkflowRun/${failed.runId}`)).statusCode).toBe(400);
  });

  it('runs a chain from one action onward, skipping what is not reachable from it', async () => {
    const { ids } = await workflow([variable('A', { a: 'a' }), variable('B', { b: '{{$0.b}}' }), variable('C', { c: '{{$2.b}}' })], [[0, 1], [1, 2]]);
    const answer = await post('/action/runChains', { actionId: ids[1], params: { b: 'bee' } });
    expect(answer.json().data, answer.body).toMatchObject({ status: 'succeeded', errors: [], output: { c: 'bee' } });
    expect((await detail(answer.json().data.runId as number)).steps.map((s) => s.status)).toEqual(['skipped', 'succeeded', 'succeeded']);
  });

  it('runTrigger starts the built workflows listening to it, and picks up the runs recorded before one was built', async () => {
    const triggerOf = async (alias: string) => (await post('/action/saveTrigger', { triggerId: null, triggerAppId: appId, triggerAlias: alias, triggerParams: '["nama"]' })).json().data.action.actionId as number;
    const triggerId = await triggerOf('kirim');
    const { chainId } = await workflow([variable('Greet', { hello: 'Hi {{$0.nama}}' })], [], triggerId);
    const answer = await post(`/action/runTrigger/${triggerId}`, { nama: 'Siti' });
    expect(answer.statusCode, answer.body).toBe(202);
    const outcome = answer.json().data;
    expect(outcome).toMatchObject({ triggerId, status: 'succeeded', errors: [], runs: [{ workflowId: chainId, status: 'succeeded', output: { hello: 'Hi Siti' } }] });
    const runs = (await get(`/action/workflowRuns/${chainId}`)).json().data;
    expect(runs[0]).toMatchObject({ status: 'succeeded', startedBy: { kind: 'trigger', triggerId, triggerRunId: outcome.runId, userId: '081700000031' } });
    const triggerRuns = (await get(`/action/triggerRuns/${triggerId}`)).json().data;
    expect(triggerRuns[0]).toMatchObject({ runId: outcome.runId, status: 'succeeded' });

    const later = await triggerOf('nanti');
    const waiting = (await post(`/action/runTrigger/${later}`, { nama: 'Dulu' })).json().data;
    expect(waiting).toMatchObject({ status: 'no-workflow', runs: [] });
    const { chainId: listener } = await workflow([variable('Late', { got: '{{$0.nama}}' })], [], later);
    const picked = await server.store.selectFrom('workflowRuns').select('runId').where('triggerRunId', '=', waiting.runId as number).execute();
    expect(picked).toHaveLength(1);
    const pickedRun = await ended(picked[0]?.runId as number);
    expect(pickedRun).toMatchObject({ status: 'succeeded', steps: [{ output: { got: 'Dulu' } }] });
    expect((await get(`/action/workflowRuns/${listener}`)).json().data).toHaveLength(1);
  });

  it('runs, when the server starts, the trigger runs recorded before the engine existed', async () => {
    const triggerId = (await post('/action/saveTrigger', { triggerId: null, triggerAppId: appId, triggerAlias: 'lama', triggerParams: '["nama"]' })).json().data.action.actionId as number;
    const { chainId } = await workflow([variable('Old', { was: '{{$0.nama}}' })], [], triggerId);
    // As the release before the engine left it: a trigger run 'queued', no workflow run for it.
    const triggerRunId = await insertTriggerRun(server.store, { triggerId, appId, userId: '081700000031', params: JSON.stringify({ nama: 'Lama' }), status: 'queued' });
    const restarted = await buildApp(server.app.services.config, server.store, { logger: false, workflowWorkers: 1, workflowExecutors: registry, workflowPollMs: 100 });
    try {
      await restarted.ready();
      const runs = await server.store.selectFrom('workflowRuns').select(['runId', 'workflowId']).where('triggerRunId', '=', triggerRunId).execute();
      expect(runs.map((r) => r.workflowId)).toEqual([chainId]);
      expect(await ended(runs[0]?.runId as number)).toMatchObject({ status: 'succeeded', steps: [{ output: { was: 'Lama' } }] });
    } finally {
      await restarted.close();
    }
  });

  it('prunes finished runs past the retention, and deleting a workflow or an action deletes its runs', async () => {
    const { chainId, ids } = await workflow([variable('Keep', { k: '1' })], []);
    const old = await run(chainId);
    const recent = await run(chainId);
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
    await server.store.updateTable('workflowRuns').set({ finishedAt: longAgo }).where('runId', '=', old.runId).execute();
    expect(await server.app.services.workflows.prune()).toBeGreaterThanOrEqual(1);
    expect((await get(`/action/workflowRun/${old.runId}`)).statusCode).toBe(404);
    expect(await server.store.selectFrom('workflowStepRuns').select('runId').where('runId', '=', old.runId).execute()).toEqual([]);
    expect((await get(`/action/workflowRun/${recent.runId}`)).statusCode).toBe(200);

    expect((await server.call('DELETE', '/delete/deleteWorkflowAction', { actionId: ids[0] }, admin)).statusCode).toBe(200);
    expect((await get(`/action/workflowRun/${recent.runId}`)).statusCode).toBe(404);
    const { chainId: doomed } = await workflow([variable('Doomed', { d: '1' })], []);
    const doomedRun = await run(doomed);
    expect((await server.call('DELETE', '/delete/deleteWorkflow', { chainId: doomed }, admin)).statusCode).toBe(200);
    expect(await server.store.selectFrom('workflowRuns').select('runId').where('runId', '=', doomedRun.runId).execute()).toEqual([]);
  });

  it('deleting an application deletes its runs', async () => {
    await server.register('081700000032', 'password-1');
    const builder = await server.login('081700000032', 'password-1', 'main');
    const created = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Fana', appDescription: '' }, builder)).json().data;
    const token = await server.login('081700000032', 'password-1', created.appSlug);
    const chainId = (await server.call('POST', '/save/saveWorkflow', { chainId: null, chainAppId: created.appId, chainName: 'F', chainTrigger: null }, token)).json().data.chainId as number;
    await server.call('POST', '/save/saveAction', { actionId: null, actionChainId: chainId, actionAlias: 'S', addonName: 'variable', actionParams: JSON.stringify({ values: '{"a": "1"}' }) }, token);
    expect((await server.call('POST', `/action/buildWorkflow/${chainId}`, undefined, token)).json().data.built).toBe(true);
    const ran = (await server.call('POST', `/action/runWorkflow/${chainId}`, { params: {} }, token)).json().data;
    expect(ran.status).toBe('succeeded');
    const runsOfApp = () => server.store.selectFrom('workflowRuns').select('runId').where('appId', '=', created.appId as number).execute();
    const stepsOfIt = () => server.store.selectFrom('workflowStepRuns').select('runId').where('runId', '=', ran.runId as number).execute();
    expect(await runsOfApp()).toHaveLength(1);
    const deleted = await server.call('DELETE', '/delete/deleteApp', { appId: created.appId }, builder);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await runsOfApp()).toEqual([]);
    expect(await stepsOfIt()).toEqual([]);
  });

  it('answers 400 for a workflow never built and for re-running a run that did not fail', async () => {
    const saved = await post('/save/saveWorkflow', { chainId: null, chainAppId: appId, chainName: 'Unbuilt', chainTrigger: null });
    const unbuilt = await post(`/action/runWorkflow/${saved.json().data.chainId as number}`, { params: {} });
    expect(unbuilt.statusCode).toBe(400);
    const { chainId } = await workflow([variable('Fine', { f: '1' })], []);
    const fine = await run(chainId);
    expect((await post(`/action/rerunWorkflowRun/${fine.runId}`)).statusCode).toBe(400);
    expect((await get('/action/workflowRun/99999999')).statusCode).toBe(404);
  });
});
