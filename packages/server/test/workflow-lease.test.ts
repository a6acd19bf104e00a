import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimRun } from '../src/store/repositories/workflow-runs';
import { latestWorkflowVersion } from '../src/store/repositories/workflows';
import { executorFor } from '../src/workflows/addons';
import type { AddonExecutor } from '../src/workflows/addons/executor';
import { loadDefinition } from '../src/workflows/engine/definition';
import { advanceRun } from '../src/workflows/engine/runner';
import { startRun } from '../src/workflows/runs';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';

/**
 * A worker whose lease another worker took (it stalled past the lease, the other reclaimed the
 * run) records nothing more: every write is conditioned on the lease (issue 12).
 */
const engines = await availableEngines();

let release: (() => void) | undefined;
/** Stands in for HTTP Request: waits until the test releases it. */
const held: AddonExecutor = {
  defaults: { timeoutMs: 10_000, retries: 0 },
  run: () => new Promise((resolve) => { release = () => resolve({ output: { done: true } }); }),
};

describe.each(engines)('a stale worker on a %s store', (engine) => {
  let server: TestServer;
  let admin: string;
  let appId: number;

  beforeAll(async () => {
    server = await buildTestServer(engine, { workflowWorkers: 0, workflowLeaseMs: 60_000 }, {
      workflowWorkers: 0, workflowExecutors: (name) => (name === 'http' ? held : executorFor(name)),
    });
    await server.register('081700000061', 'password-1');
    const builder = await server.login('081700000061', 'password-1', 'main');
    const created = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Sewa', appDescription: '' }, builder)).json().data;
    appId = created.appId;
    admin = await server.login('081700000061', 'password-1', created.appSlug);
  });
  afterAll(async () => {
    await server.close();
  });

  it('cannot record its step or end the run once another worker holds the lease', async () => {
    const post = (url: string, body?: unknown) => server.call('POST', url, body, admin);
    const chainId = (await post('/save/saveWorkflow', { chainId: null, chainAppId: appId, chainName: 'Lease', chainTrigger: null })).json().data.chainId as number;
    await post('/save/saveAction', { actionId: null, actionChainId: chainId, actionAlias: 'Held', addonName: 'http', actionParams: JSON.stringify({ method: 'POST', url: 'https://example.com' }) });
    expect((await post(`/action/buildWorkflow/${chainId}`)).json().data.built).toBe(true);
    const version = await latestWorkflowVersion(server.store, chainId);
    const definition = await loadDefinition(server.store, version?.versionId ?? 0);
    if (version === undefined || definition === undefined) throw new Error('not built');
    const runId = await startRun(server.app.services, undefined, {
      workflowId: chainId, appId, versionId: version.versionId, definition, input: {}, startActionId: null,
      starter: { kind: 'editor', userId: null, triggerId: null, triggerRunId: null },
    });
    expect(await claimRun(server.store, runId, 'worker-a', Date.now(), 60_000)).toBe(true);
    const stale = advanceRun(server.app.services.workflows.runner, runId, 'worker-a');
    for (let i = 0; i < 200 && release === undefined; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    // Worker B reclaims the run (A's lease expired while it stalled).
    await server.store.updateTable('workflowRuns').set({ leaseExpiresAt: Date.now() - 1 }).where('runId', '=', runId).execute();
    expect(await claimRun(server.store, runId, 'worker-b', Date.now(), 60_000)).toBe(true);
    release?.();
    expect(await stale).toBe('lost');
    const run = await server.store.selectFrom('workflowRuns').selectAll().where('runId', '=', runId).executeTakeFirstOrThrow();
    expect([run.status, run.leaseOwner, run.finishedAt]).toEqual(['running', 'worker-b', null]);
    const step = await server.store.selectFrom('workflowStepRuns').selectAll().where('runId', '=', runId).executeTakeFirstOrThrow();
    expect([step.status, step.attempt, step.output]).toEqual(['running', 1, null]);
    release = undefined;
  });
});
