// Address and school lookups (issue 14). Prints: the address index's build time and the heap it
// holds (target ≤ 100 MB), and its load from the data directory's file; address lookups through
// HTTP for every village of idn-area-data, typed as '<village> <district>' (p50, p95; target p50 ≤ 5 ms) and how often the village is
// the first option; the import of 450,000 generated schools through /save/importSchools; and
// school lookups over them (p50, p95), with the school index's build; and, after one more school
// is imported, the lookups served from the old index while the new one builds.
// BENCH_VILLAGES and BENCH_SCHOOLS make the run smaller (defaults: all villages, 450,000).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { addressIndexFile, buildAddressIndex, buildApp, loadConfig, loadOrBuildAddressIndex, migrateToLatest, openStore, seed } from '@rakit/server/bench-kit';
import { latencyLine } from './stats';

const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = () => {
  gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};
const SCHOOLS = Number(process.env.BENCH_SCHOOLS ?? 450_000);

// 1. The address index on its own: build time and the heap it keeps.
const heapBefore = heapMb();
let start = performance.now();
const index = await buildAddressIndex();
const buildMs = performance.now() - start;
const heapIndex = heapMb() - heapBefore;
console.log(`address index: ${index.size.toLocaleString('en')} villages, built in ${buildMs.toFixed(0)} ms, heap ${heapIndex.toFixed(0)} MB${gc === undefined ? ' (run with --expose-gc for an exact figure)' : ''}`);
const villages = index.all().slice(0, Number(process.env.BENCH_VILLAGES ?? index.size));

// The index saved in a data directory, then loaded from it as the next start does.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-bench-lookups-'));
/**
 * How long loadOrBuildAddressIndex took, the longest the event loop waited meanwhile (what other
 * requests would), and whether it built or loaded (the index itself is let go).
 */
const timedOpen = async () => {
  heapMb();
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const began = performance.now();
  const { from, saved: written } = await loadOrBuildAddressIndex(addressIndexFile(dataDir));
  const ms = performance.now() - began;
  await written;
  stalls.disable();
  return { ms, from, stallMs: stalls.max / 1e6 };
};
const saved = await timedOpen();
const loaded = await timedOpen();
if (saved.from !== 'build' || loaded.from !== 'file') throw new Error(`expected a build then a load, got ${saved.from} then ${loaded.from}`);
console.log(`address index file: built in ${saved.ms.toFixed(0)} ms, then saved (longest stall of the two ${saved.stallMs.toFixed(0)} ms; ${(statSync(addressIndexFile(dataDir)).size / 1024 / 1024).toFixed(1)} MB),`
  + ` loaded in ${loaded.ms.toFixed(0)} ms (longest stall ${loaded.stallMs.toFixed(0)} ms): ${(buildMs / loaded.ms).toFixed(1)}× faster than the build`);
rmSync(addressIndexFile(dataDir));

