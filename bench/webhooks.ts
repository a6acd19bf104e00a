// Incoming webhooks (issue 37): how many signed calls a second one server accepts and queues,
// over real HTTP with keep-alive connections, against the issue's floor of 500/s, and that none
// is lost: every 202 is a queued run and an 'accepted' line in the hook's log. Workers are off
// (acceptance is measured, not the runs). SQLite metadata store, or BENCH_DATABASE_URL.
import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'node:http';
import { buildApp, loadConfig } from '@rakit/server/bench-kit';
import { benchStore, benchWorkflowApp } from './bench-workflow-app';
import { latencyLine } from './stats';

const CALLS = Number(process.env.BENCH_CALLS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
/** The issue's floor: signed calls accepted and queued per second. */
const FLOOR_PER_SECOND = 500;
const PASSWORD = 'bench-password-1';

const { dataDir, databaseUrl, store } = await benchStore('webhooks', PASSWORD);

const config = loadConfig({}, {
  dataDir, databaseUrl, authRateLimit: 1_000_000, webDir: '/nonexistent', workflowWorkers: 0, hookRateLimit: 1_000_000,
  secret: 'bench-secret-that-is-long-enough-for-hs256',
});
const app = await buildApp(config, store, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const { call, admin, builtWorkflow } = await benchWorkflowApp(app, '081799990002', PASSWORD, 'Bench hooks');
const chainId = await builtWorkflow('Payments', '{"order": "{{$0.order}}"}');
const saved = await call('POST', '/save/workflowHook', { hookId: null, workflowId: chainId, hookName: 'Gateway', auth: 'signature', waitMs: 0 }, admin);
const secret = saved.secret as string;
const hookPath = (saved.hook as { path: string }).path;

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
/** One signed call, as a payment gateway sends it: its status and how long it took. */
async function signedCall(order: number): Promise<{ status: number; ms: number }> {
  const body = JSON.stringify({ order: `INV-${order}`, amount: 150_000 });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
  const at = performance.now();
  const status = await new Promise<number>((resolve, reject) => {
    const outgoing = request(`${origin}${hookPath}`, {
      method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-rakit-timestamp': timestamp, 'x-rakit-signature': signature },
    }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
  return { status, ms: performance.now() - at };
}

async function burst(from: number, count: number): Promise<{ statuses: Map<number, number>; times: number[]; seconds: number }> {
  const statuses = new Map<number, number>();
  const times: number[] = [];
  let next = from;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < from + count) {
      const { status, ms } = await signedCall(next++);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      times.push(ms);
    }
  }));
  return { statuses, times, seconds: (performance.now() - started) / 1000 };
}

await burst(0, 200); // warm-up: JIT, connections, the hook in the read cache
const runsBefore = Number((await store.selectFrom('workflowRuns').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
const measured = await burst(1_000_000, CALLS);
const accepted = measured.statuses.get(202) ?? 0;
const perSecond = accepted / measured.seconds;
const runsAfter = Number((await store.selectFrom('workflowRuns').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
const queued = runsAfter - runsBefore;
const logged = Number((await store.selectFrom('hookCalls').select((eb) => eb.fn.countAll<number | string>().as('n')).where('outcome', '=', 'accepted').executeTakeFirstOrThrow()).n) - 200;

console.log(`webhooks on ${databaseUrl === undefined ? 'SQLite' : new URL(databaseUrl).protocol.replace(':', '')}: ${CALLS} signed calls, ${CONCURRENCY} at a time, over HTTP`);
console.log(`  answers: ${[...measured.statuses].map(([status, n]) => `${status} × ${n}`).join(', ')}`);
console.log(`  accepted and queued: ${perSecond.toFixed(0)}/s = ${(perSecond / FLOOR_PER_SECOND).toFixed(2)} × the issue's floor of ${FLOOR_PER_SECOND}/s`);
console.log(`  ${latencyLine('per call', measured.times.sort((a, b) => a - b))}`);
console.log(`  lost: ${accepted - queued} runs, ${accepted - logged} log lines (of ${accepted} accepted; ${queued} runs queued, ${logged} logged)`);

await app.close();
await store.destroy();
agent.destroy();
rmSync(dataDir, { recursive: true, force: true });
if (accepted !== CALLS || queued !== accepted || logged !== accepted) process.exitCode = 1;
