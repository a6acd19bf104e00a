// Measures what the API layer adds on top of the metadata store: signed-in
// GET /get/listMenu/{appId} through Fastify (auth, groups, validation, serialisation) against
// the same menu query run directly with Kysely. Prints p50/p95 and their ratio.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp, loadConfig, migrateToLatest, openStore, seed, seedDemo, listMenuTree } from '@rakit/server/bench-kit';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-bench-'));
const store = openStore(undefined, dataDir);
await migrateToLatest(store);
await seed(store, 'bench-password');
await seedDemo(store, { dataDir, password: 'bench-password' });
const app = await buildApp(loadConfig({}, { dataDir, authRateLimit: 1_000_000, webDir: '/nonexistent' }), store, { logger: false });
const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { userId: 'demo-user', password: 'bench-password', appSlug: 'demo' } });
const token = login.json().data[0].token as string;
const demoAppId = (await app.inject({ method: 'GET', url: '/get/getApp/slug/demo' })).json().data.appId as number;

async function measure(run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 100; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;

const viaApi = await measure(() => app.inject({ method: 'GET', url: `/get/listMenu/${demoAppId}`, headers: { authorization: `Bearer ${token}` } }));
const direct = await measure(() => listMenuTree(store, demoAppId, new Set([1, 2, 3])));
const row = (name: string, s: number[]) => `${name.padEnd(28)} p50 ${pct(s, 0.5).toFixed(3)} ms   p95 ${pct(s, 0.95).toFixed(3)} ms`;
console.log(`listMenu, ${ROUNDS} rounds on SQLite`);
console.log(row('API (auth + groups + query)', viaApi));
console.log(row('store query alone', direct));
console.log(`ratio API/store: p50 ${(pct(viaApi, 0.5) / pct(direct, 0.5)).toFixed(2)}  p95 ${(pct(viaApi, 0.95) / pct(direct, 0.95)).toFixed(2)}`);
await app.close();
await store.destroy();
rmSync(dataDir, { recursive: true, force: true });
