// Issue 19's figures: a data table of 1,000,000 rows on MariaDB (127.0.0.1:3306, root, database
// 'test') and PostgreSQL (127.0.0.1:5432, postgres, database 'test'), read through
// POST /get/loadTableContent of a Rakit server in its own process, against the FLOOR: the same
// user request (the page's rows and its bounded count) as the best statements the engine can run
// for it, sent by the bench's own pool after an HTTP round trip to the server (GET /health: a
// user's request crosses HTTP whatever the server does; the ratio over the statements alone is
// printed too): the keyset read for First/Next/Last, the deferred join on the key for a jump to a page number, the FULLTEXT MATCH (MariaDB) / pg_trgm ILIKE (PostgreSQL)
// for an indexed search, an index-only LIMIT for a bounded count. Then a member's search against
// an administrator's under 200 concurrent clients (autocannon), and a persisted query's server
// overhead over (HTTP floor + the raw query). Prints p50/p95, the ratios and the targets, and the
// machine's load at start and end (2 cores, other work running: read the figures with it).
//
// Run: npm run bench:table -w @rakit/bench
//   BENCH_ROUNDS (default 300)  samples per figure (30 at most for the jump, 5 for a search without an index)
//   BENCH_WARMUP (default 300) untimed turns before them (at most as many as the samples; the overhead part takes 1,000)
//   BENCH_ONLY=pages,concurrency,overhead  the parts to run (default all)
//   BENCH_ENGINES=mysql,postgres           the engines of the pages part (default both)
//   BENCH_SECONDS (default 5)              length of each autocannon run (BENCH_PAIRS, default 10, pairs of them)
//   BENCH_SCENARIOS=langka,Next            only the page scenarios whose name holds one of these (default all)
//   BENCH_API_ONLY=<n>                     the pages part sends n of the API's requests alone, no floor (for request-phases.mjs)
//   BENCH_CPU_PROF=<dir>                   the server runs with --cpu-prof, its profile written there
//   BENCH_SERVER_LOG=<file>                the server's output (RAKIT_LOG_LEVEL=info: each request's responseTime)
//   BENCH_NODE_ARGS='<args>'               more arguments for the server's node, e.g. "--import $PWD/request-phases.mjs"
//                                          (where a request's time goes before and after its statement)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createComponent } from '@rakit/core';
import autocannon from 'autocannon';
import {
  benchPools, staffPage, tableWidget, touchWidget, createMysqlRows, createPostgresRows, type Direct, holdsBenchRows, loadLine, MYSQL, PASSWORD, POSTGRES, ROWS,
} from './big-table';
import { cpuTimeMs, jsonClient, startServerProcess } from './server-process';
import { measureInTurns, percentile, type Timed } from './stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
/** Untimed turns before the samples of a figure (at most its rounds). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 300);
const ONLY = new Set((process.env.BENCH_ONLY ?? 'pages,concurrency,overhead').split(','));
const ENGINES = new Set((process.env.BENCH_ENGINES ?? 'mysql,postgres').split(','));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SCENARIOS = process.env.BENCH_SCENARIOS?.split(',');
/** When set, the pages part sends this many of the API's requests alone, nothing else (see request-phases.mjs). */
const API_ONLY = Number(process.env.BENCH_API_ONLY ?? 0);
const PAGE_SIZE = 20;
/** The count cap of the server (core TABLE_COUNT_CAP): a bounded count reads at most one row more. */
const COUNT_CAP = 10_000;
/** The plain table (no search index) and its copy whose `note` carries FULLTEXT / a pg_trgm GIN index. */
const TABLE = 'rakit_bench_table';
const INDEXED = 'rakit_bench_table_ft';
/** A one-row table whose row a member edits through its widget: the server then forgets that connection's kept counts. */
const TOUCH = 'rakit_bench_touch';
console.log(loadLine('at start'));

// --- the tables -------------------------------------------------------------------------------

const { mysql, mysqlDirect, pgPool, pgDirect } = benchPools();

