// Measures the data table's content call on a MariaDB table of 1,000,000 rows (127.0.0.1:3306,
// root, database 'test'): a member's POST /get/loadTableContent through Fastify (auth, groups,
// page and widget lookup, schema check, SQL built on the server) against the very statements the
// server ran (captured from its pool) run with mysql2 directly, for page 1, page 40,000 (by
// offset, and the next one by key) and a search. Then a first search's latency with the bounded count
// (ARCHITECTURE §3) against the unbounded COUNT(*) of the same conditions, on MariaDB and (when it
// is there) the same table on PostgreSQL. Prints p50/p95 and ratios, how the deep page's plans compare, and the peak memory
// (RSS growth) of exporting 100,000 rows through the streamed .xlsx route.
// Run: npm run bench:table -w @rakit/bench   (BENCH_ROUNDS, default 15)
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  buildApp, createMysqlPool, forgetCounts, loadConfig, migrateToLatest, openStore, seed,
} from '@rakit/server/bench-kit';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const ROWS = 1_000_000;
const TABLE = 'rakit_bench_rows';
const CITIES = ['Bandung', 'Surabaya', 'Medan', 'Jakarta', 'Semarang', 'Makassar', 'Palembang', 'Denpasar', 'Malang', 'Bogor'];
const MYSQL = { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' };
const PASSWORD = 'bench-password';

const pool = createMysqlPool({ ...MYSQL, connectionLimit: 5, dateStrings: true, supportBigNumbers: true, bigNumberStrings: true });

/** The bench table: reused when it holds ROWS rows, else created and filled (the SEQUENCE engine, or batched INSERTs). */
async function ensureTable(): Promise<void> {
  const [existing] = await pool.query(`SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'test' AND TABLE_NAME = ?`, [TABLE]);
  if (Number((existing as { n: number }[])[0]?.n) > 0) {
    const [count] = await pool.query(`SELECT COUNT(*) AS n FROM \`${TABLE}\``);
    if (Number((count as { n: number }[])[0]?.n) === ROWS) {
      console.log(`table ${TABLE}: ${ROWS.toLocaleString('en')} rows, reused`);
      return;
    }
  }
  const started = performance.now();
  await pool.query(`DROP TABLE IF EXISTS \`${TABLE}\``);
  await pool.query(`CREATE TABLE \`${TABLE}\` (
    id INT NOT NULL PRIMARY KEY, name VARCHAR(100) NOT NULL, city VARCHAR(50) NOT NULL, category VARCHAR(50) NOT NULL,
    price INT NOT NULL, stock INT NOT NULL, created_at DATE NOT NULL, note VARCHAR(200) NOT NULL, KEY idx_city (city)
  ) ENGINE=InnoDB`);
  const cityList = CITIES.map((c) => `'${c}'`).join(', ');
  try {
    await pool.query(`INSERT INTO \`${TABLE}\` SELECT seq, CONCAT('Item ', seq), ELT(1 + seq % 10, ${cityList}),
      ELT(1 + seq % 4, 'Sembako', 'Minuman', 'Kebersihan', 'Makanan'), (seq * 7919) % 100000, seq % 500,
      DATE_ADD('2020-01-01', INTERVAL seq % 2000 DAY), CONCAT('catatan barang nomor ', seq) FROM seq_1_to_${ROWS}`);
  } catch {
    // No SEQUENCE engine (MySQL): multi-row INSERTs of 5,000 rows, two at a time.
    await pool.query(`TRUNCATE TABLE \`${TABLE}\``);
    const BATCH = 5000;
    const batch = (from: number) => Array.from({ length: BATCH }, (_, i) => {
      const n = from + i;
      const day = new Date(Date.UTC(2020, 0, 1) + (n % 2000) * 86_400_000).toISOString().slice(0, 10);
      return [n, `Item ${n}`, CITIES[n % 10], ['Sembako', 'Minuman', 'Kebersihan', 'Makanan'][n % 4], (n * 7919) % 100000, n % 500, day, `catatan barang nomor ${n}`];
    });
    for (let from = 1; from <= ROWS; from += 2 * BATCH) {
      await Promise.all([from, from + BATCH].filter((f) => f <= ROWS).map((f) => pool.query(`INSERT INTO \`${TABLE}\` VALUES ?`, [batch(f)])));
    }
  }
  console.log(`table ${TABLE}: ${ROWS.toLocaleString('en')} rows seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await ensureTable();

// --- the server, an application on the bench database, a page with two table widgets, a member ---
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-bench-table-'));
const store = openStore(undefined, dataDir);
await migrateToLatest(store);
await seed(store, PASSWORD);
const app = await buildApp(loadConfig({}, { dataDir, authRateLimit: 1_000_000, webDir: '/nonexistent', allowedDatabaseHosts: ['127.0.0.1'] }), store, { logger: false });

async function call(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token?: string) {
  const answer = await app.inject({ method, url, headers: token === undefined ? {} : { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { payload: body as object }) });
  if (answer.statusCode >= 300) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
  return answer.json() as { data: unknown };
}
const login = async (userId: string, appSlug: string) =>
  ((await call('POST', '/auth/login', { userId, password: PASSWORD, appSlug })).data as { token: string }[])[0]?.token as string;

for (const userId of ['081799990001', '081799990002']) {
  await call('POST', '/auth/register', { data: { userId, password: PASSWORD, confirm_password: PASSWORD, defaultGroupAppId: [1] } });
}
const created = (await call('POST', '/save/saveApp', { appId: null, appName: 'Bench Gudang', appDescription: '' }, await login('081799990001', 'main'))).data as { appId: number; appSlug: string };
const admin = await login('081799990001', created.appSlug);
const dbId = ((await call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: created.appId, dbType: 'mysql', dbHost: MYSQL.host, dbPort: MYSQL.port, dbUser: MYSQL.user, dbPassword: '', dbDatabase: MYSQL.database }, admin)).data as { dbId: number }).dbId;
const pageId = ((await call('POST', '/save/saveApp', { appId: created.appId, pages: [{ pageId: null, pageName: 'Barang' }] }, admin)).data as { pages: { pageId: number }[] }).pages[0]?.pageId as number;
const table = (id: string, extra: Record<string, unknown>) => ({
  id, type: 'table', version: 1, title: id, active: false, options: 'Name,City,Category,Price,Stock', mapping_table: 'name,city,category,price,stock',
  table_used: TABLE, database_used: dbId, primaryKey: 'id', ...extra,
});
const components = [table('rows', {}), table('export', { toExcel: true, filters: [{ field: 'city', type: 'select', column: 'City' }] })];

/**
 * The same table on PostgreSQL (127.0.0.1:5432, postgres, database 'test'), made through the
 * administrator's raw SQL call, for the first searches below; null when PostgreSQL is not there.
 */
async function postgresTable(): Promise<number | null> {
  try {
    const pgDbId = ((await call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: created.appId, dbType: 'postgres', dbHost: '127.0.0.1', dbPort: 5432, dbUser: 'postgres', dbPassword: '', dbDatabase: 'test' }, admin)).data as { dbId: number }).dbId;
    const sql = (query: string) => call('POST', '/action/runQuery', { dbId: pgDbId, query, params: [] }, admin);
    const have = await sql(`SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_name = '${TABLE}'`);
    const present = Number((have.data as { n: unknown }[])[0]?.n) > 0 && Number(((await sql(`SELECT COUNT(*) AS n FROM ${TABLE}`)).data as { n: unknown }[])[0]?.n) === ROWS;
    if (!present) {
      const started = performance.now();
      await sql(`DROP TABLE IF EXISTS ${TABLE}`);
      await sql(`CREATE TABLE ${TABLE} (id INT PRIMARY KEY, name VARCHAR(100) NOT NULL, city VARCHAR(50) NOT NULL, category VARCHAR(50) NOT NULL, price INT NOT NULL, stock INT NOT NULL)`);
      await sql(`INSERT INTO ${TABLE} SELECT g, 'Item ' || g, (ARRAY[${CITIES.map((c) => `'${c}'`).join(', ')}])[1 + g % 10],
        (ARRAY['Sembako', 'Minuman', 'Kebersihan', 'Makanan'])[1 + g % 4], (g::bigint * 7919) % 100000, g % 500 FROM generate_series(1, ${ROWS}) AS g`);
      await sql(`ANALYZE ${TABLE}`);
      console.log(`PostgreSQL table ${TABLE}: ${ROWS.toLocaleString('en')} rows seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    return pgDbId;
  } catch (error) {
    console.log(`PostgreSQL: not measured (${error instanceof Error ? error.message.slice(0, 200) : String(error)})`);
    return null;
  }
}
const pgDbId = await postgresTable();
if (pgDbId !== null) components.push(table('pgrows', { database_used: pgDbId }));
await call('POST', '/save/saveApp', { appId: created.appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] }, admin);
const groups = (await call('GET', `/auth/listgroup/${created.appId}`, undefined, admin)).data as { groupId: number; groupSlug: string }[];
const memberGroup = groups.find((g) => g.groupSlug === 'member')?.groupId as number;
// A user of main joins the application through the super administrator (its own admin may add only its own users).
await call('POST', '/auth/addUserToGroup', { userId: '081799990002', groupId: memberGroup }, await login('admin', '_root'));
const menuId = ((await call('POST', '/save/saveMenu', { menuId: null, menuName: 'Barang', menuAppId: created.appId, menuPageId: pageId, menuParentMenuId: 0 }, admin)).data as { menuId: number }).menuId;
await call('PUT', '/auth/updategroup', { groupId: memberGroup, groupAppId: created.appId, groupAccess: { menuId: [menuId] } }, admin);
const member = await login('081799990002', created.appSlug);

