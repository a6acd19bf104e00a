// Issue 5's figure: a persisted SELECT run by a member through POST /action/runAction over
// real HTTP (auth, page lookup, reach check, bound parameters) against the same SELECT through
// mysql2 directly, on MariaDB at 127.0.0.1:3306. Prints p50/p95 and the ratio (target ≤ 1.3 at p50).
// The server runs in its own process as `npm start` runs it (request logging at warn, like
// RAKIT_LOG_LEVEL=warn; set RAKIT_LOG_LEVEL=info to measure with a log line per request).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createComponent } from '@rakit/core';
import { createPool } from 'mysql2/promise';
import { jsonClient, startServerProcess } from './server-process';
import { latencyLine, ratioLine, sampleLatencies } from './stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);
const MYSQL = { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' };
const TABLE = 'rakit_bench_people';
/**
 * Two persisted SELECTs a member runs: a key lookup, where MariaDB answers in about 0.15 ms and
 * the HTTP round trip alone weighs on the ratio, and a report (a GROUP BY over the 10,000 rows)
 * of the kind business pages run, where the query dominates.
 */
const QUERIES = [
  { name: 'lookup', label: 'lookup: 50 rows by indexed owner', sql: `SELECT id, name, city FROM ${TABLE} WHERE owner = ? ORDER BY id LIMIT 50` },
  { name: 'report', label: 'report: people per city, GROUP BY over 10,000 rows', sql: `SELECT city, COUNT(*) AS people, MIN(name) AS first_name FROM ${TABLE} WHERE owner <> ? GROUP BY city ORDER BY people DESC, city LIMIT 50` },
] as const;

const mysql = createPool({ ...MYSQL, connectionLimit: 5 });
await mysql.query(`CREATE TABLE IF NOT EXISTS ${TABLE} (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(100), city VARCHAR(100), owner VARCHAR(100), KEY owner_idx (owner, id))`);
const [[{ n }]] = (await mysql.query(`SELECT COUNT(*) AS n FROM ${TABLE}`)) as unknown as [[{ n: number }]];
if (Number(n) < 10_000) {
  for (let batch = 0; batch < 10; batch++) {
    const rows = Array.from({ length: 1000 }, (_, i) => [`Person ${batch * 1000 + i}`, `City ${i % 50}`, i % 10 === 0 ? 'demo-user' : `user-${i % 97}`]);
    await mysql.query(`INSERT INTO ${TABLE} (name, city, owner) VALUES ?`, [rows]);
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-bench-query-'));
const server = await startServerProcess(dataDir, 'bench-password');
const call = jsonClient(server.base);
const login = async (userId: string) => ((await call('POST', '/auth/login', { userId, password: 'bench-password', appSlug: 'demo' })).data as { token: string }[])[0]?.token as string;

// The author: a connection, a page whose button holds the persisted SELECT, a menu the staff group reaches.
const admin = await login('demo-admin');
const appId = ((await call('GET', '/get/getApp/slug/demo', undefined)).data as { appId: number }).appId;
const dbId = ((await call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: appId, dbType: 'mysql', dbHost: MYSQL.host, dbPort: MYSQL.port, dbUser: MYSQL.user, dbPassword: '', dbDatabase: MYSQL.database }, admin)).data as { dbId: number }).dbId;
const button = createComponent('button', 'bench-button', 'Cari');
button.custom_action = QUERIES.map((q) => ({ name: q.name, action: 'QUERY' as const, cause: '', show: true, stored: { database: dbId, query: q.sql, params: [{ source: '--userId--', custom: '' }] } }));
const pageId = ((await call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: 'Bench' }] }, admin)).data as { pages: { pageId: number }[] }).pages[0]?.pageId as number;
await call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify([createComponent('input', 'bench-input', 'Nama'), button]) }] }, admin);
const menuId = ((await call('POST', '/save/saveMenu', { menuId: null, menuName: 'Bench', menuAppId: appId, menuPageId: pageId, menuParentMenuId: 0 }, admin)).data as { menuId: number }).menuId;
const groups = (await call('GET', `/auth/listgroup/${appId}`, undefined, admin)).data as { groupId: number; groupSlug: string }[];
await call('PUT', '/auth/updategroup', { groupId: groups.find((g) => g.groupSlug === 'staff')?.groupId, groupAppId: appId, groupAccess: { menuId: [menuId] } }, admin);
const member = await login('demo-user');

console.log(`persisted SELECTs run by a member, ${ROUNDS} rounds each, MariaDB; the server in its own process`);
// What any call to the server costs before it does anything: one HTTP round trip to another process.
console.log(latencyLine('HTTP round trip alone (GET /health)', await sampleLatencies(() => call('GET', '/health'), ROUNDS)));
for (const query of QUERIES) {
  const body = { pageId, componentId: 'bench-button', actionName: query.name, params: { 'bench-input': 'x' } };
  const check = await call('POST', '/action/runAction', body, member);
  const direct = (await mysql.query(query.sql, ['demo-user']))[0] as unknown[];
  if (!check.status || (check.data as unknown[]).length !== direct.length) throw new Error(`runAction did not answer the rows mysql2 does: ${JSON.stringify(check).slice(0, 200)}`);

  const viaRakit = await sampleLatencies(() => call('POST', '/action/runAction', body, member), ROUNDS);
  const viaMysql2 = await sampleLatencies(() => mysql.query(query.sql, ['demo-user']), ROUNDS);
  console.log(`\n${query.label} (${direct.length} rows)`);
  console.log(latencyLine('  Rakit POST /action/runAction', viaRakit));
  console.log(latencyLine('  mysql2 pool.query directly', viaMysql2));
  console.log(ratioLine('  ratio Rakit/mysql2 (target p50 <= 1.3)', viaRakit, viaMysql2));
}

await server.stop();
await mysql.end();
rmSync(dataDir, { recursive: true, force: true });