async function seedMysql(): Promise<void> {
  const exists = `SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'test' AND TABLE_NAME = ?`;
  const started = performance.now();
  if (!(await holdsBenchRows(mysqlDirect, TABLE, exists))) {
    await createMysqlRows(mysqlDirect, TABLE, ', KEY idx_city (city)');
  }
  if (!(await holdsBenchRows(mysqlDirect, INDEXED, exists))) {
    await mysql.query(`DROP TABLE IF EXISTS ${INDEXED}`);
    await mysql.query(`CREATE TABLE ${INDEXED} LIKE ${TABLE}`);
    await mysql.query(`INSERT INTO ${INDEXED} SELECT * FROM ${TABLE}`);
    await mysql.query(`ALTER TABLE ${INDEXED} ADD FULLTEXT INDEX ft_note (note)`);
    await mysql.query(`ANALYZE TABLE ${INDEXED}`);
  }
  await mysql.query(`CREATE TABLE IF NOT EXISTS ${TOUCH} (id INT NOT NULL PRIMARY KEY, name VARCHAR(20) NOT NULL)`);
  await mysql.query(`INSERT IGNORE INTO ${TOUCH} VALUES (1, 'touch')`);
  console.log(`MariaDB: ${TABLE} and ${INDEXED} (FULLTEXT on note), ${ROWS.toLocaleString('en')} rows each, ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function seedPostgres(): Promise<void> {
  const exists = `SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name = ?`;
  const started = performance.now();
  if (!(await holdsBenchRows(pgDirect, TABLE, exists))) {
    await createPostgresRows(pgDirect, TABLE);
    await pgDirect(`CREATE INDEX ${TABLE}_city ON ${TABLE} (city)`);
    await pgDirect(`VACUUM ANALYZE ${TABLE}`);
  }
  if (!(await holdsBenchRows(pgDirect, INDEXED, exists))) {
    await pgDirect('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await pgDirect(`DROP TABLE IF EXISTS ${INDEXED}`);
    await pgDirect(`CREATE TABLE ${INDEXED} (LIKE ${TABLE} INCLUDING ALL)`);
    await pgDirect(`INSERT INTO ${INDEXED} SELECT * FROM ${TABLE}`);
    await pgDirect(`CREATE INDEX ${INDEXED}_note_trgm ON ${INDEXED} USING gin (note gin_trgm_ops)`);
    await pgDirect(`VACUUM ANALYZE ${INDEXED}`);
  }
  await pgDirect(`CREATE TABLE IF NOT EXISTS ${TOUCH} (id INT PRIMARY KEY, name VARCHAR(20) NOT NULL)`);
  await pgDirect(`INSERT INTO ${TOUCH} VALUES (1, 'touch') ON CONFLICT DO NOTHING`);
  console.log(`PostgreSQL: ${TABLE} and ${INDEXED} (pg_trgm GIN on note), ${ROWS.toLocaleString('en')} rows each, ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The engines the bench reaches, each seeded; one that is not there is said and left out. */
async function ready(name: string, seedIt: () => Promise<void>): Promise<boolean> {
  try {
    await seedIt();
    return true;
  } catch (error) {
    console.log(`${name}: not measured (${error instanceof Error ? error.message.slice(0, 200) : String(error)})`);
    return false;
  }
}
const onMysql = await ready('MariaDB', seedMysql);
const onPostgres = (ONLY.has('pages') && ENGINES.has('postgres')) ? await ready('PostgreSQL', seedPostgres) : false;
if (!onMysql) throw new Error('MariaDB is needed (the concurrency and overhead parts run on it)');

// --- the server, the demo application, a page of table widgets and a button, its staff member ---
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-bench-table-'));
const profileDir = process.env.BENCH_CPU_PROF;
const server = await startServerProcess(dataDir, PASSWORD, [...(profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]), ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])]);
const call = jsonClient(server.base);
const login = async (userId: string) => ((await call('POST', '/auth/login', { userId, password: PASSWORD, appSlug: 'demo' })).data as { token: string }[])[0]?.token as string;
const admin = await login('demo-admin');
const appId = ((await call('GET', '/get/getApp/slug/demo')).data as { appId: number }).appId;
const saveDb = async (settings: typeof MYSQL, dbType: 'mysql' | 'postgres') =>
  ((await call('POST', '/save/saveDbConfig', {
    dbId: null, dbAppId: appId, dbType, dbHost: settings.host, dbPort: settings.port, dbUser: settings.user, dbPassword: settings.password, dbDatabase: settings.database,
  }, admin)).data as { dbId: number }).dbId;
