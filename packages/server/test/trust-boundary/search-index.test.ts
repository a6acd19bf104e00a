import { randomBytes } from 'node:crypto';
import type { DbSearch } from '@rakit/core';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../support/build';
import { availableEngines } from '../support/engines';
import { createSqliteDatabase, MYSQL_TEST_DB, POSTGRES_TEST_DB } from '../support/fixtures';
import { type HostileBuilder, hostileBuilder } from './hostile';

/**
 * Add search index runs DDL as the connection's user (issue 19), so the hostile author plays
 * it: on a connection whose user may not create indexes he gets a clear refusal and nothing
 * is created; names he makes up never reach a statement; another application's connection
 * is not his to index. A restricted MariaDB user and PostgreSQL role are made here.
 */
const engines = (await availableEngines()).filter((e) => e !== 'sqlite');

const stamp = randomBytes(3).toString('hex');
const table = `victim_goods_${stamp}`;
const role = `rakit_hostile_${stamp}`;

/** The indexes on the table, as the engine lists them. */
async function indexesOf(engine: 'mysql' | 'postgres'): Promise<string[]> {
  if (engine === 'mysql') {
    const c = await createConnection({ uri: MYSQL_TEST_DB });
    const [rows] = await c.query(`SELECT INDEX_NAME AS name FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = 'test' AND TABLE_NAME = ?`, [table]);
    await c.end();
    return (rows as { name: string }[]).map((r) => r.name);
  }
  const c = new pg.Client({ connectionString: POSTGRES_TEST_DB });
  await c.connect();
  const { rows } = await c.query('SELECT indexname AS name FROM pg_indexes WHERE tablename = $1', [table]);
  await c.end();
  return rows.map((r: { name: string }) => r.name);
}

describe.each(engines)('a hostile author adding a search index on %s', (engine) => {
  let server: TestServer;
  let author: HostileBuilder;
  let dbId: number;

  beforeAll(async () => {
    server = await buildTestServer('sqlite', { allowPrivateDatabases: true });
    author = await hostileBuilder(server);
    if (engine === 'mysql') {
      const c = await createConnection({ uri: MYSQL_TEST_DB });
      await c.query(`CREATE TABLE \`${table}\` (id INT PRIMARY KEY, label VARCHAR(80) NOT NULL)`);
      await c.query(`CREATE USER '${role}'@'%' IDENTIFIED BY 'hostile-1'`);
      await c.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON test.* TO '${role}'@'%'`);
      await c.end();
    } else {
      const c = new pg.Client({ connectionString: POSTGRES_TEST_DB });
      await c.connect();
      await c.query(`CREATE TABLE "${table}" (id INT PRIMARY KEY, label VARCHAR(80) NOT NULL)`);
      await c.query(`CREATE ROLE ${role} LOGIN PASSWORD 'hostile-1'`);
      await c.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON "${table}" TO ${role}`);
      await c.end();
    }
    const saved = await server.call('POST', '/save/saveDbConfig', {
      dbId: null, dbAppId: author.appId, dbType: engine, dbHost: '127.0.0.1', dbPort: engine === 'mysql' ? 3306 : 5432,
      dbUser: role, dbPassword: 'hostile-1', dbDatabase: 'test',
    }, author.token);
    expect(saved.statusCode, saved.body).toBe(200);
    dbId = saved.json().data.dbId;
  }, 60_000);
  afterAll(async () => {
    if (engine === 'mysql') {
      const c = await createConnection({ uri: MYSQL_TEST_DB });
      await c.query(`DROP TABLE IF EXISTS \`${table}\``);
      await c.query(`DROP USER IF EXISTS '${role}'@'%'`);
      await c.end();
    } else {
      const c = new pg.Client({ connectionString: POSTGRES_TEST_DB });
      await c.connect();
      await c.query(`DROP TABLE IF EXISTS "${table}"`);
      await c.query(`DROP ROLE IF EXISTS ${role}`);
      await c.end();
    }
    await server?.close();
  });

  const add = (body: Record<string, unknown>, token = author.token) => server.call('POST', '/save/addSearchIndex', { dbId, table, columns: ['label'], ...body }, token);

  it('is refused plainly where his connection\'s user may not create indexes, and nothing is created', async () => {
    const before = await indexesOf(engine);
    const search = (await server.call('GET', `/get/searchIndexes/${dbId}`, undefined, author.token)).json().data as DbSearch;
    const refusal = search.tables.find((t) => t.table_name === table)?.refusal;
    expect(refusal).toMatch(engine === 'mysql' ? /lacks the ALTER and INDEX privileges/ : /does not own table|may not enable it/);
    const refused = await add({});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual([refusal]);
    expect((await server.call('GET', `/get/searchIndexProgress/${dbId}`, undefined, author.token)).json().data).toBeNull();
    expect(await indexesOf(engine)).toEqual(before);
  });

  it('never gets a made-up name into a statement', async () => {
    const before = await indexesOf(engine);
    const attempts = [
      { table: `${table}\` ADD INDEX x (id); DROP TABLE \`${table}` },
      { table: `${table}" USING btree (id); DROP TABLE "${table}` },
      { columns: ['label` (label)); DROP TABLE x; --'] },
      { columns: ['label" gin_trgm_ops); DROP TABLE x; --'] },
      { table: 'information_schema.tables' },
      { columns: ['id'] },
    ];
    for (const attempt of attempts) {
      for (const path of ['/get/planSearchIndex', '/save/addSearchIndex']) {
        const answer = await server.call('POST', path, { dbId, table, columns: ['label'], ...attempt }, author.token);
        expect(answer.statusCode, `${path} ${JSON.stringify(attempt)}`).toBe(400);
      }
    }
    expect(await indexesOf(engine)).toEqual(before);
  });

  it('cannot index another application\'s connection', async () => {
    const victim = await hostileBuilder(server);
    const file = `${stamp}.db`;
    createSqliteDatabase(server.app.services.config.dataDir, victim.appId, file, 'CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
    const saved = await server.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: victim.appId, dbType: 'sqlite', dbDatabase: file }, victim.token);
    const victimDb = saved.json().data.dbId as number;
    for (const [method, path, body] of [
      ['GET', `/get/searchIndexes/${victimDb}`, undefined],
      ['POST', '/get/planSearchIndex', { dbId: victimDb, table: 'notes', columns: ['body'] }],
      ['POST', '/save/addSearchIndex', { dbId: victimDb, table: 'notes', columns: ['body'] }],
      ['GET', `/get/searchIndexProgress/${victimDb}`, undefined],
    ] as const) {
      expect((await server.call(method, path, body, author.token)).statusCode, path).toBe(403);
    }
    const listed = (await server.call('GET', `/get/searchIndexes/${victimDb}`, undefined, victim.token)).json().data as DbSearch;
    expect(listed.tables.find((t) => t.table_name === 'notes')?.columns.some((c) => c.indexed)).toBe(false);
  });
});
