import { type Component, createComponent, CUSTOM_TABLE, Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines, type EngineName } from './support/engines';
import { type AppTable, createAppTable } from './support/fixtures';

/**
 * The barcode widget's scan (spec 3 §4, issue 14) on each application database engine: an
 * exact, case-insensitive match on the first mapped column, the code bound, never loaded
 * into the browser; members only on the pages they reach.
 */
const engines = await availableEngines();
const INJECTIONS = ["' OR 1=1 --", "x'; DROP TABLE stock; --", 'a" OR "1"="1', '%', '_', 'SKU-00%', "sku-001' --"];

const createStockTable = (engine: EngineName, server: TestServer, appId: number) =>
  createAppTable(engine, server.app.config.dataDir, appId, 'stock', (quoted) => `CREATE TABLE ${quoted} (id INTEGER PRIMARY KEY, sku VARCHAR(100) NOT NULL, name VARCHAR(200) NOT NULL, qty INTEGER NOT NULL);
    INSERT INTO ${quoted} (id, sku, name, qty) VALUES (1, 'SKU-001', 'Beras 5 kg', 10), (2, 'SKU-002', 'Minyak goreng', 4), (3, 'sku-003', 'Gula pasir', 7), (40, '8992761', 'Teh', 1);`);

function widgets(dbId: number, table: string): Component[] {
  const scanner = {
    ...createComponent('barcode', 'scanner', 'Gudang'),
    options: 'SKU,Name,Qty', mapping_table: 'sku,name,qty', table_used: table, database_used: dbId, primaryKey: 'id',
  };
  const byId = { ...createComponent('barcode', 'by-id', 'By id'), options: 'Id,Name', mapping_table: 'id,name', table_used: table, database_used: dbId, primaryKey: 'id' };
  const custom = {
    ...createComponent('barcode', 'custom', 'Custom'),
    options: 'SKU,Name', mapping_table: 'sku,name', table_used: CUSTOM_TABLE, database_used: dbId, primaryKey: 'id',
    customSource: { query: `SELECT id, sku, name FROM ${table} WHERE qty > 5`, columns: ['id', 'sku', 'name'], table },
  };
  const unmapped = { ...createComponent('barcode', 'unmapped', 'Unmapped'), table_used: CUSTOM_TABLE, database_used: dbId, customSource: { query: `SELECT sku FROM ${table}`, columns: [], table } };
  const items = { ...createComponent('table', 'items', 'Items'), options: 'SKU', mapping_table: 'sku', table_used: table, database_used: dbId, primaryKey: 'id' };
  return [scanner, byId, custom, unmapped, items];
}

