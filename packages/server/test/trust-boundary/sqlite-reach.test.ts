import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_REFUSED_MESSAGE, SqliteDataSource, sqliteFile } from '../../src/datasources/sqlite';
import { DataSourceError } from '../../src/datasources/types';
import { buildTestServer, type TestServer } from '../support/build';
import { createSqliteDatabase, storeRows } from '../support/fixtures';
import { hostileBuilder, type HostileBuilder } from './hostile';

/**
 * Statements that would reach past the author's own SQLite file or tell where it lies, in
 * the spellings a text filter misses. `{meta}` is the metadata store's path, `{other}` another
 * application's database.
 */
const HOSTILE = [
  "ATTACH DATABASE '{meta}' AS meta",
  "attach '{meta}' as meta",
  "/* hi */ AtTaCh /* there */ '{meta}' AS \"meta\"",
  "-- comment\nATTACH '{other}' AS other",
  "ATTACH 'file:{meta}?mode=ro' AS meta",
  "ATTACH ':memory:' AS scratch",
  'DETACH DATABASE main',
  "EXPLAIN ATTACH '{meta}' AS meta",
  "EXPLAIN QUERY PLAN ATTACH '{meta}' AS meta",
  "VACUUM INTO '{dir}/copy.db'",
  "vacuum main into '{dir}/copy2.db'",
  'SELECT file FROM pragma_database_list',
  'select * from PRAGMA_DATABASE_LIST',
  'SELECT * FROM "pragma_database_list"',
  'SELECT * FROM main.pragma_database_list',
  'PRAGMA database_list',
  'pragma main.database_list',
  'EXPLAIN PRAGMA database_list',
  "PRAGMA temp_store_directory = '/tmp'",
  'PRAGMA writable_schema = ON',
  'PRAGMA journal_mode',
  'SELECT * FROM pragma_pragma_list',
  "SELECT load_extension('/usr/lib/x86_64-linux-gnu/libsqlite3.so.0')",
  "SELECT LOAD_EXTENSION('x')",
  'SELECT "load_extension"(\'x\')',
  "SELECT fts3_tokenizer('simple')",
  // A transaction left open would hold the file's one shared connection for every member.
  'BEGIN',
  'begin immediate transaction',
  'SAVEPOINT s1',
];

/** What an author may still do on his own file. */
const ALLOWED = [
  'SELECT name, type FROM pragma_table_info(\'items\')',
  "PRAGMA table_info('items')",
  'PRAGMA foreign_keys',
  'PRAGMA integrity_check',
  'SELECT * FROM items',
  "INSERT INTO items (name) VALUES ('x')",
  'CREATE TEMP TABLE scratch (a)',
  'SELECT sqlite_version()',
];

