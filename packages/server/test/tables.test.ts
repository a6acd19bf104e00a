import { type Component, createComponent, CUSTOM_TABLE, LANGUAGE_HEADER, Messages } from '@rakit/core';
import { readSheet } from './support/sheets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from './support/build';
import { dataWidgetApp } from './support/data-widget-app';
import { availableEngines } from './support/engines';
import type { AppTable } from './support/fixtures';

/**
 * Data widgets at runtime on each application database engine (SQLite always, MariaDB and
 * PostgreSQL when reachable); the metadata store is SQLite throughout.
 */
const engines = await availableEngines();
const INJECTIONS = ["' OR 1=1 --", "x'; DROP TABLE items; --", 'a" OR "1"="1', '1; DELETE FROM items', '/* */ UNION SELECT 1 --', '\\\' OR 1=1 #'];
const CITIES = ['Bandung', 'Surabaya', 'Medan'];
const ROWS = 45;

/** Row i (1-based): 'Item i', a city in turn, price 10·i, status 1–3, a note; the last two names hold % and _. */
function itemRow(i: number): [number, string, string, number, number, string] {
  const name = i === 44 ? 'Promo 50% off_deal' : i === 45 ? 'Promo 50 offXdeal' : `Item ${i}`;
  return [i, name, CITIES[(i - 1) % 3] as string, i * 10, (i % 3) + 1, `note ${i}`];
}

/** The items table with its 45 rows; the values are the test's own (literal SQL is safe here). */
const ITEMS_TABLE = {
  prefix: 'items',
  createSql: (quoted: string) => {
    const values = Array.from({ length: ROWS }, (_, i) => itemRow(i + 1))
      .map((r) => `(${r[0]}, '${r[1]}', '${r[2]}', ${r[3]}, ${r[4]}, '${r[5]}')`).join(', ');
    return `CREATE TABLE ${quoted} (id INTEGER PRIMARY KEY, name VARCHAR(200) NOT NULL, city VARCHAR(100) NOT NULL, price INTEGER NOT NULL, status INTEGER NOT NULL, note VARCHAR(200));
      INSERT INTO ${quoted} (id, name, city, price, status, note) VALUES ${values};`;
  },
};

/** The data widgets of the page under test. */
function widgets(dbId: number, table: string): Component[] {
  const edit = { name: 'EDIT', action: 'EDIT', cause: '', show: true, raw: { editFields: [{ name: 'name', type: 'text', options: '' }, { name: 'price', type: 'number', options: '' }] } };
  const remove = { name: 'DELETE', action: 'DELETE', cause: '', show: true, stored: { database: dbId, query: `DELETE FROM ${table} WHERE id = ?`, params: [{ source: 'id', custom: '' }] } };
  const items = {
    ...createComponent('table', 'items', 'Barang'),
    options: 'Name,City,Price', mapping_table: 'name,city,price', table_used: table, database_used: dbId, primaryKey: 'id', toExcel: true,
    // The author's labels in other catalogs (issue 35): the export's headers follow the reader's.
    translations: { id: { options: ['Nama barang', '', 'Harga, Rp'] } },
    filters: [{ field: 'city', type: 'select', column: 'City' }, { field: 'price', type: 'interval', column: 'Price' }],
    custom_action: [edit, remove],
  };
  const expensive = {
    ...createComponent('table', 'expensive', 'Mahal'),
    options: 'Id,Name,Price', mapping_table: 'id,name,price', table_used: CUSTOM_TABLE, database_used: dbId, primaryKey: 'id',
    customSource: { query: `SELECT id, name, city, price FROM ${table} WHERE price >= 100 -- the dear ones\n;`, columns: ['id', 'name', 'city', 'price'], table },
    custom_action: [edit],
  };
  const board = {
    ...createComponent('kanban', 'board', 'Papan'),
    options: 'Name', mapping_table: 'name', table_used: table, database_used: dbId, primaryKey: 'id',
    fieldMap: { compared: 'status', title: 'name', description: 'note' },
    custom_action: [
      { ...edit, name: 'Edit card', raw: { editFields: [{ name: 'name', type: 'text', options: '' }, { name: 'note', type: 'textarea', options: '' }] } },
      { ...remove, name: 'Remove card' },
      {
        name: 'Mark done', action: 'CUSTOM', cause: '', show: true,
        raw: { database: dbId, type: 'UPDATE', table, setValues: [{ column: 'status', source: '--custom--', custom: '3' }], conditions: [{ column: 'id', operator: '=', source: 'id', custom: '' }] },
      },
    ],
  };
  const mine = {
    ...createComponent('table', 'mine', 'Milik saya'),
    options: 'Id,Who', mapping_table: 'id,who', table_used: CUSTOM_TABLE, database_used: dbId, primaryKey: 'id',
    customSource: { query: `SELECT id, '--userId--' AS who FROM ${table} WHERE id < 3 /* the caller's own */`, columns: ['id', 'who'], table },
  };
  const writing = {
    ...createComponent('table', 'writing', 'Menulis'),
    options: 'Id', mapping_table: 'id', table_used: CUSTOM_TABLE, database_used: dbId, primaryKey: 'id',
    customSource: { query: `DELETE FROM ${table}`, columns: [], table },
  };
  const card = { ...createComponent('card', 'box', 'Box'), children: [board] };
  return [items, expensive, mine, writing, card, createComponent('button', 'a-button', 'Tombol')];
}

