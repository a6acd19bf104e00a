import { randomBytes } from 'node:crypto';
import { Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepContext } from '../src/workflows/addons/executor';
import { insertExecutor } from '../src/workflows/addons/insert';
import { queryExecutor } from '../src/workflows/addons/query';
import { updateExecutor } from '../src/workflows/addons/update';
import { insertDbConfig } from '../src/store/repositories/db-configs';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines, type EngineName } from './support/engines';
import { type AppTable, createAppTable, createSqliteDatabase } from './support/fixtures';
import { hostileBuilder } from './trust-boundary/hostile';
import { failureOf } from './support/steps';

/**
 * The workflow add-ons that run SQL (issue 12): Query, Insert and Update, called as the engine
 * calls them (a StepContext and resolved parameters) on a real server, against application
 * databases on SQLite, MariaDB and PostgreSQL. A step reaches only its own application's
 * connections and binds every value through the driver.
 */
const engines = await availableEngines();
const INJECTIONS = ["' OR 1=1 --", "x'; DROP TABLE items; --", '1; DELETE FROM items', '/* */ UNION SELECT 1 --'];

const createItemsTable = (engine: EngineName, server: TestServer, appId: number) =>
  createAppTable(engine, server.app.services.config.dataDir, appId, 'items', (quoted) => {
    const id = engine === 'mysql' ? 'INT AUTO_INCREMENT PRIMARY KEY' : engine === 'postgres' ? 'SERIAL PRIMARY KEY' : 'INTEGER PRIMARY KEY AUTOINCREMENT';
    return `CREATE TABLE ${quoted} (id ${id}, name VARCHAR(200) NOT NULL, qty INT, note VARCHAR(100))`;
  });