const mysqlDbId = await saveDb(MYSQL, 'mysql');
const pgDbId = onPostgres ? await saveDb(POSTGRES, 'postgres') : null;

const SHOWN = ['name', 'city', 'category', 'note', 'price', 'stock'];
/**
 * The widgets: the plain table with every column, and the indexed copy showing `note` alone,
 * so whichever way the server decides a search is served by an index (each searched column's
 * own index, or one over all of them), the one FULLTEXT / GIN index on note is it.
 */
const components: unknown[] = [tableWidget('mysql-plain', mysqlDbId, TABLE, SHOWN), tableWidget('mysql-indexed', mysqlDbId, INDEXED, ['note']), touchWidget('mysql-touch', mysqlDbId, TOUCH)];
if (pgDbId !== null) components.push(tableWidget('postgres-plain', pgDbId, TABLE, SHOWN), tableWidget('postgres-indexed', pgDbId, INDEXED, ['note']), touchWidget('postgres-touch', pgDbId, TOUCH));
/** The persisted query of the overhead figure: 20 rows by key, the signed-in user bound as a parameter. */
const PERSISTED = `SELECT id, name, note FROM ${TABLE} WHERE id > CHAR_LENGTH(?) ORDER BY id LIMIT 20`;
const button = createComponent('button', 'bench-button', 'Cari');
button.custom_action = [{ name: 'lookup', action: 'QUERY' as const, cause: '', show: true, stored: { database: mysqlDbId, query: PERSISTED, params: [{ source: '--userId--', custom: '' }] } }];
components.push(createComponent('input', 'bench-input', 'Nama'), button);
const pageId = await staffPage(call, admin, appId, 'Barang', components);
const member = await login('demo-user');

interface Answer { status: boolean; data: unknown; error?: string[] }
const load = (componentId: string, body: Record<string, unknown>, token = member) =>
  call('POST', '/get/loadTableContent', { pageId, componentId, ...body }, token) as Promise<Answer>;
let touches = 0;
/** A member's row edit on the engine's connection: the server forgets the counts it kept for it (tables/run.ts). */
async function forgetCounts(engine: 'mysql' | 'postgres'): Promise<void> {
  const answer = await call('POST', '/action/editRow', { pageId, componentId: `${engine}-touch`, actionName: 'EDIT', key: 1, values: { name: `touch ${++touches}` } }, member) as Answer;
  if (!answer.status) throw new Error(`The touch edit failed: ${JSON.stringify(answer).slice(0, 200)}`);
}

// --- statistics -------------------------------------------------------------------------------

/**
 * Samples in turns (stats.ts measureInTurns), after at least 3 untimed turns: V8 compiles a
 * path's code in tiers over its first thousand or so runs, and a server answers far more calls
 * than that, so a sample of a cold path is not what a user of a running server waits for (the
 * first 1,500 persisted queries of a fresh server took twice as long inside it as the next ones,
 * bench/request-phases.mjs).
 */
const measure = (runs: Timed[], rounds = ROUNDS, warmup = Math.min(WARMUP, rounds)) => measureInTurns(runs, rounds, Math.max(3, warmup));
const p50 = (s: readonly number[]) => percentile(s, 0.5);
const p95 = (s: readonly number[]) => percentile(s, 0.95);
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1).padStart(7)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

// --- pages, searches and counts against the floor --------------------------------------------

/**
 * The body of one user request, as the browser sends it: Next at depth 40,000 sends the cursor
 * of page 39,999's last row; Last asks for the rows read from the end of the key order.
 */
function request(kind: 'first' | 'next' | 'last' | 'jump' | 'search', search = ''): Record<string, unknown> {
  switch (kind) {
    case 'first': return { page: 1 };
    case 'next': return { page: 40_000, cursor: { direction: 'after', key: 39_999 * PAGE_SIZE } };
    case 'last': return { page: ROWS / PAGE_SIZE, cursor: { direction: 'last' } };
    case 'jump': return { page: 40_000 };
    case 'search': return { page: 1, search };
  }
}

interface Floor {
  label: string;
  statements: { sql: string; params: unknown[] }[];
  /** Another plan for the same rows (a term on most rows is found sooner in key order than through its index): the quicker one is the floor. */
  alternative?: Floor;
}

