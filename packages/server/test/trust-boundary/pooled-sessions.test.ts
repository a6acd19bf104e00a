import { type Component, createComponent, CUSTOM_TABLE, Messages } from '@rakit/core';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDataSource } from '../../src/datasources/registry';
import { queryExecutor } from '../../src/workflows/addons/query';
import { buildTestServer, type TestServer } from '../support/build';
import { furnishDataWidgetApp } from '../support/data-widget-app';
import { availableEngines } from '../support/engines';
import { type AppTable, createAppTable, MYSQL_TEST_DB, POSTGRES_TEST_DB } from '../support/fixtures';
import { stepOf } from '../support/steps';
import { freshUserId, hostileBuilder, type HostileBuilder } from './hostile';

/**
 * An author's statements run on pooled connections of his MariaDB or PostgreSQL database,
 * which his members' statements use next. Whatever he runs (`{t}` is his table), the next
 * member's write is committed, and the session reads as a fresh one.
 */
const engines = (await availableEngines()).filter((engine) => engine !== 'sqlite') as ('mysql' | 'postgres')[];

/** Refused with a clear 400: each statement commits on its own. */
const REFUSED = {
  mysql: ['BEGIN', 'START TRANSACTION', 'SET autocommit = 0', 'SET @@session.autocommit = OFF', 'LOCK TABLES {t} WRITE', 'SAVEPOINT s1', "XA START 'x1'"],
  postgres: ['BEGIN', 'START TRANSACTION ISOLATION LEVEL SERIALIZABLE', 'SAVEPOINT s1', "PREPARE TRANSACTION 'x1'", 'LOCK TABLE {t}', 'SET TRANSACTION READ ONLY'],
};

/** Run (they are his to run), and leave nothing behind: the connection is reset or dropped. */
const LEAVING_STATE = {
  mysql: [
    // autocommit off past the refusal's reading of the statement.
    "SET sql_mode = '', autocommit = 0",
    "SET SESSION sql_mode = 'ANSI_QUOTES'",
    "SET @@session.time_zone = '+07:00'",
    'SET @planted = 1',
    "SELECT GET_LOCK('pooled', 0)",
    'USE mysql',
    // Would take the member's writes in the session's own copy of the table.
    'CREATE TEMPORARY TABLE {t} (id INT PRIMARY KEY, name VARCHAR(200), hits INT)',
  ],
  postgres: [
    'SET search_path = pg_catalog',
    "SELECT set_config('search_path', 'pg_catalog', false)",
    'SET ROLE pg_read_all_data',
    'SET SESSION default_transaction_read_only = on',
    'LISTEN pooled',
    'SELECT pg_advisory_lock(4242)',
    'CREATE TEMP TABLE {t} (id INT PRIMARY KEY, name TEXT, hits INT)',
    // Closes the row writes' kept statements on that session: the next write must still go through.
    'DEALLOCATE ALL',
  ],
};

/** What a session reads of its own state. */
const PROBE = {
  mysql: `SELECT @@autocommit AS ac, @@in_transaction AS tx, @@sql_mode AS sm, @@time_zone AS tz, @planted AS v,
    DATABASE() AS db, IS_USED_LOCK('pooled') AS lk`,
  postgres: `SELECT current_setting('search_path') AS sp, current_user AS who, current_setting('default_transaction_read_only') AS ro,
    (SELECT count(*)::int FROM pg_listening_channels()) AS ch,
    (SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()) AS adv,
    (SELECT count(*)::int FROM pg_class WHERE relnamespace = pg_my_temp_schema()) AS tmp`,
};

/** The name and hits of row `id`, read on a connection of its own. */
async function freshRow(engine: 'mysql' | 'postgres', table: string, id: number): Promise<{ name: string; hits: number }> {
  if (engine === 'mysql') {
    const connection = await createConnection({ uri: MYSQL_TEST_DB });
    const [rows] = await connection.query(`SELECT name, hits FROM \`${table}\` WHERE id = ?`, [id]);
    await connection.end();
    return (rows as { name: string; hits: number }[])[0] as { name: string; hits: number };
  }
  const client = new pg.Client({ connectionString: POSTGRES_TEST_DB });
  await client.connect();
  const { rows } = await client.query(`SELECT name, hits FROM "${table}" WHERE id = $1`, [id]);
  await client.end();
  return rows[0] as { name: string; hits: number };
}

