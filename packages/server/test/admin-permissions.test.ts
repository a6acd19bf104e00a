import { Messages } from '@rakit/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../src/security/passwords';
import { findDbConfig, insertDbConfig } from '../src/store/repositories/db-configs';
import { addMember, findGroup, findGroupBySlug, grantMenuAccess, insertGroup } from '../src/store/repositories/groups';
import { findMenu, insertMenu } from '../src/store/repositories/menus';
import { findUser, insertUser, isMemberOfApp } from '../src/store/repositories/users';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { createSqliteDatabase, storeRows } from './support/fixtures';

const engines = await availableEngines();

/**
 * The callers every administration route is tried with: anonymous, the administrator of
 * another application, a plain member, the application's administrator and the super administrator.
 */
interface Callers { anonymous: undefined; outsider: string; member: string; admin: string; root: string }

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call of a route against rows made for it, and what its success must have done. */
interface Attempt {
  method: Method;
  url: string;
  body?: unknown;
  /** 200 unless the route creates something. */
  successCode?: number;
  succeeded(response: LightMyRequestResponse): Promise<void>;
}

interface RouteCase {
  route: string;
  /** Makes fresh rows to act on, so that the administrator and the super administrator each have their own. */
  prepare(): Promise<Attempt>;
  /** Only for the one route a plain member may call: what he must get. */
  memberSees?(response: LightMyRequestResponse): void;
}



