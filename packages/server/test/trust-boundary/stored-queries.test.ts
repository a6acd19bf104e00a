import { createComponent, Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../support/build';
import { availableEngines } from '../support/engines';
import { type AppTable, createAppTable } from '../support/fixtures';
import { freshUserId, type HostileBuilder, hostileBuilder } from './hostile';

/**
 * Stored queries (issue 10, items 3 and 13): a member runs the queries of the pages he reaches
 * with the values those pages take from their inputs, and nothing else. --userId-- and the
 * author's fixed values are filled on the server whichever way the query is named (by the
 * page's action, by the stored query's id, by its text), and a text that is not the saved
 * one, even by a comment MariaDB would execute, is refused.
 */
const engines = await availableEngines();
const PASSWORD = 'member-password-1';

interface Row { body: string; owner: string }

describe.each(engines)('stored queries on a %s database', (engine) => {
  let server: TestServer;
  let author: HostileBuilder;
  let outsider: HostileBuilder;
  let fixture: AppTable;
  let dbId: number;
  let pageId: number;
  const victim = freshUserId();
  const hostile = freshUserId();
  let victimToken: string;
  let hostileToken: string;
  /** Stored query ids, as the Custom Query dialog saves them. */
  const ids = { mine: 0, search: 0, hidden: 0, orphan: 0 };
  let mineSql = '';

  const byId = (actionId: number, params: unknown, token: string) => server.call('POST', '/action/runAction', { actionId, params }, token);
  const owners = (answer: { json(): unknown }) => ((answer.json() as { data: Row[] }).data).map((r) => r.owner);

  beforeAll(async () => {
    // The operator lets applications use the local MariaDB and PostgreSQL the tables live on.
    server = await buildTestServer('sqlite', { allowPrivateDatabases: true });
    author = await hostileBuilder(server, 'Catatan');
    outsider = await hostileBuilder(server);
    const t = `notes_${engine}`;
    fixture = await createAppTable(engine, server.app.services.config.dataDir, author.appId, t, (quoted) =>
      `CREATE TABLE ${quoted} (id INTEGER PRIMARY KEY, body VARCHAR(200) NOT NULL, owner VARCHAR(100) NOT NULL, status VARCHAR(20) NOT NULL)`);
    const table = fixture.table;
    await fixture.exec(`INSERT INTO ${table} (id, body, owner, status) VALUES
      (1, 'secret of the victim', '${victim}', 'open'), (2, 'closed secret of the victim', '${victim}', 'closed'),
      (3, 'note of the hostile member', '${hostile}', 'open'), (4, 'closed note of the hostile member', '${hostile}', 'closed')`);
    const saved = await server.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: author.appId, ...fixture.dbBody }, author.token);
    expect(saved.statusCode).toBe(200);
    dbId = saved.json().data.dbId;

    const pages = (await server.call('POST', '/save/saveApp', { appId: author.appId, appOpenRegistration: true, pages: [{ pageId: null, pageName: 'Catatan' }, { pageId: null, pageName: 'Rahasia' }] }, author.token)).json().data.pages;
    pageId = pages[0].pageId;
    const hiddenPageId = pages[1].pageId as number;

    /** Saves the query as the dialog does: the record first, its id then kept in the page's action. */
    const store = async (actionName: string, query: string) => {
      const answer = await server.call('POST', '/save/saveQuery', { actionId: null, actionDbId: dbId, actionPageId: pageId, actionName, actionSQLQuery: query }, author.token);
      expect(answer.statusCode).toBe(201);
      return answer.json().data.actionId as number;
    };
    mineSql = `SELECT body, owner FROM ${table} WHERE owner = ? ORDER BY id`;
    const searchSql = `SELECT body, owner FROM ${table} WHERE body LIKE ? AND owner = ? AND status = ? ORDER BY id`;
    const everythingSql = `SELECT body, owner FROM ${table} ORDER BY id`;
    ids.mine = await store('mine', mineSql);
    ids.search = await store('search', searchSql);
    ids.hidden = await store('hidden', everythingSql);
    ids.orphan = await store('orphan', everythingSql);

    const button = createComponent('button', 'notes-button', 'Lihat');
    button.custom_action = [
      { name: 'mine', action: 'QUERY', cause: '', show: true, stored: { id: ids.mine, pageId, database: dbId, query: mineSql, params: [{ source: '--userId--' }] } },
      {
        name: 'search', action: 'QUERY', cause: '', show: true,
        stored: { id: ids.search, pageId, database: dbId, query: searchSql, params: [{ source: 'in-search' }, { source: '--userId--' }, { source: '--custom--', custom: 'open' }] },
      },
    ];
    // The whole table is read only on a page no member's group reaches.
    const adminButton = createComponent('button', 'admin-button', 'Semua');
    adminButton.custom_action = [{ name: 'all', action: 'QUERY', cause: '', show: true, stored: { id: ids.hidden, pageId: hiddenPageId, database: dbId, query: everythingSql, params: [] } }];
    const components = [
      { pageId, pageComponents: JSON.stringify([createComponent('input', 'in-search', 'Cari'), button]) },
      { pageId: hiddenPageId, pageComponents: JSON.stringify([adminButton]) },
    ];
    expect((await server.call('POST', '/save/saveApp', { appId: author.appId, pages: components }, author.token)).statusCode).toBe(200);

    // Members register into the application's default group, which reaches the first page only.
    const groups = (await server.call('GET', `/auth/listgroup/${author.appId}`, undefined, author.token)).json().data as { groupId: number; groupIsDefault: string }[];
    const memberGroup = groups.find((g) => g.groupIsDefault === '1')?.groupId as number;
    const menu = (await server.call('POST', '/save/saveMenu', { menuId: null, menuName: 'Catatan', menuAppId: author.appId, menuPageId: pageId, menuParentMenuId: 0 }, author.token)).json().data.menuId;
    expect((await server.call('PUT', '/auth/updategroup', { groupId: memberGroup, groupAppId: author.appId, groupAccess: { menuId: [menu] } }, author.token)).statusCode).toBe(200);
    await server.register(victim, PASSWORD, author.appId);
    await server.register(hostile, PASSWORD, author.appId);
    victimToken = await server.login(victim, PASSWORD, author.appSlug);
    hostileToken = await server.login(hostile, PASSWORD, author.appSlug);
  });
  afterAll(async () => {
    await fixture.drop();
    await server.close();
  });

  it('fills --userId-- from the token when a member names a stored query by actionId, whatever id he sends', async () => {
    for (const params of [[victim], { 0: victim }, { '--userId--': victim }]) {
      const forged = await byId(ids.mine, params, hostileToken);
      expect(forged.statusCode).toBe(200);
      expect(owners(forged)).toEqual([hostile, hostile]);
    }
    // The rightful paths still answer each member with his own rows.
    const own = await byId(ids.mine, [victim], victimToken);
    expect(owners(own)).toEqual([victim, victim]);
    const byPage = await server.call('POST', '/action/runAction', { pageId, componentId: 'notes-button', actionName: 'mine', params: {} }, victimToken);
    expect(owners(byPage)).toEqual([victim, victim]);
  });

  it('binds only the values the saved action takes from page inputs: extra and missing params change nothing else', async () => {
    const extra = await byId(ids.mine, [hostile, victim, victim], hostileToken);
    expect(extra.statusCode).toBe(200);
    expect(owners(extra)).toEqual([hostile, hostile]);
    // The author fixed status = 'open': a forged 'closed' (or the victim's id) is ignored.
    const forged = await byId(ids.search, ['%', victim, 'closed'], hostileToken);
    expect(forged.statusCode).toBe(200);
    expect(forged.json().data).toEqual([{ body: 'note of the hostile member', owner: hostile }]);
    // Too few: the server still fills the user and the fixed value itself.
    const tooFew = await byId(ids.search, ['%'], hostileToken);
    expect(tooFew.statusCode).toBe(200);
    expect(tooFew.json().data).toEqual([{ body: 'note of the hostile member', owner: hostile }]);
    const none = await byId(ids.mine, [], hostileToken);
    expect(owners(none)).toEqual([hostile, hostile]);
  });

  it('runs by actionId only a query held by a page the caller reaches; the author keeps his raw SQL', async () => {
    // Saved "for" the member's page, but run only by a page his groups do not reach, or by none.
    for (const actionId of [ids.hidden, ids.orphan]) {
      const refused = await byId(actionId, [], hostileToken);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual([Messages.onlySavedQueries]);
    }
    // A member of another application, even with his own page naming this query's id, runs nothing of it.
    const trap = createComponent('button', 'trap', 'Trap');
    trap.custom_action = [{ name: 'mine', action: 'QUERY', cause: '', show: true, stored: { id: ids.mine, database: dbId, query: mineSql, params: [{ source: 'in' }] } }];
    const own = (await server.call('POST', '/save/saveApp', { appId: outsider.appId, pages: [{ pageId: null, pageName: 'Trap' }] }, outsider.token)).json().data.pages[0].pageId as number;
    await server.call('POST', '/save/saveApp', { appId: outsider.appId, pages: [{ pageId: own, pageComponents: JSON.stringify([trap]) }] }, outsider.token);
    for (const actionId of [ids.mine, ids.hidden, ids.orphan]) expect((await byId(actionId, [victim], outsider.token)).statusCode).toBe(403);
    expect((await server.call('POST', '/action/runAction', { pageId: own, componentId: 'trap', actionName: 'mine', params: { in: victim } }, outsider.token)).statusCode).toBe(404);

    // The application's administrator runs what he wrote: the orphan by id, any SQL by runQuery.
    expect((await byId(ids.orphan, [], author.token)).json().data).toHaveLength(4);
    const raw = await server.call('POST', '/action/runQuery', { dbId, query: `SELECT owner FROM ${fixture.table} WHERE owner = ?`, params: [victim] }, author.token);
    expect(raw.statusCode).toBe(200);
    expect(owners(raw)).toEqual([victim, victim]);
  });

  it('refuses a member\'s query text that differs from the saved one by a comment, even one MariaDB executes', async () => {
    const variants = [
      `${mineSql} -- mine`,
      mineSql.replace('WHERE', '/* note */ WHERE'),
      mineSql.replace(' ORDER BY', ' /*!50000 OR 1 = 1 */ ORDER BY'),
      mineSql.replace('SELECT', 'SELECT /*!50000 SLEEP(0), */'),
      mineSql.replace(fixture.table, `"${fixture.table}"`),
    ];
    for (const query of variants) {
      const answer = await server.call('POST', '/action/runQuery', { dbId, query, params: [victim] }, hostileToken);
      expect(answer.statusCode, query).toBe(403);
      expect(answer.json().error).toEqual([Messages.onlySavedQueries]);
    }
    // The saved text itself still runs, with the user from the token.
    const saved = await server.call('POST', '/action/runQuery', { dbId, query: mineSql, params: [victim] }, hostileToken);
    expect(saved.statusCode).toBe(200);
    expect(owners(saved)).toEqual([hostile, hostile]);
  });
});
