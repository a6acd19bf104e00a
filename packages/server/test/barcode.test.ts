import { type Component, createComponent, CUSTOM_TABLE, Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from './support/build';
import { dataWidgetApp } from './support/data-widget-app';
import { availableEngines } from './support/engines';
import type { AppTable } from './support/fixtures';

/**
 * The barcode widget's scan (spec 3 §4, issue 14) on each application database engine: an
 * exact, case-insensitive match on the first mapped column, the code bound, never loaded
 * into the browser; members only on the pages they reach.
 */
const engines = await availableEngines();
const INJECTIONS = ["' OR 1=1 --", "x'; DROP TABLE stock; --", 'a" OR "1"="1', '%', '_', 'SKU-00%', "sku-001' --"];

const STOCK_TABLE = {
  prefix: 'stock',
  createSql: (quoted: string) => `CREATE TABLE ${quoted} (id INTEGER PRIMARY KEY, sku VARCHAR(100) NOT NULL, name VARCHAR(200) NOT NULL, qty INTEGER NOT NULL);
    INSERT INTO ${quoted} (id, sku, name, qty) VALUES (1, 'SKU-001', 'Beras 5 kg', 10), (2, 'SKU-002', 'Minyak goreng', 4), (3, 'sku-003', 'Gula pasir', 7), (40, '8992761', 'Teh', 1);`,
};

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
  let appId: number;
  let dbId: number;
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
    ({ appId, dbId, fixture, pageId, hiddenPageId, admin, member, outsider } = await dataWidgetApp(server, engine, {
      users: ['081700000021', MEMBER, '081700000023'], appName: 'Gudang Scan', pageName: 'Scan', table: STOCK_TABLE, widgets,
    }));
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

  it('passes the scanned row through the widget\'s function, as a table\'s rows', async () => {
    const saveFunction = async (name: string, content: string) => {
      const saved = await server.call('POST', '/function/saveFunction', { appId, name, parameter: [], content }, admin);
      expect(saved.statusCode, saved.body).toBe(201);
      return saved.json().data.id as number;
    };
    const label = await saveFunction('Label', "return rows.map((r) => ({ ...r, label: `${r.name} (${r.qty})`, qty: r.qty * 2 }));");
    const inStock = await saveFunction('In stock', 'return rows.filter((r) => r.qty > 5);');
    const failing = await saveFunction('Failing', 'throw new Error("no");');
    const scanner = (id: string, functionId: number) => ({ ...createComponent('barcode', id, id), options: 'SKU,Name,Qty', mapping_table: 'sku,name,qty', table_used: fixture.table, database_used: dbId, primaryKey: 'id', functionId });
    const components = [...widgets(dbId, fixture.table), scanner('labelled', label), scanner('in-stock', inStock), scanner('failing', failing)];
    const saved = await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] }, admin);
    expect(saved.statusCode, saved.body).toBe(200);

    expect(await found('sku-001', 'labelled')).toEqual([{ sku: 'SKU-001', name: 'Beras 5 kg', qty: 20, id: 1, label: 'Beras 5 kg (10)' }]);
    expect(await found('SKU-404', 'labelled')).toEqual([]);
    // The function drops the row: the scan finds none.
    expect(await found('SKU-001', 'in-stock')).toMatchObject([{ id: 1 }]);
    expect(await found('SKU-002', 'in-stock')).toEqual([]);
    const refused = await scan('SKU-001', 'failing');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual([Messages.functionFailed]);
  });
});