/** The best statements an engine runs for each request: the page's rows and its bounded count, side by side. */
function floors(engine: 'mysql' | 'postgres') {
  const cols = (table: string) => (table === INDEXED ? 'id, note' : `id, ${SHOWN.join(', ')}`);
  const bounded = (table: string, where = '', params: unknown[] = []) => ({
    sql: `SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM ${table}${where} LIMIT ${COUNT_CAP + 1}) AS c`, params,
  });
  const matches = (term: string) => (engine === 'mysql'
    ? { where: ' WHERE MATCH(note) AGAINST (? IN BOOLEAN MODE)', params: [`+${term}*`], how: 'FULLTEXT MATCH … AGAINST (boolean, prefix)' }
    : { where: ' WHERE note ILIKE ?', params: [`%${term}%`], how: 'pg_trgm GIN, note ILIKE' });
  // The same rows read in key order, the index left aside: MariaDB's word prefix as LIKE, PostgreSQL's ILIKE on an expression.
  const keyOrder = (term: string) => (engine === 'mysql'
    ? { where: ' WHERE (note LIKE ? OR note LIKE ?)', params: [`${term}%`, `% ${term}%`], how: 'key order, word prefix as note LIKE' }
    : { where: ' WHERE (note || \'\') ILIKE ?', params: [`%${term}%`], how: 'key order, ILIKE past the index' });
  const plan = (m: { where: string; params: unknown[]; how: string }): Floor => ({
    label: `${m.how} + bounded count`,
    statements: [{ sql: `SELECT ${cols(INDEXED)} FROM ${INDEXED}${m.where} ORDER BY id LIMIT ${PAGE_SIZE}`, params: m.params }, bounded(INDEXED, m.where, m.params)],
  });
  const indexed = (term: string): Floor => ({ ...plan(matches(term)), alternative: plan(keyOrder(term)) });
  const like = engine === 'mysql' ? 'LIKE' : 'ILIKE';
  const scan = (term: string): Floor => {
    const where = ` WHERE ${SHOWN.map((c) => `${engine === 'postgres' && (c === 'price' || c === 'stock') ? `${c}::text` : c} ${like} ?`).join(' OR ')}`;
    const params = SHOWN.map(() => `%${term}%`);
    return { label: `no index: ${like} over the shown columns + bounded count`, statements: [{ sql: `SELECT ${cols(TABLE)} FROM ${TABLE}${where} ORDER BY id LIMIT ${PAGE_SIZE}`, params }, bounded(TABLE, where, params)] };
  };
  const plainCount = bounded(TABLE);
  return {
    first: { label: 'ORDER BY id LIMIT n + bounded count', statements: [{ sql: `SELECT ${cols(TABLE)} FROM ${TABLE} ORDER BY id LIMIT ${PAGE_SIZE}`, params: [] }, plainCount] },
    next: { label: 'WHERE id > ? ORDER BY id LIMIT n + bounded count', statements: [{ sql: `SELECT ${cols(TABLE)} FROM ${TABLE} WHERE id > ? ORDER BY id LIMIT ${PAGE_SIZE}`, params: [39_999 * PAGE_SIZE] }, plainCount] },
    last: { label: 'ORDER BY id DESC LIMIT n + bounded count', statements: [{ sql: `SELECT ${cols(TABLE)} FROM ${TABLE} ORDER BY id DESC LIMIT ${PAGE_SIZE}`, params: [] }, plainCount] },
    jump: {
      label: 'deferred join (OFFSET on the key) + bounded count',
      statements: [{ sql: `SELECT ${SHOWN.map((c) => `r.${c}`).join(', ')}, r.id FROM ${TABLE} AS r INNER JOIN (SELECT id FROM ${TABLE} ORDER BY id LIMIT ${PAGE_SIZE} OFFSET ${39_999 * PAGE_SIZE}) AS k ON r.id = k.id ORDER BY r.id`, params: [] }, plainCount],
    },
    indexed, scan,
  };
}

interface Scenario {
  name: string;
  componentId: string;
  body: Record<string, unknown>;
  floor: Floor;
  /** The targets: p50 at most `maxMs` and at most `maxRatio` × the floor's p50. */
  target?: { maxMs: number; maxRatio: number };
  /** Fewer samples for a slow request (a jump, a full scan). */
  rounds?: number;
}

