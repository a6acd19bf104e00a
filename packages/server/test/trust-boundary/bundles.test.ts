import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { type AppBundle, BUNDLE_FORMAT_NAME, BUNDLE_FORMAT_VERSION } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from '../support/build';
import { availableEngines } from '../support/engines';
import { createSqliteDatabase } from '../support/fixtures';
import { type HostileBuilder, hostileBuilder } from './hostile';
import { specPrefix } from '../support/texts';

/**
 * An imported bundle is as untrusted as any author (ARCHITECTURE.md §2, issue 17): the hostile
 * builder uploads bundles that aim at the operator's network, at other applications' rows and
 * files, and at other people's accounts. Each is refused (or, for accounts, ignored) and
 * nothing of it is written.
 */
const engines = await availableEngines();

const bundleOf = (parts: Partial<AppBundle>): Record<string, unknown> => ({
  format: BUNDLE_FORMAT_NAME, formatVersion: BUNDLE_FORMAT_VERSION, app: { appName: 'Hostile bundle' }, ...parts,
});

describe.each(engines)('hostile bundles, on a %s store', (engine) => {
  let server: TestServer;
  let builder: HostileBuilder;
  let victim: { appId: number; dbId: number; pageId: number; functionSlug: string };

  const importNew = (bundle: unknown, appName: string, extra: Record<string, unknown> = {}) =>
    server.call('POST', '/save/importApp', { bundle, target: { kind: 'new', appName }, ...extra }, builder.mainToken);

  beforeAll(async () => {
    server = await buildTestServer(engine);
    builder = await hostileBuilder(server);
    const root = await server.login('admin', ADMIN_PASSWORD, '_root');
    // Someone else's application, with a connection, a page and a function the builder would like to reach.
    const app = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Victim' }, root)).json().data as { appId: number };
    createSqliteDatabase(server.app.services.config.dataDir, app.appId, 'secret.db', 'CREATE TABLE salaries (id INTEGER PRIMARY KEY, amount INTEGER)');
    const dbId = (await server.call('POST', '/save/saveDbConfig', { dbAppId: app.appId, dbType: 'sqlite', dbDatabase: 'secret.db' }, root)).json().data.dbId as number;
    const pageId = (await server.call('POST', '/save/saveApp', { appId: app.appId, pages: [{ pageId: null, pageName: 'Salaries' }] }, root)).json().data.pages[0].pageId as number;
    const fn = (await server.call('POST', '/function/saveFunction', { appId: app.appId, name: 'Payroll', parameter: [], content: 'return 1;' }, root)).json().data as { slug: string };
    victim = { appId: app.appId, dbId, pageId, functionSlug: fn.slug };
  });
  afterAll(async () => { await server.close(); });

  it('refuses a connection to the operator\'s machine, as a connection saved by hand', async () => {
    for (const [dbType, dbPort, dbUser] of [['postgres', 5432, 'postgres'], ['mysql', 3306, 'root']] as const) {
      const bundle = bundleOf({ connections: [{ id: 1, dbType, dbHost: '127.0.0.1', dbPort, dbUser, dbDatabase: 'test', hadPassword: false }] });
      const answer = await importNew(bundle, `Reach ${dbType}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain(specPrefix('databaseHostRefusedAt'));
    }
    expect((await server.store.selectFrom('apps').select('appId').where('appName', 'like', 'Reach %').execute())).toEqual([]);
  });

  it('refuses references to another application\'s connection, page and function, though they exist here', async () => {
    // A bundle's ids are its own: its page is 900 so that the victim's ids are none of the bundle's.
    const table = { id: 'steal', type: 'table', database_used: victim.dbId, table_used: 'salaries', primaryKey: 'id' };
    const cases = [
      bundleOf({ pages: [{ id: 900, pageName: 'P', pageSlug: 'p', pageComponents: [table] }] }),
      bundleOf({ pages: [{ id: 900, pageName: 'P', pageSlug: 'p', pageComponents: [{ id: 'b', type: 'button', custom_action: [{ name: 'Go', action: 'REDIRECT', raw: { pageId: victim.pageId } }] }] }] }),
      bundleOf({ menus: [{ id: 1, menuName: 'M', pageId: victim.pageId, parentId: 0, order: 0 }] }),
      bundleOf({ groups: [{ id: 1, groupName: 'G', groupSlug: 'g', isDefault: false, pageIds: [victim.pageId], queryIds: [], menuIds: [] }] }),
      bundleOf({ workflows: [{ id: 1, name: 'W', triggerId: null, triggerActionId: null, published: true, edges: [], actions: [{ id: 1, alias: 'f', name: '', addonName: 'function', script: '', params: { functionId: victim.functionSlug }, x: null, y: null }] }] }),
      bundleOf({ workflows: [{ id: 1, name: 'W', triggerId: null, triggerActionId: null, published: true, edges: [], actions: [{ id: 1, alias: 'i', name: '', addonName: 'insert', script: '', params: { dbId: String(victim.dbId), table: 'salaries', values: '{"amount": "0"}' }, x: null, y: null }] }] }),
    ];
    for (const [index, bundle] of cases.entries()) {
      const answer = await importNew(bundle, `Steal ${index}`);
      expect({ index, status: answer.statusCode }).toEqual({ index, status: 400 });
      expect(answer.body).toMatch(/not in the bundle/);
    }
    expect((await server.store.selectFrom('apps').select('appId').where('appName', 'like', 'Steal %').execute())).toEqual([]);
  });

  it('keeps an imported SQLite database in the new application\'s own folder, and its SQL under the authorizer', async () => {
    const sqlite = (sqliteTables: unknown[], dbDatabase = 'mine.db') => bundleOf({ connections: [{ id: 1, dbType: 'sqlite', dbHost: '', dbPort: 0, dbUser: '', dbDatabase, hadPassword: false, sqliteTables } as never] });
    const refused = [
      sqlite([], `../${victim.appId}/secret.db`),
      sqlite([], '.hidden.db'),
      sqlite([{ name: 't', sql: `CREATE TABLE t (a); ATTACH '${path.join(server.app.services.config.dataDir, 'databases', String(victim.appId), 'secret.db')}' AS v`, columns: ['a'], rows: [] }]),
      sqlite([{ name: 't', sql: 'CREATE TABLE t AS SELECT load_extension(\'/tmp/x\') AS a', columns: ['a'], rows: [] }]),
      sqlite([{ name: 't', sql: 'CREATE TABLE t (a) /* */; PRAGMA writable_schema = 1', columns: ['a'], rows: [] }]),
    ];
    for (const [index, bundle] of refused.entries()) {
      const answer = await importNew(bundle, `Sqlite ${index}`);
      expect({ index, status: answer.statusCode }).toEqual({ index, status: 400 });
    }
    expect(readdirSync(path.join(server.app.services.config.dataDir, 'databases')).filter((d) => d.startsWith('import-'))).toEqual([]);
    const fine = await importNew(sqlite([{ name: 't', sql: 'CREATE TABLE t (a TEXT)', columns: ['a'], rows: [['x']] }]), 'Sqlite fine');
    expect(fine.statusCode, fine.body).toBe(201);
    const { appId } = fine.json().data as { appId: number };
    expect(existsSync(path.join(server.app.services.config.dataDir, 'databases', String(appId), 'mine.db'))).toBe(true);
  });

  it('neither replaces another\'s application nor exports it', async () => {
    const replace = await server.call('POST', '/save/importApp', { bundle: bundleOf({}), target: { kind: 'replace', appId: victim.appId } }, builder.token);
    expect(replace.statusCode).toBe(403);
    const preview = await server.call('POST', '/save/previewImport', { bundle: bundleOf({}), target: { kind: 'replace', appId: victim.appId } }, builder.token);
    expect(preview.statusCode).toBe(403);
    expect((await server.call('GET', `/get/exportApp/${victim.appId}`, undefined, builder.token)).statusCode).toBe(403);
    expect(await server.store.selectFrom('pages').select('pageId').where('pageAppId', '=', victim.appId).execute()).toHaveLength(1);
  });

  it('brings no one else\'s account into its groups, and takes over no account', async () => {
    const bundle = bundleOf({
      users: [{ userId: 'admin' }, { userId: 'brand-new-user' }],
      groups: [
        { id: 1, groupName: 'Admin', groupSlug: 'admin', isDefault: false, pageIds: [], queryIds: [], menuIds: [], members: ['admin', 'brand-new-user'] },
        { id: 2, groupName: 'Staff', groupSlug: 'staff', isDefault: true, pageIds: [], queryIds: [], menuIds: [], members: ['admin', 'brand-new-user'] },
      ],
    });
    const before = await server.store.selectFrom('users').selectAll().where('userId', '=', 'admin').executeTakeFirstOrThrow();
    const answer = await importNew(bundle, 'Accounts', { withUsers: true });
    expect(answer.statusCode, answer.body).toBe(201);
    const { appId } = answer.json().data as { appId: number };
    const members = await server.store.selectFrom('groupMembers as m').innerJoin('userGroups as g', 'g.groupId', 'm.groupId')
      .select('m.userId').where('g.groupAppId', '=', String(appId)).orderBy('m.userId').execute();
    expect(members.map((m) => m.userId)).toEqual(['brand-new-user', 'brand-new-user', builder.userId].sort());
    expect(await server.store.selectFrom('users').selectAll().where('userId', '=', 'admin').executeTakeFirstOrThrow()).toEqual(before);
    // The new account has no password anyone knows.
    expect((await server.call('POST', '/auth/login', { userId: 'brand-new-user', password: '', appSlug: 'accounts' })).statusCode).toBeGreaterThanOrEqual(400);
  });
});
