import { createComponent, Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPage } from '../src/store/repositories/pages';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';

const engines = await availableEngines();

describe.each(engines)('pages on %s', (engine) => {
  let server: TestServer;
  let appId: number;
  let appSlug: string;
  let admin: string;

  beforeAll(async () => {
    server = await buildTestServer(engine);
    await server.register('081400000001', 'password-1');
    const builder = await server.login('081400000001', 'password-1', 'main');
    ({ appId, appSlug } = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Halaman', appDescription: '' }, builder)).json().data);
    admin = await server.login('081400000001', 'password-1', appSlug);
  });
  afterAll(async () => { await server.close(); });

  const save = (pages: unknown[], token = admin) => server.call('POST', '/save/saveApp', { appId, pages }, token);

  it('creates a page from a null pageId and stores validated components', async () => {
    const created = await save([{ pageId: null, pageName: 'Data Siswa', pageAppId: appId }]);
    expect(created.statusCode).toBe(200);
    const [{ pageId, pageSlug }] = created.json().data.pages;
    expect(pageSlug).toBe('data-siswa');
    const components = [createComponent('input', 'in-1', 'Nama'), createComponent('button', 'b-1', 'Simpan')];
    expect((await save([{ pageId, pageComponents: JSON.stringify(components) }])).statusCode).toBe(200);
    const page = await server.call('GET', `/get/getPage/${pageId}`, undefined, admin);
    expect(JSON.parse(page.json().data[0].pageComponents)).toEqual(components);
    const bySlug = await server.call('GET', `/get/getPage/slug/${pageSlug}`, undefined, admin);
    expect(bySlug.json().data[0].pageId).toBe(pageId);
  });

  it('refuses unknown types, malformed configurations and components without a page id, writing nothing', async () => {
    const { pageId } = (await save([{ pageId: null, pageName: 'Kosong' }])).json().data.pages[0];
    const before = (await findPage(server.store, pageId))?.pageComponents;
    const unknown = await save([{ pageId, pageComponents: '[{"id":"x","type":"rocket"}]' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error[0]).toBe("pageComponents[0]: unknown component type 'rocket'");
    const malformed = await save([{ pageId, pageComponents: '[{"id":"x","type":"textarea","options":"many"}]' }]);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error[0]).toMatch(/^pageComponents\[0\]\.options/);
    const noId = await save([{ pageId: null, pageName: 'X', pageComponents: JSON.stringify([createComponent('input', 'a', 'A')]) }]);
    expect(noId.json().error).toEqual([Messages.pageSaveWithoutId]);
    expect((await findPage(server.store, pageId))?.pageComponents).toBe(before);
    // A refused page in a batch leaves the others unwritten too.
    const count = async () => (await server.store.selectFrom('pages').select('pageId').where('pageAppId', '=', appId).execute()).length;
    const pagesBefore = await count();
    expect((await save([{ pageId: null, pageName: 'Batch' }, { pageId, pageComponents: 'nope' }])).statusCode).toBe(400);
    expect(await count()).toBe(pagesBefore);
  });

  it('stores each component\'s place on the 12-column grid, upgrades pages saved before it, refuses other widths', async () => {
    const { pageId } = (await save([{ pageId: null, pageName: 'Dasbor' }])).json().data.pages[0];
    const card = { ...createComponent('card', 'kpi', 'Penjualan'), width: 4, children: [{ ...createComponent('text', 'kpi-n', '12'), width: 6, rowBreak: true }] };
    const laidOut = [card, { ...createComponent('chart', 'chart', 'Grafik'), width: 8 }];
    expect((await save([{ pageId, pageComponents: JSON.stringify(laidOut) }])).statusCode).toBe(200);
    const read = async () => JSON.parse((await server.call('GET', `/get/getPage/${pageId}`, undefined, admin)).json().data[0].pageComponents);
    expect(await read()).toEqual(laidOut);
    // A component as saved before the grid: full width, no break, at the current version.
    const old = { id: 'lama', version: 1, title: 'Lama', active: false, type: 'text', subtype: 'h1', options: 'left', link: '', variables: [] };
    expect((await save([{ pageId, pageComponents: JSON.stringify([old]) }])).statusCode).toBe(200);
    // And with the text's query variables (custom_action), none until its author adds one, and
    // the theme's colour (issue 34's own colour, '' until its author picks one).
    expect(await read()).toEqual([{ ...old, version: 2, width: 12, rowBreak: false, custom_action: [], color: '' }]);
    const stored = await findPage(server.store, pageId);
    for (const width of [0, 13, 4.5]) {
      const refused = await save([{ pageId, pageComponents: JSON.stringify([{ ...card, children: [{ ...createComponent('input', 'i', 'I'), width }] }]) }]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error[0]).toMatch(/^pageComponents\[0\]\.children\[0\]\.width: /);
    }
    expect((await findPage(server.store, pageId))?.pageComponents).toBe(stored?.pageComponents);
  });

  it('lets members read only pages their groups reach through a menu', async () => {
    const { pageId } = (await save([{ pageId: null, pageName: 'Rahasia' }])).json().data.pages[0];
    const { pageId: openId } = (await save([{ pageId: null, pageName: 'Terbuka' }])).json().data.pages[0];
    await server.register('081400000002', 'password-1');
    const groups = (await server.call('GET', `/auth/listgroup/${appId}`, undefined, admin)).json().data as { groupId: number; groupSlug: string }[];
    const memberGroup = groups.find((g) => g.groupSlug === 'member')?.groupId as number;
    await server.addToGroup('081400000002', memberGroup);
    const parent = (await server.call('POST', '/save/saveMenu', { menuId: null, menuName: 'Utama', menuAppId: appId, menuPageId: 0, menuParentMenuId: 0 }, admin)).json().data.menuId;
    const sub = (await server.call('POST', '/save/saveMenu', { menuId: null, menuName: 'Terbuka', menuAppId: appId, menuPageId: openId, menuParentMenuId: parent }, admin)).json().data.menuId;
    await server.call('PUT', '/auth/updategroup', { groupId: memberGroup, groupAppId: appId, groupAccess: { menuId: [parent, sub] } }, admin);

    const member = await server.login('081400000002', 'password-1', appSlug);
    expect((await server.call('GET', `/get/getPage/${openId}`, undefined, member)).statusCode).toBe(200);
    expect((await server.call('GET', `/get/getPage/${pageId}`, undefined, member)).statusCode).toBe(403);
    expect((await server.call('GET', '/get/getPage/slug/rahasia', undefined, member)).statusCode).toBe(403);
    expect((await server.call('GET', `/get/getPage/${openId}`)).statusCode).toBe(401);
    // Members cannot save pages, not even one their group reaches, sent as the runtime viewer's
    // edit mode sends it (web editor/page-saving.ts savePage); nothing is written.
    const before = (await findPage(server.store, openId))?.pageComponents;
    expect((await save([{ pageId: openId, pageComponents: '[]' }], member)).statusCode).toBe(403);
    const edited = JSON.stringify([createComponent('text', 't-1', 'Changed by a member')]);
    const refused = await save([{ pageId: openId, pageAppId: appId, pageComponents: edited }], member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().status).toBe(false);
    expect(refused.json().error?.[0]).toEqual(expect.any(String));
    expect((await findPage(server.store, openId))?.pageComponents).toBe(before);
  });
});