const PAGER = { maxMs: 10, maxRatio: 1.25 };
const SCAN_ROUNDS = Math.min(ROUNDS, 5);
/** A jump reads ~60 ms: fewer samples do; a figure under a few milliseconds needs hundreds to be steady on a shared machine. */
const JUMP_ROUNDS = Math.min(ROUNDS, 30);
const SEARCH = { maxMs: 50, maxRatio: 1.25 };

function scenarios(engine: 'mysql' | 'postgres'): Scenario[] {
  const f = floors(engine);
  const plain = `${engine}-plain`;
  const indexed = `${engine}-indexed`;
  return [
    { name: 'page 1 (First)', componentId: plain, body: request('first'), floor: f.first, target: PAGER },
    { name: 'Next at depth 40,000 (cursor after page 39,999\'s last key)', componentId: plain, body: request('next'), floor: f.next, target: PAGER },
    { name: 'Last', componentId: plain, body: request('last'), floor: f.last, target: PAGER },
    { name: 'jump to page 40,000', componentId: plain, body: request('jump'), floor: f.jump, rounds: JUMP_ROUNDS },
    { name: 'search "langka" with an index (3 rows)', componentId: indexed, body: request('search', 'langka'), floor: f.indexed('langka'), target: SEARCH },
    { name: 'search "barang" with an index (900,000 rows: the count)', componentId: indexed, body: request('search', 'barang'), floor: f.indexed('barang'), target: SEARCH },
    { name: 'search "langka" without an index (3 rows)', componentId: plain, body: request('search', 'langka'), floor: f.scan('langka'), rounds: SCAN_ROUNDS },
    { name: 'search "barang" without an index (900,000 rows: the count)', componentId: plain, body: request('search', 'barang'), floor: f.scan('barang'), rounds: SCAN_ROUNDS },
  ];
}

/** What the API answered, in a few words: the count it showed, or its error. */
function summary(answer: Answer): string {
  if (!answer.status) return `error: ${(answer.error ?? []).join(' ').slice(0, 160)}`;
  const content = (answer.data as { count: number; countCapped?: boolean; filteredResult: unknown[] }[])[0];
  return `${content?.filteredResult.length} rows, count ${content?.count}${content?.countCapped === true ? ' (capped: "more than")' : ''}`;
}

