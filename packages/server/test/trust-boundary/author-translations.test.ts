import { createComponent } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