// --- latency of the content call against the same statements run directly ---
const load = (body: Record<string, unknown>) => app.inject({
  method: 'POST', url: '/get/loadTableContent', headers: { authorization: `Bearer ${member}` }, payload: { pageId, componentId: 'rows', ...body },
});
await load({});
const source = await app.dataSources.get(dbId, () => Promise.reject(new Error('the connection is open already')));

/** The statements the server runs for one call, as it sent them to its pool (`from`: the widget's connection). */
async function capture(body: Record<string, unknown>, from = source): Promise<{ sql: string; params: unknown[] }[]> {
  const seen: { sql: string; params: unknown[] }[] = [];
  const query = from.query;
  from.query = (sql, params, options) => {
    seen.push({ sql, params: [...params] });
    return query.call(from, sql, params, options);
  };
  forgetCounts(from);
  const answer = await load(body);
  from.query = query;
  if (answer.statusCode !== 200) throw new Error(answer.body);
  // the schema read (kept 30 s) is not part of a load
  return seen.filter((s) => !s.sql.includes('information_schema'));
}

/** Samples of each function, taken in turns (a, b, c, a, b, c…) so a drifting database weighs on all alike. */
async function measure(runs: (() => Promise<unknown>)[], rounds = ROUNDS): Promise<number[][]> {
  for (let i = 0; i < 2; i++) for (const run of runs) await run();
  const samples = runs.map(() => [] as number[]);
  for (let i = 0; i < rounds; i++) {
    for (const [j, run] of runs.entries()) {
      const start = performance.now();
      await run();
      samples[j]?.push(performance.now() - start);
    }
  }
  return samples.map((s) => s.sort((a, b) => a - b));
}
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;
const line = (name: string, s: number[]) => `  ${name.padEnd(40)} p50 ${ms(pct(s, 0.5))}   p95 ${ms(pct(s, 0.95))}`;
const ratio = (a: number[], b: number[]) => `p50 ${(pct(a, 0.5) / pct(b, 0.5)).toFixed(2)}  p95 ${(pct(a, 0.95) / pct(b, 0.95)).toFixed(2)}`;

