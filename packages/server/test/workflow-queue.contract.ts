import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executorFor } from '../src/workflows/addons';
import { type AddonExecutor } from '../src/workflows/addons/executor';
import { advanceRun } from '../src/workflows/engine/runner';
import type { RunWorker, WorkflowQueue } from '../src/workflows/engine/queue';
import { startRun } from '../src/workflows/runs';
import { latestWorkflowVersion } from '../src/store/repositories/workflows';
import { loadDefinition } from '../src/workflows/engine/definition';
import type { Store } from '../src/store/db';
import { buildTestServer, type TestServer } from './support/build';
import type { EngineName } from './support/engines';

/**
 * The contract every workflow queue keeps (issue 12), run against the embedded queue and
 * BullMQ alike: an enqueued run runs; workers competing for the same runs (several in a
 * process, several "processes" of their own) never run a step twice; a run left under a
 * stalled worker's expired lease is reclaimed; close() waits for the runs under way.
 *
 * The server under test works no queue itself (workflowWorkers 0): each test makes the
 * queues it tests, with the real runner, over that server's store.
 */

export type MakeQueue = (store: Store, work: RunWorker, lease: { leaseMs: number }) => WorkflowQueue;

/** Counts what the stand-in HTTP step was asked to apply, per idempotency key. */
const applied = new Map<string, number>();

/** Stands in for HTTP Request: takes `url` ms, counting each key it applies. */
const countingStep: AddonExecutor = {
  defaults: { timeoutMs: 5000, retries: 0 },
  async run(context, params) {
    applied.set(context.idempotencyKey, (applied.get(context.idempotencyKey) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, Number(params.url)));
    return { output: { key: context.idempotencyKey } };
  },
};

const LEASE_MS = 1000;