describe.each(engines)('administration permissions on %s', (engine) => {
  let server: TestServer;
  let callers: Callers;
  let appId: number;
  let appSlug: string;
  let otherAppId: number;
  let memberGroupId: number;
  let passwordHash: string;
  let fixtureDbId: number;
  let visibleMenuId: number;
  let visibleSubId: number;
  let hiddenSubId: number;
  let hiddenMenuId: number;
  let loosePageId: number;
  let assignedPageId: number;
  let counter = 0;
  const ADMIN = '081400000001';
  const MEMBER = '081400000002';
  const OUTSIDER = '081400000003';
  /** A user registered into the application, whom group calls add and remove. */
  const SPARE = '081400000004';

  // Fresh rows of the application, made straight in the store so each route is tried on its own.
  const newUserInApp = async () => {
    const userId = `0815${String(++counter).padStart(8, '0')}`;
    await insertUser(server.store, userId, passwordHash, appId);
    await addMember(server.store, memberGroupId, userId);
    return userId;
  };
  const newGroup = () => insertGroup(server.store, { groupName: `Crew ${++counter}`, groupAppId: String(appId) });
  const newMenu = (menuName = `Menu ${++counter}`, menuParentMenuId = 0, menuPageId = 0) =>
    insertMenu(server.store, { menuAppId: appId, menuName, menuPageId, menuParentMenuId });
  const newPage = async (pageAppId = appId) => {
    const pageSlug = `page-${++counter}`;
    await server.store.insertInto('pages').values({ pageAppId, pageName: `Page ${counter}`, pageSlug, pageComponents: '[]', updatedAt: '' }).execute();
    const row = await server.store.selectFrom('pages').select('pageId').where('pageSlug', '=', pageSlug).executeTakeFirstOrThrow();
    return row.pageId;
  };
  const newDbConfig = (dbAppId = appId, dbDatabase = 'perm-test.db') =>
    insertDbConfig(server.store, { dbAppId, dbType: 'sqlite', dbHost: '', dbPort: 0, dbUser: '', dbPasswordEnc: '', dbDatabase });
  const defaultGroupsOfApp = async () =>
    (await server.store.selectFrom('userGroups').select('groupId').where('groupAppId', '=', String(appId)).where('groupIsDefault', '=', 1).execute()).map((g) => g.groupId);
  const menuAccessOfGroup = async (groupId: number) =>
    (await server.store.selectFrom('groupMenuAccess').select('menuId').where('groupId', '=', groupId).execute()).map((a) => a.menuId);

  beforeAll(async () => {
    server = await buildTestServer(engine);
    passwordHash = await hashPassword('password-1');
    await server.register(ADMIN, 'password-1'); // becomes the application's admin
    await server.register(MEMBER, 'password-1'); // a member of it
    await server.register(OUTSIDER, 'password-1'); // admin of another application
    const adminMain = await server.login(ADMIN, 'password-1', 'main');
    const created = await server.call('POST', '/save/saveApp', { appId: null, appName: 'Kasir', appDescription: 'Point of sale', appOpenRegistration: true }, adminMain);
    ({ appId, appSlug } = created.json().data);
    memberGroupId = (await findGroupBySlug(server.store, String(appId), 'member'))!.groupId;
    await server.register(SPARE, 'password-1', appId);
    await addMember(server.store, memberGroupId, MEMBER);
    const outsiderMain = await server.login(OUTSIDER, 'password-1', 'main');
    const other = await server.call('POST', '/save/saveApp', { appId: null, appName: 'Other', appDescription: '' }, outsiderMain);
    otherAppId = other.json().data.appId;

    for (const name of ['perm-test.db', 'perm-other.db']) {
      createSqliteDatabase(server.app.services.config.dataDir, appId, name, 'CREATE TABLE perm_items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
    }
    fixtureDbId = await newDbConfig();
    // The member's group may see one parent menu and one of its two sub-menus.
    visibleMenuId = await newMenu('Visible');
    visibleSubId = await newMenu('Visible sub', visibleMenuId);
    hiddenSubId = await newMenu('Hidden sub', visibleMenuId);
    hiddenMenuId = await newMenu('Hidden');
    await grantMenuAccess(server.store, memberGroupId, [visibleMenuId, visibleSubId]);
    loosePageId = await newPage();
    assignedPageId = await newPage();
    await newMenu('With page', 0, assignedPageId);

    callers = {
      anonymous: undefined,
      outsider: await server.login(OUTSIDER, 'password-1', other.json().data.appSlug),
      member: await server.login(MEMBER, 'password-1', appSlug),
      admin: await server.login(ADMIN, 'password-1', appSlug),
      root: await server.login('admin', ADMIN_PASSWORD, '_root'),
    };
  });
  afterAll(async () => { await server.close(); });

  const cases: RouteCase[] = [
    // ---- databases ----
    {
      route: 'GET /get/getDbConf/{appId}',
      prepare: async () => ({
        method: 'GET', url: `/get/getDbConf/${appId}`,
        async succeeded(response) {
          const data = response.json().data as Record<string, unknown>[];
          expect(data).toContainEqual({ dbId: fixtureDbId, dbAppId: appId, dbType: 'sqlite', dbHost: '', dbPort: 0, dbUser: '', dbDatabase: 'perm-test.db', dbTimeLimit: null, revision: 1 });
          for (const config of data) expect(Object.keys(config).filter((k) => /password/i.test(k))).toEqual([]);
        },
      }),
    },
    {
      route: 'GET /get/listDatabase/{appId}',
      prepare: async () => ({
        method: 'GET', url: `/get/listDatabase/${appId}`,
        async succeeded(response) {
          const entry = (response.json().data as { dbId: number; tables: { table_name: string }[] }[]).find((d) => d.dbId === fixtureDbId);
          expect(entry?.tables.map((t) => t.table_name)).toEqual(['perm_items']);
        },
      }),
    },
    {
      route: 'GET /get/getDbDetails/{dbId}',
      prepare: async () => ({
        method: 'GET', url: `/get/getDbDetails/${fixtureDbId}`,
        async succeeded(response) {
          expect(response.json().data).toEqual({
            dbId: fixtureDbId,
            dbDatabase: 'perm-test.db',
            tables: [{
              table_name: 'perm_items',
              columns: [
                { COLUMN_NAME: 'id', COLUMN_KEY: 'PRI', DATA_TYPE: 'integer' },
                { COLUMN_NAME: 'name', COLUMN_KEY: '', DATA_TYPE: 'text' },
              ],
            }],
          });
        },
      }),
    },
    {
      route: 'POST /save/saveDbConfig (new connection)',
      prepare: async () => ({
        method: 'POST', url: '/save/saveDbConfig',
        body: { dbId: null, dbAppId: appId, dbType: 'sqlite', dbHost: '', dbPort: 0, dbUser: '', dbPassword: '', dbDatabase: 'perm-test.db' },
        async succeeded(response) {
          const stored = await findDbConfig(server.store, response.json().data.dbId);
          expect(stored).toMatchObject({ dbAppId: appId, dbType: 'sqlite', dbDatabase: 'perm-test.db' });
        },
      }),
    },
    {
      route: 'POST /save/saveDbConfig (edit)',
      prepare: async () => {
        const dbId = await newDbConfig();
        return {
          method: 'POST', url: '/save/saveDbConfig',
          body: { dbId, dbAppId: appId, dbType: 'sqlite', dbDatabase: 'perm-other.db' },
          async succeeded(response) {
            expect(response.json().data).toEqual({ dbId, revision: 2 });
            expect((await findDbConfig(server.store, dbId))?.dbDatabase).toBe('perm-other.db');
          },
        };
      },
    },
    {
      route: 'DELETE /delete/deleteDbConfig',
      prepare: async () => {
        const dbId = await newDbConfig();
        return {
          method: 'DELETE', url: '/delete/deleteDbConfig', body: { dbId },
          async succeeded() { expect(await findDbConfig(server.store, dbId)).toBeUndefined(); },
        };
      },
    },
    // ---- groups ----
    {
      route: 'GET /auth/listGroupUser/{appId}',
      prepare: async () => ({
        method: 'GET', url: `/auth/listGroupUser/${appId}?page=1&limit=10&pageUser=1&limitUser=20&userId=`,
        async succeeded(response) {
          const groups = response.json().data.groups as { groupSlug: string; member: string[] }[];
          expect(groups.find((g) => g.groupSlug === 'admin')?.member).toEqual([ADMIN]);
          expect(groups.find((g) => g.groupSlug === 'member')?.member).toContain(MEMBER);
        },
      }),
    },
    {
      route: 'GET /auth/listgroup/{appId}',
      prepare: async () => ({
        method: 'GET', url: `/auth/listgroup/${appId}`,
        async succeeded(response) {
          const groups = response.json().data as { groupSlug: string; groupAccess: { menuId: number[] } }[];
          expect(groups.map((g) => g.groupSlug)).toEqual(expect.arrayContaining(['admin', 'member']));
          expect(groups.find((g) => g.groupSlug === 'member')?.groupAccess.menuId).toEqual([visibleMenuId, visibleSubId]);
        },
      }),
    },
    {
      route: 'POST /auth/addUserToGroup',
      prepare: async () => {
        const groupId = await newGroup();
        return {
          method: 'POST', url: '/auth/addUserToGroup', body: { userId: SPARE, groupId },
          async succeeded() {
            expect(await server.store.selectFrom('groupMembers').select('userId').where('groupId', '=', groupId).execute()).toEqual([{ userId: SPARE }]);
          },
        };
      },
    },
    {
      route: 'DELETE /auth/removeUserFromGroup',
      prepare: async () => {
        const groupId = await newGroup();
        await addMember(server.store, groupId, SPARE);
        return {
          method: 'DELETE', url: '/auth/removeUserFromGroup', body: { userId: SPARE, groupId },
          async succeeded() {
            expect(await server.store.selectFrom('groupMembers').select('userId').where('groupId', '=', groupId).execute()).toEqual([]);
          },
        };
      },
    },
    {
      route: 'POST /auth/addgroup',
      prepare: async () => {
        const groupName = `Team ${++counter}`;
        return {
          method: 'POST', url: '/auth/addgroup', successCode: 201,
          body: { data: { groupId: null, groupName, groupAppId: appId, groupAccess: { pageId: [], actionId: [], menuId: [] } } },
          async succeeded(response) {
            expect(await findGroup(server.store, response.json().data.groupId)).toMatchObject({ groupName, groupAppId: String(appId) });
          },
        };
      },
    },
    {
      route: 'DELETE /auth/deletegroup',
      prepare: async () => {
        const groupId = await newGroup();
        return {
          method: 'DELETE', url: '/auth/deletegroup', body: { data: { groupId } },
          async succeeded() { expect(await findGroup(server.store, groupId)).toBeUndefined(); },
        };
      },
    },
    {
      route: 'PUT /auth/setDefaultGroup',
      prepare: async () => {
        const groupId = await newGroup();
        return {
          method: 'PUT', url: '/auth/setDefaultGroup', body: { data: { appId, groupId } },
          async succeeded() { expect(await defaultGroupsOfApp()).toEqual([groupId]); },
        };
      },
    },
    {
      route: 'PUT /auth/updategroup',
      prepare: async () => {
        const groupId = await newGroup();
        const menuId = await newMenu();
        return {
          method: 'PUT', url: '/auth/updategroup', body: { groupId, groupAppId: appId, groupAccess: { menuId: [menuId] } },
          async succeeded() { expect(await menuAccessOfGroup(groupId)).toEqual([menuId]); },
        };
      },
    },
    {
      route: 'DELETE /auth/removeGroupAccess',
      prepare: async () => {
        const groupId = await newGroup();
        const menuId = await newMenu();
        await grantMenuAccess(server.store, groupId, [menuId]);
        return {
          method: 'DELETE', url: '/auth/removeGroupAccess', body: { groupId, groupAppId: appId, groupAccess: { menuId: [menuId] } },
          async succeeded() { expect(await menuAccessOfGroup(groupId)).toEqual([]); },
        };
      },
    },
    // ---- users ----
    {
      route: 'GET /auth/listuser?appId=',
      prepare: async () => ({
        method: 'GET', url: `/auth/listuser?appId=${appId}&page=1&limit=10&userId=`,
        async succeeded(response) {
          const { users, count } = response.json().data;
          expect(users.slice(0, 2)).toEqual([[{ userId: ADMIN }], [{ userId: MEMBER }]]);
          expect(users).not.toContainEqual([{ userId: OUTSIDER }]);
          expect(count).toBeGreaterThanOrEqual(2);
        },
      }),
    },
    {
      route: 'POST /auth/adduser',
      prepare: async () => {
        const userId = `0816${String(++counter).padStart(8, '0')}`;
        return {
          method: 'POST', url: '/auth/adduser', successCode: 201,
          body: { data: { userId, password: 'password-1', confirm_password: 'password-1', appId } },
          async succeeded() {
            expect(await findUser(server.store, userId)).toBeDefined();
            expect(await isMemberOfApp(server.store, appId, userId)).toBe(true);
          },
        };
      },
    },
    {
      route: 'PUT /auth/changePassword',
      prepare: async () => {
        const userId = await newUserInApp();
        return {
          method: 'PUT', url: '/auth/changePassword',
          body: { data: { userId, password: 'password-2', confirm_password: 'password-2', appId } },
          async succeeded(response) {
            expect(response.json().data).toBe(Messages.passwordChanged);
            await server.login(userId, 'password-2', appSlug);
          },
        };
      },
    },
    {
      route: 'DELETE /auth/deleteuser',
      prepare: async () => {
        const userId = await newUserInApp();
        return {
          method: 'DELETE', url: '/auth/deleteuser', body: { data: { userId, appId } },
          async succeeded() { expect(await isMemberOfApp(server.store, appId, userId)).toBe(false); },
        };
      },
    },
    // ---- menus and pages ----
    {
      route: 'GET /get/listMenu/{appId}',
      prepare: async () => ({
        method: 'GET', url: `/get/listMenu/${appId}`,
        async succeeded(response) {
          const menus = response.json().data as { menuId: number; submenu: { menuId: number }[] }[];
          expect(menus.map((m) => m.menuId)).toEqual(expect.arrayContaining([visibleMenuId, hiddenMenuId]));
          expect(menus.find((m) => m.menuId === visibleMenuId)?.submenu.map((s) => s.menuId)).toEqual([visibleSubId, hiddenSubId]);
        },
      }),
      memberSees(response) {
        expect(response.statusCode).toBe(200);
        const menus = response.json().data as { menuId: number; menuName: string; submenu: { menuId: number }[] }[];
        expect(menus.map((m) => m.menuName)).toEqual(['Visible']);
        expect(menus[0]?.submenu.map((s) => s.menuId)).toEqual([visibleSubId]);
      },
    },
    {
      route: 'POST /save/saveMenu',
      prepare: async () => {
        const menuName = `Saved ${++counter}`;
        return {
          method: 'POST', url: '/save/saveMenu', successCode: 201,
          body: { menuId: null, menuName, menuAppId: appId, menuPageId: 0, menuParentMenuId: 0 },
          async succeeded(response) {
            expect(await findMenu(server.store, response.json().data.menuId)).toMatchObject({ menuName, menuAppId: appId, menuParentMenuId: 0 });
          },
        };
      },
    },
    {
      route: 'PUT /save/updateMenu',
      prepare: async () => {
        const menuId = await newMenu();
        const pageId = await newPage();
        return {
          method: 'PUT', url: '/save/updateMenu', body: { menuId, menuAppId: appId, menuPageId: pageId },
          async succeeded() { expect((await findMenu(server.store, menuId))?.menuPageId).toBe(pageId); },
        };
      },
    },
    {
      route: 'DELETE /delete/deleteMenu',
      prepare: async () => {
        const menuId = await newMenu();
        return {
          method: 'DELETE', url: '/delete/deleteMenu', body: { menuId },
          async succeeded() { expect(await findMenu(server.store, menuId)).toBeUndefined(); },
        };
      },
    },
    {
      route: 'GET /get/listAppPages/{appId}',
      prepare: async () => ({
        method: 'GET', url: `/get/listAppPages/${appId}`,
        async succeeded(response) {
          const pageIds = (response.json().data as { pageId: number }[]).map((p) => p.pageId);
          expect(pageIds).toEqual(expect.arrayContaining([loosePageId, assignedPageId]));
        },
      }),
    },
    {
      route: 'GET /get/listUnassignedPages/{appId}',
      prepare: async () => ({
        method: 'GET', url: `/get/listUnassignedPages/${appId}`,
        async succeeded(response) {
          const pageIds = (response.json().data as { pageId: number }[]).map((p) => p.pageId);
          expect(pageIds).toContain(loosePageId);
          expect(pageIds).not.toContain(assignedPageId);
        },
      }),
    },
  ];

  it.each(cases)('$route: refused to anonymous callers, outsiders and members, allowed to administrators', async (routeCase) => {
    const attempt = await routeCase.prepare();
    const before = await storeRows(server.store);

    const anonymous = await server.call(attempt.method, attempt.url, attempt.body, callers.anonymous);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ status: false, error: [Messages.unauthenticated], code: 'unauthenticated' });
    const refusedCallers = routeCase.memberSees === undefined ? [callers.outsider, callers.member] : [callers.outsider];
    for (const token of refusedCallers) {
      const refused = await server.call(attempt.method, attempt.url, attempt.body, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ status: false, error: [Messages.forbidden], code: 'forbidden' });
    }
    expect(await storeRows(server.store)).toEqual(before);
    routeCase.memberSees?.(await server.call(attempt.method, attempt.url, attempt.body, callers.member));

    for (const who of ['admin', 'root'] as const) {
      const own = who === 'admin' ? attempt : await routeCase.prepare();
      const response = await server.call(own.method, own.url, own.body, callers[who]);
      expect(response.json()).toMatchObject({ status: true });
      expect(response.statusCode).toBe(own.successCode ?? 200);
      await own.succeeded(response);
    }
  });

  it('refuses an outsider who names his own application beside another application\'s rows', async () => {
    const kasirMenu = await newMenu();
    const kasirParent = await newMenu();
    const kasirDb = await newDbConfig();
    const victim = await newUserInApp();
    const ownGroupId = (await findGroupBySlug(server.store, String(otherAppId), 'member'))!.groupId;
    const before = await storeRows(server.store);
    const crafted: [Method, string, unknown][] = [
      ['POST', '/save/saveDbConfig', { dbId: kasirDb, dbAppId: otherAppId, dbType: 'sqlite', dbDatabase: 'perm-other.db' }],
      ['PUT', '/auth/setDefaultGroup', { data: { appId: otherAppId, groupId: memberGroupId } }],
      ['PUT', '/auth/updategroup', { groupId: ownGroupId, groupAppId: otherAppId, groupAccess: { menuId: [kasirMenu] } }],
      ['DELETE', '/auth/removeGroupAccess', { groupId: memberGroupId, groupAppId: otherAppId, groupAccess: { menuId: [visibleMenuId] } }],
      ['POST', '/auth/addgroup', { data: { groupId: memberGroupId, groupName: 'Renamed', groupAppId: otherAppId } }],
      ['PUT', '/auth/changePassword', { data: { userId: victim, password: 'password-9', confirm_password: 'password-9', appId: otherAppId } }],
      ['DELETE', '/auth/deleteuser', { data: { userId: victim, appId: otherAppId } }],
      ['PUT', '/save/updateMenu', { menuId: kasirMenu, menuAppId: otherAppId, menuPageId: 0 }],
      ['POST', '/save/saveMenu', { menuId: null, menuName: 'Intruder', menuAppId: otherAppId, menuPageId: 0, menuParentMenuId: kasirParent }],
      ['POST', '/save/saveMenu', { menuId: null, menuName: 'Intruder', menuAppId: otherAppId, menuPageId: loosePageId, menuParentMenuId: 0 }],
    ];
    for (const [method, url, body] of crafted) {
      const response = await server.call(method, url, body, callers.outsider);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().status).toBe(false);
    }
    expect(await storeRows(server.store)).toEqual(before);
    expect(await verifyPassword((await findUser(server.store, victim))!.passwordHash, 'password-1')).toBe(true);
  });

  it('keeps an outsider out of another application\'s SQLite file named in his own connection', async () => {
    const outsiderMain = await server.login(OUTSIDER, 'password-1', 'main');
    const saved = await server.call('POST', '/save/saveDbConfig',
      { dbId: null, dbAppId: otherAppId, dbType: 'sqlite', dbDatabase: 'perm-test.db' }, outsiderMain);
    // Either the file is refused, or the name opens a file of his own application, never Kasir's.
    const tables = saved.statusCode === 200
      ? (await server.call('GET', `/get/getDbDetails/${saved.json().data.dbId}`, undefined, outsiderMain)).json().data.tables as { table_name: string }[]
      : [];
    expect(tables.map((t) => t.table_name)).not.toContain('perm_items');
  });

  /** A refused takeover: 4xx, and the password still opens the account. */
  const expectAccountKept = async (response: LightMyRequestResponse, userId: string, password: string) => {
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await verifyPassword((await findUser(server.store, userId))!.passwordHash, password)).toBe(true);
  };

  it('does not let an administrator take over an account of another application by adding it to his group', async () => {
    // The victim administers an application of his own and is nothing in Kasir.
    const victim = '081400000077';
    await server.register(victim, 'password-1');
    const victimMain = await server.login(victim, 'password-1', 'main');
    const victimApp = await server.call('POST', '/save/saveApp', { appId: null, appName: 'Victim shop', appDescription: '' }, victimMain);
    const victimSlug = victimApp.json().data.appSlug as string;

    await server.call('POST', '/auth/addUserToGroup', { userId: victim, groupId: memberGroupId }, callers.admin);
    const changed = await server.call('PUT', '/auth/changePassword',
      { data: { userId: victim, password: 'hijacked-1', confirm_password: 'hijacked-1', appId } }, callers.admin);
    await expectAccountKept(changed, victim, 'password-1');
    const resetToken = await server.call('POST', '/forgot_password/getToken', { userId: victim }, callers.admin);
    expect(resetToken.json().status).toBe(false);
    await server.login(victim, 'password-1', victimSlug);
  });

  // Last: when it fails, the super administrator's password (and the root token) is gone.
  it('does not let an administrator take over the super administrator\'s account', async () => {
    await server.call('POST', '/auth/addUserToGroup', { userId: 'admin', groupId: memberGroupId }, callers.admin);
    const changed = await server.call('PUT', '/auth/changePassword',
      { data: { userId: 'admin', password: 'hijacked-1', confirm_password: 'hijacked-1', appId } }, callers.admin);
    await expectAccountKept(changed, 'admin', ADMIN_PASSWORD);
    await server.login('admin', ADMIN_PASSWORD, '_root');
  });
});
