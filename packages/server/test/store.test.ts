import { MAIN_APP_ID, SUPER_ADMIN_MARKER } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openStore, type Store } from '../src/store/db';
import { deleteAppCascade, findAppBySlug, insertApp } from '../src/store/repositories/apps';
import { addMember, findDefaultGroup, groupsOfUser, insertGroup } from '../src/store/repositories/groups';
import { seed } from '../src/store/seed';
import { availableEngines, createTestDatabase, type TestDatabase } from './support/engines';

const engines = await availableEngines();

describe.each(engines)('metadata store on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    store = openStore(database.databaseUrl, database.dataDir);
    await migrateToLatest(store);
  });
  afterAll(async () => {
    await store.destroy();
    await database.drop();
  });

  it('creates every entity table', async () => {
    const tables = (await store.introspection.getTables()).map((t) => t.name);
    for (const table of [
      'apps', 'users', 'user_groups', 'group_members', 'group_menu_access', 'pages', 'menus', 'db_configs',
      'chains', 'chain_actions', 'flow_edges', 'functions', 'queries', 'triggers', 'files', 'templates', 'password_resets', 'print_templates',
      'workflow_versions',
    ]) expect(tables).toContain(table);
  });

  it('migrating twice is a no-op', async () => {
    await expect(migrateToLatest(store)).resolves.toBeUndefined();
  });

  it('seeds main as appId 1, _root, the Super Admin group and admin, idempotently', async () => {
    const first = await seed(store, undefined);
    expect(first.generatedAdminPassword).toMatch(/^[\w-]{12,}$/);
    const second = await seed(store, undefined);
    expect(second.generatedAdminPassword).toBeUndefined();

    const main = await findAppBySlug(store, 'main');
    expect(main?.appId).toBe(MAIN_APP_ID);
    expect(main?.appOpenRegistration).toBe(1);
    expect(await findAppBySlug(store, '_root')).toBeDefined();
    expect((await store.selectFrom('apps').select('appId').execute())).toHaveLength(2);
    expect((await findDefaultGroup(store, MAIN_APP_ID))?.groupSlug).toBe('member');
    const adminGroups = await groupsOfUser(store, 'admin');
    expect(adminGroups.map((g) => g.groupAppId)).toEqual([SUPER_ADMIN_MARKER]);
    expect((await store.selectFrom('users').select('userId').execute())).toHaveLength(1);
  });

  it('returns generated ids and removes an application with everything in it', async () => {
    const appId = await store.transaction().execute(async (trx) => {
      const id = await insertApp(trx, { appName: 'Cascade', appDescription: '', appSlug: 'cascade', appOpenRegistration: false });
      const groupId = await insertGroup(trx, { groupName: 'Admin', groupAppId: String(id), groupSlug: 'admin' });
      await addMember(trx, groupId, 'admin');
      await trx.insertInto('groupMenuAccess').values({ groupId, menuId: 7 }).execute();
      await trx.insertInto('pages').values({ pageAppId: id, pageName: 'P', pageSlug: 'p', pageComponents: '[]', updatedAt: '' }).execute();
      return id;
    });
    expect(appId).toBeGreaterThan(2);
    expect((await groupsOfUser(store, 'admin')).map((g) => g.groupAppId)).toContain(String(appId));

    await store.transaction().execute((trx) => deleteAppCascade(trx, appId));
    expect(await findAppBySlug(store, 'cascade')).toBeUndefined();
    expect((await groupsOfUser(store, 'admin')).map((g) => g.groupAppId)).toEqual([SUPER_ADMIN_MARKER]);
    expect(await store.selectFrom('pages').selectAll().where('pageAppId', '=', appId).execute()).toEqual([]);
    expect(await store.selectFrom('groupMenuAccess').selectAll().execute()).toEqual([]);
  });

  it('rolls a failed transaction back completely', async () => {
    await expect(store.transaction().execute(async (trx) => {
      await insertApp(trx, { appName: 'Half', appDescription: '', appSlug: 'half', appOpenRegistration: false });
      throw new Error('boom');
    })).rejects.toThrow('boom');
    expect(await findAppBySlug(store, 'half')).toBeUndefined();
  });
});
