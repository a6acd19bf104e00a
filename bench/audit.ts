// Measures what the audit log costs a member's row edit (issue 17): POST /action/editRow through
// Fastify on a table of the application's own database (SQLite's file, MariaDB with BENCH_TABLE=mariadb,
// PostgreSQL with BENCH_TABLE=postgres), with the audit log recording
// (the row's old values read with the write, in its transaction, then the entry appended to the
// metadata store in batches) against the very same edit with recording turned off in this process. Alternating
// blocks of each, so drift hits both alike. Prints p50/p95 of each and their ratio
// (target p50 ≤ 1.1×). The metadata store is SQLite, or DATABASE_URL's.
// Run: npm run bench:audit -w @rakit/bench   (BENCH_ROUNDS, default 2000 of each)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createComponent } from '@rakit/core';
import {
  buildApp, createAppSqliteFile, createMysqlPool, loadConfig, migrateToLatest, openStore, PostgresPool, seed, seedDemo, setAuditRecording,
} from '@rakit/server/bench-kit';
import { latencyLine, ratioLine, sampleLatencies } from './stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);
/** Many short blocks: the shared machine's load swings hit both sides alike. */
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 40);
const PASSWORD = 'bench-password';
/**
 * BENCH_TABLE=mariadb: the edited table on MariaDB (127.0.0.1:3306, root, database 'test'), as the
 * spec's connections are; BENCH_TABLE=postgres: on PostgreSQL (127.0.0.1:5432, postgres, 'test');
 * SQLite's file otherwise.
 */
const TABLE_ENGINE = process.env.BENCH_TABLE === 'mariadb' || process.env.BENCH_TABLE === 'postgres' ? process.env.BENCH_TABLE : 'sqlite';
const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' };
const POSTGRES = { host: '127.0.0.1', port: 5432, user: 'postgres', password: '', database: 'test' };
const TABLE = 'rakit_bench_audit_items';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-bench-audit-'));
const store = openStore(process.env.DATABASE_URL, dataDir);
await migrateToLatest(store);
await seed(store, PASSWORD);
await seedDemo(store, { dataDir, password: PASSWORD });
const app = await buildApp(loadConfig({}, {
  dataDir, authRateLimit: 1_000_000, authAccountRateLimit: 1_000_000, webDir: '/nonexistent', allowPrivateDatabases: true,
}), store, { logger: false, workflowWorkers: 0 });

async function call<T>(method: 'GET' | 'POST' | 'PUT', url: string, token: string | undefined, payload?: object): Promise<T> {
  const answer = await app.inject({ method, url, headers: token === undefined ? {} : { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload }) });
  if (answer.statusCode >= 300) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
  return answer.json().data as T;
}
const signIn = async (userId: string) => (await call<{ token: string }[]>('POST', '/auth/login', undefined, { userId, password: PASSWORD, appSlug: 'demo' }))[0]?.token ?? '';

