import { writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { Messages } from '@rakit/core';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteFile } from '../../src/datasources/sqlite';
import { insertDbConfig } from '../../src/store/repositories/db-configs';
import { buildTestServer, type TestServer } from '../support/build';
import { availableEngines } from '../support/engines';
import { type AppTable, createAppTable, createSqliteDatabase } from '../support/fixtures';
import { type HostileBuilder, hostileBuilder } from './hostile';

/**
 * Item 11 of issue 10: an application database that is down, busy or damaged is the server's
 * dependency failing (5xx, one clear text that tells nothing of ports); a statement the caller
 * got wrong (no statement in it, values missing for its placeholders) is his mistake (4xx).
 */
const engines = await availableEngines();

/** A local service that accepts connections and never speaks: a filtered port. */
async function silentService(): Promise<{ server: Server; port: number; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => { sockets.push(socket); socket.on('error', () => undefined); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, sockets };
}

describe.each(engines)('status classes of a %s application database', (engine) => {
  let server: TestServer;
  let builder: HostileBuilder;
  let fixture: AppTable;
  let dbId: number;

  beforeAll(async () => {
    // The local test databases are private addresses: the operator allows them on this server.
    server = await buildTestServer('sqlite', { allowPrivateDatabases: true });
    builder = await hostileBuilder(server);
    fixture = await createAppTable(engine, server.app.services.config.dataDir, builder.appId, 'status', (quoted) => `CREATE TABLE ${quoted} (id INTEGER PRIMARY KEY, label VARCHAR(20))`);
    const saved = await server.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: builder.appId, ...fixture.dbBody }, builder.token);
    expect(saved.statusCode).toBe(200);
    dbId = saved.json().data.dbId;
  });
  afterAll(async () => {
    await fixture.drop();
    await server.close();
  });

  const runQuery = (id: number, query: string, params: unknown[] = []) => server.call('POST', '/action/runQuery', { dbId: id, query, params }, builder.token);

  it('answers the caller\'s mistakes 400: a query with no statement, values missing for its placeholders', async () => {
    for (const [query, params] of [
      [' ', []],
      ['-- only a comment', []],
      [`SELECT id FROM ${fixture.table} WHERE id = ? AND label = ?`, [1]],
    ] as const) {
      const answer = await runQuery(dbId, query, [...params]);
      expect(answer.statusCode, `${query} ${JSON.stringify(params)}`).toBe(400);
      expect(answer.json().error[0], query).toBe(Messages.queryError);
    }
    expect((await runQuery(dbId, `SELECT id FROM ${fixture.table} WHERE id = ?`, [1])).statusCode).toBe(200);
  });

  it.skipIf(engine === 'sqlite')('answers 503 with one text when the database server is down or does not answer, naming no port', async () => {
    const closed = await silentService();
    await new Promise((resolve) => closed.server.close(resolve));
    const silent = await silentService();
    try {
      const body = fixture.dbBody as { dbType: string; dbUser: string; dbDatabase: string };
      for (const port of [closed.port, silent.port]) {
        const down = await insertDbConfig(server.store, {
          dbAppId: builder.appId, dbType: body.dbType, dbHost: '127.0.0.1', dbPort: port, dbUser: body.dbUser, dbPasswordEnc: '', dbDatabase: body.dbDatabase,
        });
        const answer = await runQuery(down, 'SELECT 1');
        expect(answer.statusCode, String(port)).toBe(503);
        expect(answer.json(), String(port)).toEqual({ status: false, error: [Messages.databaseUnreachable], code: 'databaseUnreachable' });
        const details = await server.call('GET', `/get/getDbDetails/${down}`, undefined, builder.token);
        expect(details.statusCode).toBe(503);
        expect(details.json().error).toEqual([Messages.databaseUnreachable]);
      }
    } finally {
      for (const socket of silent.sockets) socket.destroy();
      await new Promise((resolve) => silent.server.close(resolve));
    }
  }, 30_000);

  it.skipIf(engine !== 'sqlite')('answers 503 when the SQLite file is missing, damaged or busy', async () => {
    const { dataDir } = server.app.services.config;
    writeFileSync(sqliteFile(dataDir, builder.appId, 'damaged.db'), 'this is not a database '.repeat(200));
    for (const [file, message] of [['missing.db', Messages.databaseFileUnusable], ['damaged.db', Messages.databaseFileUnusable]] as const) {
      const id = await insertDbConfig(server.store, { dbAppId: builder.appId, dbType: 'sqlite', dbHost: '', dbPort: 0, dbUser: '', dbPasswordEnc: '', dbDatabase: file });
      const answer = await runQuery(id, 'SELECT 1');
      expect(answer.statusCode, file).toBe(503);
      expect(answer.json(), file).toEqual({ status: false, error: [message], code: 'databaseFileUnusable' });
    }

    createSqliteDatabase(dataDir, builder.appId, 'busy.db', 'CREATE TABLE t (id INTEGER PRIMARY KEY)');
    const saved = await server.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: builder.appId, dbType: 'sqlite', dbDatabase: 'busy.db' }, builder.token);
    // Held through the server's own SQLite library: two libraries in one process miss each other's locks.
    const holder = new DatabaseSync(sqliteFile(dataDir, builder.appId, 'busy.db'));
    holder.exec('BEGIN EXCLUSIVE');
    try {
      const answer = await runQuery(saved.json().data.dbId, 'INSERT INTO t (id) VALUES (1)');
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ status: false, error: [Messages.databaseBusy], code: 'databaseBusy' });
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  }, 30_000);
});
