import { createComponent, CUSTOM_TABLE, Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../support/build';
import { type AppTable, createAppTable } from '../support/fixtures';
import { type HostileBuilder, hostileBuilder } from './hostile';

/**
 * The barcode scan (issue 14) runs an author's widget configuration on the server: the hostile
 * author aims his barcode widget at another application's connection, at statements that are
 * not one SELECT, at a parameter of his own and at column names that are SQL, and scans. Each
 * is refused with a 4xx, reads no row of anyone else and changes nothing.
 */
describe('a hostile author\'s barcode widget', () => {
  let server: TestServer;
  let victim: HostileBuilder;
  let author: HostileBuilder;
  let victimTable: AppTable;
  let ownTable: AppTable;
  let victimDbId: number;
  let ownDbId: number;
  let pageId: number;

  const scan = (componentId: string, code: string) => server.call('POST', '/get/scanBarcode', { pageId, componentId, code }, author.token);
  /** The rows of a table as its application's administrator reads them. */
  const skus = async (dbId: number, table: string, token: string) =>
    ((await server.call('POST', '/action/runQuery', { dbId, query: `SELECT sku FROM ${table} ORDER BY sku`, params: [] }, token)).json().data as { sku: string }[]).map((r) => r.sku);

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    victim = await hostileBuilder(server, 'Gudang korban');
    author = await hostileBuilder(server, 'Gudang jahat');
    victimTable = await createAppTable('sqlite', server.app.services.config.dataDir, victim.appId, 'stock', (quoted) =>
      `CREATE TABLE ${quoted} (id INTEGER PRIMARY KEY, sku VARCHAR(50) NOT NULL); INSERT INTO ${quoted} (id, sku) VALUES (1, 'SECRET-1'), (2, 'SECRET-2');`);
    ownTable = await createAppTable('sqlite', server.app.services.config.dataDir, author.appId, 'stock', (quoted) =>
      `CREATE TABLE ${quoted} (id INTEGER PRIMARY KEY, sku VARCHAR(50) NOT NULL); INSERT INTO ${quoted} (id, sku) VALUES (1, 'MINE-1');`);
    victimDbId = (await server.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: victim.appId, ...victimTable.dbBody }, victim.token)).json().data.dbId;
    ownDbId = (await server.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: author.appId, ...ownTable.dbBody }, author.token)).json().data.dbId;
    pageId = (await server.call('POST', '/save/saveApp', { appId: author.appId, pages: [{ pageId: null, pageName: 'Scan' }] }, author.token)).json().data.pages[0].pageId;
    const barcode = (id: string, fields: Record<string, unknown>) => ({ ...createComponent('barcode', id, id), options: 'SKU', mapping_table: 'sku', database_used: ownDbId, table_used: ownTable.table, ...fields });
    const components = [
      barcode('theirs', { database_used: victimDbId, table_used: victimTable.table }),
      barcode('stacked', { table_used: CUSTOM_TABLE, customSource: { query: `SELECT sku FROM ${ownTable.table}; DELETE FROM ${ownTable.table}`, columns: ['sku'], table: ownTable.table } }),
      barcode('writes', { table_used: CUSTOM_TABLE, customSource: { query: `DELETE FROM ${ownTable.table}`, columns: ['sku'], table: ownTable.table } }),
      barcode('param', { table_used: CUSTOM_TABLE, customSource: { query: `SELECT sku FROM ${ownTable.table} WHERE sku = ?`, columns: ['sku'], table: ownTable.table } }),
      barcode('column', { options: 'SKU', mapping_table: 'sku) OR 1=1 --' }),
      barcode('quoted', { table_used: CUSTOM_TABLE, options: 'SKU', mapping_table: 'x" OR "1"="1', customSource: { query: `SELECT sku FROM ${ownTable.table}`, columns: [], table: ownTable.table } }),
    ];
    const saved = await server.call('POST', '/save/saveApp', { appId: author.appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] }, author.token);
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await victimTable?.drop();
    await ownTable?.drop();
    await server?.close();
  });

  it('cannot read another application\'s connection', async () => {
    const answer = await scan('theirs', 'SECRET-1');
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error).toContain(Messages.databaseNotFound);
    expect(answer.body).not.toContain('SECRET');
  });

  it('cannot run anything but one SELECT, nor a parameter of his own', async () => {
    for (const id of ['stacked', 'writes', 'param']) {
      const answer = await scan(id, 'MINE-1');
      expect(answer.statusCode, id).toBe(400);
    }
    expect(await skus(ownDbId, ownTable.table, author.token)).toEqual(['MINE-1']);
  });

  it('cannot make a column name SQL', async () => {
    expect((await scan('column', 'anything')).statusCode).toBe(400);
    const quoted = await scan('quoted', 'anything');
    expect(quoted.statusCode).toBeGreaterThanOrEqual(400);
    expect(quoted.statusCode).toBeLessThan(500);
    expect(await skus(victimDbId, victimTable.table, victim.token)).toEqual(['SECRET-1', 'SECRET-2']);
    expect(await skus(ownDbId, ownTable.table, author.token)).toEqual(['MINE-1']);
  });
});