// The demo's administrator gives the staff a page with an items table they may edit.
const admin = await signIn('demo-admin');
const { appId } = await call<{ appId: number }>('GET', '/get/getApp/slug/demo', undefined);
let connection: Record<string, unknown>;
if (TABLE_ENGINE === 'mariadb') {
  const pool = createMysqlPool({ ...MARIADB, connectionLimit: 1 });
  await pool.query(`DROP TABLE IF EXISTS ${TABLE}`);
  await pool.query(`CREATE TABLE ${TABLE} (id INT PRIMARY KEY, name VARCHAR(100) NOT NULL, price INT NOT NULL)`);
  await pool.query(`INSERT INTO ${TABLE} (id, name, price) SELECT seq, CONCAT('Item ', seq), seq * 10 FROM seq_1_to_1000`);
  await pool.end();
  connection = { dbType: 'mysql', dbHost: MARIADB.host, dbPort: MARIADB.port, dbUser: MARIADB.user, dbPassword: MARIADB.password, dbDatabase: MARIADB.database };
} else if (TABLE_ENGINE === 'postgres') {
  const pool = new PostgresPool({ ...POSTGRES, max: 1 });
  await pool.query(`DROP TABLE IF EXISTS ${TABLE}`);
  await pool.query(`CREATE TABLE ${TABLE} (id INT PRIMARY KEY, name VARCHAR(100) NOT NULL, price INT NOT NULL)`);
  await pool.query(`INSERT INTO ${TABLE} (id, name, price) SELECT i, 'Item ' || i, i * 10 FROM generate_series(1, 1000) AS i`);
  await pool.end();
  connection = { dbType: 'postgres', dbHost: POSTGRES.host, dbPort: POSTGRES.port, dbUser: POSTGRES.user, dbPassword: POSTGRES.password, dbDatabase: POSTGRES.database };
} else {
  await createAppSqliteFile(dataDir, appId, 'bench-items.db', `CREATE TABLE ${TABLE} (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price INTEGER NOT NULL);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) INSERT INTO ${TABLE} SELECT i, 'Item ' || i, i * 10 FROM n;`);
  connection = { dbType: 'sqlite', dbDatabase: 'bench-items.db' };
}
const { dbId } = await call<{ dbId: number }>('POST', '/save/saveDbConfig', admin, { dbAppId: appId, ...connection });
const items = {
  ...createComponent('table', 'items', 'Items'),
  database_used: dbId, primaryKey: 'id', table_used: TABLE, options: 'Name,Price', mapping_table: 'name,price',
  custom_action: [{ name: 'Edit', action: 'EDIT', cause: '', show: true, raw: { editFields: [{ name: 'name', type: 'text', options: '' }, { name: 'price', type: 'number', options: '' }] } }],
};
const { pages } = await call<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', admin, { appId, pages: [{ pageId: null, pageName: 'Bench items' }] });
const pageId = pages[0]?.pageId as number;
await call('POST', '/save/saveApp', admin, { appId, pages: [{ pageId, pageComponents: JSON.stringify([items]) }] });
const { menuId } = await call<{ menuId: number }>('POST', '/save/saveMenu', admin, { menuName: 'Bench', menuAppId: appId, menuPageId: pageId });
const groups = await call<{ groupId: number; groupSlug: string; groupAccess: { menuId: number[] } }[]>('GET', `/auth/listgroup/${appId}`, admin);
const staff = groups.find((g) => g.groupSlug === 'staff');
if (staff === undefined) throw new Error('the demo has no staff group');
await call('PUT', '/auth/updategroup', admin, { groupId: staff.groupId, groupAppId: appId, groupAccess: { menuId: [menuId] } });
const member = await signIn('demo-user');

let edits = 0;
/** One member's edit of a row (a different row and name each time, as people do). */
const edit = async () => {
  edits += 1;
  const answer = await app.inject({
    method: 'POST', url: '/action/editRow', headers: { authorization: `Bearer ${member}` },
    payload: { pageId, componentId: 'items', actionName: 'Edit', key: 1 + (edits % 1000), values: { name: `Renamed ${edits}`, price: edits } },
  });
  if (answer.statusCode !== 200) throw new Error(`editRow: ${answer.statusCode} ${answer.body}`);
};

const withLog: number[] = [];
const withoutLog: number[] = [];
const perBlock = Math.ceil(ROUNDS / BLOCKS);
for (let block = 0; block < BLOCKS; block++) {
  setAuditRecording(true);
  withLog.push(...await sampleLatencies(edit, perBlock, block === 0 ? 200 : 10));
  setAuditRecording(false);
  withoutLog.push(...await sampleLatencies(edit, perBlock, block === 0 ? 200 : 10));
}
setAuditRecording(true);
withLog.sort((a, b) => a - b);
withoutLog.sort((a, b) => a - b);
const entries = await store.selectFrom('auditLog').select((eb) => eb.fn.countAll<number>().as('n')).where('action', '=', 'editRow').executeTakeFirst();

console.log(`member's row edit (POST /action/editRow), ${withLog.length} + ${withoutLog.length} edits in alternating blocks; store ${process.env.DATABASE_URL === undefined ? 'SQLite' : new URL(process.env.DATABASE_URL).protocol}, table on ${{ mariadb: 'MariaDB', postgres: 'PostgreSQL', sqlite: 'SQLite' }[TABLE_ENGINE]}`);
console.log(latencyLine('with the audit log', withLog));
console.log(latencyLine('without (recording off)', withoutLog));
console.log(ratioLine('ratio with/without', withLog, withoutLog));
console.log(`audit entries of editRow written: ${Number(entries?.n ?? 0)}`);
await app.close();
await store.destroy();
rmSync(dataDir, { recursive: true, force: true });