describe.each(engines)('data widgets on a %s database', (engine) => {
  let server: TestServer;
  let fixture: AppTable;
  let appId: number;
  let dbId: number;
  let pageId: number;
  let hiddenPageId: number;
  let admin: string;
  let member: string;
  let outsider: string;
  const MEMBER = '081700000012';

  const load = (body: Record<string, unknown>, token = member) =>
    server.call('POST', '/get/loadTableContent', { pageId, componentId: 'items', ...body }, token);
  const content = async (body: Record<string, unknown>, token = member) => {
    const answer = await load(body, token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data[0] as { count: number; page: number; pageCount: number; filteredResult: Record<string, unknown>[]; possibleFilters: { field: string; options: unknown[] }[] };
  };
  /** The table as it is, read by the application's administrator. */
  const tableRows = async () => {
    const answer = await server.call('POST', '/action/runQuery', { dbId, query: `SELECT id, name, city, price, status, note FROM ${fixture.table} ORDER BY id`, params: [] }, admin);
    return answer.json().data as { id: number; name: string; city: string; price: number; status: number; note: string }[];
  };

  beforeAll(async () => {
    // The test databases are on 127.0.0.1: this operator lets application administrators reach them.
    server = await buildTestServer('sqlite', { allowPrivateDatabases: true });
    ({ appId, dbId, fixture, pageId, hiddenPageId, admin, member, outsider } = await dataWidgetApp(server, engine, {
      users: ['081700000011', MEMBER, '081700000013'], appName: 'Gudang', pageName: 'Barang', table: ITEMS_TABLE, widgets,
    }));
  });
  afterAll(async () => {
    await fixture?.drop();
    await server?.close();
  });

  it('pages through the rows, keyed by source column, with the count', async () => {
    const first = await content({ page: 1 });
    expect(first.count).toBe(ROWS);
    expect(first.pageCount).toBe(3);
    expect(first.filteredResult).toHaveLength(20);
    expect(first.filteredResult[0]).toEqual({ name: 'Item 1', city: 'Bandung', price: 10, id: 1 });
    const second = await content({ page: 2 });
    expect(second.filteredResult.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 21));
    expect((await content({ page: 3 })).filteredResult).toHaveLength(5);
    expect((await content({ page: 4 })).filteredResult).toEqual([]);
    expect((await content({ page: 2, limit: 40 })).filteredResult).toHaveLength(5);
    // keyset paging: Next after the last key shown, Prev before the first
    const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    expect((await content({ page: 2, after: 20 })).filteredResult.map((r) => r.id)).toEqual(ids(21, 40));
    expect((await content({ page: 2, before: '41' })).filteredResult.map((r) => r.id)).toEqual(ids(21, 40));
    expect((await content({ page: 3, after: 40 })).filteredResult.map((r) => r.id)).toEqual(ids(41, 45));
    // a Prev that reaches the start (fewer rows before the key than a page) is page 1, read from the start
    const back = await content({ page: 2, before: 21, filterColumn: { city: 'Medan' } });
    expect({ page: back.page, ids: back.filteredResult.map((r) => r.id) }).toEqual({ page: 1, ids: Array.from({ length: 15 }, (_, i) => 3 * (i + 1)) });
    // rows not in key order: the page places them
    expect((await content({ page: 2, after: 999, sort: { column: 'price', direction: 'desc' } })).filteredResult[0]?.price).toBe(250);
    // the custom query's path answers the same
    const same = await server.call('POST', '/get/loadQueryContent', { pageId, componentId: 'items' }, member);
    expect(same.json().data[0].count).toBe(ROWS);
  });

  it('searches every shown column, case-insensitively, with % and _ taken literally', async () => {
    const ones = await content({ search: 'item 1' });
    expect(ones.count).toBe(11);
    expect(ones.filteredResult.map((r) => r.id)).toEqual([1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect((await content({ search: 'MEDAN' })).count).toBe(15);
    expect((await content({ search: '50%' })).filteredResult.map((r) => r.id)).toEqual([44]);
    expect((await content({ search: 'f_d' })).filteredResult.map((r) => r.id)).toEqual([44]);
    expect((await content({ search: '%' })).count).toBe(1);
    expect((await content({ search: '' })).count).toBe(ROWS);
  });

  it('filters by select value and by interval, 0 or empty meaning no bound', async () => {
    const bandung = await content({ filterColumn: { city: 'Bandung' } });
    expect(bandung.count).toBe(15);
    expect(bandung.filteredResult.every((r) => r.city === 'Bandung')).toBe(true);
    expect(bandung.possibleFilters).toEqual([
      { field: 'city', column: 'City', type: 'select', options: ['Bandung', 'Medan', 'Surabaya'] },
      { field: 'price', column: 'Price', type: 'interval', options: [] },
    ]);
    expect((await content({ filterColumn: { city: ['Bandung', 'Medan'] } })).count).toBe(30);
    expect((await content({ filterColumn: { city: '' } })).count).toBe(ROWS);
    expect((await content({ filterColumn: { city: null } })).count).toBe(ROWS);
    expect((await content({ filterColumn: { price: { min: 100, max: 200 } } })).count).toBe(11);
    expect((await content({ filterColumn: { price: { min: 0, max: '' } } })).count).toBe(ROWS);
    expect((await content({ filterColumn: { price: { min: '0', max: 200 } } })).count).toBe(20);
    expect((await content({ filterColumn: { price: { min: 400, max: 0 } } })).count).toBe(6);
    expect((await content({ filterColumn: { price: { min: 100, max: 200 }, city: 'Surabaya' }, search: 'item' })).filteredResult.map((r) => r.id)).toEqual([11, 14, 17, 20]);
    // the answer's filters sent back as they are filter nothing: options are choices, not values
    expect((await content({ possibleFilters: bandung.possibleFilters })).count).toBe(ROWS);
    // the spec's filter objects carry the same values
    expect((await content({ possibleFilters: [{ field: 'city', type: 'select', column: 'City', value: 'Medan' }, { field: 'price', min: 0, max: 0 }] })).count).toBe(15);
  });

  it('sorts by a shown column', async () => {
    const dear = await content({ sort: { column: 'price', direction: 'desc' }, limit: 3 });
    expect(dear.filteredResult.map((r) => r.price)).toEqual([450, 440, 430]);
    expect((await content({ sort: { column: 'name' }, limit: 2 })).filteredResult.map((r) => r.name)).toEqual(['Item 1', 'Item 10']);
  });

  it('wraps a custom query as a subquery with its search, order and count', async () => {
    const answer = await server.call('POST', '/get/loadQueryContent', { pageId, componentId: 'expensive', search: 'item 2', sort: { column: 'price', direction: 'desc' } }, member);
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json().data[0];
    expect(data.count).toBe(10);
    expect(data.filteredResult[0]).toEqual({ id: 29, name: 'Item 29', price: 290 });
    expect((await server.call('POST', '/get/loadQueryContent', { pageId, componentId: 'expensive' }, member)).json().data[0].count).toBe(ROWS - 9);
    // '--userId--' is the signed-in caller, bound as a value
    const mine = await server.call('POST', '/get/loadQueryContent', { pageId, componentId: 'mine' }, member);
    expect(mine.json().data[0].filteredResult).toEqual([{ id: 1, who: MEMBER }, { id: 2, who: MEMBER }]);
    // a custom query that is not one SELECT is never run
    const writing = await server.call('POST', '/get/loadQueryContent', { pageId, componentId: 'writing' }, admin);
    expect(writing.statusCode).toBe(400);
    expect(await tableRows()).toHaveLength(ROWS);
  });

  it('answers a kanban\'s cards with the columns of its field map', async () => {
    const board = await load({ componentId: 'board', limit: 2 });
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json().data[0].filteredResult).toEqual([
      { name: 'Item 1', id: 1, status: 2, note: 'note 1' },
      { name: 'Item 2', id: 2, status: 3, note: 'note 2' },
    ]);
  });

  it('lets a member load only widgets of pages his groups reach', async () => {
    expect((await load({}, admin)).statusCode).toBe(200);
    expect((await load({}, outsider)).statusCode).toBe(403);
    expect((await server.call('POST', '/get/loadTableContent', { pageId: hiddenPageId, componentId: 'items' }, member)).statusCode).toBe(403);
    expect((await server.call('POST', '/get/loadTableContent', { pageId: hiddenPageId, componentId: 'items' }, admin)).statusCode).toBe(200);
    const button = await load({ componentId: 'a-button' });
    expect(button.statusCode).toBe(404);
    expect(button.json().error).toEqual([Messages.dataWidgetNotFound]);
    expect((await load({ componentId: 'nope' })).statusCode).toBe(404);
    expect((await load({ pageId: 999_999 })).statusCode).toBe(404);
    expect((await server.call('POST', '/get/loadTableContent', { pageId, componentId: 'items' })).statusCode).toBe(401);
    // a card's child is found too
    expect((await load({ componentId: 'board' })).statusCode).toBe(200);
  });

  it('binds injection through search, filters, sort and page as data, or refuses it', async () => {
    for (const text of INJECTIONS) {
      expect((await content({ search: text })).count).toBe(0);
      expect((await content({ filterColumn: { city: text } })).count).toBe(0);
    }
    const refused = [
      { filterColumn: { 'city = city OR 1=1 --': 'x' } },
      { filterColumn: { note: 'note 1' } },
      { sort: { column: 'price; DROP TABLE x' } },
      { sort: { column: 'note' } },
      { sort: { column: 'price', direction: 'desc; DROP TABLE x' } },
      { page: '1; DROP TABLE x' },
      { page: -1 },
      { page: 0 },
      { page: 1.5 },
      { limit: 101 },
      { limit: '20 OR 1=1' },
      { componentId: "items' OR '1'='1" },
    ];
    for (const after of ["20' OR '1'='1", '20 OR 1=1']) {
      expect([200, 400]).toContain((await load({ page: 2, after })).statusCode);
    }
    for (const body of refused) {
      const answer = await load(body);
      expect([400, 404], `${JSON.stringify(body)} → ${answer.body}`).toContain(answer.statusCode);
    }
    expect(await tableRows()).toHaveLength(ROWS);
  });

  it('exports the filtered table as an .xlsx, never running a member\'s SQL', async () => {
    const answer = await server.call('POST', '/print/blob/excelFromTable', {
      pageId, componentId: 'items', query: `DELETE FROM ${fixture.table}`, dbId, columns: ['id'], columnAlias: ['Id'], filename: 'Barang Bandung',
      filter: { search: 'item', possibleFilters: [], filterColumn: { city: 'Bandung' } },
    }, member);
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json().data;
    expect(data.mimetype).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(data.filename).toBe('Barang Bandung.xlsx');
    const sheet = await readSheet(Buffer.from(data.buffer, 'base64'));
    const expected = (await tableRows()).filter((r) => r.city === 'Bandung' && r.name.startsWith('Item'));
    expect(sheet).toEqual([['Name', 'City', 'Price'], ...expected.map((r) => [r.name, r.city, r.price])]);
    expect(await tableRows()).toHaveLength(ROWS);

    // the spec's query-only body: the connection's administrators only
    const own = { query: `SELECT id, name FROM ${fixture.table} WHERE id < 4`, dbId, columns: 'id,name', columnAlias: 'Id,Nama' };
    expect((await server.call('POST', '/print/blob/excelFromTable', own, member)).statusCode).toBe(403);
    const adminExport = await server.call('POST', '/print/blob/excelFromTable', { ...own, filter: { search: 'item 2' } }, admin);
    expect(adminExport.statusCode, adminExport.body).toBe(200);
    expect(await readSheet(Buffer.from(adminExport.json().data.buffer, 'base64'))).toEqual([['Id', 'Nama'], [2, 'Item 2']]);
    expect((await server.call('POST', '/print/blob/excelFromTable', { pageId: hiddenPageId, componentId: 'items' }, member)).statusCode).toBe(403);
  });

  it('streams the .xlsx download with the search and filters', async () => {
    const filterColumn = encodeURIComponent(JSON.stringify({ price: { min: 0, max: 250 } }));
    const answer = await server.call('GET', `/print/excelFromTable/stream?pageId=${pageId}&componentId=items&search=surabaya&filterColumn=${filterColumn}&sort=price&direction=desc&filename=x`, undefined, member);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="x.xlsx"');
    const expected = (await tableRows()).filter((r) => r.city === 'Surabaya' && r.price <= 250).sort((a, b) => b.price - a.price);
    expect(await readSheet(answer.rawPayload)).toEqual([['Name', 'City', 'Price'], ...expected.map((r) => [r.name, r.city, r.price])]);
    const bad = await server.call('GET', `/print/excelFromTable/stream?pageId=${pageId}&componentId=items&sort=note`, undefined, member);
    expect(bad.statusCode).toBe(400);
    expect((await server.call('GET', `/print/excelFromTable/stream?pageId=${pageId}&componentId=items`)).statusCode).toBe(401);
    // no Export To Excel on this table: members may not export it
    expect((await server.call('GET', `/print/excelFromTable/stream?pageId=${pageId}&componentId=expensive`, undefined, member)).statusCode).toBe(403);
  });

  it('heads the export with the author\'s labels in the reader\'s catalog', async () => {
    const url = `/print/excelFromTable/stream?pageId=${pageId}&componentId=items&search=surabaya&sort=price&filename=x`;
    const headersIn = async (headers: Record<string, string>) => {
      const answer = await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${member}`, ...headers } });
      expect(answer.statusCode, answer.body).toBe(200);
      return (await readSheet(answer.rawPayload))[0];
    };
    expect(await headersIn({ [LANGUAGE_HEADER]: 'id' })).toEqual(['Nama barang', 'City', 'Harga, Rp']);
    expect(await headersIn({ 'accept-language': 'id-ID,id;q=0.9' })).toEqual(['Nama barang', 'City', 'Harga, Rp']);
    // No translation into English: the author's own labels, as in the specification's catalog.
    expect(await headersIn({ [LANGUAGE_HEADER]: 'en' })).toEqual(['Name', 'City', 'Price']);
    expect(await headersIn({ [LANGUAGE_HEADER]: 'spec' })).toEqual(['Name', 'City', 'Price']);
  });

  it('edits only the sent columns of one row, and only columns the action allows', async () => {
    const edit = (body: Record<string, unknown>, token = member) =>
      server.call('POST', '/action/editRow', { pageId, componentId: 'items', actionName: 'EDIT', ...body }, token);
    const before = await tableRows();
    const renamed = await edit({ key: 2, values: { name: "Renamed ' OR 1=1 --" } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toEqual([{ affectedRows: 1 }]);
    const after = await tableRows();
    expect(after.find((r) => r.id === 2)).toEqual({ ...before.find((r) => r.id === 2), name: "Renamed ' OR 1=1 --" });
    expect(after.filter((r) => r.id !== 2)).toEqual(before.filter((r) => r.id !== 2));

    expect((await edit({ key: '3', values: { price: 999 } })).statusCode).toBe(200);
    expect((await tableRows()).find((r) => r.id === 3)).toEqual({ ...before.find((r) => r.id === 3), price: 999 });

    for (const values of [{ city: 'Jakarta' }, { id: 99 }, { name: 'x', note: 'y' }, { 'name = 1; --': 'x' }]) {
      const refused = await edit({ key: 4, values });
      expect(refused.statusCode, JSON.stringify(values)).toBe(400);
      expect(refused.json().error[0]).toBe(Messages.columnNotEditable);
    }
    expect((await edit({ actionName: 'DELETE', key: 4, values: { name: 'x' } })).statusCode).toBe(404);
    expect((await edit({ actionName: 'nope', key: 4, values: { name: 'x' } })).statusCode).toBe(404);
    expect((await edit({ key: 9999, values: { name: 'x' } })).statusCode).toBe(404);
    // MySQL would read '4abc' as 4: a numeric key is a number or its digits, else 400
    for (const key of ['4abc', "4' OR '1'='1", '4 OR 1=1']) expect((await edit({ key, values: { name: 'x' } })).statusCode).toBe(400);
    expect((await edit({ key: 4, values: { name: 'x' } }, outsider)).statusCode).toBe(403);
    expect((await server.call('POST', '/action/editRow', { pageId: hiddenPageId, componentId: 'items', actionName: 'EDIT', key: 4, values: { name: 'x' } }, member)).statusCode).toBe(403);

    // a custom query's widget reaches only the rows its query answers
    const hidden = await server.call('POST', '/action/editRow', { pageId, componentId: 'expensive', actionName: 'EDIT', key: 5, values: { name: 'x' } }, member);
    expect(hidden.statusCode).toBe(404);
    const shown = await server.call('POST', '/action/editRow', { pageId, componentId: 'expensive', actionName: 'EDIT', key: 15, values: { name: 'Fifteen' } }, member);
    expect(shown.statusCode, shown.body).toBe(200);
    expect((await tableRows()).find((r) => r.id === 15)?.name).toBe('Fifteen');
    expect((await tableRows()).find((r) => r.id === 4)).toEqual(before.find((r) => r.id === 4));
  });

  it('moves a kanban card to one of its lanes', async () => {
    const move = (value: unknown, key: unknown = 5) => server.call('POST', '/action/moveCard', { pageId, componentId: 'board', key, value }, member);
    const before = await tableRows();
    expect((await move('3')).statusCode).toBe(200);
    expect((await tableRows()).find((r) => r.id === 5)).toEqual({ ...before.find((r) => r.id === 5), status: 3 });
    expect((await move(1)).statusCode).toBe(200);
    expect((await tableRows()).find((r) => r.id === 5)?.status).toBe(1);
    const refused = await move('9');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error[0]).toBe(Messages.kanbanLaneUnknown);
    expect((await move("1' OR '1'='1")).statusCode).toBe(400);
    expect((await move('2', 9999)).statusCode).toBe(404);
    expect((await server.call('POST', '/action/moveCard', { pageId, componentId: 'items', key: 5, value: '1' }, member)).statusCode).toBe(404);
  });

  it('writes a row based on the values read only while they still hold, else answers what the row holds now (issue 38)', async () => {
    const edit = (body: Record<string, unknown>) => server.call('POST', '/action/editRow', { pageId, componentId: 'items', actionName: 'EDIT', key: 3, ...body }, member);
    const read = (await tableRows()).find((r) => r.id === 3) as { name: string; city: string };
    // Device A read the row and edits it: the row still holds what A read.
    const first = await edit({ values: { name: 'Dari perangkat A' }, expected: { name: read.name } });
    expect(first.statusCode, first.body).toBe(200);
    // Device B read the same row before A's edit: its edit is refused, with the row as it is now.
    const second = await edit({ values: { name: 'Dari perangkat B' }, expected: { name: read.name } });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ status: false, code: 'staleWrite', data: { name: 'Dari perangkat A' } });
    expect((await tableRows()).find((r) => r.id === 3)?.name).toBe('Dari perangkat A');
    // The expected values may name only the columns being changed: no other column's value comes back.
    const probe = await edit({ values: { name: 'x' }, expected: { name: 'Dari perangkat A', city: 'guess' } });
    expect(probe.statusCode).toBe(400);
    expect(probe.body).not.toContain(read.city);

    const move = (value: unknown, expected: unknown) => server.call('POST', '/action/moveCard', { pageId, componentId: 'board', key: 6, value, expected }, member);
    const status = (await tableRows()).find((r) => r.id === 6)?.status as number;
    const lanes = ['1', '2', '3'].filter((lane) => lane !== String(status));
    expect((await move(lanes[0], status)).statusCode).toBe(200);
    const stale = await move(lanes[1], status);
    expect(stale.statusCode).toBe(409);
    expect(Number(stale.json().data.status)).toBe(Number(lanes[0]));
    expect(String((await tableRows()).find((r) => r.id === 6)?.status)).toBe(lanes[0]);
  });

  it('finds a column or a table made a moment ago at once, though the schema read before lacked it', async () => {
    await content({});
    await fixture.exec(`ALTER TABLE ${fixture.table} ADD COLUMN extra INTEGER`);
    const saved = (await server.call('GET', `/get/getPage/${pageId}`, undefined, admin)).json().data[0].pageComponents as string;
    const page = JSON.parse(saved) as Component[];
    const items = page.find((c) => c.id === 'items') as Component;
    items.mapping_table = 'name,city,price,extra';
    // A table made through Rakit's SQL, then shown by a widget of its own (issue 38's receipts).
    const fresh = `${fixture.table}_fresh`;
    const made = await server.call('POST', '/action/runQuery', { dbId, query: `CREATE TABLE ${fresh} (id INT PRIMARY KEY, code VARCHAR(20) NOT NULL)`, params: [] }, admin);
    expect(made.statusCode, made.body).toBe(200);
    try {
      await server.call('POST', '/action/runQuery', { dbId, query: `INSERT INTO ${fresh} (id, code) VALUES (1, 'B-1')`, params: [] }, admin);
      const freshWidget = { ...items, id: 'fresh', table_used: fresh, options: 'Kode', mapping_table: 'code', primaryKey: 'id', filters: [], fieldMap: {} };
      const nowhere = { ...freshWidget, id: 'nowhere', table_used: `${fresh}_nowhere` };
      await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify([...page, freshWidget, nowhere]) }] }, admin);
      // The schema read a moment ago had neither: each is read again at once, not after the cache's 30 s.
      expect((await content({ limit: 1 })).filteredResult).toEqual([{ name: 'Item 1', city: 'Bandung', price: 10, extra: null, id: 1 }]);
      const shown = await server.call('POST', '/get/loadTableContent', { pageId, componentId: 'fresh' }, member);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json().data[0].filteredResult).toEqual([{ code: 'B-1', id: 1 }]);
      // A table that exists nowhere is still refused, plainly, however often it is asked for.
      for (let i = 0; i < 3; i++) {
        const missing = await server.call('POST', '/get/loadTableContent', { pageId, componentId: 'nowhere' }, member);
        expect(missing.statusCode).toBe(400);
        expect(missing.json().error[0]).toMatch(/does not exist/);
      }
    } finally {
      await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: saved }] }, admin);
      await server.call('POST', '/action/runQuery', { dbId, query: `DROP TABLE ${fresh}`, params: [] }, admin);
    }
  });

  it('deletes one row through the widget\'s DELETE action', async () => {
    const remove = (body: Record<string, unknown>) => server.call('POST', '/action/deleteRow', { pageId, componentId: 'items', actionName: 'DELETE', ...body }, member);
    const before = await tableRows();
    const answer = await remove({ key: 45 });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toEqual([{ affectedRows: 1 }]);
    expect(await tableRows()).toEqual(before.filter((r) => r.id !== 45));
    expect((await remove({ key: 45 })).statusCode).toBe(404);
    expect((await remove({ key: "1' OR '1'='1" })).statusCode).toBe(400);
    expect((await remove({ actionName: 'EDIT', key: 44 })).statusCode).toBe(404);
    expect((await server.call('POST', '/action/deleteRow', { pageId, componentId: 'expensive', actionName: 'DELETE', key: 44 }, member)).statusCode).toBe(404);
    expect(await tableRows()).toHaveLength(ROWS - 1);
    expect((await content({})).count).toBe(ROWS - 1);
  });

  it('runs a kanban card\'s EDIT, DELETE and CUSTOM actions with the checks of a table\'s row', async () => {
    // token null: no token at all
    const call = (url: string, body: Record<string, unknown>, token: string | null = member, page = pageId) =>
      server.call('POST', url, { pageId: page, componentId: 'board', ...body }, token ?? undefined);
    const edit = (key: unknown, values: Record<string, unknown>, token?: string | null, page?: number) =>
      call('/action/editRow', { actionName: 'Edit card', key, values }, token, page);
    const markDone = (id: unknown, token?: string | null, page?: number) => call('/action/runAction', { actionName: 'Mark done', params: { id } }, token, page);
    const remove = (key: unknown, token?: string | null, page?: number) => call('/action/deleteRow', { actionName: 'Remove card', key }, token, page);
    const before = await tableRows();
    const row = (id: number) => before.find((r) => r.id === id);

    // refused calls change nothing: no token, another application's member, a page the member's groups do not reach
    for (const token of [null, outsider]) {
      const expected = token === null ? 401 : 403;
      expect((await edit(7, { name: 'x' }, token)).statusCode).toBe(expected);
      expect((await markDone(10, token)).statusCode).toBe(expected);
      expect((await remove(12, token)).statusCode).toBe(expected);
    }
    expect((await edit(7, { name: 'x' }, member, hiddenPageId)).statusCode).toBe(403);
    expect((await markDone(10, member, hiddenPageId)).statusCode).toBe(403);
    expect((await remove(12, member, hiddenPageId)).statusCode).toBe(403);
    // only the board's own actions, and only the columns its EDIT lists
    expect((await call('/action/editRow', { actionName: 'EDIT', key: 7, values: { name: 'x' } })).statusCode).toBe(404);
    expect((await call('/action/deleteRow', { actionName: 'DELETE', key: 12 })).statusCode).toBe(404);
    expect((await call('/action/deleteRow', { actionName: 'Mark done', key: 12 })).statusCode).toBe(404);
    for (const values of [{ status: 1 }, { price: 1 }, { id: 99 }]) {
      const refused = await edit(7, values);
      expect(refused.statusCode, JSON.stringify(values)).toBe(400);
      expect(refused.json().error[0]).toBe(Messages.columnNotEditable);
    }
    expect((await remove("12' OR '1'='1")).statusCode).toBe(400);
    expect(await tableRows()).toEqual(before);

    const edited = await edit(7, { name: 'Seven', note: 'checked' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await edit(8, { note: 'by the administrator' }, admin)).statusCode).toBe(200);
    const done = await markDone(10);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data[0].affectedRows).toBe(1);
    const removed = await remove(12);
    expect(removed.statusCode, removed.body).toBe(200);

    const after = await tableRows();
    expect(after.find((r) => r.id === 7)).toEqual({ ...row(7), name: 'Seven', note: 'checked' });
    expect(after.find((r) => r.id === 8)).toEqual({ ...row(8), note: 'by the administrator' });
    expect(after.find((r) => r.id === 10)).toEqual({ ...row(10), status: 3 });
    expect(after.find((r) => r.id === 12)).toBeUndefined();
    expect(after.filter((r) => ![7, 8, 10].includes(r.id))).toEqual(before.filter((r) => ![7, 8, 10, 12].includes(r.id)));
  });
});
