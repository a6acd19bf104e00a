// The workflow engine (issue 12): runs per second of a 3-step workflow (query → condition → HTTP
// to a local server; variable → condition → variable when the query and HTTP add-ons are not on
// this branch) with the embedded queue in one process and with BullMQ and two worker processes;
// the engine's overhead per step (p50/p95) against running the same steps' executors directly;
// the time from runTrigger to the first step starting. SQLite metadata store (or BENCH_DATABASE_URL),
// Redis at REDIS_URL (default 127.0.0.1:6379).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  type AddonExecutor, addonByName, buildApp, createAppSqliteFile, executorFor, latestWorkflowVersion, loadConfig, loadDefinition,
  migrateToLatest, openStore, resolveStepParameters, seed, startRun,
} from '@rakit/server/bench-kit';
import { latencyLine, percentile } from './stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'bench-password-1';
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/server');

// The local HTTP server the HTTP step posts to, in its own process (as a real endpoint would
// be), counting what it receives.
const TARGET_SOURCE = `
let received = 0;
const server = require('node:http').createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    received += 1;
    response.setHeader('content-type', 'application/json');
    response.end('{"ok":true}');
  });
});
process.on('message', () => process.send({ received }));
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
`;
const targetProcess = spawn(process.execPath, ['-e', TARGET_SOURCE], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const targetPort = await new Promise<number>((resolve) => targetProcess.once('message', (message: { port: number }) => resolve(message.port)));
const targetUrl = `http://127.0.0.1:${targetPort}/hook`;
const receivedByTarget = async () => {
  const answer = new Promise<number>((resolve) => targetProcess.once('message', (message: { received: number }) => resolve(message.received)));
  targetProcess.send('count');
  return answer;
};

const realSteps = executorFor('query') !== undefined && executorFor('http') !== undefined;

// The first moment each run's first executor was called (runTrigger → first step).
const firstStep = new Map<number, number>();
// Time spent inside the executors per run, by the engine's workers.
const insideExecutors = new Map<number, number>();
const timed = (name: string): AddonExecutor | undefined => {
  const executor = executorFor(name);
  if (executor === undefined) return undefined;
  return {
    defaults: executor.defaults,
    async run(context, params) {
      const at = performance.now();
      if (!firstStep.has(context.runId)) firstStep.set(context.runId, at);
      try {
        return await executor.run(context, params);
      } finally {
        insideExecutors.set(context.runId, (insideExecutors.get(context.runId) ?? 0) + performance.now() - at);
      }
    },
  };
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-bench-workflow-'));
// BENCH_DATABASE_URL: an empty PostgreSQL or MariaDB database for the metadata store instead of SQLite.
const databaseUrl = process.env.BENCH_DATABASE_URL;
const store = openStore(databaseUrl, dataDir);
await migrateToLatest(store);
await seed(store, PASSWORD);
const baseConfig = { dataDir, databaseUrl, authRateLimit: 1_000_000, webDir: '/nonexistent', allowPrivateUrls: true, triggerWaitMs: 60_000, workflowWorkers: 4, secret: 'bench-secret-that-is-long-enough-for-hs256' };
const app = await buildApp(loadConfig({}, baseConfig), store, { logger: false, workflowExecutors: timed, workflowPollMs: 200 });

const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, token?: string) => {
  const answer = await app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
  if (answer.statusCode >= 300) throw new Error(`${url}: ${answer.body}`);
  return answer.json().data as Record<string, unknown>;
};
const login = async (userId: string, appSlug: string) => ((await call('POST', '/auth/login', { userId, password: PASSWORD, appSlug })) as unknown as { token: string }[])[0]?.token as string;
await call('POST', '/auth/register', { data: { userId: '081799990001', password: PASSWORD, confirm_password: PASSWORD, defaultGroupAppId: [1] } });
const created = await call('POST', '/save/saveApp', { appId: null, appName: 'Bench flow', appDescription: '' }, await login('081799990001', 'main'));
const appId = created.appId as number;
const admin = await login('081799990001', created.appSlug as string);
const triggerId = ((await call('POST', '/action/saveTrigger', { triggerId: null, triggerAppId: appId, triggerAlias: 'bench', triggerParams: '["id","total"]' }, admin)).action as { actionId: number }).actionId;

let steps: { alias: string; addonName: string; params: Record<string, string> }[];
if (realSteps) {
  await createAppSqliteFile(dataDir, appId, 'orders.db', "CREATE TABLE orders (id INTEGER PRIMARY KEY, total INTEGER); INSERT INTO orders VALUES (1, 150), (2, 50);");
  const dbId = (await call('POST', '/save/saveDbConfig', { dbAppId: appId, dbType: 'sqlite', dbDatabase: 'orders.db' }, admin)).dbId as number;
  const queryId = (await call('POST', '/save/saveQuery', { actionId: null, actionDbId: dbId, actionName: 'order', actionSQLQuery: 'SELECT id, total FROM orders WHERE id = ?' }, admin)).actionId as number;
  steps = [
    { alias: 'Order', addonName: 'query', params: { queryId: String(queryId), params: '["{{$0.id}}"]' } },
    { alias: 'Big?', addonName: 'condition', params: { left: '{{$0.total}}', operator: '>', right: '100' } },
    { alias: 'Notify', addonName: 'http', params: { method: 'POST', url: targetUrl, body: '{"id": "{{$0.id}}"}' } },
  ];
} else {
  steps = [
    { alias: 'Order', addonName: 'variable', params: { values: '{"id": "{{$0.id}}", "total": "{{$0.total}}"}' } },
    { alias: 'Big?', addonName: 'condition', params: { left: '{{$1.total}}', operator: '>', right: '100' } },
    { alias: 'Notify', addonName: 'variable', params: { values: '{"notified": "{{$1.id}}"}' } },
  ];
}
const chainId = (await call('POST', '/save/saveWorkflow', { chainId: null, chainAppId: appId, chainName: 'Bench', chainTrigger: triggerId }, admin)).chainId as number;
const ids: number[] = [];
for (const step of steps) {
  ids.push((await call('POST', '/save/saveAction', { actionId: null, actionChainId: chainId, actionAlias: step.alias, addonName: step.addonName, actionParams: JSON.stringify(step.params) }, admin)).actionId as number);
}
await call('POST', '/save/saveFlow', { workflowId: chainId, flow: [[ids[0], ids[1]], [ids[1], ids[2], 'true']] }, admin);
const build = await call('POST', `/action/buildWorkflow/${chainId}`, undefined, admin);
if (build.built !== true) throw new Error(`not built: ${JSON.stringify(build.problems)}`);
const version = await latestWorkflowVersion(store, chainId);
const definition = await loadDefinition(store, version?.versionId ?? 0);
if (version === undefined || definition === undefined) throw new Error('no version');
const input = { id: 1, total: 150 };
const newRun = () => startRun(app.services, undefined, {
  workflowId: chainId, appId, versionId: version.versionId, definition, input, startActionId: null,
  starter: { kind: 'editor', userId: null, triggerId: null, triggerRunId: null },
});

/** Waits until `count` runs from `sinceRunId` on have ended, reading the rows. */
async function allEnded(sinceRunId: number, count: number): Promise<void> {
  for (;;) {
    const row = await store.selectFrom('workflowRuns').select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('runId', '>', sinceRunId).where('status', 'in', ['succeeded', 'failed']).executeTakeFirstOrThrow();
    if (Number(row.n) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const lastRunId = async () => Number((await store.selectFrom('workflowRuns').select((eb) => eb.fn.max('runId').as('m')).executeTakeFirst())?.m ?? 0);
const failedSince = async (since: number) => Number((await store.selectFrom('workflowRuns').select((eb) => eb.fn.countAll<number | string>().as('n')).where('runId', '>', since).where('status', '=', 'failed').executeTakeFirstOrThrow()).n);

// Warm-up.
for (let i = 0; i < 20; i += 1) await newRun();
await allEnded(0, 20);

// 1. Engine overhead per step: one run at a time, start → ended, against the executors run directly.
const finishedAt = new Map<number, number>();
app.services.workflows.events.on('finished', (runId: number) => finishedAt.set(runId, performance.now()));
const overhead: number[] = [];
const directTimes: number[] = [];
const engineOwn: number[] = [];
const context = { services: app.services, appId, runId: 0, actionId: 0, idempotencyKey: 'direct', signal: new AbortController().signal };
for (let i = 0; i < ROUNDS; i += 1) {
  const started = performance.now();
  const runId = await newRun();
  while (!finishedAt.has(runId)) await new Promise((resolve) => setImmediate(resolve));
  const engineMs = (finishedAt.get(runId) as number) - started;
  // The same steps, their parameters resolved, run directly.
  const directStart = performance.now();
  const outputs = new Map<number, unknown>([[0, input]]);
  for (const [index, step] of steps.entries()) {
    const resolved = resolveStepParameters(addonByName(step.addonName), step.params, outputs);
    if (!resolved.ok) throw new Error(resolved.errors.join('; '));
    const outcome = await (executorFor(step.addonName) as AddonExecutor).run({ ...context, idempotencyKey: `direct-${i}-${index}` }, resolved.values);
    outputs.set(index + 1, outcome.output);
  }
  const directMs = performance.now() - directStart;
  directTimes.push(directMs / steps.length);
  overhead.push((engineMs - directMs) / steps.length);
  engineOwn.push((engineMs - (insideExecutors.get(runId) ?? 0)) / steps.length);
}
engineOwn.sort((a, b) => a - b);
overhead.sort((a, b) => a - b);
directTimes.sort((a, b) => a - b);

// 2. runTrigger → the first step starting (the answer waits for the run; the first step's start is stamped by the executor wrapper).
const triggerToFirst: number[] = [];
for (let i = 0; i < Math.min(ROUNDS, 200); i += 1) {
  const started = performance.now();
  const outcome = await call('POST', `/action/runTrigger/${triggerId}`, input, admin);
  const runId = (outcome.runs as { runId: number }[])[0]?.runId as number;
  triggerToFirst.push((firstStep.get(runId) as number) - started);
}
triggerToFirst.sort((a, b) => a - b);

// 3. Throughput, embedded: RUNS runs queued at once, 4 workers in this process.
let since = await lastRunId();
let start = performance.now();
for (let i = 0; i < RUNS; i += 1) await newRun();
await allEnded(since, RUNS);
const embeddedRate = RUNS / ((performance.now() - start) / 1000);
const embeddedFailed = await failedSince(since);
await app.close();

// 4. Throughput, BullMQ: this process only enqueues; two worker processes (2 at once each) run them.
const queueName = `rakit-bench-${randomBytes(4).toString('hex')}`;
const web = await buildApp(loadConfig({}, { ...baseConfig, redisUrl: REDIS_URL, workflowQueueName: queueName }), store, { logger: false });
await web.ready();
const workerEnv = { ...process.env, ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }), RAKIT_DATA_DIR: dataDir, REDIS_URL, RAKIT_WORKFLOW_QUEUE: queueName, RAKIT_WORKFLOW_WORKERS: '2', RAKIT_ALLOW_PRIVATE_URLS: 'true', RAKIT_SECRET: baseConfig.secret, RAKIT_LOG_LEVEL: 'warn' };
const workers: ChildProcess[] = [];
for (let i = 0; i < 2; i += 1) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], { cwd: serverDir, env: workerEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); if (output.includes('Rakit workflow worker')) resolve(); });
    child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.on('exit', (code) => reject(new Error(`worker exited ${code}: ${output}`)));
  });
  workers.push(child);
}
since = await lastRunId();
start = performance.now();
for (let i = 0; i < RUNS; i += 1) {
  await startRun(web.services, undefined, {
    workflowId: chainId, appId, versionId: version.versionId, definition, input, startActionId: null,
    starter: { kind: 'editor', userId: null, triggerId: null, triggerRunId: null },
  });
}
await allEnded(since, RUNS);
const bullRate = RUNS / ((performance.now() - start) / 1000);
const bullFailed = await failedSince(since);
for (const child of workers) {
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
await web.close();
await store.destroy();
const received = await receivedByTarget();
targetProcess.kill();
rmSync(dataDir, { recursive: true, force: true });

console.log(`Workflow engine, ${databaseUrl === undefined ? 'SQLite' : new URL(databaseUrl).protocol.replace(':', '')} store, steps: ${steps.map((s) => s.addonName).join(' → ')}${realSteps ? '' : ' (the query and HTTP add-ons are not on this branch)'}`);
console.log(`runs/s, ${RUNS} runs queued at once: embedded (1 process, 4 workers) ${embeddedRate.toFixed(1)}   BullMQ (2 worker processes × 2) ${bullRate.toFixed(1)}   failed: ${embeddedFailed} / ${bullFailed}`);
console.log(latencyLine('engine overhead per step', overhead));
console.log(latencyLine('the step run directly', directTimes));
console.log(latencyLine('engine time outside the executors', engineOwn));
console.log(latencyLine('runTrigger → first step starts', triggerToFirst));
console.log(`target: overhead p50 ≤ 2 ms per step: ${percentile(overhead, 0.5) <= 2 ? 'met' : 'NOT met'}; HTTP requests received: ${received}`);