const scenarios = [
  { name: 'page 1', body: { page: 1 } },
  { name: 'page 40,000', body: { page: 40_000 } },
  { name: 'page 40,001 by key (Next from 40,000)', body: { page: 40_001, after: 800_000 } },
  { name: 'search "Item 4242", page 1', body: { search: 'Item 4242' } },
];
console.log(`\nPOST /get/loadTableContent, ${ROUNDS} rounds per figure, MariaDB, ${ROWS.toLocaleString('en')} rows, 20 rows a page`);
for (const scenario of scenarios) {
  const statements = await capture(scenario.body);
  const [direct, coldApi, servedApi, rowsOnly] = await measure([
    () => Promise.all(statements.map((s) => pool.query(s.sql, s.params))),
    () => { forgetCounts(source); return load(scenario.body); },
    () => load(scenario.body),
    () => pool.query(statements[0]?.sql as string, statements[0]?.params),
  ]) as [number[], number[], number[], number[]];
  console.log(`${scenario.name}`);
  for (const s of statements) console.log(`    ${s.sql}   ${JSON.stringify(s.params)}`);
  console.log(line('direct: the same statements (rows + count)', direct));
  console.log(line('API, count computed on every call', coldApi));
  console.log(line('API as served (slow count kept 10 s)', servedApi));
  console.log(line('direct: the rows statement alone', rowsOnly));
  console.log(`  ratio API (count computed) / direct: ${ratio(coldApi, direct)}`);
  console.log(`  ratio API as served / direct rows alone: ${ratio(servedApi, rowsOnly)}`);
}

