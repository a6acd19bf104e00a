import { randomBytes } from 'node:crypto';
import { Messages } from '@rakit/core';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/security/passwords';
import { findDbConfig } from '../src/store/repositories/db-configs';
import { findGroup, findGroupBySlug } from '../src/store/repositories/groups';
import { findMenu } from '../src/store/repositories/menus';
import { findUser, insertUser, isMemberOfApp } from '../src/store/repositories/users';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { createSqliteDatabase, storeRows } from './support/fixtures';

const engines = await availableEngines();
const mariadbReachable = engines.includes('mysql');
const postgresReachable = engines.includes('postgres');

/** The application databases the connection tests use (spec 1 screen 5). */
const MARIADB = { dbType: 'mysql', dbHost: '127.0.0.1', dbPort: 3306, dbUser: 'root', dbPassword: '', dbDatabase: 'test' } as const;
const POSTGRES = { dbType: 'postgres', dbHost: '127.0.0.1', dbPort: 5432, dbUser: 'postgres', dbPassword: '', dbDatabase: 'test' } as const;
const uniqueTable = () => `rakit_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

interface Callers { member: string; admin: string; root: string }
interface Group { groupId: number; groupSlug: string; groupName: string; groupIsDefault: string; groupAccess: { menuId: number[] } }
interface Menu { menuId: number; menuName: string; submenu: { menuId: number; menuName: string; menuPageId: number; pageName: string; pageSlug: string }[] }


describe.each(engines)('administration screens on %s', (engine) => {
  let server: TestServer;
  let callers: Callers;
  let appId: number;
  let appSlug: string;
  let otherAppId: number;
  let passwordHash: string;
  const ADMIN = '081600000001';
  const MEMBER = '081600000002';

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = callers.admin) =>
    server.call(method, url, body, token);
  const listGroups = async () => (await call('GET', `/auth/listgroup/${appId}`)).json().data as Group[];
  const listMenus = async (token = callers.admin) => (await call('GET', `/get/listMenu/${appId}`, undefined, token)).json().data as Menu[];
  const membersOf = async (groupId: number) =>
    (await server.store.selectFrom('groupMembers').select('userId').where('groupId', '=', groupId).orderBy('userId').execute()).map((m) => m.userId);
  /** Accounts of the application (its administrator may add them to groups), or of another one. */
  const createUsers = async (userIds: string[], homeAppId = appId) => {
    for (const userId of userIds) await insertUser(server.store, userId, passwordHash, homeAppId);
  };
  const createGroup = async (groupName: string) => {
    const response = await call('POST', '/auth/addgroup', { data: { groupId: null, groupName, groupAppId: appId } });
    expect(response.statusCode).toBe(201);
    return response.json().data.groupId as number;
  };
  const createMenu = async (menuName: string, menuParentMenuId = 0) => {
    const response = await call('POST', '/save/saveMenu', { menuId: null, menuName, menuAppId: appId, menuPageId: 0, menuParentMenuId });
    expect(response.statusCode).toBe(201);
    return response.json().data.menuId as number;
  };
  const insertPage = async (pageAppId: number, pageName: string, pageSlug: string) => {
    await server.store.insertInto('pages').values({ pageAppId, pageName, pageSlug, pageComponents: '[]', updatedAt: '' }).execute();
    return (await server.store.selectFrom('pages').select('pageId').where('pageSlug', '=', pageSlug).executeTakeFirstOrThrow()).pageId;
  };

  beforeAll(async () => {
    // The test databases are on 127.0.0.1: this operator lets application administrators reach them.
    server = await buildTestServer(engine, { allowPrivateDatabases: true });
    passwordHash = await hashPassword('password-1');
    await server.register(ADMIN, 'password-1');
    await server.register(MEMBER, 'password-1');
    const adminMain = await server.login(ADMIN, 'password-1', 'main');
    const created = await server.call('POST', '/save/saveApp', { appId: null, appName: 'Toko', appDescription: 'Shop', appOpenRegistration: true }, adminMain);
    ({ appId, appSlug } = created.json().data);
    const memberGroup = await findGroupBySlug(server.store, String(appId), 'member');
    await server.store.insertInto('groupMembers').values({ groupId: memberGroup!.groupId, userId: MEMBER }).execute();
    const other = await server.call('POST', '/save/saveApp', { appId: null, appName: 'Gudang', appDescription: '' }, adminMain);
    otherAppId = other.json().data.appId;
    callers = {
      member: await server.login(MEMBER, 'password-1', appSlug),
      admin: await server.login(ADMIN, 'password-1', appSlug),
      root: await server.login('admin', ADMIN_PASSWORD, '_root'),
    };
  });
  afterAll(async () => { await server.close(); });

  describe('databases', () => {
    const save = (body: Record<string, unknown>) => call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: appId, ...body });
    const storedConfigs = () => server.store.selectFrom('dbConfigs').selectAll().where('dbAppId', '=', appId).execute();

    it('refuses a blank value with Incorrect Config and stores nothing', async () => {
      const before = await storedConfigs();
      for (const blank of [
        { ...MARIADB, dbHost: '  ' },
        { ...MARIADB, dbUser: '' },
        { ...MARIADB, dbPort: 0 },
        { ...MARIADB, dbDatabase: '' },
        { dbType: 'sqlite', dbDatabase: ' ' },
      ]) {
        const response = await save(blank);
        expect(response.statusCode).toBe(400);
        expect(response.json().status).toBe(false);
        expect(response.json().error[0]).toBe(Messages.incorrectConfig);
      }
      expect(await storedConfigs()).toEqual(before);
    });

    it('refuses a database it cannot reach with Incorrect Config', async () => {
      const before = await storedConfigs();
      for (const unreachable of [{ ...MARIADB, dbPort: 1 }, { dbType: 'sqlite', dbDatabase: 'no-such-file.db' }]) {
        const response = await save(unreachable);
        expect(response.statusCode).toBe(400);
        expect(response.json().error[0]).toBe(Messages.incorrectConfig);
        expect(response.json().error).toHaveLength(2);
      }
      expect(await storedConfigs()).toEqual(before);
    });

    it.skipIf(!mariadbReachable)('saves a MariaDB connection and describes its tables with their primary key', async () => {
      const table = uniqueTable();
      const admin = await createConnection({ host: MARIADB.dbHost, port: MARIADB.dbPort, user: MARIADB.dbUser, password: '', database: MARIADB.dbDatabase });
      await admin.query(`CREATE TABLE \`${table}\` (id INT PRIMARY KEY, label VARCHAR(50))`);
      let dbId: number | undefined;
      try {
        const saved = await save(MARIADB);
        expect(saved.json()).toEqual({ status: true, data: { dbId: expect.any(Number), revision: 1 } });
        dbId = saved.json().data.dbId as number;
        const listed = (await call('GET', `/get/getDbConf/${appId}`)).json().data as Record<string, unknown>[];
        expect(listed).toContainEqual({ dbId, dbAppId: appId, dbType: 'mysql', dbHost: '127.0.0.1', dbPort: 3306, dbUser: 'root', dbDatabase: 'test', dbTimeLimit: null, revision: 1 });
        for (const config of listed) expect(Object.keys(config).filter((k) => /password/i.test(k))).toEqual([]);
        const details = (await call('GET', `/get/getDbDetails/${dbId}`)).json().data;
        expect(details.tables).toContainEqual({
          table_name: table,
          columns: [
            { COLUMN_NAME: 'id', COLUMN_KEY: 'PRI', DATA_TYPE: 'int' },
            { COLUMN_NAME: 'label', COLUMN_KEY: '', DATA_TYPE: 'varchar' },
          ],
        });
      } finally {
        if (dbId !== undefined) await call('DELETE', '/delete/deleteDbConfig', { dbId });
        await admin.query(`DROP TABLE IF EXISTS \`${table}\``);
        await admin.end();
      }
    });

    it.skipIf(!postgresReachable)('saves a PostgreSQL connection and describes its tables with their primary key', async () => {
      const table = uniqueTable();
      const admin = new pg.Client({ host: POSTGRES.dbHost, port: POSTGRES.dbPort, user: POSTGRES.dbUser, password: '', database: POSTGRES.dbDatabase });
      await admin.connect();
      await admin.query(`CREATE TABLE "${table}" (id integer PRIMARY KEY, label text)`);
      let dbId: number | undefined;
      try {
        const saved = await save(POSTGRES);
        expect(saved.json()).toEqual({ status: true, data: { dbId: expect.any(Number), revision: 1 } });
        dbId = saved.json().data.dbId as number;
        const listed = (await call('GET', `/get/getDbConf/${appId}`)).json().data as Record<string, unknown>[];
        expect(listed).toContainEqual({ dbId, dbAppId: appId, dbType: 'postgres', dbHost: '127.0.0.1', dbPort: 5432, dbUser: 'postgres', dbDatabase: 'test', dbTimeLimit: null, revision: 1 });
        for (const config of listed) expect(Object.keys(config).filter((k) => /password/i.test(k))).toEqual([]);
        const details = (await call('GET', `/get/getDbDetails/${dbId}`)).json().data;
        expect(details.tables).toContainEqual({
          table_name: table,
          columns: [
            { COLUMN_NAME: 'id', COLUMN_KEY: 'PRI', DATA_TYPE: 'integer' },
            { COLUMN_NAME: 'label', COLUMN_KEY: '', DATA_TYPE: 'text' },
          ],
        });
      } finally {
        if (dbId !== undefined) await call('DELETE', '/delete/deleteDbConfig', { dbId });
        await admin.query(`DROP TABLE IF EXISTS "${table}"`);
        await admin.end();
      }
    });

    it('keeps the password sealed, keeps it on an edit without one, and removes the connection', async () => {
      createSqliteDatabase(server.app.services.config.dataDir, appId, 'sealed.db', 'CREATE TABLE items (id INTEGER PRIMARY KEY, label TEXT)');
      const saved = await save({ dbType: 'sqlite', dbPassword: 'S3cret-pass', dbDatabase: 'sealed.db' });
      expect(saved.statusCode).toBe(200);
      const dbId = saved.json().data.dbId as number;
      const stored = await findDbConfig(server.store, dbId);
      expect(stored?.dbPasswordEnc).not.toContain('S3cret-pass');
      expect(server.app.services.secretBox.open(stored!.dbPasswordEnc)).toBe('S3cret-pass');
      const listed = await call('GET', `/get/getDbConf/${appId}`);
      expect(listed.body).not.toContain('S3cret-pass');
      expect(listed.body).not.toContain(stored!.dbPasswordEnc);

      const edited = await save({ dbId, dbType: 'sqlite', dbPassword: '', dbDatabase: 'sealed.db' });
      expect(edited.json()).toEqual({ status: true, data: { dbId, revision: 2 } });
      expect(server.app.services.secretBox.open((await findDbConfig(server.store, dbId))!.dbPasswordEnc)).toBe('S3cret-pass');
      await save({ dbId, dbType: 'sqlite', dbPassword: 'N3w-pass', dbDatabase: 'sealed.db' });
      expect(server.app.services.secretBox.open((await findDbConfig(server.store, dbId))!.dbPasswordEnc)).toBe('N3w-pass');

      expect((await call('DELETE', '/delete/deleteDbConfig', { dbId })).json()).toEqual({ status: true, data: { dbId } });
      expect(await findDbConfig(server.store, dbId)).toBeUndefined();
      expect((await call('GET', `/get/getDbConf/${appId}`)).json().data.map((c: { dbId: number }) => c.dbId)).not.toContain(dbId);
      const gone = await call('GET', `/get/getDbDetails/${dbId}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ status: false, error: [Messages.databaseNotFound], code: 'databaseNotFound' });
    });
  });

  describe('groups', () => {
    it('asks for a group\'s name and for the user to add', async () => {
      const before = await storeRows(server.store);
      const blank = await call('POST', '/auth/addgroup', { data: { groupId: null, groupName: '  ', groupAppId: appId } });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().status).toBe(false);
      expect(blank.json().error[0]).toContain(Messages.groupNameRequired);
      expect(await storeRows(server.store)).toEqual(before);

      const groupId = await createGroup('Kasir Pagi');
      expect(await findGroup(server.store, groupId)).toMatchObject({ groupName: 'Kasir Pagi', groupSlug: 'kasir-pagi', groupAppId: String(appId) });
      const noUser = await call('POST', '/auth/addUserToGroup', { userId: '', groupId });
      expect(noUser.statusCode).toBe(400);
      expect(noUser.json().error[0]).toContain(Messages.selectUser);
      expect(await membersOf(groupId)).toEqual([]);
      const added = await call('POST', '/auth/addUserToGroup', { userId: MEMBER, groupId });
      expect(added.json()).toEqual({ status: true, data: { groupId, userId: MEMBER } });
      expect(await membersOf(groupId)).toEqual([MEMBER]);
      const unknown = await call('POST', '/auth/addUserToGroup', { userId: '089999999999', groupId });
      expect(unknown.statusCode).toBe(404);
      expect(await membersOf(groupId)).toEqual([MEMBER]);
    });

    it('pages the groups and their members and searches members by id', async () => {
      await createUsers(['081611110001', '081611110002', '081611110003', '081622220001']);
      const shiftA = await createGroup('Shift A');
      const shiftB = await createGroup('Shift B');
      for (const userId of ['081611110001', '081611110002', '081611110003']) {
        expect((await call('POST', '/auth/addUserToGroup', { userId, groupId: shiftA })).statusCode).toBe(200);
      }
      await call('POST', '/auth/addUserToGroup', { userId: '081622220001', groupId: shiftB });
      const all = await listGroups();
      const page = async (query: string) => (await call('GET', `/auth/listGroupUser/${appId}?${query}`)).json().data;

      const second = await page('page=2&limit=1');
      expect(second.count).toBe(all.length);
      expect(second.groups.map((g: Group) => g.groupId)).toEqual([all[1]!.groupId]);
      const lastPage = await page(`page=${all.length}&limit=1`);
      expect(lastPage.groups.map((g: Group) => g.groupId)).toEqual([shiftB]);

      const searched = await page('userId=6111');
      expect(searched.count).toBe(1);
      expect(searched.groups).toEqual([expect.objectContaining({
        groupId: shiftA, groupName: 'Shift A', member: ['081611110001', '081611110002', '081611110003'], memberCount: 3,
      })]);
      const members = await page('userId=6111&pageUser=2&limitUser=2');
      expect(members.groups[0]).toMatchObject({ groupId: shiftA, member: ['081611110003'], memberCount: 3 });
      const one = await page('userId=11110002');
      expect(one.groups).toEqual([expect.objectContaining({ groupId: shiftA, member: ['081611110002'], memberCount: 1 })]);
      expect(await page('userId=nobody-like-this')).toEqual({ groups: [], count: 0 });
    });

    it('keeps exactly one default group, the one that new registrants join', async () => {
      const night = await createGroup('Shift Malam');
      const set = await call('PUT', '/auth/setDefaultGroup', { data: { appId, groupId: night } });
      expect(set.json()).toEqual({ status: true, data: { appId, groupId: night } });
      const defaults = (await listGroups()).filter((g) => g.groupIsDefault === '1');
      expect(defaults.map((g) => g.groupId)).toEqual([night]);
      expect((await listGroups()).filter((g) => g.groupIsDefault !== '0' && g.groupIsDefault !== '1')).toEqual([]);

      // A group of another application cannot become this one's default.
      const foreign = await findGroupBySlug(server.store, String(otherAppId), 'member');
      const refused = await call('PUT', '/auth/setDefaultGroup', { data: { appId, groupId: foreign!.groupId } });
      expect(refused.statusCode).toBe(400);
      expect((await listGroups()).filter((g) => g.groupIsDefault === '1').map((g) => g.groupId)).toEqual([night]);

      await server.register('081633330001', 'password-1', appId);
      expect(await membersOf(night)).toEqual(['081633330001']);
      const session = await server.call('POST', '/auth/login', { userId: '081633330001', password: 'password-1', appSlug });
      expect(session.json().data[0].userGroup.map((g: Group) => g.groupId)).toEqual([night]);
    });

    it('gives a group access to a menu once, and takes it away', async () => {
      const groupId = await createGroup('Gudang Staff');
      const menuId = await createMenu('Stok');
      const access = { groupId, groupAppId: appId, groupAccess: { menuId: [menuId] } };
      const given = await call('PUT', '/auth/updategroup', access);
      expect(given.json()).toMatchObject({ status: true, data: { groupId, menuId: [menuId] } });
      expect((await listGroups()).find((g) => g.groupId === groupId)?.groupAccess.menuId).toEqual([menuId]);

      const again = await call('PUT', '/auth/updategroup', access);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ status: false, error: [Messages.groupUsed], code: 'groupUsed' });
      const foreignMenu = await call('POST', '/save/saveMenu', { menuId: null, menuName: 'Elsewhere', menuAppId: otherAppId }, callers.root);
      const notOurs = await call('PUT', '/auth/updategroup', { ...access, groupAccess: { menuId: [foreignMenu.json().data.menuId] } });
      expect(notOurs.statusCode).toBe(400);
      expect(notOurs.json().error).toEqual([Messages.menuNotFound]);
      expect((await listGroups()).find((g) => g.groupId === groupId)?.groupAccess.menuId).toEqual([menuId]);

      const removed = await call('DELETE', '/auth/removeGroupAccess', access);
      expect(removed.json()).toMatchObject({ status: true, data: { groupId, menuId: [menuId] } });
      expect((await listGroups()).find((g) => g.groupId === groupId)?.groupAccess.menuId).toEqual([]);
    });

    it('removes a group with its members and its menu access in one go', async () => {
      const groupId = await createGroup('Temporary Crew');
      const menuId = await createMenu('Temporary Menu');
      await call('POST', '/auth/addUserToGroup', { userId: MEMBER, groupId });
      await call('PUT', '/auth/updategroup', { groupId, groupAppId: appId, groupAccess: { menuId: [menuId] } });
      expect(await membersOf(groupId)).toEqual([MEMBER]);

      const removed = await call('DELETE', '/auth/deletegroup', { data: { groupId } });
      expect(removed.json()).toEqual({ status: true, data: { groupId } });
      expect(await findGroup(server.store, groupId)).toBeUndefined();
      expect(await membersOf(groupId)).toEqual([]);
      expect(await server.store.selectFrom('groupMenuAccess').selectAll().where('groupId', '=', groupId).execute()).toEqual([]);
      expect(await findMenu(server.store, menuId)).toBeDefined();
      expect((await listGroups()).map((g) => g.groupId)).not.toContain(groupId);
    });

    it('refuses to remove the administrators\' group or an administrator\'s own membership of it', async () => {
      const adminGroup = await findGroupBySlug(server.store, String(appId), 'admin');
      const refused = await call('DELETE', '/auth/deletegroup', { data: { groupId: adminGroup!.groupId } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ status: false, error: [Messages.groupProtected], code: 'groupProtected' });
      expect(await findGroup(server.store, adminGroup!.groupId)).toBeDefined();
      const leave = await call('DELETE', '/auth/removeUserFromGroup', { userId: ADMIN, groupId: adminGroup!.groupId });
      expect(leave.statusCode).toBe(400);
      expect(await membersOf(adminGroup!.groupId)).toEqual([ADMIN]);
    });
  });

  describe('users', () => {
    const addUser = (userId: string, password = 'password-1', confirm = password) =>
      call('POST', '/auth/adduser', { data: { userId, password, confirm_password: confirm, appId } });

    it('pages and searches the application\'s users, each as a one-item list', async () => {
      for (const userId of ['081644440001', '081644440002', '081644440003']) expect((await addUser(userId)).statusCode).toBe(201);
      const list = async (query: string) => (await call('GET', `/auth/listuser?appId=${appId}&${query}`)).json();

      expect(await list('page=1&limit=2&userId=4444')).toEqual({ status: true, data: { users: [[{ userId: '081644440001' }], [{ userId: '081644440002' }]], count: 3 } });
      expect((await list('page=2&limit=2&userId=4444')).data).toEqual({ users: [[{ userId: '081644440003' }]], count: 3 });
      expect((await list('userId=44440002')).data).toEqual({ users: [[{ userId: '081644440002' }]], count: 1 });
      expect((await list('userId=zzz')).data).toEqual({ users: [], count: 0 });
      // Users of other applications only are not listed; the root application lists everyone.
      await createUsers(['081655550001'], otherAppId);
      expect((await list('userId=5555')).data).toEqual({ users: [], count: 0 });
      const rootApp = await server.store.selectFrom('apps').select('appId').where('appSlug', '=', '_root').executeTakeFirstOrThrow();
      const everyone = (await call('GET', `/auth/listuser?appId=${rootApp.appId}&userId=5555`, undefined, callers.root)).json().data;
      expect(everyone).toEqual({ users: [[{ userId: '081655550001' }]], count: 1 });
    });

    it('refuses mismatched passwords and blank fields with the dialog\'s messages', async () => {
      const before = await storeRows(server.store);
      const mismatch = await addUser('081666660001', 'password-1', 'password-2');
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().status).toBe(false);
      expect(mismatch.json().error[0]).toContain(Messages.passwordConfirmMismatch);
      for (const [userId, password, confirm] of [['', 'password-1', 'password-1'], ['  ', 'password-1', 'password-1'], ['081666660001', '', ''], ['081666660001', 'password-1', '']]) {
        const blank = await addUser(userId!, password, confirm);
        expect(blank.statusCode).toBe(400);
        expect(blank.json().error[0]).toContain(Messages.fillAllFields);
      }
      expect(await storeRows(server.store)).toEqual(before);
    });

    it('asks to fill all fields when a field is left out of the body', async () => {
      const missing = await call('POST', '/auth/adduser', { data: { userId: '081666660002', password: 'password-1', appId } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error[0]).toContain(Messages.fillAllFields);
      expect(await findUser(server.store, '081666660002')).toBeUndefined();
    });

    it('creates a user who can sign in to the application, once', async () => {
      const created = await addUser('081677770001');
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({ status: true, data: { userId: '081677770001' } });
      await server.login('081677770001', 'password-1', appSlug);

      const again = await addUser('081677770001', 'password-2');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ status: false, error: [Messages.userAlreadyInApp], code: 'userAlreadyInApp' });
      await server.login('081677770001', 'password-1', appSlug);
    });

    it('changes a user\'s password: the new one signs in, the old one no longer does', async () => {
      await addUser('081688880001', 'password-old');
      const changed = await call('PUT', '/auth/changePassword', { data: { userId: '081688880001', password: 'password-new', confirm_password: 'password-new', appId } });
      expect(changed.json()).toEqual({ status: true, data: Messages.passwordChanged });
      await server.login('081688880001', 'password-new', appSlug);
      const old = await server.call('POST', '/auth/login', { userId: '081688880001', password: 'password-old', appSlug });
      expect(old.statusCode).toBe(401);
      expect(old.json()).toEqual({ status: false, error: [Messages.loginFailed], code: 'loginFailed' });
    });

    it('removes a user from the application, but not the administrator himself', async () => {
      await addUser('081699990001');
      await server.login('081699990001', 'password-1', appSlug);
      const removed = await call('DELETE', '/auth/deleteuser', { data: { userId: '081699990001', appId } });
      expect(removed.json()).toEqual({ status: true, data: { userId: '081699990001' } });
      expect(await isMemberOfApp(server.store, appId, '081699990001')).toBe(false);
      const login = await server.call('POST', '/auth/login', { userId: '081699990001', password: 'password-1', appSlug });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toEqual({ status: false, error: [Messages.loginFailed], code: 'loginFailed' });

      const self = await call('DELETE', '/auth/deleteuser', { data: { userId: ADMIN, appId } });
      expect(self.statusCode).toBe(400);
      expect(await isMemberOfApp(server.store, appId, ADMIN)).toBe(true);
      await server.login(ADMIN, 'password-1', appSlug);
    });
  });

  describe('menus', () => {
    it('asks for the name of a parent menu and of a sub-menu', async () => {
      const parentId = await createMenu('Laporan');
      const before = await storeRows(server.store);
      const parent = await call('POST', '/save/saveMenu', { menuId: null, menuName: '  ', menuAppId: appId, menuPageId: 0, menuParentMenuId: 0 });
      expect(parent.statusCode).toBe(400);
      expect(parent.json()).toEqual({ status: false, error: [Messages.parentMenuNameRequired], code: 'parentMenuNameRequired' });
      const sub = await call('POST', '/save/saveMenu', { menuId: null, menuName: '', menuAppId: appId, menuPageId: 0, menuParentMenuId: parentId });
      expect(sub.statusCode).toBe(400);
      expect(sub.json()).toEqual({ status: false, error: [Messages.submenuNameRequired], code: 'submenuNameRequired' });
      expect(await storeRows(server.store)).toEqual(before);
    });

    it('lists parent menus with their sub-menus, attaches pages and tells which pages are left', async () => {
      const parentId = await createMenu('Penjualan');
      const subId = await createMenu('Harian', parentId);
      expect((await listMenus()).find((m) => m.menuId === parentId)).toEqual({
        menuId: parentId, menuName: 'Penjualan', nameTranslations: {}, menuAppId: appId, menuPageId: 0, menuParentMenuId: 0, pageName: '', revision: 1,
        submenu: [{ menuId: subId, menuName: 'Harian', nameTranslations: {}, menuPageId: 0, pageName: '', pageSlug: '', revision: 1 }],
      });

      const daily = await insertPage(appId, 'Laporan Harian', 'laporan-harian');
      const weekly = await insertPage(appId, 'Laporan Mingguan', 'laporan-mingguan');
      const unassigned = async () => (await call('GET', `/get/listUnassignedPages/${appId}`)).json().data.map((p: { pageId: number }) => p.pageId);
      expect(await unassigned()).toEqual(expect.arrayContaining([daily, weekly]));

      const attached = await call('PUT', '/save/updateMenu', { menuId: subId, menuAppId: appId, menuPageId: daily });
      expect(attached.json()).toEqual({ status: true, data: { menuId: subId, menuPageId: daily, revision: 2 } });
      expect((await listMenus()).find((m) => m.menuId === parentId)?.submenu).toEqual([
        { menuId: subId, menuName: 'Harian', nameTranslations: {}, menuPageId: daily, pageName: 'Laporan Harian', pageSlug: 'laporan-harian', revision: 2 },
      ]);
      expect(await unassigned()).toContain(weekly);
      expect(await unassigned()).not.toContain(daily);
      const pages = (await call('GET', `/get/listAppPages/${appId}`)).json().data;
      expect(pages).toEqual(expect.arrayContaining([
        { pageId: daily, pageName: 'Laporan Harian', pageSlug: 'laporan-harian', pageComponents: '[]', revision: 1, nameTranslations: {} },
        { pageId: weekly, pageName: 'Laporan Mingguan', pageSlug: 'laporan-mingguan', pageComponents: '[]', revision: 1, nameTranslations: {} },
      ]));

      // Taking the page away puts it back among the unassigned ones.
      await call('PUT', '/save/updateMenu', { menuId: subId, menuAppId: appId, menuPageId: 0 });
      expect(await unassigned()).toContain(daily);
    });

    it('refuses a page of another application', async () => {
      const menuId = await createMenu('Pembelian');
      const foreignPage = await insertPage(otherAppId, 'Elsewhere', 'elsewhere');
      const attach = await call('PUT', '/save/updateMenu', { menuId, menuAppId: appId, menuPageId: foreignPage });
      expect(attach.statusCode).toBe(400);
      expect(attach.json()).toEqual({ status: false, error: [Messages.pageNotFound], code: 'pageNotFound' });
      expect((await findMenu(server.store, menuId))?.menuPageId).toBe(0);
      const before = await storeRows(server.store);
      const create = await call('POST', '/save/saveMenu', { menuId: null, menuName: 'With foreign page', menuAppId: appId, menuPageId: foreignPage, menuParentMenuId: 0 });
      expect(create.statusCode).toBe(400);
      expect(await storeRows(server.store)).toEqual(before);
    });

    it('shows a member only the menus his group has access to', async () => {
      const open = await createMenu('Kasir');
      const openSub = await createMenu('Transaksi', open);
      await createMenu('Pengaturan Kasir', open);
      const closed = await createMenu('Pengaturan');
      await createMenu('Toko', closed);
      const memberGroup = await findGroupBySlug(server.store, String(appId), 'member');
      const given = await call('PUT', '/auth/updategroup', { groupId: memberGroup!.groupId, groupAppId: appId, groupAccess: { menuId: [open, openSub] } });
      expect(given.statusCode).toBe(200);

      const seen = await listMenus(callers.member);
      expect(seen.map((m) => m.menuId)).toEqual([open]);
      expect(seen[0]?.submenu.map((s) => s.menuId)).toEqual([openSub]);
      const adminSees = await listMenus();
      expect(adminSees.map((m) => m.menuId)).toEqual(expect.arrayContaining([open, closed]));
      expect(adminSees.find((m) => m.menuId === open)?.submenu).toHaveLength(2);
    });

    it('removes a parent menu with its sub-menus and the access to them', async () => {
      const parentId = await createMenu('Hapus');
      const subIds = [await createMenu('Hapus Satu', parentId), await createMenu('Hapus Dua', parentId)];
      const groupId = await createGroup('Hapus Crew');
      await call('PUT', '/auth/updategroup', { groupId, groupAppId: appId, groupAccess: { menuId: [parentId, ...subIds] } });
      const keep = await createMenu('Tetap');

      const removed = await call('DELETE', '/delete/deleteMenu', { menuId: parentId });
      expect(removed.json()).toEqual({ status: true, data: { menuId: parentId } });
      for (const menuId of [parentId, ...subIds]) expect(await findMenu(server.store, menuId)).toBeUndefined();
      expect(await server.store.selectFrom('groupMenuAccess').selectAll().where('groupId', '=', groupId).execute()).toEqual([]);
      expect((await listMenus()).map((m) => m.menuId)).not.toContain(parentId);
      expect(await findMenu(server.store, keep)).toBeDefined();
      expect((await call('DELETE', '/delete/deleteMenu', { menuId: parentId })).statusCode).toBe(404);
    });
  });

  describe('bad bodies', () => {
    const routes: { route: string; method: 'POST' | 'PUT' | 'DELETE'; url: string; valid: () => Record<string, unknown>; wrongType: () => Record<string, unknown>; field: RegExp }[] = [
      {
        route: 'POST /save/saveDbConfig', method: 'POST', url: '/save/saveDbConfig', field: /dbAppId/,
        valid: () => ({ dbId: null, dbAppId: appId, dbType: 'sqlite', dbDatabase: 'sealed.db' }),
        wrongType: () => ({ dbId: null, dbAppId: 'one', dbType: 'sqlite', dbDatabase: 'sealed.db' }),
      },
      {
        route: 'POST /auth/addgroup', method: 'POST', url: '/auth/addgroup', field: /groupName/,
        valid: () => ({ data: { groupId: null, groupName: 'Bad Body Crew', groupAppId: appId } }),
        wrongType: () => ({ data: { groupId: null, groupName: 42, groupAppId: appId } }),
      },
      {
        // The user form answers any unusable entry with the spec's 'Please fill all fields'.
        route: 'POST /auth/adduser', method: 'POST', url: '/auth/adduser', field: /^Please fill all fields$/,
        valid: () => ({ data: { userId: '081610101010', password: 'password-1', confirm_password: 'password-1', appId } }),
        wrongType: () => ({ data: { userId: ['081610101010'], password: 'password-1', confirm_password: 'password-1', appId } }),
      },
      {
        route: 'PUT /auth/updategroup', method: 'PUT', url: '/auth/updategroup', field: /menuId/,
        valid: () => ({ groupId: 1, groupAppId: appId, groupAccess: { menuId: [1] } }),
        wrongType: () => ({ groupId: 1, groupAppId: appId, groupAccess: { menuId: 'all' } }),
      },
      {
        route: 'POST /save/saveMenu', method: 'POST', url: '/save/saveMenu', field: /menuParentMenuId/,
        valid: () => ({ menuId: null, menuName: 'Bad Body Menu', menuAppId: appId, menuPageId: 0, menuParentMenuId: 0 }),
        wrongType: () => ({ menuId: null, menuName: 'Bad Body Menu', menuAppId: appId, menuPageId: 0, menuParentMenuId: 'top' }),
      },
      {
        route: 'DELETE /auth/deleteuser', method: 'DELETE', url: '/auth/deleteuser', field: /userId/,
        valid: () => ({ data: { userId: MEMBER, appId } }),
        wrongType: () => ({ data: { userId: 81600000002, appId } }),
      },
    ];

    it.each(routes)('$route answers malformed, mistyped and oversized bodies with 4xx and a message, changing nothing', async (route) => {
      const before = await storeRows(server.store);
      const expectRefused = (response: Awaited<ReturnType<typeof call>>, statusCode: number) => {
        expect(response.statusCode).toBe(statusCode);
        expect(response.json()).toMatchObject({ status: false, error: [expect.any(String)] });
      };

      const malformed = await server.app.inject({
        method: route.method, url: route.url, payload: JSON.stringify(route.valid()).slice(0, -3),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${callers.admin}` },
      });
      expectRefused(malformed, 400);
      const wrongType = await call(route.method, route.url, route.wrongType());
      expectRefused(wrongType, 400);
      expect(wrongType.json().error[0]).toMatch(route.field);
      const oversized = await call(route.method, route.url, { ...route.valid(), filler: 'x'.repeat(70 * 1024) });
      expectRefused(oversized, 413);

      expect(await storeRows(server.store)).toEqual(before);
    });
  });
});
