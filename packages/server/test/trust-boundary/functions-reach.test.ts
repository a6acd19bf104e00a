import { randomBytes } from 'node:crypto';
import { createComponent, Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFunctionForApp } from '../../src/functions/functions';
import { buildTestServer, type TestServer } from '../support/build';
import { createSqliteDatabase } from '../support/fixtures';
import { type HostileBuilder, hostileBuilder } from './hostile';

/**
 * Custom functions across applications (issue 13): a hostile author names another
 * application's function by slug or id in every call, in his own table's functionId and in a
 * workflow step; he never reads, changes, deletes or runs it, and his own page cannot pull its
 * code into his application.
 */
describe('custom functions across applications', () => {
  let server: TestServer;
  let victim: HostileBuilder;
  let hostile: HostileBuilder;
  let secret: { id: number; slug: string };
  const SECRET_CODE = 'return "victim secret " + n;';

  const as = (token: string) => (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => server.call(method, path, body, token);

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    victim = await hostileBuilder(server, `Victim ${randomBytes(3).toString('hex')}`);
    hostile = await hostileBuilder(server);
    const saved = await as(victim.token)('POST', '/function/saveFunction', { appId: victim.appId, name: 'Secret', parameter: [{ name: 'n', type: 'int' }], content: SECRET_CODE });
    secret = saved.json().data as { id: number; slug: string };
  });
  afterAll(async () => {
    await server.close();
  });

  it('cannot list, read, change, delete or run another application\'s function', async () => {
    const call = as(hostile.token);
    expect((await call('GET', `/function/listFunction/${victim.appId}`)).statusCode).toBe(403);
    expect((await call('GET', `/function/getFunction/${secret.slug}`)).statusCode).toBe(403);
    expect((await call('PUT', '/function/updateFunction', { id: secret.id, name: 'Stolen', parameter: [], content: 'return 1' })).statusCode).toBe(403);
    expect((await call('DELETE', `/function/deleteFunction/${secret.slug}`)).statusCode).toBe(403);
    expect((await call('POST', `/function/runFunction/${secret.slug}`, { params: { n: 1 } })).statusCode).toBe(403);
    expect((await call('POST', '/function/testFunction', { appId: victim.appId, parameter: [], content: 'return 1', params: {} })).statusCode).toBe(403);
    // Saving into the victim's application is refused too.
    expect((await call('POST', '/function/saveFunction', { appId: victim.appId, name: 'Planted', parameter: [], content: 'return 1' })).statusCode).toBe(403);
    const still = await as(victim.token)('GET', `/function/getFunction/${secret.slug}`);
    expect(still.json().data).toMatchObject({ name: 'Secret', content: SECRET_CODE });
  });

  it('cannot run another application\'s function as his own table\'s transform or workflow step', async () => {
    createSqliteDatabase(server.app.services.config.dataDir, hostile.appId, 'mine.db', 'CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1, \'a\')');
    const db = await as(hostile.token)('POST', '/save/saveDbConfig', { dbAppId: hostile.appId, dbType: 'sqlite', dbDatabase: 'mine.db' });
    const dbId = (db.json().data as { dbId: number }).dbId;
    const pages = await as(hostile.token)('POST', '/save/saveApp', { appId: hostile.appId, pages: [{ pageId: null, pageName: 'Mine' }] });
    const pageId = (pages.json().data as { pages: { pageId: number }[] }).pages[0]?.pageId as number;
    const table = { ...createComponent('table', 'mine', 'Mine'), database_used: dbId, table_used: 't', options: 'Name', mapping_table: 'name', primaryKey: 'id', functionId: secret.id };
    await as(hostile.token)('POST', '/save/saveApp', { appId: hostile.appId, pages: [{ pageId, pageComponents: JSON.stringify([table]) }] });
    const load = await as(hostile.token)('POST', '/get/loadTableContent', { pageId, componentId: 'mine' });
    expect([load.statusCode, load.json().error]).toEqual([422, [Messages.functionNotFound]]);
    expect(load.body).not.toContain('victim secret');
    // Nor read another application's rows as a Test sample.
    const victimPages = await as(victim.token)('POST', '/save/saveApp', { appId: victim.appId, pages: [{ pageId: null, pageName: 'Theirs' }] });
    const victimPage = (victimPages.json().data as { pages: { pageId: number }[] }).pages[0]?.pageId as number;
    const sample = await as(hostile.token)('POST', '/function/testFunction', { appId: hostile.appId, parameter: [], content: 'return rows', params: {}, sample: { pageId: victimPage, componentId: 'x' } });
    expect(sample.statusCode).toBe(403);
    await expect(runFunctionForApp(server.app.services, hostile.appId, secret.id, { n: 1 })).rejects.toThrow(Messages.functionNotFound);
    await expect(runFunctionForApp(server.app.services, hostile.appId, secret.slug, { n: 1 })).rejects.toThrow(Messages.functionNotFound);
  });

  it('does not let a member run code from the browser, only functions his pages use', async () => {
    const memberId = `0812${Date.now().toString().slice(-8)}`;
    await server.call('POST', '/save/saveApp', { appId: victim.appId, appName: 'Victim open', appOpenRegistration: true }, victim.token);
    await server.register(memberId, 'member-password-1', victim.appId);
    const member = await server.login(memberId, 'member-password-1', victim.appSlug);
    expect((await as(member)('POST', '/function/testFunction', { appId: victim.appId, parameter: [], content: 'return 1', params: {} })).statusCode).toBe(403);
    const run = await as(member)('POST', `/function/runFunction/${secret.slug}`, { params: { n: 1 } });
    expect([run.statusCode, run.json().error]).toEqual([403, [Messages.functionNotReachable]]);
  });
});