/** Runs an executor, answering its failure instead of throwing it. */
describe.each(engines)('SQL add-ons on a %s database', (engine) => {
  let server: TestServer;
  let fixture: AppTable;
  let appId: number;
  let admin: string;
  let dbId: number;
  let otherDbId: number;
  let otherQueryId: number;
  let context: StepContext;

  const must = async (answer: Promise<{ statusCode: number; body: string; json(): { data: Record<string, unknown> } }>) => {
    const done = await answer;
    if (done.statusCode >= 300) throw new Error(done.body);
    return done.json().data;
  };
  const saveQuery = async (sql: string, db = dbId, token = admin) =>
    (await must(server.call('POST', '/save/saveQuery', { actionId: null, actionDbId: db, actionName: `q${randomBytes(2).toString('hex')}`, actionSQLQuery: sql }, token))).actionId as number;
  const rows = async () => {
    const result = await queryExecutor.run(context, { queryId: String(await saveQuery(`SELECT id, name, qty, note FROM ${fixture.table} ORDER BY id`)) });
    return result.output as { id: number; name: string; qty: number | null; note: string | null }[];
  };

  beforeAll(async () => {
    server = await buildTestServer('sqlite', { allowPrivateDatabases: true });
    const author = await hostileBuilder(server, `Gudang ${randomBytes(3).toString('hex')}`);
    appId = author.appId;
    admin = author.token;
    fixture = await createItemsTable(engine, server, appId);
    dbId = (await must(server.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: appId, ...fixture.dbBody }, admin))).dbId as number;

    const other = await hostileBuilder(server);
    createSqliteDatabase(server.app.services.config.dataDir, other.appId, 'other.db', `CREATE TABLE ${fixture.table} (id INTEGER PRIMARY KEY, name TEXT NOT NULL, qty INT, note TEXT)`);
    otherDbId = (await must(server.call('POST', '/save/saveDbConfig', { dbAppId: other.appId, dbType: 'sqlite', dbDatabase: 'other.db' }, other.token))).dbId as number;
    otherQueryId = await saveQuery(`SELECT * FROM ${fixture.table}`, otherDbId, other.token);

    context = { services: server.app.services, appId, runId: 1, actionId: 1, idempotencyKey: 'run-1-step-1', signal: new AbortController().signal };
  });
  afterAll(async () => {
    await fixture.drop();
    await server.close();
  });

  it('inserts a row with values made of its columns\' types, answering its new id', async () => {
    const first = await insertExecutor.run(context, { dbId: String(dbId), table: fixture.table, values: { name: 'Pensil', qty: '5', note: null } });
    expect(first.output).toEqual({ affectedRows: 1, insertId: expect.any(Number) });
    // A JSON parameter may also come as its text; a whole-reference keeps its number.
    const second = await insertExecutor.run(context, { dbId, table: fixture.table, values: JSON.stringify({ name: 'Buku', qty: 2 }) });
    const ids = [(first.output as { insertId: number }).insertId, (second.output as { insertId: number }).insertId];
    expect(ids[1]).toBeGreaterThan(ids[0] as number);
    expect(await rows()).toEqual([
      { id: ids[0], name: 'Pensil', qty: 5, note: null },
      { id: ids[1], name: 'Buku', qty: 2, note: null },
    ]);
  });

  it('refuses unknown tables and columns and values not of their column, naming them, for good', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ dbId, table: 'no_such_table', values: { name: 'x' } }, "Table 'no_such_table' does not exist in this database"],
      [{ dbId, table: fixture.table, values: { 'name) VALUES (1); --': 'x' } }, `Column 'name) VALUES (1); --' does not exist in table '${fixture.table}'`],
      [{ dbId, table: fixture.table, values: { name: 'x', qty: 'lima' } }, "The value of values.qty is not of the type of column 'qty'"],
      [{ dbId, table: fixture.table, values: { name: { nested: true } } }, 'The value of values.name must be text, a number, true/false or null, not object'],
      [{ dbId, table: fixture.table, values: {} }, 'The parameter values names no column'],
      [{ dbId, table: fixture.table, values: '{oops' }, 'The parameter values must be JSON'],
      [{ dbId: 'abc', table: fixture.table, values: { name: 'x' } }, 'The parameter dbId must be an id'],
    ];
    const before = await rows();
    for (const [params, message] of cases) {
      const failure = await failureOf(insertExecutor.run(context, params));
      expect(failure.message, JSON.stringify(params)).toContain(message);
      expect(failure.retryable).toBe(false);
    }
    // The database's own refusal (NOT NULL) is the author's to fix too.
    const refused = await failureOf(insertExecutor.run(context, { dbId, table: fixture.table, values: { name: null } }));
    expect(refused.retryable).toBe(false);
    expect(await rows()).toEqual(before);
  });

  it('updates only the rows its conditions match, and never a whole table', async () => {
    const inserted = await insertExecutor.run(context, { dbId, table: fixture.table, values: { name: 'Penggaris', qty: 1 } });
    const id = (inserted.output as { insertId: number }).insertId;
    const updated = await updateExecutor.run(context, { dbId, table: fixture.table, values: { qty: '7', note: 'restock' }, where: { id: String(id) } });
    expect(updated.output).toEqual({ affectedRows: 1, insertId: null });
    expect((await rows()).find((r) => r.id === id)).toEqual({ id, name: 'Penggaris', qty: 7, note: 'restock' });
    // A null condition is IS NULL: the rows without a note.
    const withoutNote = (await rows()).filter((r) => r.note === null).length;
    const nulls = await updateExecutor.run(context, { dbId, table: fixture.table, values: { note: 'checked' }, where: { note: null } });
    expect((nulls.output as { affectedRows: number }).affectedRows).toBe(withoutNote);

    const before = await rows();
    for (const where of [{}, undefined, '', '{}']) {
      const failure = await failureOf(updateExecutor.run(context, { dbId, table: fixture.table, values: { note: 'all' }, ...(where === undefined ? {} : { where }) }));
      expect(failure.message).toContain('needs at least one condition');
      expect(failure.retryable).toBe(false);
    }
    // A text condition on a number column matches nothing rather than MariaDB's 'abc' = 0.
    expect((await failureOf(updateExecutor.run(context, { dbId, table: fixture.table, values: { note: 'x' }, where: { id: 'abc' } }))).message)
      .toContain("not of the type of column 'id'");
    expect((await failureOf(updateExecutor.run(context, { dbId, table: fixture.table, values: { note: 'x' }, where: { nope: 1 } }))).message)
      .toContain("Column 'nope' does not exist");
    expect(await rows()).toEqual(before);
  });

  it('runs a stored query with its values bound by position, never spliced', async () => {
    const byName = await saveQuery(`SELECT name, qty FROM ${fixture.table} WHERE name = ? AND qty >= ?`);
    const found = await queryExecutor.run(context, { queryId: String(byName), params: ['Pensil', 1] });
    expect(found.output).toEqual([{ name: 'Pensil', qty: 5 }]);
    expect((await queryExecutor.run(context, { queryId: byName, params: '["Pensil", "1"]' })).output).toEqual([{ name: 'Pensil', qty: 5 }]);
    const before = await rows();
    for (const injection of INJECTIONS) {
      expect((await queryExecutor.run(context, { queryId: byName, params: [injection, 0] })).output).toEqual([]);
    }
    expect(await rows()).toEqual(before);
    const write = await saveQuery(`INSERT INTO ${fixture.table} (name, qty) VALUES (?, ?)`);
    const written = await queryExecutor.run(context, { queryId: write, params: [INJECTIONS[1], 3] });
    expect(written.output).toEqual({ affectedRows: 1, insertId: engine === 'postgres' ? null : expect.any(Number) });
    expect((await rows()).at(-1)?.name).toBe(INJECTIONS[1]);
  });

  it('refuses named values, another application\'s query and missing ones as not found, for good', async () => {
    const byName = await saveQuery(`SELECT name FROM ${fixture.table} WHERE name = ?`);
    const named = await failureOf(queryExecutor.run(context, { queryId: byName, params: { name: 'Pensil' } }));
    expect([named.message, named.retryable]).toEqual([expect.stringContaining('binds its values by position'), false]);
    for (const queryId of [otherQueryId, 999_999]) {
      const failure = await failureOf(queryExecutor.run(context, { queryId, params: [] }));
      expect([failure.message, failure.retryable]).toEqual([Messages.actionNotFound, false]);
    }
    const broken = await saveQuery('SELECT * FROM no_such_table_here');
    const failure = await failureOf(queryExecutor.run(context, { queryId: broken }));
    expect(failure.retryable).toBe(false);
    expect(failure.message).toContain(Messages.queryError);
  });

  it('writes to no connection of another application', async () => {
    for (const executor of [insertExecutor, updateExecutor]) {
      const failure = await failureOf(executor.run(context, { dbId: otherDbId, table: fixture.table, values: { name: 'stolen' }, where: { id: 1 } }));
      expect([failure.message, failure.retryable]).toEqual([Messages.databaseNotFound, false]);
    }
    const theirs = await queryExecutor.run({ ...context, appId: (await server.store.selectFrom('dbConfigs').select('dbAppId').where('dbId', '=', otherDbId).executeTakeFirstOrThrow()).dbAppId },
      { queryId: otherQueryId });
    expect(theirs.output).toEqual([]);
  });

  it('tries again when the database cannot be reached', async () => {
    // Set up behind saveDbConfig's back: it would refuse a connection it cannot open.
    const dead = await insertDbConfig(server.store, {
      dbAppId: appId, dbType: engine === 'sqlite' ? 'mysql' : engine, dbHost: '127.0.0.1', dbPort: 1, dbUser: 'root', dbPasswordEnc: '', dbDatabase: 'test',
    });
    const failure = await failureOf(insertExecutor.run(context, { dbId: dead, table: fixture.table, values: { name: 'x' } }));
    expect([failure.message, failure.retryable]).toEqual([Messages.databaseUnreachable, true]);
  });

  it('does not start once its step is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('step timed out'));
    const before = await rows();
    await expect(insertExecutor.run({ ...context, signal: controller.signal }, { dbId, table: fixture.table, values: { name: 'late' } })).rejects.toThrow('step timed out');
    expect(await rows()).toEqual(before);
  });
});
