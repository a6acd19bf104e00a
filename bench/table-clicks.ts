// Issue 32's "browser's share": a member clicks Next on a MariaDB table of 100,000 rows in
// Chromium (1366 px). For each click, from the browser's own Resource Timing of the
// POST /get/loadTableContent it sent: the whole call, the time before the request left
// (queueing, connection), the wait for the first byte and the download, and when the rows were
// on screen after the answer came. Beside it, the same call sent by fetch from the idle page and
// GET /health: what the call costs without the page's own work around it.
// Run: npm run bench:table-clicks -w @rakit/bench   (BENCH_CLICKS, default 60; the web app is built first,
// BENCH_SKIP_BUILD=1 when packages/web/dist is current)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createComponent, sessionStorageKey } from '@rakit/core';
import { createMysqlPool } from '@rakit/server/bench-kit';
import { buildWebApp, launchChromium } from './page-fixtures';
import { MYSQL, PASSWORD, staffPage } from './big-table';
import { jsonClient, startServerProcess } from './server-process';
import { percentile } from './stats';

const CLICKS = Number(process.env.BENCH_CLICKS ?? 60);
/** About the time between two clicks of the loop below (the 800 ms the table waits, the click, the rows). */
const CLICK_SPACING_MS = 1000;
const ROWS = 100_000;
const TABLE = 'rakit_bench_clicks';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

console.log(`machine load (1/5/15 min) at start: ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')} on ${os.cpus().length} cores`);
const mysql = createMysqlPool({ ...MYSQL, connectionLimit: 2 });
const [[existing]] = await mysql.query(`SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'test' AND TABLE_NAME = ?`, [TABLE]) as unknown as [{ n: number }[]];
if (Number(existing?.n) === 0 || Number(((await mysql.query(`SELECT COUNT(*) AS n FROM ${TABLE}`)) as unknown as [{ n: number }[]])[0][0]?.n) !== ROWS) {
  await mysql.query(`DROP TABLE IF EXISTS ${TABLE}`);
  await mysql.query(`CREATE TABLE ${TABLE} (id INT NOT NULL PRIMARY KEY, name VARCHAR(100) NOT NULL, city VARCHAR(50) NOT NULL)`);
  await mysql.query(`INSERT INTO ${TABLE} SELECT seq, CONCAT('Item ', seq), ELT(1 + seq % 3, 'Bandung', 'Medan', 'Jakarta') FROM seq_1_to_${ROWS}`);
}
await mysql.end();

// BENCH_WEB_DIR: another build of the web app (a copy of packages/web/dist), to compare two.
const webDir = process.env.BENCH_WEB_DIR ?? buildWebApp();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-bench-clicks-'));
const server = await startServerProcess(dataDir, PASSWORD, [], undefined, { RAKIT_WEB_DIR: path.resolve(root, webDir) });
const call = jsonClient(server.base);
const login = async (userId: string) => ((await call('POST', '/auth/login', { userId, password: PASSWORD, appSlug: 'demo' })).data as { token: string }[])[0]?.token as string;
const admin = await login('demo-admin');
const appId = ((await call('GET', '/get/getApp/slug/demo')).data as { appId: number }).appId;
const dbId = ((await call('POST', '/save/saveDbConfig', {
  dbId: null, dbAppId: appId, dbType: 'mysql', dbHost: MYSQL.host, dbPort: MYSQL.port, dbUser: MYSQL.user, dbPassword: MYSQL.password, dbDatabase: MYSQL.database,
}, admin)).data as { dbId: number }).dbId;
const table = { ...createComponent('table', 'clicks', 'Barang'), database_used: dbId, primaryKey: 'id', table_used: TABLE, options: 'Id,Name,City', mapping_table: 'id,name,city' };
const pageId = await staffPage(call, admin, appId, 'Klik', [table]);

const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, baseURL: server.base });
await page.goto('/demo/auth/login');
await page.getByLabel('Username').fill('demo-user');
await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
await page.getByRole('button', { name: 'Sign In' }).click();
await page.waitForURL('**/demo/staff');
await page.goto('/demo/staff/klik');
const firstCell = page.getByTestId('data-table').locator('tbody tr').first().getByRole('cell').first();
await firstCell.filter({ hasText: /^1$/ }).waitFor();