async function pages(engine: 'mysql' | 'postgres', direct: Direct): Promise<void> {
  console.log(`\n${engine === 'mysql' ? 'MariaDB' : 'PostgreSQL'}, ${ROWS.toLocaleString('en')} rows, ${PAGE_SIZE} a page, a member's POST /get/loadTableContent against the floor, ${ROUNDS} rounds after ${Math.min(WARMUP, ROUNDS)} untimed (${JUMP_ROUNDS} for the jump, ${SCAN_ROUNDS} for a search without an index)`);
  const runFloor = (floor: Floor) => Promise.all(floor.statements.map((st) => direct(st.sql, st.params)));
  for (const s of scenarios(engine).filter((c) => SCENARIOS === undefined || SCENARIOS.some((part) => c.name.includes(part)))) {
    const answered = await load(s.componentId, s.body);
    console.log(`${s.name}: the API answered ${summary(answered)}`);
    // A short first page is its own count: the stricter floor reads the page alone.
    const short = s.body.page === 1 && answered.status && ((answered.data as { filteredResult: unknown[] }[])[0]?.filteredResult.length ?? PAGE_SIZE) < PAGE_SIZE;
    let best = s.floor;
    if (s.floor.alternative !== undefined) {
      // The floor is the quicker plan: each timed three times, the median compared.
      const [a, b] = await measure([() => runFloor(s.floor), () => runFloor(s.floor.alternative as Floor)], 3) as [number[], number[]];
      console.log(`  (plans for the floor, median of 3: ${s.floor.label} ${ms(p50(a))}; ${s.floor.alternative.label} ${ms(p50(b))})`);
      if (p50(b) < p50(a)) best = s.floor.alternative;
    }
    // The floor of a user's request is an HTTP round trip to the server and the best statements:
    // each sample times both back to back (GET /health, the server's cheapest answer, then the statements).
    const pageAlone = best.statements[0] as { sql: string; params: unknown[] };
    if (API_ONLY > 0) {
      // The API's requests alone, for request-phases.mjs: its steps then come from one kind of request.
      await measure([() => load(s.componentId, s.body)], API_ONLY);
      console.log(`  ${API_ONLY} requests of the API alone (BENCH_API_ONLY)`);
      continue;
    }
    const [api, floor, reached, fresh, reachedPageAlone] = await measure([
      () => load(s.componentId, s.body),
      () => runFloor(best),
      async () => { await call('GET', '/health'); await runFloor(best); },
      // The same request when the server keeps no count for it (a first visit, or past COUNT_TTL_MS).
      { before: () => forgetCounts(engine), run: () => load(s.componentId, s.body) },
      ...(short ? [async () => { await call('GET', '/health'); await direct(pageAlone.sql, pageAlone.params); }] : []),
    ], s.rounds) as [number[], number[], number[], number[], number[] | undefined];
    const ratio = p50(api) / p50(reached);
    console.log(`  API                    p50 ${ms(p50(api))}   p95 ${ms(p95(api))}   (a count past the cap is kept while the user pages)`);
    console.log(`  API, count not kept    p50 ${ms(p50(fresh))}   p95 ${ms(p95(fresh))}   ratio over the floor p50 ${(p50(fresh) / p50(reached)).toFixed(2)}`);
    console.log(`  floor: statements      p50 ${ms(p50(floor))}   p95 ${ms(p95(floor))}   (${best.label})`);
    console.log(`  floor: HTTP + them     p50 ${ms(p50(reached))}   p95 ${ms(p95(reached))}`);
    if (reachedPageAlone !== undefined) {
      console.log(`  floor: HTTP + the page alone (short: its own count)   p50 ${ms(p50(reachedPageAlone))}   API's ratio over it p50 ${(p50(api) / p50(reachedPageAlone)).toFixed(2)}`);
    }
    const target = s.target === undefined ? ''
      : `   target p50 <= ${s.target.maxMs} ms and <= ${s.target.maxRatio}x floor (HTTP + statements): ${verdict(p50(api) <= s.target.maxMs && ratio <= s.target.maxRatio)}`;
    console.log(`  ratio  p50 ${ratio.toFixed(2)}   p95 ${(p95(api) / p95(reached)).toFixed(2)}   (over the statements alone: p50 ${(p50(api) / p50(floor)).toFixed(2)})${target}`);
  }
}

if (ONLY.has('pages')) {
  if (ENGINES.has('mysql')) await pages('mysql', mysqlDirect);
  if (onPostgres) await pages('postgres', pgDirect);
}

// --- a member against an administrator under 200 concurrent clients --------------------------

/** One autocannon run of `connections` clients posting `body` with `token`: latency, requests per second, the server's CPU per request. */
async function cannon(token: string, body: Record<string, unknown>, connections: number) {
  const cpuBefore = cpuTimeMs(server.pid);
  const result = await autocannon({
    url: `${server.base}/get/loadTableContent`, method: 'POST', connections, duration: SECONDS,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
  });
  return {
    p50: result.latency.p50, p97: result.latency.p97_5, rps: result.requests.average, errors: result.non2xx + result.errors,
    cpuPerRequest: (cpuTimeMs(server.pid) - cpuBefore) / Math.max(1, result.requests.total),
  };
}