/** A table a member edits (EDIT) and a button whose saved UPDATE he runs (BUMP): a plain write outside any transaction. */
function widgets(dbId: number, table: string): Component[] {
  const items = {
    ...createComponent('table', 'items', 'Barang'),
    options: 'Name', mapping_table: 'name', table_used: table, database_used: dbId, primaryKey: 'id',
    custom_action: [{ name: 'EDIT', action: 'EDIT', cause: '', show: true, raw: { editFields: [{ name: 'name', type: 'text', options: '' }] } }],
  };
  const bump = createComponent('button', 'bump', 'Tambah');
  bump.custom_action = [{ name: 'BUMP', action: 'QUERY', cause: '', show: true, stored: { database: dbId, query: `UPDATE ${table} SET hits = hits + 1 WHERE id = 2`, params: [] } }];
  return [items, bump];
}

/**
 * A table widget over the author's custom query that plants session state as it is read: the
 * server's reads of a table widget skip the pool's reset, a custom query's must not.
 */
function customStateWidget(engine: 'mysql' | 'postgres', dbId: number, table: string): Component {
  const query = engine === 'mysql'
    ? `SELECT id, name, GET_LOCK('pooled', 0) AS l, @planted := 1 AS v FROM ${table}`
    : `SELECT id, name, pg_try_advisory_lock(4242) AS l, set_config('search_path', 'pg_catalog', false) AS v FROM ${table}`;
  return {
    ...createComponent('table', 'custom-state', 'Custom'),
    // Shown, so the engine evaluates them (an unused column of a merged subquery is dropped).
    options: 'Name,Lock,Planted', mapping_table: 'name,l,v', table_used: CUSTOM_TABLE, database_used: dbId, primaryKey: 'id',
    customSource: { query, columns: ['id', 'name', 'l', 'v'], table },
  } as Component;
}