describe.each(engines)('barcode scans on a %s database', (engine) => {
  let server: TestServer;
  let fixture: AppTable;
  let pageId: number;
  let hiddenPageId: number;
  let admin: string;
  let member: string;
  let outsider: string;
  const MEMBER = '081700000022';

  const scan = (code: unknown, componentId = 'scanner', token = member, page = pageId) =>
    server.call('POST', '/get/scanBarcode', { pageId: page, componentId, code }, token);
  const found = async (code: string, componentId = 'scanner') => {
    const answer = await scan(code, componentId);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as Record<string, unknown>[];
  };

  beforeAll(async () => {
    server = await buildTestServer('sqlite', { allowPrivateDatabases: true });
    await server.register('081700000021', 'password-1');
    await server.register(MEMBER, 'password-1');
    await server.register('081700000023', 'password-1');
    const builder = await server.login('081700000021', 'password-1', 'main');
    const created = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Gudang Scan', appDescription: '' }, builder)).json().data;
    admin = await server.login('081700000021', 'password-1', created.appSlug);
    fixture = await createStockTable(engine, server, created.appId);
    const saved = await server.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: created.appId, ...fixture.dbBody }, admin);
    expect(saved.statusCode, saved.body).toBe(200);
    const dbId = saved.json().data.dbId as number;
    const pages = (await server.call('POST', '/save/saveApp', { appId: created.appId, pages: [{ pageId: null, pageName: 'Scan' }, { pageId: null, pageName: 'Rahasia' }] }, admin)).json().data.pages;
    pageId = pages[0].pageId;
    hiddenPageId = pages[1].pageId;
    const components = JSON.stringify(widgets(dbId, fixture.table));
    const savedPages = await server.call('POST', '/save/saveApp', { appId: created.appId, pages: [{ pageId, pageComponents: components }, { pageId: hiddenPageId, pageComponents: components }] }, admin);
    expect(savedPages.statusCode, savedPages.body).toBe(200);
    const groups = (await server.call('GET', `/auth/listgroup/${created.appId}`, undefined, admin)).json().data as { groupId: number; groupSlug: string }[];
    const memberGroup = groups.find((g) => g.groupSlug === 'member')?.groupId as number;
    await server.addToGroup(MEMBER, memberGroup);
    const menu = (await server.call('POST', '/save/saveMenu', { menuId: null, menuName: 'Scan', menuAppId: created.appId, menuPageId: pageId, menuParentMenuId: 0 }, admin)).json().data.menuId;
    await server.call('PUT', '/auth/updategroup', { groupId: memberGroup, groupAppId: created.appId, groupAccess: { menuId: [menu] } }, admin);
    member = await server.login(MEMBER, 'password-1', created.appSlug);
    outsider = await server.login('081700000023', 'password-1', 'main');
  });
  afterAll(async () => {
    await fixture?.drop();
    await server?.close();
  });

  it('finds the row whose first mapped column equals the code, whatever its case and surrounding spaces', async () => {
    expect(await found('SKU-001')).toEqual([{ sku: 'SKU-001', name: 'Beras 5 kg', qty: 10, id: 1 }]);
    expect(await found('sku-002')).toEqual([{ sku: 'SKU-002', name: 'Minyak goreng', qty: 4, id: 2 }]);
    expect((await found('  SKU-003 '))[0]).toMatchObject({ id: 3, name: 'Gula pasir' });
  });

  it('answers no row for a code that is only part of a value, or matches another column', async () => {
    expect(await found('SKU-00')).toEqual([]);
    expect(await found('SKU-0011')).toEqual([]);
    expect(await found('Beras 5 kg')).toEqual([]);
  });

  it('takes wildcards and quotes as plain text: no injection, the table intact', async () => {
    for (const code of INJECTIONS) expect(await found(code), code).toEqual([]);
    expect((await found('SKU-001'))[0]).toMatchObject({ id: 1 });
  });

  it('matches a number column by its text', async () => {
    expect(await found('40', 'by-id')).toEqual([{ id: 40, name: 'Teh' }]);
    expect(await found('4', 'by-id')).toEqual([]);
  });

  it('reads a custom query source as the table load does', async () => {
    expect(await found('sku-001', 'custom')).toEqual([{ sku: 'SKU-001', name: 'Beras 5 kg', id: 1 }]);
    // Minyak goreng has qty 4: outside the custom query.
    expect(await found('SKU-002', 'custom')).toEqual([]);
  });

  it('refuses what is not a barcode scan of a page the caller reaches', async () => {
    expect((await scan('SKU-001', 'scanner', member, hiddenPageId)).statusCode).toBe(403);
    expect((await scan('SKU-001', 'scanner', outsider)).statusCode).toBe(403);
    expect((await scan('SKU-001', 'items')).statusCode).toBe(404);
    expect((await scan('SKU-001', 'nothing')).statusCode).toBe(404);
    expect((await scan('   ')).statusCode).toBe(400);
    expect((await scan('x'.repeat(501))).statusCode).toBe(400);
    expect((await scan(42)).statusCode).toBe(400);
    const unmapped = await scan('SKU-001', 'unmapped', admin);
    expect(unmapped.statusCode).toBe(400);
    expect(unmapped.json().error).toContain(Messages.barcodeNoColumn);
    expect((await scan('SKU-001', 'scanner', admin, hiddenPageId)).statusCode).toBe(200);
  });
});