// When the first row's first cell changes, by the page's own clock: the rows are on screen.
await page.evaluate(`(() => {
  window.rowsShownAt = [];
  const body = document.querySelector('[data-testid="data-table"] tbody');
  new MutationObserver(() => window.rowsShownAt.push(performance.now())).observe(body, { childList: true, subtree: true, characterData: true });
})()`);

interface Phases { total: number; beforeSend: number; firstByte: number; download: number; shown: number }
const phases: Phases[] = [];
for (let click = 1; click <= CLICKS; click++) {
  await page.evaluate(() => performance.clearResourceTimings());
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).click();
  await firstCell.filter({ hasText: new RegExp(`^${click * 20 + 1}$`) }).waitFor();
  const shownAt = await page.evaluate('Math.max(...window.rowsShownAt)') as number;
  const entry = await page.evaluate(() => {
    const e = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('/get/loadTableContent')).pop() as PerformanceResourceTiming | undefined;
    return e === undefined ? undefined : { startTime: e.startTime, requestStart: e.requestStart, responseStart: e.responseStart, responseEnd: e.responseEnd };
  });
  if (entry === undefined) throw new Error('No resource timing for the Next call');
  if (process.env.BENCH_LIST_CALLS === '1') console.log(await page.evaluate('performance.getEntriesByType("resource").map((r) => r.name.replace(location.origin, "") + " " + Math.round(r.startTime) + "+" + Math.round(r.duration)).join(", ")'));
  phases.push({
    total: entry.responseEnd - entry.startTime,
    beforeSend: entry.requestStart - entry.startTime,
    firstByte: entry.responseStart - entry.requestStart,
    download: entry.responseEnd - entry.responseStart,
    shown: shownAt - entry.responseEnd,
  });
}

/**
 * The same call from the idle page (fetch with the member's token), and GET /health. Written as
 * the page's own script: tsx names the functions of this file, which the page does not know.
 */
const idle = await page.evaluate(`(async () => {
  const token = JSON.parse(localStorage.getItem(${JSON.stringify(sessionStorageKey('demo'))}) ?? '{}').user?.token;
  const calls = [];
  const health = [];
  for (let i = 0; i < ${CLICKS}; i++) {
    let started = performance.now();
    await (await fetch('/get/loadTableContent', {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
      body: JSON.stringify({ pageId: ${pageId}, componentId: 'clicks', page: 2 + i, cursor: { direction: 'after', key: 20 * (1 + i) } }),
    })).text();
    calls.push(performance.now() - started);
    started = performance.now();
    await (await fetch('/health')).text();
    health.push(performance.now() - started);
  }
  // The same call once every ${CLICK_SPACING_MS} ms, as the clicks come: the server, the database and the socket idle between.
  const spaced = [];
  for (let i = 0; i < ${CLICKS}; i++) {
    await new Promise((resolve) => setTimeout(resolve, ${CLICK_SPACING_MS}));
    const started = performance.now();
    await (await fetch('/get/loadTableContent', {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
      body: JSON.stringify({ pageId: ${pageId}, componentId: 'clicks', page: 2 + i, cursor: { direction: 'after', key: 20 * (1 + i) } }),
    })).text();
    spaced.push(performance.now() - started);
  }
  return { calls, health, spaced, tokenFound: token !== undefined };
})()`) as { calls: number[]; health: number[]; spaced: number[]; tokenFound: boolean };

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const line = (label: string, values: number[]) => {
  const s = sorted(values);
  console.log(`  ${label.padEnd(44)} p50 ${percentile(s, 0.5).toFixed(1).padStart(6)} ms   p95 ${percentile(s, 0.95).toFixed(1).padStart(6)} ms`);
};
console.log(`\nNext clicked ${CLICKS} times on a member's table of ${ROWS.toLocaleString('en')} MariaDB rows (Chromium, 1366 px; Resource Timing of each call)`);
line('the Next call, start to last byte', phases.map((p) => p.total));
line('  before the request left (queue, socket)', phases.map((p) => p.beforeSend));
line('  waiting for the first byte', phases.map((p) => p.firstByte));
line('  download', phases.map((p) => p.download));
line('rows on screen after the last byte', phases.map((p) => p.shown));
if (!idle.tokenFound) console.log('  (the idle page found no session token: its calls were refused, read them as such)');
line('the same call by fetch from the idle page', idle.calls);
line('GET /health by fetch from the idle page', idle.health);
line(`the same call from the idle page, one a ${CLICK_SPACING_MS} ms`, idle.spaced);
console.log(`machine load (1/5/15 min) at end: ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}`);

await browser.close();
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
