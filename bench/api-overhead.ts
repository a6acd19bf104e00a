// Measures what the API layer adds on top of the metadata store: signed-in
// GET /get/listMenu/{appId} through Fastify (auth, groups, validation, serialisation) against
// the same menu query run directly with Kysely. Prints p50/p95 and their ratio.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, loadConfig, migrateToLatest, openStore, seed, seedDemo, listMenuTree } from '@rakit/server/bench-kit';
import { latencyLine, ratioLine, sampleLatencies } from './stats';

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

const viaApi = await sampleLatencies(() => app.inject({ method: 'GET', url: `/get/listMenu/${demoAppId}`, headers: { authorization: `Bearer ${token}` } }), ROUNDS);
const direct = await sampleLatencies(() => listMenuTree(store, demoAppId, new Set([1, 2, 3])), ROUNDS);
console.log(`listMenu, ${ROUNDS} rounds on SQLite`);
console.log(latencyLine('API (auth + groups + query)', viaApi));
console.log(latencyLine('store query alone', direct));
console.log(ratioLine('ratio API/store', viaApi, direct));
await app.close();
await store.destroy();
rmSync(dataDir, { recursive: true, force: true });
