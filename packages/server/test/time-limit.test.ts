import type { AddressInfo } from 'node:net';
import { Messages, TIME_LIMIT_DEFAULT_S } from '@rakit/core';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELLED_CODE, type DataSource, DataSourceError } from '../src/datasources/types';
import { buildTestServer, type TestServer } from './support/build';
import { dataWidgetApp } from './support/data-widget-app';
import { availableEngines } from './support/engines';
import { type AppTable, MYSQL_TEST_DB, POSTGRES_TEST_DB } from './support/fixtures';
import { slowTable, slowWidgets } from './support/slow-table';

/**
 * No query holds the database hostage (issue 19), on each application database engine: a data
 * widget's statement past its connection's time limit answers Messages.searchTookTooLong (422)
 * and the next call works; requests the browser abandons have their statements stopped on the
 * database; the limit is saved per connection and checked.
 */
const engines = await availableEngines();
/** How many statements that name `table` the engine is running now (not counting this one). */
async function runningOn(engine: 'mysql' | 'postgres', table: string): Promise<number> {
  if (engine === 'mysql') {
    const c = await createConnection({ uri: MYSQL_TEST_DB });
    try {
      const [rows] = await c.query(
        `SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE COMMAND = 'Query' AND ID <> CONNECTION_ID() AND INFO LIKE ?`, [`%${table}%`],
      );
      return Number((rows as { n: number }[])[0]?.n);
    } finally {
      await c.end();
    }
  }
  const c = new pg.Client({ connectionString: POSTGRES_TEST_DB });
  await c.connect();
  try {
    const { rows } = await c.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid() AND query LIKE $1`, [`%${table}%`]);
    return Number(rows[0]?.n);
  } finally {
    await c.end();
  }
}

/** How many of `source`'s statements are under way, and how each that failed ended (its code), until restore(). */
function watchStatements(source: DataSource) {
  const query = source.query.bind(source);
  const watched = { running: 0, ended: [] as unknown[], restore: () => { source.query = query; } };
  source.query = async (...args) => {
    watched.running += 1;
    try {
      return await query(...args);
    } catch (error) {
      watched.ended.push(error instanceof DataSourceError ? error.code : String(error));
      throw error;
    } finally {
      watched.running -= 1;
    }
  };
  return watched;
}

describe.each(engines)('the time limit of data widgets on a %s database', (engine) => {
  let server: TestServer;
  let fixture: AppTable;
  let pageId: number;
  let appId: number;
  let dbId: number;
  let admin: string;
  let member: string;
  let base: string;

  const load = (body: Record<string, unknown>, token = member) => server.call('POST', '/get/loadTableContent', { pageId, ...body }, token);
  const saveLimit = (dbTimeLimit: unknown) =>
    server.call('POST', '/save/saveDbConfig', { dbId, dbAppId: appId, ...fixture.dbBody, dbTimeLimit }, admin);
  const storedLimit = async () =>
    ((await server.call('GET', `/get/getDbConf/${appId}`, undefined, admin)).json().data as { dbId: number; dbTimeLimit: number | null }[])
      .find((d) => d.dbId === dbId)?.dbTimeLimit;

  /** A search sent through a real socket, abandoned (the socket closed) after `ms`. */
  async function abandonedSearch(search: string, ms: number): Promise<void> {
    const controller = new AbortController();
    const sent = fetch(`${base}/get/loadTableContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member}` },
      body: JSON.stringify({ pageId, componentId: 'slow', search }),
      signal: controller.signal,
    }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, ms));
    controller.abort();
    await sent;
  }

  beforeAll(async () => {
    server = await buildTestServer('sqlite', { allowPrivateDatabases: true });
    ({ fixture, pageId, appId, dbId, admin, member } = await dataWidgetApp(server, engine, {
      users: ['081700000071', '081700000072', '081700000073'], appName: 'Gudang Lambat', pageName: 'Lambat', table: slowTable(100_000), widgets: slowWidgets,
    }));
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await fixture?.drop();
    await server?.close();
  });

  it('saves the limit per connection, within its bounds', async () => {
    expect(await storedLimit()).toBeNull();
    for (const bad of [0, 301, 1.5, -3, '10', 'abc', 1e12]) {
      const refused = await saveLimit(bad);
      expect(refused.statusCode, `${JSON.stringify(bad)}: ${refused.body}`).toBe(400);
      expect(refused.body).toContain(Messages.timeLimitRange);
    }
    expect(await storedLimit()).toBeNull();
    expect((await saveLimit(45)).statusCode).toBe(200);
    expect(await storedLimit()).toBe(45);
    expect((await saveLimit(null)).statusCode).toBe(200);
    expect(await storedLimit()).toBeNull();
    // left out, it is the default too
    expect((await server.call('POST', '/save/saveDbConfig', { dbId, dbAppId: appId, ...fixture.dbBody }, admin)).statusCode).toBe(200);
    expect(await storedLimit()).toBeNull();
    expect(TIME_LIMIT_DEFAULT_S).toBe(10);
  });

  it('answers the message past the limit, and the next call works', async () => {
    expect((await saveLimit(1)).statusCode).toBe(200);
    const started = performance.now();
    const slow = await load({ componentId: 'slow', search: 'no row holds this' });
    const took = performance.now() - started;
    expect(slow.statusCode, slow.body).toBe(422);
    expect(slow.json()).toEqual({ status: false, error: [Messages.searchTookTooLong], code: 'searchTookTooLong' });
    // stopped by the database at about the limit, not run to its end (minutes)
    expect(took).toBeLessThan(8_000);
    // nothing else failed: the big table's pages and searches, the same search again
    for (let round = 0; round < 2; round += 1) {
      const page = await load({ componentId: 'big', page: 2 });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().data[0].filteredResult[0].id).toBe(21);
      const search = await load({ componentId: 'big', search: 'Item 4242' });
      expect(search.statusCode, search.body).toBe(200);
      // Item 4242 and 42420–42429
      expect(search.json().data[0].count).toBe(11);
      const again = await load({ componentId: 'slow', search: 'still none' });
      expect(again.statusCode, again.body).toBe(422);
    }
    if (engine !== 'sqlite') await expect.poll(() => runningOn(engine, fixture.table), { timeout: 10_000 }).toBe(0);
  }, 60_000);

  it.skipIf(engine === 'sqlite')('stops the statements of five abandoned searches', async () => {
    // A limit far past the test: only the cancel can stop these statements.
    expect((await saveLimit(120)).statusCode).toBe(200);
    const terms = ['b', 'ba', 'ban', 'band', 'bandu'];
    for (const term of terms) await abandonedSearch(term, 300);
    // The five requests ran ten statements (a page and its count each), all abandoned: none is left running.
    await expect.poll(() => runningOn(engine as 'mysql' | 'postgres', fixture.table), { timeout: 5_000, interval: 100 }).toBeLessThanOrEqual(1);
    await expect.poll(() => runningOn(engine as 'mysql' | 'postgres', fixture.table), { timeout: 5_000, interval: 100 }).toBe(0);
    // and the pool is healthy
    const page = await load({ componentId: 'big', page: 3 });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data[0].filteredResult[0].id).toBe(41);
  }, 60_000);

  it.runIf(engine === 'sqlite')('stops a search abandoned mid-statement, and answers other requests while it runs', async () => {
    // A limit far past the test: only the cancel can stop these statements.
    expect((await saveLimit(120)).statusCode).toBe(200);
    expect((await load({ componentId: 'big', page: 1 })).statusCode).toBe(200);
    const source = await server.app.services.dataSources.get(dbId, () => Promise.reject(new Error('opened by the load above')));
    const statements = watchStatements(source);
    try {
      for (const search of ['b', 'ba', 'ban']) {
        const controller = new AbortController();
        const sent = fetch(`${base}/get/loadTableContent`, {
          method: 'POST', signal: controller.signal,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${member}` },
          body: JSON.stringify({ pageId, componentId: 'slow', search }),
        }).catch(() => undefined);
        await expect.poll(() => statements.running, { timeout: 5_000, interval: 20 }).toBeGreaterThan(0);
        await new Promise((resolve) => setTimeout(resolve, 300));
        // SQLite runs it on a thread of its own: this process (the server's) answers meanwhile.
        const asked = performance.now();
        const health = await fetch(`${base}/health`);
        expect(health.status).toBe(200);
        expect(performance.now() - asked).toBeLessThan(200);
        expect(statements.running).toBeGreaterThan(0);
        const abandoned = performance.now();
        controller.abort();
        await sent;
        await expect.poll(() => statements.running, { timeout: 5_000, interval: 10 }).toBe(0);
        expect(performance.now() - abandoned).toBeLessThan(500);
        const ended = statements.ended.splice(0);
        expect(ended.length).toBeGreaterThan(0);
        expect(ended.every((code) => code === CANCELLED_CODE), JSON.stringify(ended)).toBe(true);
      }
      // and the next call is answered at once
      const asked = performance.now();
      const page = await load({ componentId: 'big', page: 3 });
      expect(performance.now() - asked).toBeLessThan(500);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().data[0].filteredResult[0].id).toBe(41);
    } finally {
      statements.restore();
    }
  }, 60_000);
});
