import { Messages, TIME_LIMIT_MAX_S } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsOf } from '../../src/connections/data-source-of';
import { findDbConfig } from '../../src/store/repositories/db-configs';
import { buildTestServer, type TestServer } from '../support/build';
import { furnishDataWidgetApp } from '../support/data-widget-app';
import { availableEngines } from '../support/engines';
import type { AppTable } from '../support/fixtures';
import { slowTable, slowWidgets } from '../support/slow-table';
import { freshUserId, type HostileBuilder, hostileBuilder } from './hostile';

/**
 * The time limit of data widgets (issue 19) against the author who sets it: the limit is his
 * to choose only within its bounds, it is never text that reaches a statement, and nothing
 * he runs on his connection lifts it for his widgets.
 */
const engines = await availableEngines();

/** What the author runs to try to lift the limit for the sessions of the pool. */
const LIFTING = {
  mysql: ['SET SESSION max_statement_time = 0', 'SET @@max_statement_time = 0'],
  postgres: ['SET statement_timeout = 0', 'SET SESSION statement_timeout = 0'],
  sqlite: [],
} as const;

describe.each(engines)('the time limit against a hostile author on %s', (engine) => {
  let server: TestServer;
  let author: HostileBuilder;
  let fixture: AppTable;
  let dbId: number;
  let pageId: number;
  let member: string;

  const save = (dbTimeLimit: unknown) =>
    server.call('POST', '/save/saveDbConfig', { dbId, dbAppId: author.appId, ...fixture.dbBody, dbTimeLimit }, author.token);

  beforeAll(async () => {
    server = await buildTestServer('sqlite', { allowPrivateDatabases: true });
    author = await hostileBuilder(server);
    const memberId = freshUserId();
    await server.register(memberId, 'password-1');
    ({ fixture, dbId, pageId, member } = await furnishDataWidgetApp(server, engine, { ...author, admin: author.token }, memberId, {
      pageName: 'Lambat', table: slowTable(50_000), widgets: slowWidgets,
    }));
  }, 120_000);
  afterAll(async () => {
    await fixture?.drop();
    await server?.close();
  });

  it('cannot set an unbounded or crafted limit', async () => {
    expect((await save(2)).statusCode).toBe(200);
    for (const bad of [0, -1, TIME_LIMIT_MAX_S + 1, 2 ** 31, Number.MAX_SAFE_INTEGER, 0.5, '5', '1; SELECT SLEEP(100)', '1 FOR DROP TABLE x', [], {}, true]) {
      const refused = await save(bad);
      expect(refused.statusCode, `${JSON.stringify(bad)}: ${refused.body}`).toBe(400);
    }
    expect((await findDbConfig(server.store, dbId))?.dbTimeLimit).toBe(2);
  });

  it('a stored value out of bounds still runs within them', async () => {
    // A row that reached the store some other way (an old import, a hand edit) is never unbounded.
    for (const [stored, ms] of [[1_000_000, TIME_LIMIT_MAX_S * 1000], [0, 1000], [-7, 1000], [2.7, 2000], [null, 10_000]] as const) {
      const row = await findDbConfig(server.store, dbId);
      expect(settingsOf(server.app.services, { ...row!, dbTimeLimit: stored }).timeLimitMs).toBe(ms);
    }
  });

  it('lifts nothing with his own session settings: his slow search still stops at the limit', async () => {
    expect((await save(1)).statusCode).toBe(200);
    // Enough times to leave the setting on every connection of the pool, were it kept.
    for (let round = 0; round < 6; round += 1) {
      for (const sql of LIFTING[engine]) {
        const ran = await server.call('POST', '/action/runQuery', { dbId, query: sql, params: [] }, author.token);
        expect(ran.statusCode, ran.body).toBeLessThan(500);
      }
    }
    for (const token of [author.token, member]) {
      const started = performance.now();
      const slow = await server.call('POST', '/get/loadTableContent', { pageId, componentId: 'slow', search: 'no row holds this' }, token);
      expect(slow.statusCode, slow.body).toBe(422);
      expect(slow.json().error).toEqual([Messages.searchTookTooLong]);
      expect(performance.now() - started).toBeLessThan(8_000);
    }
  }, 60_000);
});
