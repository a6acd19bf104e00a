import { createComponent } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPage } from '../../src/store/repositories/pages';
import { buildTestServer, type TestServer } from '../support/build';
import { type HostileBuilder, hostileBuilder } from './hostile';

/**
 * Issue 16: a component's place on the layout grid is author data that members' browsers turn
 * into CSS (the number of columns a cell spans). The hostile author stores anything but a whole
 * number of columns from 1 to 12 (text that would carry more CSS, huge or negative spans, an
 * object) or a row break that is no boolean: each is refused with a 400 and nothing is written.
 */
describe('a hostile author\'s page layout', () => {
  let server: TestServer;
  let author: HostileBuilder;
  let pageId: number;

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    author = await hostileBuilder(server);
    const created = await server.call('POST', '/save/saveApp', { appId: author.appId, pages: [{ pageId: null, pageName: 'Tata Letak' }] }, author.token);
    pageId = created.json().data.pages[0].pageId;
  });
  afterAll(async () => { await server.close(); });

  const save = (component: Record<string, unknown>) =>
    server.call('POST', '/save/saveApp', { appId: author.appId, pages: [{ pageId, pageComponents: JSON.stringify([component]) }] }, author.token);

  it('stores only whole columns from 1 to 12 and boolean row breaks', async () => {
    const before = (await findPage(server.store, pageId))?.pageComponents;
    const text = createComponent('text', 't', 'Judul');
    const card = { ...createComponent('card', 'c', 'Kartu'), children: [text] };
    const hostile: Record<string, unknown>[] = [
      { ...text, width: '12; position: fixed; inset: 0' },
      { ...text, width: 1e9 },
      { ...text, width: -12 },
      { ...text, width: { toString: 'x' } },
      { ...text, width: null },
      { ...text, rowBreak: 'true; background: url(//attacker.example)' },
      { ...card, children: [{ ...text, width: '6</style><script>' }] },
    ];
    for (const component of hostile) {
      const refused = await save(component);
      expect(refused.statusCode, JSON.stringify(component)).toBe(400);
      expect(refused.json().error[0]).toMatch(/\.(width|rowBreak): /);
    }
    expect((await findPage(server.store, pageId))?.pageComponents).toBe(before);
  });

  it('stores a Text block\'s own colour only as a hex colour (issue 34), never more CSS', async () => {
    const before = (await findPage(server.store, pageId))?.pageComponents;
    const text = createComponent('text', 't', 'Judul');
    for (const color of ['red; background: url(//attacker.example)', 'expression(alert(1))', '#12345', 'var(--x)', '#fff</style><script>', 42]) {
      const refused = await save({ ...text, color });
      expect(refused.statusCode, String(color)).toBe(400);
      expect(refused.json().error[0]).toMatch(/\.color: /);
    }
    expect((await findPage(server.store, pageId))?.pageComponents).toBe(before);
    const kept = await save({ ...text, color: '#1D5E2A' });
    expect(kept.statusCode).toBe(200);
    expect(JSON.parse((await findPage(server.store, pageId))?.pageComponents ?? '[]')[0].color).toBe('#1D5E2A');
  });
});
