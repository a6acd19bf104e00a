import { existsSync } from 'node:fs';
import path from 'node:path';
import { type AppBundle, BUNDLE_FORMAT_NAME, BUNDLE_FORMAT_VERSION } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/store/demo';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { freshUserId, hostileBuilder } from './trust-boundary/hostile';

/** Application export and import (issue 17) over HTTP, on each metadata store engine. */
const engines = await availableEngines();
const DEMO_PASSWORD = 'demo-password-1';
const PASSWORD = 'bundle-password-1';

/** Rows of the tables whose counts a refused import must leave as they were. */
const COUNTED = ['apps', 'pages', 'menus', 'userGroups', 'dbConfigs', 'queries', 'functions', 'triggers', 'chains', 'chainActions', 'printTemplates', 'pdfTemplates', 'users'] as const;

async function counts(server: TestServer): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of COUNTED) {
    const row = await server.store.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

describe.each(engines)('application bundles on a %s store', (engine) => {
  let server: TestServer;
  let root: string;
  let demoAppId: number;
  let demo: AppBundle;

  const importAs = (bundle: unknown, appName: string, token = root, extra: Record<string, unknown> = {}) =>
    server.call('POST', '/save/importApp', { bundle, target: { kind: 'new', appName }, ...extra }, token);

  beforeAll(async () => {
    server = await buildTestServer(engine);
    await seedDemo(server.store, { dataDir: server.app.services.config.dataDir, password: DEMO_PASSWORD });
    root = await server.login('admin', ADMIN_PASSWORD, '_root');
    demoAppId = (await server.call('GET', '/get/getApp/slug/demo')).json().data.appId;
    const exported = await server.call('GET', `/get/exportApp/${demoAppId}`, undefined, root);
    expect(exported.statusCode, exported.body).toBe(200);
    demo = exported.json().data as AppBundle;
  });
  afterAll(async () => { await server.close(); });

  it('exports the demo: its pages, menus, groups and its SQLite shop, with no password anywhere', () => {
    expect(demo).toMatchObject({ format: BUNDLE_FORMAT_NAME, formatVersion: BUNDLE_FORMAT_VERSION, app: { appName: 'Demo Toko' } });
    expect(demo.pages.map((p) => p.pageSlug)).toEqual(['products', 'customers', 'orders', 'reports']);
    expect(demo.menus).toHaveLength(5);
    expect(demo.groups.map((g) => g.groupSlug).sort()).toEqual(['admin', 'staff']);
    expect(demo.groups.find((g) => g.groupSlug === 'staff')?.menuIds).toHaveLength(5);
    expect(demo.connections).toHaveLength(1);
    expect(demo.connections[0]?.sqliteTables?.map((t) => t.name)).toEqual(['products', 'customers', 'orders']);
    expect(demo.users).toBeUndefined();
    expect(JSON.stringify(demo)).not.toMatch(/passwordHash|dbPassword/i);
  });

  it('carries the application\'s language and time zone (issue 35), older bundles taking the defaults', async () => {
    const copy = (await importAs(demo, 'Bahasa Copy')).json().data as { appId: number };
    const saved = await server.call('POST', '/save/saveApp', { appId: copy.appId, appLanguage: 'id', appTimeZone: 'Asia/Makassar' }, root);
    expect(saved.statusCode, saved.body).toBe(200);
    const bundle = (await server.call('GET', `/get/exportApp/${copy.appId}`, undefined, root)).json().data as AppBundle;
    expect(bundle.app).toMatchObject({ appLanguage: 'id', appTimeZone: 'Asia/Makassar' });
    const again = (await importAs(bundle, 'Bahasa Copy 2')).json().data as { appSlug: string };
    expect((await server.call('GET', `/get/getApp/slug/${again.appSlug}`)).json().data).toMatchObject({ appLanguage: 'id', appTimeZone: 'Asia/Makassar' });
    const older = { ...bundle, app: { appName: bundle.app.appName, appDescription: '', appSlug: '', appOpenRegistration: false } };
    const fromOlder = (await importAs(older, 'Bahasa Copy 3')).json().data as { appSlug: string };
    expect((await server.call('GET', `/get/getApp/slug/${fromOlder.appSlug}`)).json().data).toMatchObject({ appLanguage: 'spec', appTimeZone: 'Asia/Jakarta' });
  });

  it('round trip: the copy\'s pages, menus, groups and data widgets work for a member of the copy', async () => {
    const imported = await importAs(demo, 'Demo Copy');
    expect(imported.statusCode, imported.body).toBe(201);
    const { appId, appSlug } = imported.json().data as { appId: number; appSlug: string };
    expect(appId).not.toBe(demoAppId);
    expect(appSlug).toBe('demo-copy');
    // A member of the copy: its administrator (the super administrator here) adds him to its default group (Staff).
    const memberId = freshUserId();
    const added = await server.call('POST', '/auth/adduser', { data: { userId: memberId, password: PASSWORD, confirm_password: PASSWORD, appId } }, root);
    expect(added.statusCode, added.body).toBeLessThan(300);
    const member = await server.login(memberId, PASSWORD, appSlug);
    const menus = (await server.call('GET', `/get/listMenu/${appId}`, undefined, member)).json().data as { menuName: string; submenu: { menuName: string; menuPageId: number }[] }[];
    expect(menus.map((m) => m.menuName)).toEqual(['Toko']);
    expect(menus[0]?.submenu.map((s) => s.menuName)).toEqual(['Products', 'Customers', 'Orders', 'Reports']);
    const productsPageId = menus[0]?.submenu[0]?.menuPageId ?? 0;
    const page = (await server.call('GET', `/get/getPage/${productsPageId}`, undefined, member)).json().data[0] as { pageAppId: number; pageComponents: string };
    expect(page.pageAppId).toBe(appId);
    const table = JSON.parse(page.pageComponents)[0] as { database_used: number };
    const copyDb = await server.store.selectFrom('dbConfigs').selectAll().where('dbAppId', '=', appId).executeTakeFirstOrThrow();
    expect(table.database_used).toBe(copyDb.dbId);
    const rows = await server.call('POST', '/get/loadTableContent', { pageId: productsPageId, componentId: 'products-table' }, member);
    expect(rows.statusCode, rows.body).toBe(200);
    expect(JSON.stringify(rows.json().data)).toContain('Beras Pandan Wangi 5 kg');
    // A text's query variable names the copy's connection too (remap.ts rewrites every component's actions).
    const reportsPageId = menus[0]?.submenu[3]?.menuPageId ?? 0;
    const figure = await server.call('POST', '/action/runAction', { pageId: reportsPageId, componentId: 'stat-products-value', actionName: 'jumlah', params: {} }, member);
    expect(figure.statusCode, figure.body).toBe(200);
    expect(Number(figure.json().data[0]?.jumlah)).toBe(10);
    const reports = JSON.parse((await server.call('GET', `/get/getPage/${reportsPageId}`, undefined, member)).json().data[0].pageComponents as string) as { children?: { custom_action: { stored: { database: number } }[] }[] }[];
    expect(reports[1]?.children?.[0]?.custom_action[0]?.stored.database).toBe(copyDb.dbId);
    expect(existsSync(path.join(server.app.services.config.dataDir, 'databases', String(appId), 'demo-shop.db'))).toBe(true);
    // The copy is its own: the demo's member is no member of it.
    const demoMember = await server.login('demo-user', DEMO_PASSWORD, 'demo');
    expect((await server.call('GET', `/get/getPage/${productsPageId}`, undefined, demoMember)).statusCode).toBe(403);
  });

  it('leaves the SQLite rows out when asked, keeping the tables', async () => {
    const schemaOnly = (await server.call('GET', `/get/exportApp/${demoAppId}?data=false`, undefined, root)).json().data as AppBundle;
    expect(schemaOnly.connections[0]?.sqliteTables?.map((t) => [t.name, t.rows.length])).toEqual([['products', 0], ['customers', 0], ['orders', 0]]);
  });

  it('brings users when asked: ids only, an existing account joins its groups', async () => {
    const withUsers = (await server.call('GET', `/get/exportApp/${demoAppId}?users=true`, undefined, root)).json().data as AppBundle;
    expect(withUsers.users?.map((u) => u.userId).sort()).toEqual(['demo-admin', 'demo-user']);
    const imported = await importAs(withUsers, 'Demo With Staff', root, { withUsers: true });
    expect(imported.statusCode, imported.body).toBe(201);
    const { appSlug, counts: made } = imported.json().data as { appSlug: string; counts: Record<string, number> };
    expect(made.members).toBe(2);
    const member = await server.login('demo-user', DEMO_PASSWORD, appSlug);
    expect(member).toBeTruthy();
  });

  it('previews an import over an existing application, then replaces it keeping its groups\' members', async () => {
    const first = await importAs(demo, 'Demo Target');
    const { appId, appSlug } = first.json().data as { appId: number; appSlug: string };
    const memberId = freshUserId();
    await server.call('POST', '/auth/adduser', { data: { userId: memberId, password: PASSWORD, confirm_password: PASSWORD, appId } }, root);
    const smaller = { ...demo, pages: demo.pages.filter((p) => p.pageSlug !== 'reports'), menus: demo.menus.filter((m) => m.menuName !== 'Reports') };
    smaller.groups = smaller.groups.map((g) => ({ ...g, menuIds: g.menuIds.filter((id) => smaller.menus.some((m) => m.id === id)), pageIds: [] }));
    smaller.pages = [...smaller.pages, { id: 999_999, pageName: 'Extra', pageSlug: 'extra', pageComponents: [] }];
    const preview = await server.call('POST', '/save/previewImport', { bundle: smaller, target: { kind: 'replace', appId } }, root);
    expect(preview.statusCode, preview.body).toBe(200);
    const pages = (preview.json().data.changes as { kind: string; added: string[]; changed: string[]; removed: string[] }[]).find((c) => c.kind === 'pages');
    expect(pages).toEqual({ kind: 'pages', added: ['extra'], changed: ['products', 'customers', 'orders'], removed: ['reports'] });
    const groups = (preview.json().data.changes as { kind: string }[]).find((c) => c.kind === 'groups');
    expect(groups).toEqual({ kind: 'groups', added: [], changed: ['admin', 'staff'], removed: [] });
    const replaced = await server.call('POST', '/save/importApp', { bundle: smaller, target: { kind: 'replace', appId } }, root);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const slugs = (await server.store.selectFrom('pages').select('pageSlug').where('pageAppId', '=', appId).orderBy('pageId').execute()).map((p) => p.pageSlug);
    expect(slugs).toEqual(['products', 'customers', 'orders', 'extra']);
    const member = await server.login(memberId, PASSWORD, appSlug);
    const menus = (await server.call('GET', `/get/listMenu/${appId}`, undefined, member)).json().data as { submenu: { menuName: string }[] }[];
    expect(menus[0]?.submenu.map((s) => s.menuName)).toEqual(['Products', 'Customers', 'Orders']);
    // The replaced pages are kept in the page history, each one undeletable.
    const deleted = await server.call('GET', `/page/deleted?appId=${appId}`, undefined, root);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((deleted.json().data as { pageSlug: string }[]).map((p) => p.pageSlug).sort()).toEqual(['customers', 'orders', 'products', 'reports']);
  });

  it('refuses a bundle from a newer format by name, and writes nothing', async () => {
    const before = await counts(server);
    const answer = await importAs({ ...demo, formatVersion: BUNDLE_FORMAT_VERSION + 1 }, 'From The Future');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.join(' ')).toMatch(/newer Rakit \(format 2\)/);
    expect(await counts(server)).toEqual(before);
  });

  it('fuzz: malformed, oversized, mistyped and hostile bundles never give a 500 nor write half an application', async () => {
    const page = demo.pages[0] as AppBundle['pages'][number];
    const otherDb = (await server.store.selectFrom('dbConfigs').select('dbId').where('dbAppId', '=', demoAppId).executeTakeFirstOrThrow()).dbId;
    const withComponents = (components: unknown[]) => ({ ...demo, pages: [{ ...page, pageComponents: components }, ...demo.pages.slice(1)] });
    const table = page.pageComponents[0] as Record<string, unknown>;
    const cases: [string, unknown][] = [
      ['not an object', 'hello'],
      ['null', null],
      ['an array', [demo]],
      ['no format', { ...demo, format: undefined }],
      ['another format', { ...demo, format: 'appsmith' }],
      ['format version as text', { ...demo, formatVersion: '1' }],
      ['pages not a list', { ...demo, pages: {} }],
      ['a page without a name', { ...demo, pages: [{ ...page, pageName: '' }] }],
      ['an unknown widget', withComponents([{ id: 'x', type: 'iframe', src: 'https://evil.example' }])],
      ['a component nested too deep', withComponents([JSON.parse(`${'{"id":"c","type":"card","children":['.repeat(60)}{"id":"t","type":"text"}${']}'.repeat(60)}`)])],
      ['a connection of another application', withComponents([{ ...table, database_used: otherDb + 1000 }])],
      ['a connection id not in the bundle', withComponents([{ ...table, database_used: 424242 }])],
      ['a redirect to a page of another application', withComponents([{ ...table, custom_action: [{ name: 'Go', action: 'REDIRECT', raw: { pageId: 31337, pageSlug: 'x' } }] }])],
      ['a menu to a foreign page', { ...demo, menus: [{ id: 1, menuName: 'M', pageId: 31337, parentId: 0, order: 1 }] }],
      ['a group reaching a foreign query', { ...demo, groups: [{ id: 1, groupName: 'G', groupSlug: 'g', pageIds: [], queryIds: [77], menuIds: [] }] }],
      ['a stored query on a foreign connection', { ...demo, queries: [{ id: 1, dbId: 5555, pageId: 0, name: 'q', sql: 'SELECT 1' }] }],
      ['a workflow step on a foreign connection', { ...demo, workflows: [{ id: 1, name: 'W', actions: [{ id: 1, alias: 'a', addonName: 'insert', params: { dbId: '5555', table: 't', values: '{}' } }] }] }],
      ['a workflow step with an unknown add-on', { ...demo, workflows: [{ id: 1, name: 'W', actions: [{ id: 1, alias: 'a', addonName: 'shell', params: {} }] }] }],
      ['two pages with one slug', { ...demo, pages: [page, { ...page, id: 12345 }] }],
      ['a SQLite table that attaches', { ...demo, connections: [{ ...demo.connections[0], sqliteTables: [{ name: 't', sql: "CREATE TABLE t (a); ATTACH 'x' AS y", columns: ['a'], rows: [] }] }] }],
      ['a SQLite table that is no table', { ...demo, connections: [{ ...demo.connections[0], sqliteTables: [{ name: 't', sql: 'DROP TABLE products', columns: ['a'], rows: [] }] }] }],
      ['a SQLite database outside its folder', { ...demo, connections: [{ ...demo.connections[0], dbDatabase: '../../store.db' }] }],
      ['rows that do not fit their columns', { ...demo, connections: [{ ...demo.connections[0], sqliteTables: [{ name: 't', sql: 'CREATE TABLE t (a)', columns: ['a'], rows: [[1, 2]] }] }] }],
      ['a SQLite table SQLite refuses', { ...demo, connections: [{ ...demo.connections[0], sqliteTables: [{ name: 't', sql: 'CREATE TABLE t (a', columns: ['a'], rows: [] }] }] }],
      ['a print template larger than an upload may be', { ...demo, printTemplates: [{ filename: 'x.docx', content: Buffer.alloc(5 * 1024 * 1024 + 1, 1).toString('base64') }] }],
      ['an extraction sample larger than an upload may be', { ...demo, pdfTemplates: [{ id: 1, name: 'T', fields: [], sample: Buffer.alloc(1_024_000, 1).toString('base64') }] }],
      ['a print template that is no .docx', { ...demo, printTemplates: [{ filename: 'x.docx', content: Buffer.from('<html>').toString('base64') }] }],
      ['an extraction template that is no PDF', { ...demo, pdfTemplates: [{ id: 1, name: 'T', fields: [], sample: Buffer.from('nope').toString('base64') }] }],
      ['a group member who is not among the users', { ...demo, groups: [{ id: 1, groupName: 'G', groupSlug: 'g', members: ['admin'] }] }],
      ['a huge string', { ...demo, app: { appName: 'x'.repeat(100_000) } }],
    ];
    const before = await counts(server);
    for (const [name, bundle] of cases) {
      const answer = await importAs(bundle, `Fuzz ${cases.findIndex(([n]) => n === name)}`);
      expect({ name, status: answer.statusCode < 500 && answer.statusCode >= 400 }, answer.body).toEqual({ name, status: true });
      const preview = await server.call('POST', '/save/previewImport', { bundle, target: { kind: 'new', appName: 'Fuzz preview' } }, root);
      expect({ name, status: preview.statusCode < 500 }).toEqual({ name, status: true });
    }
    // Components nested a million deep, sent as text (JSON.stringify itself would overflow its stack on them).
    const deep = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    const nested = await server.app.inject({
      method: 'POST', url: '/save/importApp', headers: { authorization: `Bearer ${root}`, 'content-type': 'application/json' },
      payload: `{"bundle":{"format":"${BUNDLE_FORMAT_NAME}","formatVersion":1,"app":{"appName":"Deep"},"pages":[{"id":1,"pageName":"P","pageSlug":"p","pageComponents":[${deep}]}]},"target":{"kind":"new","appName":"Deep"}}`,
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error[0]).toMatch(/nested more than/);
    // Malformed JSON and a body over the limit are the server's own 400 and 413.
    const malformed = await server.app.inject({ method: 'POST', url: '/save/importApp', headers: { authorization: `Bearer ${root}`, 'content-type': 'application/json' }, payload: '{"bundle": {"format": ' });
    expect(malformed.statusCode).toBe(400);
    const oversized = await server.app.inject({
      method: 'POST', url: '/save/importApp', headers: { authorization: `Bearer ${root}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ bundle: { ...demo, exportedAt: 'x'.repeat(21 * 1024 * 1024) }, target: { kind: 'new', appName: 'Too big' } }),
    });
    expect(oversized.statusCode).toBe(413);
    expect(await counts(server)).toEqual(before);
    expect(existsSync(path.join(server.app.services.config.dataDir, 'databases')) ? (await import('node:fs')).readdirSync(path.join(server.app.services.config.dataDir, 'databases')).filter((d) => d.startsWith('import-')) : []).toEqual([]);
  });

  it('who may: export is for the application\'s administrators, import over one for its administrators', async () => {
    const builder = await hostileBuilder(server);
    expect((await server.call('GET', `/get/exportApp/${demoAppId}`, undefined, builder.token)).statusCode).toBe(403);
    expect((await server.call('GET', `/get/exportApp/${builder.appId}`, undefined, builder.token)).statusCode).toBe(200);
    const over = await server.call('POST', '/save/importApp', { bundle: demo, target: { kind: 'replace', appId: demoAppId } }, builder.token);
    expect(over.statusCode).toBe(403);
    // As a new application: from main, as creating one by hand; not from inside his own application.
    expect((await importAs(demo, `Mine ${builder.userId}`, builder.token)).statusCode).toBe(403);
    const mine = await importAs(demo, `Mine ${builder.userId}`, builder.mainToken);
    expect(mine.statusCode, mine.body).toBe(201);
    const { appId, appSlug } = mine.json().data as { appId: number; appSlug: string };
    const asAdmin = await server.login(builder.userId, builder.password, appSlug);
    expect((await server.call('GET', `/get/exportApp/${appId}`, undefined, asAdmin)).statusCode).toBe(200);
    // main and _root are never replaced.
    expect((await server.call('POST', '/save/importApp', { bundle: demo, target: { kind: 'replace', appId: 1 } }, root)).statusCode).toBe(400);
  });
  it('keeps the authors\' translations of a page\'s components through export and import (issue 35)', async () => {
    const translations = { en: { title: 'Product list' }, id: { title: 'Daftar produk' } };
    const withTexts = structuredClone(demo);
    const page = withTexts.pages[0];
    if (page === undefined) throw new Error('the demo has no page');
    page.pageComponents = page.pageComponents.map((component, index) => (index === 0 ? { ...(component as object), translations } : component));
    // The page's title and a menu's name in English, kept as well.
    page.nameTranslations = { en: 'Products' };
    const menu = withTexts.menus[0];
    if (menu === undefined) throw new Error('the demo has no menu');
    menu.nameTranslations = { en: 'Shop', id: 'Toko kami' };
    const first = await importAs(withTexts, 'Translated Source');
    expect(first.statusCode, first.body).toBe(201);
    const sourceId = (first.json().data as { appId: number }).appId;
    // The application that holds the translations, exported and imported as a new one.
    const exported = await server.call('GET', `/get/exportApp/${sourceId}`, undefined, root);
    expect(exported.statusCode, exported.body).toBe(200);
    const second = await importAs(exported.json().data, 'Translated Copy');
    expect(second.statusCode, second.body).toBe(201);
    const copyId = (second.json().data as { appId: number }).appId;
    const stored = await server.store.selectFrom('pages').selectAll().where('pageAppId', '=', copyId).where('pageSlug', '=', page.pageSlug).executeTakeFirstOrThrow();
    const [component] = JSON.parse(stored.pageComponents) as { translations?: unknown }[];
    expect(component?.translations).toEqual(translations);
    expect(JSON.parse(stored.nameTranslations ?? 'null')).toEqual({ en: 'Products' });
    const menus = await server.store.selectFrom('menus').selectAll().where('menuAppId', '=', copyId).where('menuName', '=', menu.menuName).execute();
    expect(menus.map((m) => JSON.parse(m.nameTranslations ?? 'null'))).toEqual([{ en: 'Shop', id: 'Toko kami' }]);
  });
});