describe.each(engines)('an author\'s statements on pooled %s connections', (engine) => {
  let server: TestServer;
  let author: HostileBuilder;
  let fixture: AppTable;
  let dbId: number;
  let pageId: number;
  let member: string;
  let baseline: unknown;
  const quoted = (sql: string) => sql.replaceAll('{t}', engine === 'mysql' ? `\`${fixture.table}\`` : `"${fixture.table}"`);
  const runQuery = (query: string) => server.call('POST', '/action/runQuery', { dbId, query, params: [] }, author.token);
  const saveQuery = (query: string) =>
    server.call('POST', '/save/saveQuery', { actionId: null, actionDbId: dbId, actionPageId: 0, actionName: `q ${query.slice(0, 40)}`, actionSQLQuery: query }, author.token);
  const probe = async () => {
    const answer = await runQuery(PROBE[engine]);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data;
  };

  /** The member's two writes are committed (seen from a fresh connection) and the sessions read as before. */
  async function expectCleanPool(after: string) {
    const name = `edited after ${after}`.slice(0, 190);
    const { hits } = await freshRow(engine, fixture.table, 2);
    // More rounds than the pool has connections: every one of them is met.
    for (let round = 0; round < 6; round++) {
      const edit = await server.call('POST', '/action/editRow', { pageId, componentId: 'items', actionName: 'EDIT', key: 1, values: { name: `${name} ${round}` } }, member);
      expect({ after, status: edit.statusCode, body: edit.statusCode === 200 ? '' : edit.body }).toEqual({ after, status: 200, body: '' });
      const bump = await server.call('POST', '/action/runAction', { pageId, componentId: 'bump', actionName: 'BUMP', params: {} }, member);
      expect({ after, status: bump.statusCode }).toEqual({ after, status: 200 });
      expect({ after, session: await probe() }).toEqual({ after, session: baseline });
    }
    expect({ after, row: await freshRow(engine, fixture.table, 1) }).toEqual({ after, row: { name: `${name} 5`, hits: 0 } });
    expect({ after, hits: (await freshRow(engine, fixture.table, 2)).hits }).toEqual({ after, hits: hits + 6 });
  }

  beforeAll(async () => {
    // The operator allows the local test databases.
    server = await buildTestServer('sqlite', { allowPrivateDatabases: true });
    author = await hostileBuilder(server);
    const memberId = freshUserId();
    await server.register(memberId, 'password-1');
    const app = await furnishDataWidgetApp(server, engine, { appId: author.appId, appSlug: author.appSlug, admin: author.token }, memberId, {
      pageName: 'Barang',
      table: { prefix: 'pooled', createSql: (t) => `CREATE TABLE ${t} (id INT PRIMARY KEY, name VARCHAR(200) NOT NULL, hits INT NOT NULL); INSERT INTO ${t} VALUES (1, 'one', 0), (2, 'two', 0);` },
      widgets: (id, table) => [...widgets(id, table), customStateWidget(engine, id, table)],
    });
    ({ fixture, dbId, pageId, member } = app);
    baseline = await probe();
  });

  afterAll(async () => {
    await fixture?.drop();
    await server?.close();
  });

  it('refuses transaction control through runQuery and stored queries, saying why', async () => {
    for (const sql of REFUSED[engine].map(quoted)) {
      for (const answer of [await runQuery(sql), await saveQuery(sql)]) {
        expect({ sql, status: answer.statusCode, error: answer.json().error }).toEqual({ sql, status: 400, error: [Messages.queryError, Messages.transactionsNotAllowed] });
      }
    }
    await expectCleanPool('the refused statements');
  });

  it('leaves no session state behind whatever the author runs through runQuery', async () => {
    for (const sql of LEAVING_STATE[engine].map(quoted)) {
      const answer = await runQuery(sql);
      expect({ sql, status: answer.statusCode, body: answer.statusCode === 200 ? '' : answer.body }).toEqual({ sql, status: 200, body: '' });
      await expectCleanPool(sql);
    }
  });

  it('leaves no session state behind when a member reads a table widget over a custom query', async () => {
    for (let round = 0; round < 3; round++) {
      const load = await server.call('POST', '/get/loadTableContent', { pageId, componentId: 'custom-state', page: 1 }, member);
      expect(load.statusCode, load.body).toBe(200);
      expect(load.json().data[0].filteredResult).toHaveLength(2);
      const plain = await server.call('POST', '/get/loadTableContent', { pageId, componentId: 'items', page: 1, search: 'o' }, member);
      expect(plain.statusCode, plain.body).toBe(200);
      // Before any write resets a connection on its own: the lock is the server's, seen from every session.
      expect(await probe()).toEqual(baseline);
    }
    await expectCleanPool('a custom query widget');
  });

  it('leaves no session state behind whatever a stored query runs', async () => {
    for (const sql of LEAVING_STATE[engine].map(quoted)) {
      const saved = await saveQuery(sql);
      expect(saved.statusCode, saved.body).toBe(201);
      const answer = await server.call('POST', '/action/runAction', { actionId: saved.json().data.actionId, params: [] }, author.token);
      expect({ sql, status: answer.statusCode }).toEqual({ sql, status: 200 });
      await expectCleanPool(`stored ${sql}`);
    }
  });

  it('leaves no session state behind whatever a workflow query step runs', async () => {
    for (const sql of LEAVING_STATE[engine].map(quoted)) {
      const saved = await saveQuery(sql);
      expect(saved.statusCode, saved.body).toBe(201);
      await queryExecutor.run(stepOf(server, author.appId), { queryId: String(saved.json().data.actionId) });
      await expectCleanPool(`workflow ${sql}`);
    }
  });
});

describe.each(engines)('a pooled %s connection given a transaction statement past the refusal', (engine) => {
  it('drops or resets the session, so the writes after it are committed', async () => {
    const fixture = await createAppTable(engine, '', 1, 'pooled_raw', (t) => `CREATE TABLE ${t} (id INT PRIMARY KEY, name VARCHAR(200), hits INT); INSERT INTO ${t} VALUES (2, 'two', 0);`);
    const settings = { dbAppId: 1, dbHost: '127.0.0.1', dbPort: engine === 'mysql' ? 3306 : 5432, dbUser: engine === 'mysql' ? 'root' : 'postgres', dbPassword: '', dbDatabase: 'test' };
    const source = openDataSource({ ...settings, dbType: engine }, '');
    const table = source.quote(fixture.table);
    try {
      for (const opener of ['BEGIN', 'START TRANSACTION', engine === 'mysql' ? 'SET autocommit = 0' : 'BEGIN ISOLATION LEVEL REPEATABLE READ']) {
        await source.query(opener, []);
        for (let i = 0; i < 6; i++) await source.query(`UPDATE ${table} SET hits = hits + 1 WHERE id = 2`, []);
      }
      expect((await freshRow(engine, fixture.table, 2)).hits).toBe(18);
    } finally {
      await source.close();
      await fixture.drop();
    }
  });
});