// 2. Through HTTP, as a member's browser asks: a server on SQLite, the super administrator (a member of every application).
const store = openStore(undefined, dataDir);
await migrateToLatest(store);
await seed(store, 'bench-password');
const app = await buildApp(loadConfig({}, {
  dataDir, authRateLimit: 1_000_000, authAccountRateLimit: 1_000_000, lookupRateLimit: 100_000_000, webDir: '/nonexistent', bodyLimitBytes: 16 * 1024 * 1024,
}), store, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const post = async <T>(url: string, body: unknown, token?: string): Promise<T> => {
  const response = await fetch(base + url, {
    method: 'POST', headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) }, body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { status: boolean; data: T; error?: string[] };
  if (!answer.status) throw new Error(`${url}: ${response.status} ${answer.error?.join(', ') ?? ''}`);
  return answer.data;
};
const token = (await post<{ token: string }[]>('/auth/login', { userId: 'admin', password: 'bench-password', appSlug: '_root' }))[0]?.token as string;
const appId = 1;

start = performance.now();
await post('/get/getAddress', { appId, address: 'sukamaju cibungbulang' }, token);
console.log(`first lookup (the server builds its index): ${(performance.now() - start).toFixed(0)} ms`);
const latencies: number[] = [];
let first = 0;
let top5 = 0;
for (const village of villages) {
  const typed = `${village.village} ${village.district}`.toLowerCase();
  const began = performance.now();
  const options = await post<{ villageCode: string }[]>('/get/getAddress', { appId, address: typed.length >= 6 ? typed : `${typed} ${village.regency}` }, token);
  latencies.push(performance.now() - began);
  const rank = options.findIndex((o) => o.villageCode === village.villageCode);
  if (rank === 0) first++;
  if (rank >= 0 && rank < 5) top5++;
}
latencies.sort((a, b) => a - b);
console.log(latencyLine(`getAddress, ${villages.length.toLocaleString('en')} villages`, latencies));
const typedCount = new Map<string, number>();
for (const village of index.all()) {
  const typed = `${village.village} ${village.district}`.toLowerCase();
  typedCount.set(typed, (typedCount.get(typed) ?? 0) + 1);
}
const twins = villages.filter((v) => (typedCount.get(`${v.village} ${v.district}`.toLowerCase()) ?? 0) > 1).length;
console.log(`  the village first: ${((first / villages.length) * 100).toFixed(2)} %, in the first five: ${((top5 / villages.length) * 100).toFixed(2)} %`
  + ` (${((twins / villages.length) * 100).toFixed(2)} % share their village and district names with another village: no lookup can put all of those first)`);
console.log(`  server process RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB (bench and server share it)`);

// 3. 450,000 generated schools, imported as the root screen does (batches of 2,000), then looked up.
const LEVELS = ['SD', 'SMP', 'SMA', 'SMK'] as const;
const STATUSES = ['Negeri', 'Swasta'] as const;
const schoolOf = (i: number) => {
  const village = villages[i % villages.length] ?? villages[0];
  if (village === undefined) throw new Error('no village');
  const level = LEVELS[i % LEVELS.length] as string;
  return {
    line: i + 2, npsn: String(10_000_000 + i), name: `${level} ${STATUSES[i % 2] as string} ${1 + (i % 97)} ${village.village}`,
    level, status: STATUSES[i % 2] as string, address: '', villageCode: village.villageCode,
  };
};
start = performance.now();
let imported = 0;
for (let from = 0; from < SCHOOLS; from += 2000) {
  const rows = Array.from({ length: Math.min(2000, SCHOOLS - from) }, (_, k) => schoolOf(from + k));
  imported += (await post<{ imported: number }>('/save/importSchools', { rows }, token)).imported;
}
console.log(`importSchools: ${imported.toLocaleString('en')} schools in ${((performance.now() - start) / 1000).toFixed(1)} s`);
start = performance.now();
await post('/get/getSchool', { appId, school: 'sd negeri sukamaju' }, token);
console.log(`first school lookup (the server builds its index): ${(performance.now() - start).toFixed(0)} ms, heap ${heapMb().toFixed(0)} MB in all`);
const schoolLatencies: number[] = [];
for (let k = 0; k < 2000; k++) {
  const school = schoolOf((k * 7919) % SCHOOLS);
  const typed = school.name.toLowerCase().split(' ').slice(0, 1).concat(school.name.toLowerCase().split(' ').slice(3)).join(' ');
  const began = performance.now();
  await post('/get/getSchool', { appId, school: typed }, token);
  schoolLatencies.push(performance.now() - began);
  const withNpsn = performance.now();
  await post('/get/getSchoolAddress', { appId, schooladdress: school.npsn }, token);
  if (k === 0) console.log(`  first getSchoolAddress ${(performance.now() - withNpsn).toFixed(1)} ms`);
}
schoolLatencies.sort((a, b) => a - b);
console.log(latencyLine(`getSchool over ${SCHOOLS.toLocaleString('en')} schools`, schoolLatencies));

// 4. One more school imported: the lookups go on from the old index while the new one is built.
const added = { ...schoolOf(0), line: 2, npsn: '19999999', name: 'SMA Bangku Panjang Rebuild' };
await post('/save/importSchools', { rows: [added] }, token);
start = performance.now();
const duringRebuild: number[] = [];
for (let found = false; !found;) {
  const began = performance.now();
  const options = await post<{ npsn: string }[]>('/get/getSchool', { appId, school: 'bangku panjang rebuild' }, token);
  duringRebuild.push(performance.now() - began);
  found = options.some((o) => o.npsn === added.npsn);
  if (!found) await new Promise((resolve) => setTimeout(resolve, 20));
}
console.log(`after an import of one school: found by lookups after ${((performance.now() - start) / 1000).toFixed(1)} s (the index rebuilt in the background)`);
duringRebuild.sort((a, b) => a - b);
console.log(latencyLine('  getSchool meanwhile, from the old index', duringRebuild));

await app.close();
await store.destroy();
rmSync(dataDir, { recursive: true, force: true });