export function queueContract(label: string, engine: EngineName, makeQueue: MakeQueue): void {
  describe(`the workflow queue contract: ${label} on a ${engine} store`, () => {
    let server: TestServer;
    let admin: string;
    let appId: number;
    const open: WorkflowQueue[] = [];
    const make = () => {
      const queue = makeQueue(server.store, (runId, owner) => advanceRun(server.app.services.workflows.runner, runId, owner), { leaseMs: LEASE_MS });
      open.push(queue);
      return queue;
    };

    /** A built two-step workflow whose first step takes `ms`. */
    async function built(ms: number): Promise<number> {
      const post = (path: string, body?: unknown) => server.call('POST', path, body, admin);
      const chainId = (await post('/save/saveWorkflow', { chainId: null, chainAppId: appId, chainName: `Q ${Math.random()}`, chainTrigger: null })).json().data.chainId as number;
      const first = (await post('/save/saveAction', { actionId: null, actionChainId: chainId, actionAlias: 'Apply', addonName: 'http', actionParams: JSON.stringify({ method: 'POST', url: String(ms) }) })).json().data.actionId as number;
      const second = (await post('/save/saveAction', { actionId: null, actionChainId: chainId, actionAlias: 'Then', addonName: 'variable', actionParams: JSON.stringify({ values: '{"after": "{{$1.key}}"}' }) })).json().data.actionId as number;
      await post('/save/saveFlow', { workflowId: chainId, flow: [[first, second]] });
      expect((await post(`/action/buildWorkflow/${chainId}`)).json().data.built).toBe(true);
      return chainId;
    }

    /** Records queued runs of the workflow (the server's own queue has no workers). */
    async function queued(chainId: number, count: number): Promise<number[]> {
      const version = await latestWorkflowVersion(server.store, chainId);
      const definition = await loadDefinition(server.store, version?.versionId ?? 0);
      if (version === undefined || definition === undefined) throw new Error('not built');
      const ids: number[] = [];
      for (let i = 0; i < count; i += 1) {
        ids.push(await startRun(server.app.services, undefined, {
          workflowId: chainId, appId, versionId: version.versionId, definition, input: { i }, startActionId: null,
          starter: { kind: 'editor', userId: null, triggerId: null, triggerRunId: null },
        }));
      }
      return ids;
    }

    async function statuses(runIds: readonly number[]): Promise<string[]> {
      const rows = await server.store.selectFrom('workflowRuns').select(['runId', 'status']).where('runId', 'in', [...runIds]).orderBy('runId').execute();
      return rows.map((r) => r.status);
    }
    async function allEnded(runIds: readonly number[], ms = 20_000): Promise<string[]> {
      const deadline = Date.now() + ms;
      for (;;) {
        const now = await statuses(runIds);
        if (now.every((s) => s === 'succeeded' || s === 'failed') || Date.now() > deadline) return now;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    async function keysOf(runIds: readonly number[]): Promise<string[]> {
      return (await server.store.selectFrom('workflowStepRuns').select('idempotencyKey').where('runId', 'in', [...runIds]).where('stepNumber', '=', 1).execute())
        .map((r) => r.idempotencyKey);
    }

    beforeAll(async () => {
      server = await buildTestServer(engine, { workflowLeaseMs: LEASE_MS, workflowWorkers: 0 }, {
        workflowWorkers: 0, workflowExecutors: (name) => (name === 'http' ? countingStep : executorFor(name)),
      });
      await server.register('081700000041', 'password-1');
      const builder = await server.login('081700000041', 'password-1', 'main');
      const created = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Antrian', appDescription: '' }, builder)).json().data;
      appId = created.appId;
      admin = await server.login('081700000041', 'password-1', created.appSlug);
    });
    afterAll(async () => {
      for (const queue of open) await queue.close();
      await server.close();
    });

    it('runs what is enqueued', async () => {
      const queue = make();
      queue.start(2);
      const runIds = await queued(await built(5), 4);
      for (const runId of runIds) await queue.enqueue(runId);
      expect(await allEnded(runIds)).toEqual(runIds.map(() => 'succeeded'));
      const after = await server.store.selectFrom('workflowStepRuns').select('output').where('runId', '=', runIds[0] as number).where('stepNumber', '=', 2).executeTakeFirst();
      expect(JSON.parse(after?.output ?? 'null')).toEqual({ after: (await keysOf([runIds[0] as number]))[0] });
      await queue.close();
    });

    it('never runs a step twice with workers competing in several processes', async () => {
      const runIds = await queued(await built(20), 24);
      const queues = [make(), make(), make()];
      for (const queue of queues) queue.start(3);
      // Each "process" is told of every run, as when web processes enqueue and several listen.
      for (const runId of runIds) for (const queue of queues) await queue.enqueue(runId);
      expect(await allEnded(runIds)).toEqual(runIds.map(() => 'succeeded'));
      const keys = await keysOf(runIds);
      expect(keys).toHaveLength(runIds.length);
      expect(keys.map((key) => applied.get(key))).toEqual(keys.map(() => 1));
      const attempts = await server.store.selectFrom('workflowStepRuns').select('attempt').where('runId', 'in', runIds).execute();
      expect(attempts.every((a) => a.attempt === 1)).toBe(true);
      for (const queue of queues) await queue.close();
    });

    it('reclaims a run whose worker stalled once its lease expired', async () => {
      const [runId] = await queued(await built(5), 1) as [number];
      // Held by a worker that stopped renewing: its lease runs out in 300 ms.
      await server.store.updateTable('workflowRuns').set({ status: 'running', leaseOwner: 'stalled-worker', leaseExpiresAt: Date.now() + 300 }).where('runId', '=', runId).execute();
      const queue = make();
      queue.start(1);
      await queue.enqueue(runId);
      expect(await allEnded([runId])).toEqual(['succeeded']);
      const run = await server.store.selectFrom('workflowRuns').select(['leaseOwner']).where('runId', '=', runId).executeTakeFirst();
      expect(run?.leaseOwner).toBeNull();
      expect((await keysOf([runId])).map((key) => applied.get(key))).toEqual([1]);
      await queue.close();
    });

    it('close() waits for the runs under way', async () => {
      const queue = make();
      queue.start(1);
      const [runId] = await queued(await built(600), 1) as [number];
      await queue.enqueue(runId);
      for (let i = 0; i < 200; i += 1) {
        const step = await server.store.selectFrom('workflowStepRuns').select('status').where('runId', '=', runId).where('stepNumber', '=', 1).executeTakeFirst();
        if (step?.status === 'running') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await statuses([runId])).toEqual(['running']);
      await queue.close();
      expect(await statuses([runId])).toEqual(['succeeded']);
    });
  });
}