// --- first search: the bounded count against the unbounded one ---
/** The unbounded COUNT(*) of a bounded count statement: the same conditions, no LIMIT. */
function unbounded(count: { sql: string; params: unknown[] }): { sql: string; params: unknown[] } {
  const match = /^SELECT COUNT\(\*\) AS n FROM \(SELECT 1 AS one FROM (.*) LIMIT \?\) AS c$/s.exec(count.sql);
  if (match === null) throw new Error(`not a bounded count: ${count.sql}`);
  return { sql: `SELECT COUNT(*) AS n FROM ${match[1] as string}`, params: count.params.slice(0, -1) };
}
const searches = [
  { name: 'search "Item 1" (111,112 rows match)', body: { search: 'Item 1' } },
  { name: 'search "Bandung" (100,000 rows match)', body: { search: 'Bandung' } },
  { name: 'search "Item 4242" (111 rows match)', body: { search: 'Item 4242' } },
];
type Direct = (sql: string, params: unknown[]) => Promise<unknown>;

/** The searches on one engine's table: `componentId` reads it through `from`; `direct` runs a statement without the API. */
async function firstSearches(engine: string, componentId: string, from: typeof source, direct: Direct, countOf: (sql: string, params: unknown[]) => Promise<number>) {
  console.log(`\nfirst search (count computed, nothing cached), bounded count (cap 10,000) against the unbounded COUNT(*), ${ROUNDS} rounds, ${engine}`);
  for (const scenario of searches) {
    const body = { ...scenario.body, componentId };
    const statements = await capture(body, from);
    const rowsStatement = statements[0] as { sql: string; params: unknown[] };
    const bounded = statements.find((s) => s.sql.startsWith('SELECT COUNT(*)')) as { sql: string; params: unknown[] };
    const full = unbounded(bounded);
    const [apiBounded, directUnbounded, countBounded, countUnbounded] = await measure([
      () => { forgetCounts(from); return load(body); },
      () => Promise.all([direct(rowsStatement.sql, rowsStatement.params), direct(full.sql, full.params)]),
      () => direct(bounded.sql, bounded.params),
      () => direct(full.sql, full.params),
    ]) as [number[], number[], number[], number[]];
    console.log(`${scenario.name}: bounded count answers ${await countOf(bounded.sql, bounded.params)}, unbounded ${await countOf(full.sql, full.params)}`);
    console.log(line('API, bounded count', apiBounded));
    console.log(line('direct: rows + unbounded COUNT(*)', directUnbounded));
    console.log(line('direct: bounded count alone', countBounded));
    console.log(line('direct: unbounded COUNT(*) alone', countUnbounded));
    console.log(`  ratio unbounded (direct rows + COUNT(*)) / API with the bounded count: ${ratio(directUnbounded, apiBounded)}`);
    console.log(`  ratio unbounded COUNT(*) / bounded count: ${ratio(countUnbounded, countBounded)}`);
  }
}
await firstSearches('MariaDB (mysql2 directly)', 'rows', source, (sql, params) => pool.query(sql, params),
  async (sql, params) => Number(((await pool.query(sql, params))[0] as { n: unknown }[])[0]?.n));
