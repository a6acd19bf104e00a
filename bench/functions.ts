// Custom functions (issue 13): what a call costs and what a hostile author can do to others.
// Prints: a trivial call's overhead p50/p95 on a warm pool (target ≤ 2 ms), transforming 1,000
// and 100,000 table rows (ms and peak RSS), and /health latency over real HTTP while 50
// hostile calls (endless loops) run at once (target: p99 within 2× idle).
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp, defaultSandboxLimits, loadConfig, migrateToLatest, openStore, SandboxPool, seed } from '@rakit/server/bench-kit';
import { latencyLine, percentile, sampleLatencies } from './stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

// 1. A trivial function on a warm pool: the host's share (JSON in, a worker's round trip, a fresh QuickJS runtime).
const limits = defaultSandboxLimits();
const pool = new SandboxPool(limits);
await pool.warm();
const trivial = await sampleLatencies(() => pool.run({ appId: 1, code: 'return a + 1;', paramNames: ['a'], params: { a: 1 } }), ROUNDS);
console.log(`custom functions, ${limits.workers} worker(s), ${ROUNDS} rounds`);
console.log(latencyLine('trivial call (warm pool)', trivial));

// 2. Transforms of table rows, as a table's functionId runs them.
const code = 'return rows.map((row) => ({ ...row, value: row.qty * row.price }));';
for (const count of [1_000, 100_000]) {
  const rows = Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Item ${i + 1}`, qty: i % 17, price: 1000 + (i % 50) }));
  const rssBefore = process.resourceUsage().maxRSS * 1024;
  const runs = count === 1_000 ? 50 : 3;
  const times: number[] = [];
  let outcome = 'ok';
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const result = await pool.run({ appId: 1, code, paramNames: [], params: {}, rows });
    times.push(performance.now() - start);
    if (!result.ok) outcome = result.error;
  }
  times.sort((a, b) => a - b);
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(`${`transform ${count.toLocaleString('en')} rows`.padEnd(34)} p50 ${percentile(times, 0.5).toFixed(1)} ms   max ${times[times.length - 1]?.toFixed(1)} ms   peak RSS ${mb(peak)} (before ${mb(rssBefore)})   ${outcome}`);
}
await pool.close();

// 3. /health over real HTTP, idle and while 50 hostile calls run at once.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-bench-fn-'));
const store = openStore(undefined, dataDir);
await migrateToLatest(store);
await seed(store, 'bench-password');
const app = await buildApp(loadConfig({}, { dataDir, authRateLimit: 1_000_000, authAccountRateLimit: 1_000_000, webDir: '/nonexistent' }), store, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
await app.services.sandbox.warm();
const json = async (method: string, url: string, body?: unknown, token?: string) => {
  const response = await fetch(base + url, {
    method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return (await response.json()) as { data: never };
};
/** Five self-registered builders, each with an application: ten hostile calls each. */
const hostile: { appId: number; token: string }[] = [];
for (let i = 0; i < 5; i++) {
  const userId = `0899${String(Date.now()).slice(-6)}${i}`;
  await json('POST', '/auth/register', { data: { userId, password: 'bench-password-1', confirm_password: 'bench-password-1', defaultGroupAppId: [1] } });
  const main = ((await json('POST', '/auth/login', { userId, password: 'bench-password-1', appSlug: 'main' })).data as { token: string }[])[0]?.token as string;
  const created = (await json('POST', '/save/saveApp', { appId: null, appName: `Hostile ${i} ${Date.now()}` }, main)).data as { appId: number; appSlug: string };
  const token = ((await json('POST', '/auth/login', { userId, password: 'bench-password-1', appSlug: created.appSlug })).data as { token: string }[])[0]?.token as string;
  hostile.push({ appId: created.appId, token });
}
const health = () => fetch(`${base}/health`).then((r) => r.text());
const idle = await sampleLatencies(health, 500, 50);
let running = true;
const during: number[] = [];
const probe = (async () => {
  while (running) {
    const start = performance.now();
    await health();
    during.push(performance.now() - start);
  }
})();
const start = performance.now();
const attacks = await Promise.all(Array.from({ length: 50 }, (_, i) => {
  const who = hostile[i % hostile.length] as { appId: number; token: string };
  return json('POST', '/function/testFunction', { appId: who.appId, parameter: [], content: i % 2 === 0 ? 'for(;;){}' : 'const s = "[" + "1,".repeat(3e6) + "1]"; for (;;) JSON.parse(s)', params: {} }, who.token);
}));
const attackMs = performance.now() - start;
running = false;
await probe;
during.sort((a, b) => a - b);
const p99Idle = percentile(idle, 0.99);
const p99During = percentile(during, 0.99);
const stopped = attacks.filter((a) => (a.data as { ok?: boolean } | undefined)?.ok === false).length;
console.log(latencyLine('/health idle', idle) + `   p99 ${p99Idle.toFixed(3)} ms`);
console.log(latencyLine('/health during 50 hostile calls', during) + `   p99 ${p99During.toFixed(3)} ms (${during.length} samples)`);
console.log(`50 hostile calls ended in ${(attackMs / 1000).toFixed(1)} s, each with an error to its author: ${stopped}/50; workers replaced by the watchdog: ${app.services.sandbox.restarts}`);
console.log(`p99 during / idle: ${(p99During / p99Idle).toFixed(2)} (target ≤ 2)`);
await app.close();
await store.destroy();
rmSync(dataDir, { recursive: true, force: true });