describe('an author\'s SQL on an embedded SQLite database', () => {
  let server: TestServer;
  let builder: HostileBuilder;
  let victim: HostileBuilder;
  let dbId: number;
  let corpus: { meta: string; other: string; dir: string };
  const fill = (sql: string) => sql.replaceAll('{meta}', corpus.meta).replaceAll('{other}', corpus.other).replaceAll('{dir}', corpus.dir);
  const runQuery = (query: string, token = builder.token) => server.call('POST', '/action/runQuery', { dbId, query, params: [] }, token);

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    builder = await hostileBuilder(server);
    victim = await hostileBuilder(server);
    const dataDir = server.app.services.config.dataDir;
    createSqliteDatabase(dataDir, builder.appId, 'shop.db', `CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT);
      CREATE TABLE orders (id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE log (f TEXT);
      CREATE TRIGGER planted AFTER INSERT ON orders BEGIN INSERT INTO log SELECT file FROM pragma_database_list; END;`);
    createSqliteDatabase(dataDir, victim.appId, 'secret.db', "CREATE TABLE secrets (s TEXT); INSERT INTO secrets VALUES ('victim data')");
    corpus = { meta: path.join(dataDir, 'rakit.db'), other: sqliteFile(dataDir, victim.appId, 'secret.db'), dir: path.dirname(sqliteFile(dataDir, builder.appId, 'shop.db')) };
    const saved = await server.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: builder.appId, dbType: 'sqlite', dbDatabase: 'shop.db' }, builder.token);
    expect(saved.statusCode).toBe(200);
    dbId = saved.json().data.dbId;
  });
  afterAll(async () => { await server.close(); });

  it('cannot attach the metadata store to read password hashes or make himself super administrator', async () => {
    const before = await storeRows(server.store);
    const attach = await runQuery(`ATTACH DATABASE '${corpus.meta}' AS meta`);
    expect(attach.statusCode).toBe(400);
    expect(attach.json().error).toContain(SQLITE_REFUSED_MESSAGE);
    const hashes = await runQuery('SELECT userId, passwordHash FROM meta.users');
    expect(hashes.statusCode).toBe(400);
    const promote = await runQuery(`INSERT INTO meta.group_members (groupId, userId) VALUES (1, '${builder.userId}')`);
    expect(promote.statusCode).toBe(400);
    expect(await storeRows(server.store)).toEqual(before);
    expect((await server.call('GET', '/get/listApp', undefined, builder.token)).statusCode).toBe(403);
  });

  it('cannot learn where his database file lies', async () => {
    for (const query of ['SELECT file FROM pragma_database_list', 'PRAGMA database_list']) {
      const answer = await runQuery(query);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).not.toContain(server.app.services.config.dataDir);
    }
  });

  it('is refused every spelling of a statement that reaches another file, and no file appears', async () => {
    const before = readdirSync(corpus.dir).sort();
    for (const query of HOSTILE) {
      const answer = await runQuery(fill(query));
      expect({ query, status: answer.statusCode }).toEqual({ query, status: 400 });
      expect(answer.body).not.toContain(server.app.services.config.dataDir);
    }
    expect(readdirSync(corpus.dir).sort()).toEqual(before);
    expect(existsSync(path.join(corpus.dir, 'copy.db'))).toBe(false);
  });

  it('cannot hide the reach inside a trigger or a view', async () => {
    expect((await runQuery('CREATE VIEW paths AS SELECT file FROM pragma_database_list')).statusCode).toBe(200);
    expect((await runQuery('SELECT * FROM paths')).statusCode).toBe(400);
    const trigger = await runQuery('CREATE TRIGGER leak AFTER INSERT ON items BEGIN INSERT INTO log SELECT file FROM pragma_database_list; END');
    expect(trigger.statusCode).toBe(400);
    // A trigger that came with the file (made outside Rakit) is checked when it fires.
    const insert = await runQuery("INSERT INTO orders (name) VALUES ('bait')");
    expect(insert.statusCode).toBe(400);
    expect(insert.body).not.toContain(server.app.services.config.dataDir);
    expect((await runQuery('SELECT * FROM log')).json().data).toEqual([]);
    expect((await runQuery('SELECT * FROM orders')).json().data).toEqual([]);
  });

  it('still runs what an author needs on his own file', async () => {
    for (const query of ALLOWED) {
      const answer = await runQuery(query);
      expect({ query, status: answer.statusCode, body: answer.statusCode === 200 ? '' : answer.body }).toEqual({ query, status: 200, body: '' });
    }
    const details = await server.call('GET', `/get/getDbDetails/${dbId}`, undefined, builder.token);
    expect(details.json().data.tables.map((t: { table_name: string }) => t.table_name)).toContain('items');
  });
});

describe('the SQLite connection itself', () => {
  it('refuses the hostile corpus whatever path is named, with SQLite\'s own authorizer or attach limit', async () => {
    const dir = path.join(process.env.TMPDIR ?? '/tmp', `rakit-sqlite-${process.pid}`);
    createSqliteDatabase(dir, 1, 'a.db', 'CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)');
    const source = new SqliteDataSource(sqliteFile(dir, 1, 'a.db'), { mustExist: true });
    try {
      for (const query of HOSTILE) {
        const sql = query.replaceAll('{meta}', '/etc/hostname').replaceAll('{other}', '/tmp/x.db').replaceAll('{dir}', dir);
        const failure = await source.query(sql, []).then(() => undefined, (error: unknown) => error);
        expect({ sql, refused: failure instanceof DataSourceError }).toEqual({ sql, refused: true });
      }
    } finally {
      await source.close();
    }
  });
});