if (pgDbId !== null) {
  const pgSource = await app.dataSources.get(pgDbId, () => Promise.reject(new Error('the connection is open already')));
  // PostgreSQL's statements run directly on the server's own pg pool (its connector rewrites ? to $n), past the API.
  await firstSearches('PostgreSQL (the pg pool directly)', 'pgrows', pgSource, (sql, params) => pgSource.query(sql, params as never[]),
    async (sql, params) => Number((await pgSource.query(sql, params as never[])).rows[0]?.n));
}

// --- plans for the deep page, run directly ---
const deepPlain = `SELECT \`name\`, \`city\`, \`category\`, \`price\`, \`stock\`, \`id\` FROM \`${TABLE}\` ORDER BY \`id\` ASC LIMIT ? OFFSET ?`;
const deepJoin = `SELECT r.\`name\`, r.\`city\`, r.\`category\`, r.\`price\`, r.\`stock\`, r.\`id\` FROM \`${TABLE}\` AS r INNER JOIN (SELECT \`id\` FROM \`${TABLE}\` ORDER BY \`id\` ASC LIMIT ? OFFSET ?) AS k ON r.\`id\` = k.\`id\` ORDER BY r.\`id\` ASC`;
const deepKeyset = `SELECT \`name\`, \`city\`, \`category\`, \`price\`, \`stock\`, \`id\` FROM \`${TABLE}\` WHERE \`id\` > ? ORDER BY \`id\` ASC LIMIT ?`;
console.log('\npage 40,000 (offset 799,980), plans run directly:');
const [plain, joined, keyset] = await measure([
  () => pool.query(deepPlain, [20, 799_980]),
  () => pool.query(deepJoin, [20, 799_980]),
  () => pool.query(deepKeyset, [799_980, 20]),
]) as [number[], number[], number[]];
console.log(line('LIMIT/OFFSET on the rows', plain));
console.log(line('deferred join (offset walked on the key)', joined));
console.log(line('keyset (WHERE id > last key; Next only)', keyset));

// --- memory of a 100,000-row export through the streamed route ---
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;

/** Downloads a URL, dropping the bytes; answers the byte count, the time and the RSS growth peak. */
async function download(url: string, method: 'GET' | 'POST' = 'GET', body?: unknown): Promise<{ bytes: number; ms: number; peakMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 5);
  const start = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const request = http.request({
    host: '127.0.0.1', port, path: url, method,
    headers: { authorization: `Bearer ${member}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
  });
  request.end(payload);
  const [response] = (await once(request, 'response')) as [http.IncomingMessage];
  let bytes = 0;
  response.on('data', (chunk: Buffer) => { bytes += chunk.length; peak = Math.max(peak, process.memoryUsage().rss); });
  await once(response, 'end');
  clearInterval(sampler);
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
  return { bytes, ms: performance.now() - start, peakMb: (peak - before) / 1024 / 1024 };
}
const filterColumn = encodeURIComponent(JSON.stringify({ city: 'Bandung' }));
const exported = await download(`/print/excelFromTable/stream?pageId=${pageId}&componentId=export&filterColumn=${filterColumn}&filename=bandung`);
console.log(`\nexport of 100,000 rows (city = Bandung), GET /print/excelFromTable/stream:`);
console.log(`  ${(exported.bytes / 1024 / 1024).toFixed(1)} MB .xlsx in ${(exported.ms / 1000).toFixed(1)} s, peak RSS growth ${exported.peakMb.toFixed(0)} MB (target < 200 MB)`);
const blob = await download('/print/blob/excelFromTable', 'POST', { pageId, componentId: 'export', filename: 'bandung', filter: { search: '', filterColumn: { city: 'Bandung' }, possibleFilters: [] } });
console.log(`  the same through POST /print/blob/excelFromTable (whole file, base64 in JSON): ${(blob.bytes / 1024 / 1024).toFixed(1)} MB in ${(blob.ms / 1000).toFixed(1)} s, peak RSS growth ${blob.peakMb.toFixed(0)} MB`);

await app.close();
await store.destroy();
await pool.end();
rmSync(dataDir, { recursive: true, force: true });