if (ONLY.has('concurrency')) {
  const pairs = Number(process.env.BENCH_PAIRS ?? 10);
  const body = { pageId, componentId: 'mysql-plain', ...request('search', 'barang') };
  console.log(`\nmember / administrator under 200 concurrent clients (autocannon, ${SECONDS} s a run, ${pairs} pairs of runs alternated): search "barang", MariaDB`);
  // Warm-up: both paths, once each.
  await cannon(admin, body, 200);
  await cannon(member, body, 200);
  const runs: Record<'administrator' | 'member', Awaited<ReturnType<typeof cannon>>[]> = { administrator: [], member: [] };
  // Short runs, each pair in the other order than the last, so the machine's drift weighs on both alike.
  for (let i = 0; i < pairs; i++) {
    for (const who of i % 2 === 0 ? ['administrator', 'member'] as const : ['member', 'administrator'] as const) {
      runs[who].push(await cannon(who === 'member' ? member : admin, body, 200));
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  for (const who of ['administrator', 'member'] as const) {
    for (const r of runs[who]) {
      console.log(`  ${who.padEnd(14)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${String(r.p50).padStart(5)} ms   p97.5 ${String(r.p97).padStart(5)} ms   server CPU ${r.cpuPerRequest.toFixed(3)} ms/request   non-2xx/errors ${r.errors}`);
    }
  }
  const of = (who: 'administrator' | 'member', pick: (r: Awaited<ReturnType<typeof cannon>>) => number) => median(runs[who].map(pick));
  // A member's cost: the server's CPU per request (what the member path adds is computed, not waited for), and the throughput.
  const cpuRatio = of('member', (r) => r.cpuPerRequest) / of('administrator', (r) => r.cpuPerRequest);
  const rpsRatio = of('administrator', (r) => r.rps) / of('member', (r) => r.rps);
  console.log(`  member/administrator (medians): server CPU per request ${cpuRatio.toFixed(2)}, throughput (administrator's req/s over the member's) ${rpsRatio.toFixed(2)}, p50 latency ${(of('member', (r) => r.p50) / of('administrator', (r) => r.p50)).toFixed(2)}   target <= 1.1: ${verdict(Math.max(cpuRatio, rpsRatio) <= 1.1)}`);
}

// --- a persisted query's server overhead ------------------------------------------------------

if (ONLY.has('overhead')) {
  const rounds = Number(process.env.BENCH_OVERHEAD_ROUNDS ?? 2000);
  // A persisted query's path is warmed longer than a page's: its figure is a fraction of a millisecond.
  const warmup = Math.max(WARMUP, 1000);
  const action = { pageId, componentId: 'bench-button', actionName: 'lookup', params: { 'bench-input': 'x' } };
  const check = await call('POST', '/action/runAction', action, member);
  const raw = await mysqlDirect(PERSISTED, ['demo-user']);
  if (!check.status || (check.data as unknown[]).length !== raw.length) throw new Error(`runAction did not answer the rows mysql2 does: ${JSON.stringify(check).slice(0, 200)}`);
  const [health, viaRakit, viaMysql2] = await measure([
    () => call('GET', '/health'),
    () => call('POST', '/action/runAction', action, member),
    () => mysqlDirect(PERSISTED, ['demo-user']),
  ], rounds, warmup) as [number[], number[], number[]];
  const overhead = p50(viaRakit) - p50(health) - p50(viaMysql2);
  /** The server process's CPU time per call of `run`, alone: less swayed than latency by what else the machine runs. */
  const cpuPerCall = async (run: () => Promise<unknown>) => {
    const before = cpuTimeMs(server.pid);
    for (let i = 0; i < rounds; i++) await run();
    return (cpuTimeMs(server.pid) - before) / rounds;
  };
  const cpuHealth = await cpuPerCall(() => call('GET', '/health'));
  const cpuAction = await cpuPerCall(() => call('POST', '/action/runAction', action, member));
  console.log(`\npersisted query run by a member (POST /action/runAction, ${raw.length} rows by key), ${rounds} rounds after ${warmup} untimed, MariaDB`);
  console.log(`  HTTP floor (GET /health, same process)   p50 ${ms(p50(health))}   p95 ${ms(p95(health))}`);
  console.log(`  raw query (mysql2 pool.query)            p50 ${ms(p50(viaMysql2))}   p95 ${ms(p95(viaMysql2))}`);
  console.log(`  Rakit POST /action/runAction             p50 ${ms(p50(viaRakit))}   p95 ${ms(p95(viaRakit))}`);
  console.log(`  server overhead over (HTTP floor + raw query) at p50: ${overhead.toFixed(3)} ms   target <= 0.25 ms: ${verdict(overhead <= 0.25)}`);
  console.log(`  server CPU per call (user + system, all threads): GET /health ${cpuHealth.toFixed(3)} ms, runAction ${cpuAction.toFixed(3)} ms, difference ${(cpuAction - cpuHealth).toFixed(3)} ms`);
}

console.log(`\n${loadLine('at end')}`);
await server.stop();
await mysql.end();
await pgPool.end();
rmSync(dataDir, { recursive: true, force: true });
