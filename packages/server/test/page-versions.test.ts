import { type Component, createComponent, type DeletedPage, LANGUAGE_HEADER, type PageVersion, type PageVersionList, ROOT_APP_SLUG } from '@rakit/core';
import { translate } from '@rakit/core/translate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prunePageHistory } from '../src/pages/history';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { hostileBuilder } from './trust-boundary/hostile';

/** Page versions (issue 17): fold, names, restore, delete and undelete, retention, refusals; on each store engine. */
const engines = await availableEngines();

const text = (id: string, title: string): Component => createComponent('text', id, title);
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

describe.each(engines)('page versions on a %s store', (engine) => {
  let server: TestServer;
  let appId: number;
  let admin: string;
  let coAdmin: string;
  let member: string;

  beforeAll(async () => {
    server = await buildTestServer(engine);
    await server.register('081500000001', 'password-1');
    const builder = await server.login('081500000001', 'password-1', 'main');
    const created = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Riwayat', appDescription: '' }, builder)).json().data;
    appId = created.appId;
    admin = await server.login('081500000001', 'password-1', created.appSlug);
    await server.call('POST', '/auth/adduser', { data: { userId: '081500000002', password: 'password-1', confirm_password: 'password-1', appId } }, admin);
    member = await server.login('081500000002', 'password-1', created.appSlug);
    // The super administrator administers every application: a second author.
    coAdmin = await server.login('admin', ADMIN_PASSWORD, ROOT_APP_SLUG);
  });
  afterAll(async () => { await server.close(); });

  const ok = <T>(response: { statusCode: number; body: string; json: () => { data: T } }): T => {
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json().data;
  };
  async function newPage(pageName: string): Promise<{ pageId: number; pageSlug: string }> {
    return ok<{ pages: { pageId: number; pageSlug: string }[] }>(await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName }] }, admin)).pages[0]!;
  }
  const save = (pageId: number, components: Component[], token = admin, pageName?: string) =>
    server.call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components), ...(pageName === undefined ? {} : { pageName }) }] }, token);
  const versions = async (pageId: number, query = '') => ok<PageVersionList>(await server.call('GET', `/page/versions/${pageId}${query}`, undefined, admin));
  const version = async (versionId: number) => ok<PageVersion>(await server.call('GET', `/page/version/${versionId}`, undefined, admin));
  const componentsOf = async (pageId: number) => JSON.parse(ok<{ pageComponents: string }[]>(await server.call('GET', `/get/getPage/${pageId}`, undefined, admin))[0]!.pageComponents) as Component[];
  const titles = (list: Component[]) => list.map((c) => c.title);
  /** Moves a version's last save back in time, as if it had been made that long ago. */
  const age = (versionId: number, ms: number) =>
    server.store.updateTable('pageVersions').set({ savedAt: new Date(Date.now() - ms).toISOString(), createdAt: new Date(Date.now() - ms).toISOString() })
      .where('versionId', '=', versionId).execute();
  const versionCount = async (pageId: number) => Number((await server.store.selectFrom('pageVersions').select((eb) => eb.fn.countAll().as('n')).where('pageId', '=', pageId).executeTakeFirstOrThrow()).n);

  it('names the widgets in its summaries as the editor\'s palette does', async () => {
    const { pageId } = await newPage('Labels');
    ok(await save(pageId, [createComponent('input', 'n', 'Nama'), createComponent('toggle', 'a', ''), createComponent('qrcodeReader', 'q', 'Kode')]));
    expect((await versions(pageId)).versions[0]!.summary).toBe('Added Text Input "Nama"; Added Switch a; Added QR Reader "Kode"');
  });

  it('says each version\'s summary in the reader\'s language, the author\'s names as typed', async () => {
    const { pageId } = await newPage('Bahasa');
    // ICU syntax in a title and a page name: shown as typed, never formatted.
    const title = '{x, select, other {pwned}}';
    ok(await save(pageId, [text('t', title)]));
    const [saved] = (await versions(pageId)).versions;
    ok(await save(pageId, [text('t', title), text('u', 'Dua')], coAdmin, 'Bahasa {baru}'));
    ok(await server.call('POST', `/page/version/${saved!.versionId}/restore`, undefined, admin));
    const read = async (language: 'id' | 'en') => ok<PageVersionList>(await server.app.inject({
      method: 'GET', url: `/page/versions/${pageId}`, headers: { authorization: `Bearer ${admin}`, [LANGUAGE_HEADER]: language },
    })).versions.map((v) => v.summary);
    const textWidget = (language: 'spec' | 'id') => translate(language, 'editor.widget.text');
    expect((await versions(pageId)).versions.map((v) => v.summary)).toEqual([
      `Restored version ${saved!.versionId}: Renamed "Bahasa {baru}" to "Bahasa"; Removed ${textWidget('spec')} "Dua"`,
      `Renamed "Bahasa" to "Bahasa {baru}"; Added ${textWidget('spec')} "Dua"`,
      `Added ${textWidget('spec')} "${title}"`,
      'Page created',
    ]);
    expect(await read('id')).toEqual([
      `Memulihkan versi ${saved!.versionId}: Mengganti nama "Bahasa {baru}" menjadi "Bahasa"; Menghapus ${textWidget('id')} "Dua"`,
      `Mengganti nama "Bahasa" menjadi "Bahasa {baru}"; Menambahkan ${textWidget('id')} "Dua"`,
      `Menambahkan ${textWidget('id')} "${title}"`,
      'Halaman dibuat',
    ]);
    expect((await read('en'))[3]).toBe('Page created');
    // One version read alone says it so too; a version recorded before the pieces were kept reads as stored.
    const [restore] = (await versions(pageId)).versions;
    await server.store.updateTable('pageVersions').set({ summaryText: null, summary: 'As stored' }).where('versionId', '=', restore!.versionId).execute();
    const alone = ok<PageVersion>(await server.app.inject({ method: 'GET', url: `/page/version/${saved!.versionId}`, headers: { authorization: `Bearer ${admin}`, [LANGUAGE_HEADER]: 'id' } }));
    expect(alone.summary).toBe(`Menambahkan ${textWidget('id')} "${title}"`);
    expect((await read('id'))[0]).toBe('As stored');
  });

  it('keeps a version per save, folding one person\'s quick saves, never into a named version', async () => {
    const { pageId } = await newPage('Folded');
    expect((await versions(pageId)).versions.map((v) => v.kind)).toEqual(['created']);

    ok(await save(pageId, [text('t1', 'Hello')]));
    ok(await save(pageId, [text('t1', 'Hello again'), text('t2', 'Second')]));
    let list = await versions(pageId);
    expect(list.total).toBe(2);
    const [folded] = list.versions;
    expect(folded).toMatchObject({ kind: 'save', saveCount: 2, authorId: '081500000001', versionName: null });
    // The fold's summary tells what changed since the version before it (the empty page).
    expect(folded!.summary).toBe('Added Text "Hello again"; Added Text "Second"');

    const named = ok<{ versionName: string }>(await server.call('PUT', `/page/version/${folded!.versionId}/name`, { versionName: '  before the March changes ' }, admin));
    expect(named.versionName).toBe('before the March changes');
    ok(await save(pageId, [text('t1', 'March'), text('t2', 'Second')]));
    list = await versions(pageId);
    expect(list.total).toBe(3);
    expect(list.versions[0]!.summary).toBe('Changed Text "March": title');
    expect(list.versions[1]).toMatchObject({ versionName: 'before the March changes', saveCount: 2 });

    // Past the fold window: a new version.
    await age(list.versions[0]!.versionId, 10 * MINUTE_MS);
    ok(await save(pageId, [text('t2', 'Second'), text('t1', 'March')]));
    list = await versions(pageId);
    expect(list.total).toBe(4);
    expect(list.versions[0]!.summary).toMatch(/^Moved Text "(Second|March)"$/);

    // Another author within the window: his own version.
    ok(await save(pageId, [text('t2', 'Second')], coAdmin));
    list = await versions(pageId);
    expect(list.total).toBe(5);
    expect(list.versions[0]).toMatchObject({ authorId: 'admin', summary: 'Removed Text "March"', saveCount: 1 });

    // Saving the same components again records nothing.
    ok(await save(pageId, [text('t2', 'Second')], coAdmin));
    expect((await versions(pageId)).total).toBe(5);

    // Paged, newest first.
    const second = await versions(pageId, '?page=2&pageSize=2');
    expect(second.versions.map((v) => v.versionId)).toEqual(list.versions.slice(2, 4).map((v) => v.versionId));
    expect(second.total).toBe(5);
  });

  it('gives a page saved before history began a first version of how it was', async () => {
    const { pageId } = await newPage('Old page');
    await server.store.deleteFrom('pageVersions').where('pageId', '=', pageId).execute();
    await server.store.updateTable('pages').set({ pageComponents: JSON.stringify([text('o', 'Original')]) }).where('pageId', '=', pageId).execute();
    ok(await save(pageId, [text('o', 'Edited')]));
    const list = await versions(pageId);
    expect(list.versions.map((v) => v.kind)).toEqual(['save', 'before']);
    expect(titles(JSON.parse((await version(list.versions[1]!.versionId)).pageComponents) as Component[])).toEqual(['Original']);
  });

  it('restores a version onto its page as a new version, so the restore can be undone', async () => {
    const { pageId } = await newPage('Restored');
    ok(await save(pageId, [text('a', 'First')]));
    const first = (await versions(pageId)).versions[0]!;
    ok(await server.call('PUT', `/page/version/${first.versionId}/name`, { versionName: 'first' }, admin));
    ok(await save(pageId, [text('a', 'First'), text('b', 'Second')]));
    const second = (await versions(pageId)).versions[0]!;

    const restored = ok<{ pageId: number; versionId: number }>(await server.call('POST', `/page/version/${first.versionId}/restore`, undefined, admin));
    expect(restored.pageId).toBe(pageId);
    expect(titles(await componentsOf(pageId))).toEqual(['First']);
    const head = (await versions(pageId)).versions[0]!;
    expect(head).toMatchObject({ versionId: restored.versionId, kind: 'restore', summary: `Restored version ${first.versionId} "first": Removed Text "Second"` });
    // A save right after the restore is not folded into it.
    ok(await save(pageId, [text('a', 'Third')]));
    expect((await versions(pageId)).versions[0]!.kind).toBe('save');

    ok(await server.call('POST', `/page/version/${second.versionId}/restore`, undefined, admin));
    expect(titles(await componentsOf(pageId))).toEqual(['First', 'Second']);
  });

  it('deletes a page keeping its history, and undeletes it (under another slug when its own was taken)', async () => {
    const { pageId, pageSlug } = await newPage('Doomed');
    ok(await save(pageId, [text('d', 'Kept')]));
    const menu = ok<{ menuId: number }>(await server.call('POST', '/save/saveMenu', { menuId: null, menuName: 'Doomed', menuAppId: appId, menuPageId: pageId, menuParentMenuId: 0 }, admin));
    ok(await server.call('DELETE', `/page/${pageId}`, undefined, admin));

    expect((await server.call('GET', `/get/getPage/${pageId}`, undefined, admin)).statusCode).toBe(404);
    const menus = ok<{ menuId: number; menuPageId: number }[]>(await server.call('GET', `/get/listMenu/${appId}`, undefined, admin));
    expect(menus.find((m) => m.menuId === menu.menuId)?.menuPageId).toBe(0);
    const deleted = ok<DeletedPage[]>(await server.call('GET', `/page/deleted?appId=${appId}`, undefined, admin));
    expect(deleted.find((p) => p.pageId === pageId)).toMatchObject({ pageName: 'Doomed', pageSlug, deletedBy: '081500000001', versionCount: 3 });
    const history = await versions(pageId);
    expect(history).toMatchObject({ pageExists: false, total: 3 });
    expect(history.versions[0]).toMatchObject({ kind: 'deleted', summary: 'Page deleted' });

    // Another page takes its slug meanwhile.
    const taker = await newPage('Doomed');
    expect(taker.pageSlug).toBe(pageSlug);
    const back = ok<{ pageId: number; pageSlug: string }>(await server.call('POST', `/page/undelete/${pageId}`, undefined, admin));
    expect(back.pageId).toBe(pageId);
    expect(back.pageSlug).not.toBe(pageSlug);
    expect(titles(await componentsOf(pageId))).toEqual(['Kept']);
    expect(ok<DeletedPage[]>(await server.call('GET', `/page/deleted?appId=${appId}`, undefined, admin)).some((p) => p.pageId === pageId)).toBe(false);
    expect((await versions(pageId)).versions[0]).toMatchObject({ kind: 'undeleted', summary: 'Page undeleted' });
    // Undeleting a live page is refused, and writes nothing.
    const again = await server.call('POST', `/page/undelete/${pageId}`, undefined, admin);
    expect(again.statusCode).toBe(409);
    expect((await versions(pageId)).total).toBe(4);
  });

  it('points the menus that opened a page back at it when it is undeleted or brought back, unless they were given another page or removed', async () => {
    const { pageId } = await newPage('Menued');
    ok(await save(pageId, [text('m', 'First')]));
    const other = await newPage('Elsewhere');
    const saveMenu = async (menuName: string, menuPageId: number) =>
      ok<{ menuId: number }>(await server.call('POST', '/save/saveMenu', { menuId: null, menuName, menuAppId: appId, menuPageId, menuParentMenuId: 0 }, admin)).menuId;
    const [kept, repointed, removed] = [await saveMenu('Kept', pageId), await saveMenu('Repointed', pageId), await saveMenu('Removed', pageId)];
    const unrelated = await saveMenu('Nowhere', 0);
    const pageOfMenus = async () => {
      const menus = ok<{ menuId: number; menuPageId: number }[]>(await server.call('GET', `/get/listMenu/${appId}`, undefined, admin));
      return Object.fromEntries([kept, repointed, removed, unrelated].map((id) => [id, menus.find((m) => m.menuId === id)?.menuPageId ?? 'gone']));
    };

    ok(await server.call('DELETE', `/page/${pageId}`, undefined, admin));
    expect(await pageOfMenus()).toEqual({ [kept]: 0, [repointed]: 0, [removed]: 0, [unrelated]: 0 });
    // Meanwhile one menu is given another page and one is removed.
    ok(await server.call('PUT', '/save/updateMenu', { menuId: repointed, menuAppId: appId, menuPageId: other.pageId }, admin));
    ok(await server.call('DELETE', '/delete/deleteMenu', { menuId: removed }, admin));

    ok(await server.call('POST', `/page/undelete/${pageId}`, undefined, admin));
    expect(await pageOfMenus()).toEqual({ [kept]: pageId, [repointed]: other.pageId, [removed]: 'gone', [unrelated]: 0 });

    // Deleted again, then brought back by restoring an older version: its menu comes back too.
    ok(await server.call('DELETE', `/page/${pageId}`, undefined, admin));
    expect((await pageOfMenus())[kept]).toBe(0);
    const first = (await versions(pageId)).versions.find((v) => v.kind === 'save')!;
    ok(await server.call('POST', `/page/version/${first.versionId}/restore`, undefined, admin));
    expect(await pageOfMenus()).toEqual({ [kept]: pageId, [repointed]: other.pageId, [removed]: 'gone', [unrelated]: 0 });
    expect(titles(await componentsOf(pageId))).toEqual(['First']);
  });

  it('keeps the newest unnamed versions per page and the named ones (RAKIT_PAGE_VERSION_KEEP)', async () => {
    const config = server.app.services.config;
    const saved = { keep: config.pageVersionKeep, fold: config.pageVersionFoldSeconds };
    config.pageVersionKeep = 3;
    config.pageVersionFoldSeconds = 0;
    try {
      const { pageId } = await newPage('Kept few');
      ok(await save(pageId, [text('k', 'v1')]));
      const v1 = (await versions(pageId)).versions[0]!;
      ok(await server.call('PUT', `/page/version/${v1.versionId}/name`, { versionName: 'v1' }, admin));
      for (let n = 2; n <= 6; n++) ok(await save(pageId, [text('k', `v${n}`)]));
      const list = await versions(pageId);
      expect(list.versions.map((v) => v.versionName ?? v.summary)).toEqual([
        'Changed Text "v6": title', 'Changed Text "v5": title', 'Changed Text "v4": title', 'v1',
      ]);
    } finally {
      config.pageVersionKeep = saved.keep;
      config.pageVersionFoldSeconds = saved.fold;
    }
  });

  it('prunes unnamed versions older than RAKIT_PAGE_VERSION_DAYS, keeping each live page\'s newest, and a page deleted that long ago', async () => {
    const config = server.app.services.config;
    const saved = config.pageVersionFoldSeconds;
    config.pageVersionFoldSeconds = 0;
    try {
      const { pageId } = await newPage('Aged');
      ok(await save(pageId, [text('x', 'one')]));
      ok(await save(pageId, [text('x', 'two')]));
      const all = (await versions(pageId)).versions;
      for (const v of all) await age(v.versionId, 400 * DAY_MS);
      ok(await server.call('PUT', `/page/version/${all[1]!.versionId}/name`, { versionName: 'kept by name' }, admin));

      const gone = await newPage('Deleted long ago');
      ok(await server.call('DELETE', `/page/${gone.pageId}`, undefined, admin));
      for (const v of (await versions(gone.pageId)).versions) await age(v.versionId, 400 * DAY_MS);
      const recent = await newPage('Deleted yesterday');
      ok(await server.call('DELETE', `/page/${recent.pageId}`, undefined, admin));

      expect(await prunePageHistory(server.store, { foldSeconds: 0, keep: 100, days: 365 })).toBeGreaterThanOrEqual(3);
      expect((await versions(pageId)).versions.map((v) => v.versionId)).toEqual([all[0]!.versionId, all[1]!.versionId]);
      expect(await versionCount(gone.pageId)).toBe(0);
      expect(await versionCount(recent.pageId)).toBe(2);
      const deleted = ok<DeletedPage[]>(await server.call('GET', `/page/deleted?appId=${appId}`, undefined, admin)).map((p) => p.pageId);
      expect(deleted).toContain(recent.pageId);
      expect(deleted).not.toContain(gone.pageId);
      expect((await server.call('POST', `/page/undelete/${gone.pageId}`, undefined, admin)).statusCode).toBe(404);
    } finally {
      config.pageVersionFoldSeconds = saved;
    }
  });

  it('refuses members and another application\'s administrator, and writes nothing for bad input', async () => {
    const { pageId } = await newPage('Guarded');
    ok(await save(pageId, [text('g', 'Guarded')]));
    const versionId = (await versions(pageId)).versions[0]!.versionId;
    const stranger = await hostileBuilder(server);
    for (const token of [member, stranger.token]) {
      expect((await server.call('GET', `/page/versions/${pageId}`, undefined, token)).statusCode).toBe(403);
      expect((await server.call('GET', `/page/version/${versionId}`, undefined, token)).statusCode).toBe(403);
      expect((await server.call('PUT', `/page/version/${versionId}/name`, { versionName: 'mine' }, token)).statusCode).toBe(403);
      expect((await server.call('POST', `/page/version/${versionId}/restore`, undefined, token)).statusCode).toBe(403);
      expect((await server.call('DELETE', `/page/${pageId}`, undefined, token)).statusCode).toBe(403);
      expect((await server.call('GET', `/page/deleted?appId=${appId}`, undefined, token)).statusCode).toBe(403);
    }
    expect((await server.call('GET', `/page/versions/${pageId}`)).statusCode).toBe(401);

    const before = await versions(pageId);
    for (const [method, url, body] of [
      ['PUT', `/page/version/${versionId}/name`, { versionName: 'x'.repeat(201) }],
      ['PUT', `/page/version/${versionId}/name`, { versionName: 42 }],
      ['GET', `/page/versions/${pageId}?pageSize=0`, undefined],
      ['GET', `/page/versions/${pageId}?page=abc`, undefined],
      ['GET', '/page/version/abc', undefined],
      ['GET', '/page/deleted', undefined],
    ] as const) {
      const response = await server.call(method, url, body, admin);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
    }
    expect((await server.call('GET', '/page/version/99999999', undefined, admin)).statusCode).toBe(404);
    expect((await server.call('POST', '/page/undelete/99999999', undefined, admin)).statusCode).toBe(404);
    // A refused save (invalid components) keeps no version.
    const refused = await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: '[{"type":"nope"}]' }] }, admin);
    expect(refused.statusCode).toBe(400);
    expect(await versions(pageId)).toEqual(before);
  });
});
