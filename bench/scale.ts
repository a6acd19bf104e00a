// Rakit scaled out on this machine, through nginx running deploy/nginx.conf: a fresh PostgreSQL
// store, the running Redis, replicas as in e2e/deployment (each its own process, port and data
// folder, one RAKIT_SECRET). Measures, with autocannon through nginx, a member's table call
// (POST /get/loadTableContent on a 10,000-row PostgreSQL table, 20 rows a page) and GET
// /get/getPage: calls per second and p50/p99 with one replica and with two; the CPU each side
// used meanwhile (replicas, the PostgreSQL backends of its two databases, nginx, the load client itself,
// from /proc/<pid>/stat utime+stime); then the failed requests and p99 of the same load during
// a rolling restart (SIGTERM one replica, start it again, wait until ready, then the other).
// Run: npm run bench:scale -w @rakit/bench   (BENCH_SECONDS per figure, default 10; BENCH_CONNECTIONS, default 16)
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  type Balancer, failTimeoutMs, freePort, freshDeployment, onPostgres, POSTGRES, pingRedis, type Replica, spawnReplica, startNginx, stopProcess, waitReady,
} from '../e2e/deployment/cluster';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROWS = 10_000;
const PASSWORD = 'bench-scale-password';
const TICKS = 100; // USER_HZ: /proc's clock ticks per second on Linux

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** utime + stime of a process (all its threads), in seconds; 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** The processes whose parent is `pid` (nginx's workers). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number).filter((child) => {
    try {
      const stat = readFileSync(`/proc/${child}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
    } catch {
      return false;
    }
  });
}

type Side = 'replicas' | 'PostgreSQL' | 'nginx' | 'load client';

async function json<T>(base: string, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(base + url, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
  const answer = (await response.json()) as { status: boolean; data: T; error?: string[] };
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${answer.error?.join(', ')}`);
  return answer.data;
}

const token = async (base: string, userId: string) =>
  (await json<{ token: string }[]>(base, 'POST', '/auth/login', undefined, { userId, password: PASSWORD, appSlug: 'demo' }))[0]?.token ?? '';

/** A staff page with a table widget over `table` of the application's PostgreSQL database; its id. */
async function tablePage(base: string, shopDatabase: string): Promise<number> {
  const admin = await token(base, 'demo-admin');
  const { appId } = await json<{ appId: number }>(base, 'GET', '/get/getApp/slug/demo');
  const { dbId } = await json<{ dbId: number }>(base, 'POST', '/save/saveDbConfig', admin, {
    dbId: null, dbAppId: appId, dbType: 'postgres', dbHost: POSTGRES.host, dbPort: POSTGRES.port, dbUser: POSTGRES.user, dbPassword: '', dbDatabase: shopDatabase,
  });
  const created = await json<{ pages: { pageId: number }[] }>(base, 'POST', '/save/saveApp', admin, { appId, pages: [{ pageId: null, pageName: 'Goods' }] });
  const pageId = created.pages[0]?.pageId as number;
  const table = {
    id: 'goods', type: 'table', title: 'Goods', database_used: dbId, table_used: 'goods', primaryKey: 'id',
    options: 'Name,City,Price', mapping_table: 'name,city,price',
  };
  await json(base, 'POST', '/save/saveApp', admin, { appId, pages: [{ pageId, pageComponents: JSON.stringify([table]) }] });
  const menuId = (await json<{ menuId: number }>(base, 'POST', '/save/saveMenu', admin, { menuId: null, menuName: 'Goods', menuAppId: appId, menuPageId: pageId, menuParentMenuId: 0 })).menuId;
  const groups = await json<{ groupId: number; groupSlug: string }[]>(base, 'GET', `/auth/listgroup/${appId}`, admin);
  const staff = groups.find((g) => g.groupSlug === 'staff')?.groupId;
  await json(base, 'PUT', '/auth/updategroup', admin, { groupId: staff, groupAppId: appId, groupAccess: { menuId: [menuId] } });
  return pageId;
}

interface Figure { perSecond: number; p50: number; p99: number; requests: number; failed: number }

function figureOf(result: autocannon.Result): Figure {
  return {
    perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99,
    requests: result.requests.total, failed: result.errors + result.timeouts + result.non2xx,
  };
}

const deployment = await freshDeployment(PASSWORD, {
  RAKIT_AUTH_RATE_LIMIT: '1000000', RAKIT_AUTH_ACCOUNT_RATE_LIMIT: '1000000', RAKIT_ALLOWED_DATABASE_HOSTS: '127.0.0.1', RAKIT_WEB_DIR: '/nonexistent',
  RAKIT_WORKFLOW_QUEUE: `rakit-bench-scale-${Date.now().toString(36)}`,
});
const shopDatabase = `${deployment.database}_shop`;
const replicas: Replica[] = [];
let balancer: Balancer | undefined;
const store = new pg.Client({ ...POSTGRES, database: 'postgres' });
try {
  await pingRedis();
  await onPostgres([`CREATE DATABASE ${shopDatabase}`]);
  await onPostgres([
    'CREATE TABLE goods (id SERIAL PRIMARY KEY, name VARCHAR(100) NOT NULL, city VARCHAR(50) NOT NULL, price INT NOT NULL)',
    `INSERT INTO goods (name, city, price) SELECT 'Item ' || i, (ARRAY['Bandung','Medan','Jakarta','Makassar'])[1 + i % 4], (i * 7919) % 100000 FROM generate_series(1, ${ROWS}) AS i`,
  ], shopDatabase);
  await store.connect();
  const ports = [await freePort(), await freePort()];
  replicas.push(spawnReplica(deployment, 0, ports[0] as number));
  await waitReady(replicas[0] as Replica);
  const pageId = await tablePage((replicas[0] as Replica).base, shopDatabase);
  const member = await token((replicas[0] as Replica).base, 'demo-user');
  const headers = { authorization: `Bearer ${member}`, 'content-type': 'application/json' };
  const tableRequest = { method: 'POST' as const, path: '/get/loadTableContent', headers, body: JSON.stringify({ pageId, componentId: 'goods', page: 1 }) };
  const pageRequest = { method: 'GET' as const, path: `/get/getPage/${pageId}`, headers: { authorization: headers.authorization } };

  /**
   * CPU seconds per side so far, by process: the replicas, the PostgreSQL backends of this run's
   * two databases (store and table data; other suites share the server), nginx and its workers, this process.
   */
  const backends = async () => (await store.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname IN ($1, $2)', [deployment.database, shopDatabase])).rows.map((r) => r.pid);
  const cpuNow = async (): Promise<Map<number, { side: Side; seconds: number }>> => {
    const nginxPid = balancer?.child.pid as number;
    const sides: [Side, number[]][] = [
      ['replicas', replicas.map((r) => r.child.pid as number)], ['PostgreSQL', await backends()],
      ['nginx', [nginxPid, ...childrenOf(nginxPid)]], ['load client', [process.pid]],
    ];
    return new Map(sides.flatMap(([side, pids]) => pids.map((pid) => [pid, { side, seconds: cpuSeconds(pid) }] as const)));
  };
  /** Each side's CPU seconds between two readings (a process that started in between counts whole). */
  const cpuUsed = (before: Map<number, { seconds: number }>, after: Map<number, { side: Side; seconds: number }>) => {
    const used: Record<Side, number> = { replicas: 0, PostgreSQL: 0, nginx: 0, 'load client': 0 };
    for (const [pid, { side, seconds }] of after) used[side] += seconds - (before.get(pid)?.seconds ?? 0);
    return used;
  };

  const load = (request: autocannon.Request, seconds = SECONDS) => autocannon({
    url: (balancer as Balancer).base, connections: CONNECTIONS, duration: seconds, requests: [request], timeout: 30,
  });

  const rows: string[] = [];
  const cpuRows: string[] = [];
  const measure = async (label: string) => {
    for (const [name, request] of [['loadTableContent', tableRequest], ['getPage', pageRequest]] as const) {
      await load(request, 2); // warm-up: pools, caches, JIT
      const before = await cpuNow();
      const figure = figureOf(await load(request));
      const after = await cpuNow();
      rows.push(`${label.padEnd(11)} ${name.padEnd(17)} ${figure.perSecond.toFixed(0).padStart(7)}/s  p50 ${String(figure.p50).padStart(4)} ms  p99 ${String(figure.p99).padStart(4)} ms  (${figure.requests} calls, ${figure.failed} failed)`);
      const used = Object.entries(cpuUsed(before, after));
      const total = used.reduce((sum, [, s]) => sum + s, 0);
      cpuRows.push(`${label.padEnd(11)} ${name.padEnd(17)} ${used.map(([side, s]) => `${side} ${s.toFixed(1)} s (${((100 * s) / total).toFixed(0)}%)`).join(', ')}`);
    }
  };

  balancer = await startNginx(deployment.dir, [ports[0] as number]);
  await measure('1 replica');
  await balancer.stop();

  replicas.push(spawnReplica(deployment, 1, ports[1] as number));
  await waitReady(replicas[1] as Replica);
  balancer = await startNginx(deployment.dir, ports as number[]);
  await measure('2 replicas');

  // Rolling restart under the same load (table and page calls in turn on each connection).
  const logStart = readFileSync(balancer.accessLog, 'utf8').length;
  // Without a callback autocannon answers its instance, which is also the promise of the result.
  const rolling = autocannon({
    url: balancer.base, connections: CONNECTIONS, duration: 600, requests: [tableRequest, pageRequest], timeout: 30,
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  const started = Date.now();
  await sleep(2000);
  for (const index of [0, 1]) {
    const old = replicas[index] as Replica;
    await stopProcess(old.child, old.exited, 'SIGTERM', 30_000);
    replicas[index] = spawnReplica(deployment, index, ports[index] as number);
    await waitReady(replicas[index] as Replica);
    // As an operator's script must: nginx takes the new replica back within fail_timeout.
    await sleep(failTimeoutMs() + 1000);
  }
  rolling.stop();
  const detail = await rolling;
  const restart = figureOf(detail);

  console.log(`\nRakit behind nginx (deploy/nginx.conf), PostgreSQL store, ${ROWS.toLocaleString('en')}-row PostgreSQL table, ${CONNECTIONS} connections, ${SECONDS} s per figure`);
  console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (at the end)\n`);
  for (const row of rows) console.log(row);
  console.log('\nCPU used during each figure (utime+stime; "PostgreSQL" = the backends of this run\'s store and table databases):');
  for (const row of cpuRows) console.log(row);
  console.log(`\nRolling restart (SIGTERM replica 0, start it, wait ready + fail_timeout, then replica 1) over ${((Date.now() - started) / 1000).toFixed(1)} s:`);
  console.log(`  ${restart.requests} calls, ${restart.failed} failed (errors ${detail.errors}, timeouts ${detail.timeouts}, non-2xx ${detail.non2xx}), p50 ${restart.p50} ms, p99 ${restart.p99} ms`);
  // What nginx answered: its 5xx are the failures people would see; 499 is autocannon's own stop
  // cancelling the calls in flight (which it may count among its errors).
  const statuses = readFileSync(balancer.accessLog, 'utf8').slice(logStart).split('\n').map((line) => /" (\d{3}) /.exec(line)?.[1]).filter((s): s is string => s !== undefined && !s.startsWith('2'));
  const serverErrors = statuses.filter((s) => s.startsWith('5')).length;
  console.log(`  nginx answered ${serverErrors} with 5xx${statuses.length > 0 ? `; not 2xx: ${[...new Set(statuses)].map((s) => `${s} × ${statuses.filter((x) => x === s).length}`).join(', ')} (499: the load client's stop)` : ''}`);
} finally {
  await balancer?.stop();
  await Promise.all(replicas.map((r) => stopProcess(r.child, r.exited)));
  await store.end().catch(() => undefined);
  await onPostgres([`DROP DATABASE IF EXISTS ${shopDatabase} WITH (FORCE)`]).catch(() => undefined);
  if (process.env.BENCH_KEEP === undefined) await deployment.cleanUp();
  else console.log(`kept ${deployment.dir}`);
}
