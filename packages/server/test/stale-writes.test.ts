import { createComponent, Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPage } from '../src/store/repositories/pages';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';

const engines = await availableEngines();

/**
 * Issue 33: two administrators (or two tabs) load one object and both save it. The second save,
 * based on the revision the first replaced, is refused with 409 and the stored object, and the
 * first one's work stays. Each kind of object plays the race, in turn and at the same moment.
 */
describe.each(engines)('stale writes on %s', (engine) => {
  let server: TestServer;
  let appId: number;
  let admin: string;

  beforeAll(async () => {
    server = await buildTestServer(engine);
    await server.register('081433000001', 'password-1');
    const builder = await server.login('081433000001', 'password-1', 'main');
    let appSlug: string;
    ({ appId, appSlug } = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Dua Tab', appDescription: '' }, builder)).json().data);
    admin = await server.login('081433000001', 'password-1', appSlug);
  });
  afterAll(async () => { await server.close(); });

  describe('pages', () => {
    const savePage = (page: Record<string, unknown>) => server.call('POST', '/save/saveApp', { appId, pages: [page] }, admin);
    const componentsOf = (...ids: string[]) => JSON.stringify(ids.map((id) => createComponent('input', id, `Input ${id}`)));

    it('refuses the second tab\'s save with 409 and the page as the first tab left it', async () => {
      const created = (await savePage({ pageId: null, pageName: 'Pesanan' })).json().data.pages[0];
      expect(created.revision).toBe(1);
      const loaded = (await server.call('GET', `/get/getPage/${created.pageId}`, undefined, admin)).json().data[0];
      expect(loaded.revision).toBe(1);

      const first = await savePage({ pageId: loaded.pageId, pageComponents: componentsOf('first'), revision: loaded.revision });
      expect(first.statusCode).toBe(200);
      expect(first.json().data.pages[0].revision).toBe(2);

      const second = await savePage({ pageId: loaded.pageId, pageComponents: componentsOf('second'), revision: loaded.revision });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({
        status: false,
        error: [Messages.staleWrite],
        code: 'staleWrite',
        data: {
          page: { pageId: loaded.pageId, pageAppId: appId, pageName: 'Pesanan', pageSlug: 'pesanan', pageComponents: componentsOf('first'), revision: 2, nameTranslations: {} },
          savedBy: '081433000001',
        },
      });
      const stored = await findPage(server.store, loaded.pageId);
      expect(JSON.parse(stored!.pageComponents).map((c: { id: string }) => c.id)).toEqual(['first']);
      expect(stored!.revision).toBe(2);

      // Based on the revision the refusal showed, the second tab's (merged) save is taken.
      const merged = await savePage({ pageId: loaded.pageId, pageComponents: componentsOf('first', 'second'), revision: 2 });
      expect(merged.json().data.pages[0].revision).toBe(3);
    });

    it('lets exactly one of two saves from one revision through when they arrive together', async () => {
      const { pageId } = (await savePage({ pageId: null, pageName: 'Balapan' })).json().data.pages[0];
      const answers = await Promise.all(['a', 'b', 'c'].map((id) => savePage({ pageId, pageComponents: componentsOf(id), revision: 1 })));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
      const winner = answers.findIndex((answer) => answer.statusCode === 200);
      const stored = await findPage(server.store, pageId);
      expect(stored!.pageComponents).toBe(componentsOf(['a', 'b', 'c'][winner]!));
      expect(stored!.revision).toBe(2);
      const versions = await server.store.selectFrom('pageVersions').select('versionId').where('pageId', '=', pageId).execute();
      expect(versions.length).toBeLessThanOrEqual(2);
    });

    it('writes a save that names no revision (the spec\'s body) over whatever is stored', async () => {
      const { pageId } = (await savePage({ pageId: null, pageName: 'Tanpa Revisi' })).json().data.pages[0];
      await savePage({ pageId, pageComponents: componentsOf('x'), revision: 1 });
      const blind = await savePage({ pageId, pageComponents: componentsOf('y') });
      expect(blind.statusCode).toBe(200);
      expect(blind.json().data.pages[0].revision).toBe(3);
    });
  });
  /**
   * The race for an object written whole: both tabs loaded `revision`; the first tab's write
   * passes, the second's is refused with the object as the first left it, and the store keeps
   * the first one's value.
   */
  async function playRace<T>(kind: {
    write: (value: string, revision: number | undefined) => Promise<{ statusCode: number; json: () => { data?: T; savedBy?: string | null } }>;
    stored: () => Promise<string>;
    valueIn: (current: T) => string;
    revisionIn: (current: T) => number;
  }, loaded: number) {
    const first = await kind.write('first', loaded);
    expect([200, 201]).toContain(first.statusCode);
    const second = await kind.write('second', loaded);
    expect(second.statusCode).toBe(409);
    const current = second.json().data as T;
    // The refusal names who saved what replaced his copy (the newest audit entry of the object).
    expect(second.json().savedBy).toBe('081433000001');
    expect(kind.valueIn(current)).toBe('first');
    expect(kind.revisionIn(current)).toBe(loaded + 1);
    expect(await kind.stored()).toBe('first');
    // Based on what the refusal showed, the write passes.
    expect([200, 201]).toContain((await kind.write('merged', kind.revisionIn(current))).statusCode);
    expect(await kind.stored()).toBe('merged');
    // Without a revision (the spec's own body) it is written whatever is stored.
    expect([200, 201]).toContain((await kind.write('blind', undefined)).statusCode);
  }

  it('functions: updateFunction', async () => {
    const fields = { name: 'Pajak', parameter: [{ name: 'a', type: 'int' }], content: 'return a' };
    const created = (await server.call('POST', '/function/saveFunction', { ...fields, appId }, admin)).json().data;
    expect(created.revision).toBe(1);
    const loaded = (await server.call('GET', `/function/getFunction/${created.slug}`, undefined, admin)).json().data;
    await playRace<{ content: string; revision: number }>({
      write: (value, revision) => server.call('PUT', '/function/updateFunction', { ...fields, id: created.id, content: `return '${value}'`, revision }, admin),
      stored: async () => (await server.store.selectFrom('functions').select('content').where('id', '=', created.id).executeTakeFirstOrThrow()).content.slice(8, -1),
      valueIn: (current) => current.content.slice(8, -1),
      revisionIn: (current) => current.revision,
    }, loaded.revision);
  });
  it('menus: updateMenu', async () => {
    const pageIds: Record<string, number> = {};
    for (const name of ['first', 'second', 'merged', 'blind']) {
      pageIds[name] = (await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: `Menu ${name}` }] }, admin)).json().data.pages[0].pageId;
    }
    const nameOf = (pageId: number) => Object.keys(pageIds).find((name) => pageIds[name] === pageId) ?? String(pageId);
    const { menuId } = (await server.call('POST', '/save/saveMenu', { menuName: 'Laporan', menuAppId: appId }, admin)).json().data;
    const listed = (await server.call('GET', `/get/listMenu/${appId}`, undefined, admin)).json().data;
    const loaded = listed.find((menu: { menuId: number }) => menu.menuId === menuId);
    await playRace<{ menuPageId: number; revision: number }>({
      write: (value, revision) => server.call('PUT', '/save/updateMenu', { menuId, menuAppId: appId, menuPageId: pageIds[value], revision }, admin),
      stored: async () => nameOf((await server.store.selectFrom('menus').select('menuPageId').where('menuId', '=', menuId).executeTakeFirstOrThrow()).menuPageId),
      valueIn: (current) => nameOf(current.menuPageId),
      revisionIn: (current) => current.revision,
    }, loaded.revision);
  });

  it('groups: renaming (addgroup with its id), then giving and taking menus', async () => {
    const { groupId } = (await server.call('POST', '/auth/addgroup', { data: { groupName: 'Kasir', groupAppId: appId } }, admin)).json().data;
    const loaded = (await server.call('GET', `/auth/listgroup/${appId}`, undefined, admin)).json().data.find((g: { groupId: number }) => g.groupId === groupId);
    await playRace<{ groupName: string; revision: number }>({
      write: (value, revision) => server.call('POST', '/auth/addgroup', { data: { groupId, groupName: value, groupAppId: appId, revision } }, admin),
      stored: async () => (await server.store.selectFrom('userGroups').select('groupName').where('groupId', '=', groupId).executeTakeFirstOrThrow()).groupName,
      valueIn: (current) => current.groupName,
      revisionIn: (current) => current.revision,
    }, loaded.revision);

    const { menuId } = (await server.call('POST', '/save/saveMenu', { menuName: 'Kas', menuAppId: appId }, admin)).json().data;
    const before = (await server.call('GET', `/auth/listgroup/${appId}`, undefined, admin)).json().data.find((g: { groupId: number }) => g.groupId === groupId);
    const grant = (revision: number) => server.call('PUT', '/auth/updategroup', { groupId, groupAppId: appId, groupAccess: { menuId: [menuId] }, revision }, admin);
    const granted = await grant(before.revision);
    expect(granted.json().data.revision).toBe(before.revision + 1);
    const stale = await server.call('DELETE', '/auth/removeGroupAccess', { groupId, groupAppId: appId, groupAccess: { menuId: [menuId] }, revision: before.revision }, admin);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data.groupAccess.menuId).toEqual([menuId]);
    expect(stale.json().data.revision).toBe(before.revision + 1);
  });

  it('applications: editing the name, description or registration of one', async () => {
    const loaded = (await server.call('GET', '/get/listAppUser/081433000001', undefined, admin)).json().data.find((a: { appId: number }) => a.appId === appId);
    await playRace<{ app: { appDescription: string; revision: number } }>({
      write: (value, revision) => server.call('POST', '/save/saveApp', { appId, appName: 'Dua Tab', appDescription: value, revision }, admin),
      stored: async () => (await server.store.selectFrom('apps').select('appDescription').where('appId', '=', appId).executeTakeFirstOrThrow()).appDescription,
      valueIn: (current) => current.app.appDescription,
      revisionIn: (current) => current.app.revision,
    }, loaded.revision);
    // Saving pages leaves the application's own revision alone.
    const now = (await server.store.selectFrom('apps').select('revision').where('appId', '=', appId).executeTakeFirstOrThrow()).revision;
    await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: 'Lain' }] }, admin);
    expect((await server.store.selectFrom('apps').select('revision').where('appId', '=', appId).executeTakeFirstOrThrow()).revision).toBe(now);
  });
});
