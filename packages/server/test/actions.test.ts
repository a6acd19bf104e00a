import { createComponent, Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines, type EngineName } from './support/engines';
import { type AppTable, createAppTable } from './support/fixtures';

/**
 * The application databases the action tests run against: SQLite always, MariaDB and
 * PostgreSQL when reachable. The metadata store is SQLite throughout.
 */
const engines = await availableEngines();
const INJECTIONS = ["' OR 1=1 --", "x'; DROP TABLE people; --", 'a" OR "1"="1', '1; DELETE FROM people', "/* */ UNION SELECT 1 --"];

/** The people table, its id auto-numbered in each engine's own way. */
const createPeopleTable = (engine: EngineName, server: TestServer, appId: number) =>
  createAppTable(engine, server.app.services.config.dataDir, appId, 'people', (quoted) => {
    const id = engine === 'mysql' ? 'INT AUTO_INCREMENT PRIMARY KEY' : engine === 'postgres' ? 'SERIAL PRIMARY KEY' : 'INTEGER PRIMARY KEY AUTOINCREMENT';
    return `CREATE TABLE ${quoted} (id ${id}, name VARCHAR(200) NOT NULL, owner VARCHAR(100) NOT NULL)`;
  });

describe.each(engines)('actions on a %s database', (engine) => {
  let server: TestServer;
  let fixture: AppTable;
  let appId: number;
  let dbId: number;
  let pageId: number;
  let admin: string;
  let member: string;
  let outsider: string;
  const MEMBER = '081700000002';

  const rows = async () => (await server.call('POST', '/action/runQuery', { dbId, query: `SELECT id, name, owner FROM ${fixture.table} ORDER BY id`, params: [] }, admin)).json().data as { name: string; owner: string }[];
  const runAction = (actionName: string, params: Record<string, unknown>, token = member) =>
    server.call('POST', '/action/runAction', { pageId, componentId: 'save-button', actionName, params }, token);

  beforeAll(async () => {
    // The test databases are on 127.0.0.1: this operator lets application administrators reach them.
    server = await buildTestServer('sqlite', { allowPrivateDatabases: true });
    await server.register('081700000001', 'password-1');
    await server.register(MEMBER, 'password-1');
    await server.register('081700000003', 'password-1');
    const builder = await server.login('081700000001', 'password-1', 'main');
    const created = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Aksi', appDescription: '' }, builder)).json().data;
    appId = created.appId;
    admin = await server.login('081700000001', 'password-1', created.appSlug);
    fixture = await createPeopleTable(engine, server, appId);
    const saved = await server.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: appId, ...fixture.dbBody }, admin);
    expect(saved.statusCode).toBe(200);
    dbId = saved.json().data.dbId;

    const t = fixture.table;
    const button = createComponent('button', 'save-button', 'Simpan');
    button.custom_action = [
      { name: 'insert', action: 'QUERY', cause: '', show: true, stored: { database: dbId, query: `INSERT INTO ${t} (name, owner) VALUES (?, ?)`, params: [{ source: 'in-name' }, { source: '--userId--' }] } },
      { name: 'mine', action: 'QUERY', cause: '', show: true, stored: { database: dbId, query: `SELECT id, name, owner FROM ${t} WHERE owner = ? ORDER BY id`, params: [{ source: '--userId--' }] } },
      { name: 'byName', action: 'QUERY', cause: '', show: true, stored: { database: dbId, query: `SELECT id, name FROM ${t} WHERE name = ?`, params: [{ source: 'in-name' }] } },
      { name: 'builder', action: 'CUSTOM', cause: '', show: true, raw: { database: dbId, type: 'INSERT', table: t, setValues: [{ column: 'name', source: 'in-name' }, { column: 'owner', source: '--userId--' }], conditions: [] } },
      { name: 'badColumn', action: 'CUSTOM', cause: '', show: true, raw: { database: dbId, type: 'INSERT', table: t, setValues: [{ column: 'name) VALUES (1); --', source: 'in-name' }], conditions: [] } },
    ];
    const page = (await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: 'Daftar' }] }, admin)).json().data.pages[0];
    pageId = page.pageId;
    const components = [createComponent('input', 'in-name', 'Nama'), button];
    expect((await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] }, admin)).statusCode).toBe(200);

    const groups = (await server.call('GET', `/auth/listgroup/${appId}`, undefined, admin)).json().data as { groupId: number; groupSlug: string }[];
    const memberGroup = groups.find((g) => g.groupSlug === 'member')?.groupId as number;
    await server.addToGroup(MEMBER, memberGroup);
    const menu = (await server.call('POST', '/save/saveMenu', { menuId: null, menuName: 'Form', menuAppId: appId, menuPageId: pageId, menuParentMenuId: 0 }, admin)).json().data.menuId;
    await server.call('PUT', '/auth/updategroup', { groupId: memberGroup, groupAppId: appId, groupAccess: { menuId: [menu] } }, admin);
    member = await server.login(MEMBER, 'password-1', created.appSlug);
    outsider = await server.login('081700000003', 'password-1', 'main');
  });
  afterAll(async () => {
    await fixture.drop();
    await server.close();
  });

  it('refuses a member\'s own SQL with 403 and runs nothing', async () => {
    for (const query of [`DELETE FROM ${fixture.table}`, `INSERT INTO ${fixture.table} (name, owner) VALUES ('x', 'y')`, 'SELECT 1']) {
      const answer = await server.call('POST', '/action/runQuery', { dbId, query, params: [] }, member);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error).toEqual([Messages.onlySavedQueries]);
    }
    expect(await rows()).toEqual([]);
    expect((await server.call('POST', '/action/runQuery', { dbId, query: 'SELECT 1', params: [] }, outsider)).statusCode).toBe(403);
    expect((await server.call('POST', '/action/runQuery', { dbId, query: 'SELECT 1', params: [] })).statusCode).toBe(401);
  });

  it('runs a saved INSERT for a member with the values bound as data', async () => {
    for (const name of INJECTIONS) {
      const answer = await runAction('insert', { 'in-name': name });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data[0].affectedRows).toBe(1);
    }
    expect((await rows()).map((r) => r.name)).toEqual(INJECTIONS);
  });

  it('binds injection attempts in a WHERE as plain values', async () => {
    for (const name of INJECTIONS.slice(0, 2)) {
      const answer = await runAction('byName', { 'in-name': name });
      expect(answer.json().data).toHaveLength(1);
    }
    expect((await runAction('byName', { 'in-name': "nobody' OR '1'='1" })).json().data).toEqual([]);
  });

  it('takes --userId-- from the token, never from the body', async () => {
    const forged = await runAction('insert', { 'in-name': 'forged', '--userId--': 'admin', 0: 'admin', 1: 'admin' });
    expect(forged.statusCode).toBe(200);
    expect((await rows()).find((r) => r.name === 'forged')?.owner).toBe(MEMBER);
    // The persisted text may be sent by position too; the user mapping still wins.
    const query = `SELECT id, name, owner FROM ${fixture.table} WHERE owner = ? ORDER BY id`;
    const byText = await server.call('POST', '/action/runQuery', { dbId, query, params: ['081700000001'] }, member);
    expect(byText.statusCode).toBe(200);
    expect((byText.json().data as { owner: string }[]).every((r) => r.owner === MEMBER)).toBe(true);
  });

  it('builds the query builder\'s INSERT on the server from checked identifiers', async () => {
    const built = await runAction('builder', { 'in-name': 'built by the server' });
    expect(built.statusCode).toBe(200);
    expect((await rows()).find((r) => r.name === 'built by the server')?.owner).toBe(MEMBER);
    const before = (await rows()).length;
    const bad = await runAction('badColumn', { 'in-name': 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error[0]).toMatch(/does not exist/);
    expect(await rows()).toHaveLength(before);
  });

  it('keeps actions of pages a caller cannot reach out of his hands', async () => {
    expect((await runAction('insert', { 'in-name': 'x' }, outsider)).statusCode).toBe(403);
    expect((await runAction('nope', { 'in-name': 'x' })).statusCode).toBe(404);
  });

  it('lets the author run any single statement, never stacked ones', async () => {
    const one = await server.call('POST', '/action/runQuery', { dbId, query: `SELECT COUNT(*) AS n FROM ${fixture.table}`, params: [] }, admin);
    expect(one.statusCode).toBe(200);
    const stacked = await server.call('POST', '/action/runQuery', { dbId, query: `SELECT 1; DELETE FROM ${fixture.table}`, params: [] }, admin);
    expect(stacked.statusCode).toBe(400);
    const broken = await server.call('POST', '/action/runQuery', { dbId, query: 'SELECT * FROM no_such_table_here', params: [] }, admin);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error[0]).toBe(Messages.queryError);
    expect(JSON.stringify(broken.json())).not.toContain('password');
  });

  it('stores and lists queries of a connection for its authors only', async () => {
    const body = { actionId: null, actionDbId: dbId, actionPageId: pageId, actionName: 'count', actionSQLQuery: `SELECT COUNT(*) AS n FROM ${fixture.table}` };
    expect((await server.call('POST', '/save/saveQuery', body, member)).statusCode).toBe(403);
    const saved = await server.call('POST', '/save/saveQuery', body, admin);
    expect(saved.statusCode).toBe(201);
    const list = await server.call('GET', `/action/listQueries/${dbId}`, undefined, admin);
    expect(list.json().data).toEqual([expect.objectContaining({ actionName: 'count', actionSQLQuery: body.actionSQLQuery })]);
    // Its author runs it by id; a member only once an action of a page he reaches holds it (stored-queries.test.ts).
    const run = await server.call('POST', '/action/runAction', { actionId: saved.json().data.actionId, params: [] }, admin);
    expect(run.statusCode).toBe(200);
    expect((await server.call('POST', '/action/runAction', { actionId: saved.json().data.actionId, params: [] }, member)).statusCode).toBe(403);
    expect((await server.call('POST', '/action/runAction', { actionId: saved.json().data.actionId, params: [] }, outsider)).statusCode).toBe(403);
  });

  it('refuses, on the very next run, an action taken off the page and a member taken out of his group', async () => {
    // Each run reads the page's actions worked out once per saved version, and the read cache.
    for (let i = 0; i < 3; i++) expect((await runAction('mine', { 'in-name': 'x' })).statusCode).toBe(200);
    const button = createComponent('button', 'save-button', 'Simpan');
    button.custom_action = [
      { name: 'byName', action: 'QUERY', cause: '', show: true, stored: { database: dbId, query: `SELECT id, name FROM ${fixture.table} WHERE name = ?`, params: [{ source: 'in-name' }] } },
    ];
    const save = await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify([createComponent('input', 'in-name', 'Nama'), button]) }] }, admin);
    expect(save.statusCode).toBe(200);
    expect((await runAction('mine', { 'in-name': 'x' })).statusCode).toBe(404);
    expect((await runAction('byName', { 'in-name': 'x' })).statusCode).toBe(200);

    const groups = (await server.call('GET', `/auth/listgroup/${appId}`, undefined, admin)).json().data as { groupId: number; groupSlug: string }[];
    const memberGroup = groups.find((g) => g.groupSlug === 'member')?.groupId as number;
    const removed = await server.call('DELETE', '/auth/removeUserFromGroup', { userId: MEMBER, groupId: memberGroup }, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await runAction('byName', { 'in-name': 'x' })).statusCode).toBe(403);
  });
});
