import { createComponent } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMenu } from '../../src/store/repositories/menus';
import { findPage } from '../../src/store/repositories/pages';
import { buildTestServer, type TestServer } from '../support/build';
import { type HostileBuilder, hostileBuilder } from './hostile';

/**
 * Issue 35: an author's texts per language are author data shown to members. The hostile
 * author stores translations of fields that are not texts (a connection, an action), of
 * languages that are no catalog, huge texts or objects: each is refused with a 400 and nothing
 * is written. A translation that is markup is kept as text (React shows it as text).
 */
describe('a hostile author\'s translations', () => {
  let server: TestServer;
  let author: HostileBuilder;
  let pageId: number;

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    author = await hostileBuilder(server);
    const created = await server.call('POST', '/save/saveApp', { appId: author.appId, pages: [{ pageId: null, pageName: 'Terjemahan' }] }, author.token);
    pageId = created.json().data.pages[0].pageId;
  });
  afterAll(async () => { await server.close(); });

  const save = (component: Record<string, unknown>) =>
    server.call('POST', '/save/saveApp', { appId: author.appId, pages: [{ pageId, pageComponents: JSON.stringify([component]) }] }, author.token);

  it('stores only text translations of translatable fields into the catalogs', async () => {
    const before = (await findPage(server.store, pageId))?.pageComponents;
    const input = createComponent('input', 'nama', 'Nama');
    const card = { ...createComponent('card', 'c', 'Kartu'), children: [input] };
    const hostile: Record<string, unknown>[] = [
      { ...input, translations: { en: { database_used: 1 } } },
      { ...input, translations: { en: { custom_action: [{ name: 'x', action: 'QUERY' }] } } },
      { ...input, translations: { fr: { title: 'Nom' } } },
      { ...input, translations: { __proto__x: { title: 'x' } } },
      { ...input, translations: { en: { title: 'x'.repeat(501) } } },
      { ...input, translations: { en: { title: { toString: 'x' } } } },
      { ...input, translations: 'en' },
      { ...input, translations: { en: { options: 'Male,Female' } } },
      { ...input, translations: { en: { options: [{ textOption: 'x', valueOption: 'DROP' }] } } },
      { ...input, translations: { en: { options: Array.from({ length: 1001 }, () => 'x') } } },
      { ...input, translations: { en: { options: ['x'.repeat(501)] } } },
      { ...card, children: [{ ...input, translations: { en: { title: ['a'] } } }] },
    ];
    for (const component of hostile) {
      const refused = await save(component);
      expect(refused.statusCode, JSON.stringify(component)).toBe(400);
      expect(refused.json().error[0]).toMatch(/translations/);
    }
    expect((await findPage(server.store, pageId))?.pageComponents).toBe(before);
  });

  it('keeps a translation that looks like markup as the text it is', async () => {
    const input = {
      ...createComponent('radio', 'nama', 'Nama'),
      translations: { en: { title: '<img src=x onerror=alert(1)>', options: ['<script>x</script>', ''] }, id: { placeholder: 'Tulis nama' } },
    };
    const kept = await save(input);
    expect(kept.statusCode, kept.body).toBe(200);
    const stored = JSON.parse((await findPage(server.store, pageId))?.pageComponents ?? '[]') as { translations?: unknown }[];
    expect(stored[0]?.translations).toEqual(input.translations);
  });

  it('names his menu and page per language as text only, never another application\'s', async () => {
    const victim = await hostileBuilder(server);
    const made = await server.call('POST', '/save/saveMenu', { menuName: 'Produk', menuAppId: victim.appId }, victim.token);
    const victimMenu = made.json().data.menuId as number;
    const victimPage = (await server.call('POST', '/save/saveApp', { appId: victim.appId, pages: [{ pageId: null, pageName: 'Stok' }] }, victim.token)).json().data.pages[0].pageId as number;
    // Another application's menu and page: refused, nothing written.
    expect((await server.call('PUT', '/save/menuNameTranslations', { menuId: victimMenu, translations: { en: 'Pwned' } }, author.token)).statusCode).toBe(403);
    expect((await server.call('PUT', '/save/pageNameTranslations', { pageId: victimPage, translations: { en: 'Pwned' } }, author.token)).statusCode).toBe(403);
    expect((await findMenu(server.store, victimMenu))?.nameTranslations).toBeNull();
    expect((await findPage(server.store, victimPage))?.nameTranslations).toBeNull();

    const own = (await server.call('POST', '/save/saveMenu', { menuName: 'Barang', menuAppId: author.appId }, author.token)).json().data.menuId as number;
    const hostile: unknown[] = [
      { fr: 'Produits' }, { en: 'x'.repeat(201) }, { en: { toString: 'x' } }, { en: ['a'] }, 'en', { __proto__: { en: 'x' }, id: 7 },
    ];
    for (const translations of hostile) {
      const refused = await server.call('PUT', '/save/menuNameTranslations', { menuId: own, translations }, author.token);
      expect(refused.statusCode, JSON.stringify(translations)).toBe(400);
      expect((await server.call('PUT', '/save/pageNameTranslations', { pageId, translations }, author.token)).statusCode).toBe(400);
    }
    expect((await findMenu(server.store, own))?.nameTranslations).toBeNull();
    expect((await findPage(server.store, pageId))?.nameTranslations).toBeNull();

    // Markup is kept as the text it is; an empty language is removed. The menu's revision moves
    // on, so an editor holding the menu as it was is told it changed.
    const revision = (await findMenu(server.store, own))?.revision ?? 0;
    const kept = await server.call('PUT', '/save/menuNameTranslations', { menuId: own, translations: { en: '<b>Goods</b>', id: '  ' } }, author.token);
    expect(kept.json()).toEqual({ status: true, data: { menuId: own, nameTranslations: { en: '<b>Goods</b>' } } });
    expect((await findMenu(server.store, own))?.revision).toBe(revision + 1);
    const titled = await server.call('PUT', '/save/pageNameTranslations', { pageId, translations: { en: 'Translations' } }, author.token);
    expect(titled.statusCode, titled.body).toBe(200);
    const menus = (await server.call('GET', `/get/listMenu/${author.appId}`, undefined, author.token)).json().data as { menuId: number; nameTranslations: unknown }[];
    expect(menus.find((m) => m.menuId === own)?.nameTranslations).toEqual({ en: '<b>Goods</b>' });
    const page = (await server.call('GET', `/get/getPage/${pageId}`, undefined, author.token)).json().data[0];
    expect(page).toMatchObject({ pageName: 'Terjemahan', nameTranslations: { en: 'Translations' } });
    // Clearing every language leaves none stored.
    await server.call('PUT', '/save/pageNameTranslations', { pageId, translations: { en: '' } }, author.token);
    expect((await findPage(server.store, pageId))?.nameTranslations).toBeNull();
  });
});
