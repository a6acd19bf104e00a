import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executorFor } from '../src/workflows/addons';
import { buildTestServer, type TestServer } from './support/build';

/**
 * A worker process killed with SIGKILL in the middle of a step (issue 12): a two-step workflow,
 * Set Variable → HTTP Request to this test's server, which holds each request 1.5 s and applies
 * each Idempotency-Key once. The first worker dies while step 2's request is held; a second
 * worker takes the run over once the dead one's lease expires. The run succeeds, step 1 ran
 * once (attempt 1), and the server applied step 2's key once though it was delivered twice.
 *
 * Real processes, the BullMQ queue on Redis, one SQLite store they share. The HTTP step is the
 * HTTP add-on's executor when this branch has it; otherwise a stand-in with the same contract
 * (test/support/worker-executors.ts), loaded by the worker through a test-only variable.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const realHttp = executorFor('http') !== undefined;
const REDIS_URL = process.env.RAKIT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LEASE_MS = 1500;

describe(`a worker killed mid-step (${realHttp ? 'the HTTP add-on' : 'a stand-in HTTP step'})`, () => {
  let server: TestServer;
  let admin: string;
  let appId: number;
  const queueName = `rakit-crash-${randomBytes(4).toString('hex')}`;
  const deliveries: string[] = [];
  const applied = new Map<string, number>();
  let target: http.Server;
  let targetUrl = '';
  const children: ChildProcess[] = [];

  function startWorker(): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: serverDir,
      env: {
        ...process.env, RAKIT_DATA_DIR: server.app.services.config.dataDir, RAKIT_SECRET: server.app.services.config.secret, REDIS_URL,
        RAKIT_WORKFLOW_QUEUE: queueName, RAKIT_WORKFLOW_WORKERS: '1', RAKIT_WORKFLOW_LEASE_MS: String(LEASE_MS), RAKIT_WORKFLOW_BACKOFF_MS: '100',
        RAKIT_ALLOW_PRIVATE_URLS: 'true', RAKIT_LOG_LEVEL: 'warn',
        RAKIT_WORKFLOW_WORKER_EXECUTORS: realHttp ? '' : path.join(serverDir, 'test/support/worker-executors.ts'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); if (output.includes('Rakit workflow worker')) resolve(child); });
      child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
      child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before starting: ${output}`)));
    });
  }

  beforeAll(async () => {
    target = http.createServer((request, response) => {
      const key = String(request.headers['idempotency-key'] ?? '');
      deliveries.push(key);
      request.resume();
      // Applied when received, once per key; answered after 1.5 s.
      if (key !== '') applied.set(key, (applied.get(key) ?? 0) + (applied.has(key) ? 0 : 1));
      setTimeout(() => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ applied: key }));
      }, 1500);
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetUrl = `http://127.0.0.1:${(target.address() as { port: number }).port}/apply`;
    // This process is a web process: it only enqueues.
    // The same executors as the workers (their defaults are recorded with the run).
    const { executors } = await import('./support/worker-executors');
    server = await buildTestServer('sqlite', { redisUrl: REDIS_URL, workflowQueueName: queueName, triggerWaitMs: 0, allowPrivateUrls: true },
      realHttp ? {} : { workflowExecutors: (name) => executors[name] ?? executorFor(name) });
    await server.register('081700000051', 'password-1');
    const builder = await server.login('081700000051', 'password-1', 'main');
    const created = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Crash', appDescription: '' }, builder)).json().data;
    appId = created.appId;
    admin = await server.login('081700000051', 'password-1', created.appSlug);
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await server.close();
    target.close();
  });

  it('finishes the run with each step applied once', async () => {
    const post = (url: string, body?: unknown) => server.call('POST', url, body, admin);
    const chainId = (await post('/save/saveWorkflow', { chainId: null, chainAppId: appId, chainName: 'Crash', chainTrigger: null })).json().data.chainId as number;
    const first = (await post('/save/saveAction', { actionId: null, actionChainId: chainId, actionAlias: 'Order', addonName: 'variable', actionParams: JSON.stringify({ values: '{"order": "{{$0.order}}"}' }) })).json().data.actionId as number;
    const second = (await post('/save/saveAction', {
      actionId: null, actionChainId: chainId, actionAlias: 'Apply', addonName: 'http',
      actionParams: JSON.stringify({ method: 'POST', url: targetUrl, body: '{"order": "{{$1.order}}"}' }),
    })).json().data.actionId as number;
    await post('/save/saveFlow', { workflowId: chainId, flow: [[first, second]] });
    expect((await post(`/action/buildWorkflow/${chainId}`)).json().data.built).toBe(true);

    const doomed = await startWorker();
    const started = (await post(`/action/runWorkflow/${chainId}`, { params: { order: 'A-1' } })).json().data;
    expect(started.status).toBe('started');
    const runId = started.runId as number;
    for (let i = 0; i < 300 && deliveries.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(deliveries).toHaveLength(1);
    // Step 2's request is held: the worker dies now, without a word.
    const exited = new Promise((resolve) => doomed.once('exit', resolve));
    doomed.kill('SIGKILL');
    await exited;
    const step2 = await server.store.selectFrom('workflowStepRuns').selectAll().where('runId', '=', runId).where('stepNumber', '=', 2).executeTakeFirstOrThrow();
    expect([step2.status, step2.attempt]).toEqual(['running', 1]);

    await startWorker();
    let run = await server.store.selectFrom('workflowRuns').selectAll().where('runId', '=', runId).executeTakeFirstOrThrow();
    for (let i = 0; i < 300 && run.status !== 'succeeded' && run.status !== 'failed'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      run = await server.store.selectFrom('workflowRuns').selectAll().where('runId', '=', runId).executeTakeFirstOrThrow();
    }
    expect([run.status, run.error]).toEqual(['succeeded', null]);
    const steps = await server.store.selectFrom('workflowStepRuns').selectAll().where('runId', '=', runId).orderBy('stepNumber').execute();
    expect(steps.map((s) => [s.status, s.attempt])).toEqual([['succeeded', 1], ['succeeded', 2]]);
    const key = steps[1]?.idempotencyKey as string;
    expect(deliveries).toEqual([key, key]);
    expect(applied.get(key)).toBe(1);
    expect(JSON.stringify(JSON.parse(steps[1]?.output ?? 'null'))).toContain(key);
  }, 60_000);

  it('keeps an approval waiting when its worker is killed, and a new worker goes on once it is answered (issue 37)', async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    const post = (url: string, body?: unknown) => server.call('POST', url, body, admin);
    const runOf = (runId: number) => server.store.selectFrom('workflowRuns').selectAll().where('runId', '=', runId).executeTakeFirstOrThrow();
    const until = async (runId: number, statuses: readonly string[]) => {
      let run = await runOf(runId);
      for (let i = 0; i < 300 && !statuses.includes(run.status); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        run = await runOf(runId);
      }
      return run;
    };
    const chainId = (await post('/save/saveWorkflow', { chainId: null, chainAppId: appId, chainName: 'Approve', chainTrigger: null })).json().data.chainId as number;
    const approve = (await post('/save/saveAction', {
      actionId: null, actionChainId: chainId, actionAlias: 'Approve', addonName: 'approval', actionParams: JSON.stringify({ assignee: '081700000051', message: 'Kirim {{$0.order}}?' }),
    })).json().data.actionId as number;
    const record = (await post('/save/saveAction', {
      actionId: null, actionChainId: chainId, actionAlias: 'Record', addonName: 'variable', actionParams: JSON.stringify({ values: '{"decision": "{{$1.decision}}"}' }),
    })).json().data.actionId as number;
    await post('/save/saveFlow', { workflowId: chainId, flow: [[approve, record]] });
    expect((await post(`/action/buildWorkflow/${chainId}`)).json().data.built).toBe(true);

    const doomed = await startWorker();
    const runId = (await post(`/action/runWorkflow/${chainId}`, { params: { order: 'B-2' } })).json().data.runId as number;
    expect((await until(runId, ['waiting'])).status).toBe('waiting');
    // The worker that gave the task dies; the run is in the rows, held by no one.
    const exited = new Promise((resolve) => doomed.once('exit', resolve));
    doomed.kill('SIGKILL');
    await exited;
    const task = await server.store.selectFrom('workflowTasks').selectAll().where('runId', '=', runId).executeTakeFirstOrThrow();
    expect(task).toMatchObject({ status: 'open', message: 'Kirim B-2?' });
    // Answered through the web process, which only enqueues (BullMQ): nothing runs until a worker is back.
    expect((await post('/task/answerTask', { taskId: task.taskId, answer: 'approve' })).statusCode).toBe(200);
    expect((await runOf(runId)).status).toBe('queued');
    await startWorker();
    const run = await until(runId, ['succeeded', 'failed']);
    expect([run.status, run.error]).toEqual(['succeeded', null]);
    const steps = await server.store.selectFrom('workflowStepRuns').selectAll().where('runId', '=', runId).orderBy('stepNumber').execute();
    expect(JSON.parse(steps[1]?.output ?? 'null')).toEqual({ decision: 'approved' });
  }, 60_000);
});
