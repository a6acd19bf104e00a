// The cost of SQLite's statements crossing to their worker thread (issue 19): page 1 of the
// seeded demo's products table (an embedded SQLite table, its rows and its bounded count)
// through POST /get/loadTableContent of a Rakit server in its own process, against GET /health
// on the same connection (the HTTP floor). Prints p50/p95 of each.
//
// Run: npm run bench:sqlite-table -w @rakit/bench
//   BENCH_ROUNDS (default 500)        samples per figure
//   BENCH_SERVER_DIR=<packages/server> another checkout's server, to compare two versions
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { jsonClient, startServerProcess } from './server-process';
import { latencyLine, percentile } from './stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 500);
const PASSWORD = 'bench-password';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-bench-sqlite-'));
const server = await startServerProcess(dataDir, PASSWORD, [], process.env.BENCH_SERVER_DIR);
try {
  const call = jsonClient(server.base);
  const token = ((await call('POST', '/auth/login', { userId: 'demo-admin', password: PASSWORD, appSlug: 'demo' })).data as { token: string }[])[0]?.token;
  const [page] = (await call('GET', '/get/getPage/slug/products', undefined, token)).data as { pageId: number }[];
  if (page === undefined) throw new Error('The demo has no products page');
  const load = async () => {
    const answer = await call('POST', '/get/loadTableContent', { pageId: page.pageId, componentId: 'products-table', page: 1 }, token);
    if (!answer.status) throw new Error(`loadTableContent failed: ${JSON.stringify(answer.error)}`);
  };
  // In turns, so a drifting machine weighs on both alike.
  const health: number[] = [];
  const table: number[] = [];
  for (let i = 0; i < ROUNDS + 100; i++) {
    for (const [samples, run] of [[health, () => call('GET', '/health')], [table, load]] as const) {
      const start = performance.now();
      await run();
      if (i >= 100) samples.push(performance.now() - start);
    }
  }
  health.sort((a, b) => a - b);
  table.sort((a, b) => a - b);
  console.log(latencyLine('GET /health', health));
  console.log(latencyLine('products page 1 (SQLite)', table));
  console.log(`page 1 over the HTTP floor: p50 ${(percentile(table, 0.5) - percentile(health, 0.5)).toFixed(3)} ms`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
