import { type Component, createComponent, CUSTOM_TABLE, TABLE_COUNT_CAP } from '@rakit/core';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COUNT_TTL_MS } from '../src/tables/run';
import { buildTestServer, type TestServer } from './support/build';
import { dataWidgetApp } from './support/data-widget-app';
import { recordStatements } from './support/recorded-statements';
import { availableEngines } from './support/engines';
import type { AppTable } from './support/fixtures';

/**
 * Bounded counts (ARCHITECTURE §3) on each application database engine: a table with more rows
 * than the cap answers the cap and countCapped, pages past the cap still come back, a search
 * that keeps fewer rows than the cap is counted exactly, and the export still has every row.
 */
const engines = await availableEngines();
const ROWS = TABLE_COUNT_CAP + 250;
const INSERT_BATCH = 1000;

const BIG_TABLE = {
  prefix: 'many_items',
  createSql: (quoted: string) => {
    const inserts: string[] = [];
    for (let from = 1; from <= ROWS; from += INSERT_BATCH) {
      const values = Array.from({ length: Math.min(INSERT_BATCH, ROWS - from + 1) }, (_, i) => `(${from + i}, 'Item ${from + i}', '${(from + i) % 2 === 0 ? 'Genap' : 'Ganjil'}')`);
      inserts.push(`INSERT INTO ${quoted} (id, name, kind) VALUES ${values.join(', ')};`);
    }
    return `CREATE TABLE ${quoted} (id INTEGER PRIMARY KEY, name VARCHAR(100) NOT NULL, kind VARCHAR(20) NOT NULL);\n${inserts.join('\n')}`;
  },
};

function widgets(dbId: number, table: string): Component[] {
  const shown = { options: 'Id,Name,Kind', mapping_table: 'id,name,kind', database_used: dbId, primaryKey: 'id' };
  return [
    { ...createComponent('table', 'many', 'Banyak'), ...shown, table_used: table, toExcel: true, filters: [{ field: 'kind', type: 'select', column: 'Kind' }] },
    {
      ...createComponent('table', 'query', 'Kueri'), ...shown, table_used: CUSTOM_TABLE,
      customSource: { query: `SELECT id, name, kind FROM ${table} WHERE id > 100`, columns: ['id', 'name', 'kind'], table },
    },
  ];
}

interface Content {
  count: number; countCapped: boolean; pageCount: number; countPending?: boolean; page: number; filteredResult: { id: number | string }[];
  cursors?: { first: { key: string | number }; last: { key: string | number } };
}

describe.each(engines)('bounded counts on a %s database', (engine) => {
  let server: TestServer;
  let fixture: AppTable;
  let pageId: number;
  let dbId: number;
  let member: string;

  const content = async (body: Record<string, unknown>, componentId = 'many', path = '/get/loadTableContent') => {
    const answer = await server.call('POST', path, { pageId, componentId, ...body }, member);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data[0] as Content;
  };
  const ids = (c: Content) => c.filteredResult.map((r) => Number(r.id));
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  beforeAll(async () => {
    server = await buildTestServer('sqlite', { allowPrivateDatabases: true });
    ({ fixture, pageId, dbId, member } = await dataWidgetApp(server, engine, {
      users: ['081700000061', '081700000062', '081700000063'], appName: 'Gudang Besar', pageName: 'Banyak', table: BIG_TABLE, widgets,
    }));
  }, 60_000);
  afterAll(async () => {
    await fixture?.drop();
    await server?.close();
  });

  // SQLite answers a statement before the next call is read: its counts never overlap.
  it.skipIf(engine === 'sqlite')('runs one count for the clients that ask for it at once', async () => {
    await content({ page: 1 });
    const recorded = await recordStatements(server, dbId, (sql) => sql.startsWith('SELECT COUNT(*)'));
    const counted = recorded.texts;
    try {
      // A term no earlier call counted: eight clients, one count; the rows of each read apart.
      const answers = await Promise.all(Array.from({ length: 8 }, () => content({ search: 'Item 123' })));
      expect(counted).toHaveLength(1);
      for (const answer of answers) expect(answer).toMatchObject({ count: 11, countCapped: false });
    } finally {
      recorded.stop();
    }
  });

  it('answers a short first page without waiting for its count, and a full one with it', async () => {
    await content({ page: 1 });
    const recorded = await recordStatements(server, dbId, (sql) => sql.startsWith('SELECT COUNT(*)'), 3_000);
    try {
      let started = performance.now();
      // 'Item 1234' is on one row only (ROWS < 12,340): the page is every row there is.
      const short = await content({ page: 1, search: 'Item 1234' });
      expect({ ids: ids(short), count: short.count, capped: short.countCapped }).toEqual({ ids: [1234], count: 1, capped: false });
      expect(performance.now() - started).toBeLessThan(2_500);
      started = performance.now();
      const full = await content({ page: 1, search: 'Item 12' });
      expect(full.count).toBeGreaterThan(20);
      expect(performance.now() - started).toBeGreaterThanOrEqual(2_900);
      expect(recorded.texts).toHaveLength(2);
    } finally {
      recorded.stop();
    }
  });

  it('answers rows first when asked, and the count by its own call, joining the count the load started', async () => {
    await content({ page: 1 });
    const recorded = await recordStatements(server, dbId, (sql) => sql.startsWith('SELECT COUNT(*)'), 1_500);
    try {
      // Terms no earlier call counted ('tem' is in every name).
      for (const [search, total] of [['tem', ROWS], ['Genap', Math.floor(ROWS / 2)]] as const) {
        const started = performance.now();
        const first = await content({ page: 1, search, countLater: true });
        expect(performance.now() - started).toBeLessThan(1_200);
        // The rows, and what is known so far: at least this page, and a next one.
        expect(first).toMatchObject({ countPending: true, count: 20, countCapped: true, pageCount: 2 });
        expect(ids(first)).toEqual(range(1, ROWS).filter((id) => search === 'tem' || id % 2 === 0).slice(0, 20));
        const counted = await server.call('POST', '/get/countTableContent', { pageId, componentId: 'many', page: 1, search, countLater: true }, member);
        expect(counted.statusCode, counted.body).toBe(200);
        const count = Math.min(total, TABLE_COUNT_CAP);
        expect(counted.json().data).toEqual([{ count, countCapped: total > TABLE_COUNT_CAP, pageCount: Math.floor(count / 20) + 1 }]);
      }
      // Each count ran once: the count call joined the one its load started.
      expect(recorded.texts).toHaveLength(2);
      // Last needs its count for its page number: it waits for it.
      const last = await content({ page: 2, search: 'Ganjil', countLater: true, cursor: { direction: 'last' } });
      expect(last).toMatchObject({ count: Math.ceil(ROWS / 2), countCapped: false, page: Math.floor(Math.ceil(ROWS / 2) / 20) + 1 });
      expect(last.countPending).toBeUndefined();
    } finally {
      recorded.stop();
    }
  });

  it('answers a count it already knows with the rows, and refuses a count of a widget that is not there', async () => {
    await content({ page: 1 });
    const known = await content({ page: 1, countLater: true });
    // Past the cap: kept from the load before, so the answer has it.
    expect(known).toMatchObject({ count: TABLE_COUNT_CAP, countCapped: true });
    expect(known.countPending).toBeUndefined();
    const missing = await server.call('POST', '/get/countTableContent', { pageId, componentId: 'nope' }, member);
    expect(missing.statusCode).toBe(404);
    const bad = await server.call('POST', '/get/countTableContent', { pageId, componentId: 'many', limit: 0 }, member);
    expect(bad.statusCode).toBe(400);
  });

  it('reads a first page found short alone the next time, and counts it again once it has filled up', async () => {
    const added = { page: 1, search: 'Tambahan' };
    const quoted = engine === 'mysql' ? `\`${fixture.table}\`` : `"${fixture.table}"`;
    expect(await content(added)).toMatchObject({ count: 0, countCapped: false, filteredResult: [] });
    // Past the time a slow count is kept: only the memory of the short page spares the count.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + COUNT_TTL_MS + 1);
    const recorded = await recordStatements(server, dbId, (sql) => sql.startsWith('SELECT COUNT(*)'));
    try {
      expect(await content(added)).toMatchObject({ count: 0, filteredResult: [] });
      expect(recorded.texts).toEqual([]);
      // 25 rows holding the term come in from outside Rakit: the page fills up and is counted.
      const values = range(ROWS + 1, ROWS + 25).map((id) => `(${id}, 'Tambahan ${id}', 'Ganjil')`);
      await fixture.exec(`INSERT INTO ${quoted} (id, name, kind) VALUES ${values.join(', ')}`);
      const filled = await content(added);
      expect({ ids: ids(filled), count: filled.count, capped: filled.countCapped }).toEqual({ ids: range(ROWS + 1, ROWS + 20), count: 25, capped: false });
      expect(recorded.texts).toHaveLength(1);
    } finally {
      recorded.stop();
      await fixture.exec(`DELETE FROM ${quoted} WHERE id > ${ROWS}`);
    }
  });

  it('stops counting at the cap and says so', async () => {
    const first = await content({ page: 1 });
    expect(first).toMatchObject({ count: TABLE_COUNT_CAP, countCapped: true, pageCount: TABLE_COUNT_CAP / 20 + 1 });
    expect(ids(first)).toEqual(range(1, 20));
    // the custom query's rows (10,150) are counted the same way, at both paths
    for (const path of ['/get/loadTableContent', '/get/loadQueryContent']) {
      expect(await content({ page: 1 }, 'query', path)).toMatchObject({ count: TABLE_COUNT_CAP, countCapped: true });
    }
    // a search or filter keeping more rows than the cap is capped too
    expect(await content({ search: 'item' })).toMatchObject({ count: TABLE_COUNT_CAP, countCapped: true });
    expect(await content({ filterColumn: { kind: 'Genap' } })).toMatchObject({ count: (ROWS / 2), countCapped: false });
  });

  it('pages on past the cap, by page number and by key', async () => {
    // page 501 (offset 10,000: the deferred join) lies past the cap; the count is the same cheap one
    const past = await content({ page: TABLE_COUNT_CAP / 20 + 1 });
    expect(ids(past)).toEqual(range(TABLE_COUNT_CAP + 1, TABLE_COUNT_CAP + 20));
    expect(past).toMatchObject({ count: TABLE_COUNT_CAP, countCapped: true, pageCount: TABLE_COUNT_CAP / 20 + 1 });
    const next = await content({ page: TABLE_COUNT_CAP / 20 + 2, after: TABLE_COUNT_CAP + 20 });
    expect(ids(next)).toEqual(range(TABLE_COUNT_CAP + 21, TABLE_COUNT_CAP + 40));
    // the last page comes back short (the pager's Next stops there), the one after it empty
    const last = await content({ page: Math.floor(ROWS / 20) + 1 });
    expect(ids(last)).toEqual(range(ROWS - (ROWS % 20) + 1, ROWS));
    expect(last.countCapped).toBe(true);
    expect(ids(await content({ page: Math.floor(ROWS / 20) + 2 }))).toEqual([]);
    expect(ids(await content({ page: 2, limit: 100, after: 100 }, 'query'))).toEqual(range(201, 300));
    expect(ids(await content({ page: 101, limit: 100 }, 'query'))).toEqual(range(10_101, 10_200));
  });

  it('counts a search under the cap exactly', async () => {
    // Item 7, 70–79, 700–799, 7000–7999
    const sevens = await content({ search: 'Item 7' });
    expect(sevens).toMatchObject({ count: 1111, countCapped: false, pageCount: 56 });
    expect(await content({ search: 'Item 1025' })).toMatchObject({ count: 2, countCapped: false, pageCount: 1 });
    expect(await content({ search: 'Item 7' }, 'query')).toMatchObject({ count: 1100, countCapped: false });
    expect(await content({ search: 'nothing like it' })).toMatchObject({ count: 0, countCapped: false, pageCount: 1 });
  });

  it('still exports every row, streamed and as a whole file', async () => {
    const streamed = await server.call('GET', `/print/excelFromTable/stream?pageId=${pageId}&componentId=many&filename=all`, undefined, member);
    expect(streamed.statusCode, streamed.body).toBe(200);
    expect(await sheetRows(streamed.rawPayload)).toBe(ROWS + 1);
    const whole = await server.call('POST', '/print/blob/excelFromTable', { pageId, componentId: 'many', filename: 'all' }, member);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(await sheetRows(Buffer.from(whole.json().data.buffer as string, 'base64'))).toBe(ROWS + 1);
  });

  afterEach(() => { vi.useRealTimers(); });

  // Last: it deletes rows.
  it('keeps a count past the cap while the user pages, and counts again after COUNT_TTL_MS', async () => {
    await content({ page: 1 });
    const recorded = await recordStatements(server, dbId, (sql) => sql.startsWith('SELECT COUNT(*)'));
    const counted = recorded.texts;
    try {
      const first = await content({ page: 1, search: 'Item' });
      expect(first).toMatchObject({ count: TABLE_COUNT_CAP, countCapped: true });
      const countsAtFirst = counted.length;
      const second = await content({ page: 2, search: 'Item', cursor: first.cursors?.last === undefined ? undefined : { direction: 'after', ...first.cursors.last } });
      expect({ ids: ids(second).slice(0, 2), counted: counted.length }).toEqual({ ids: [21, 22], counted: countsAtFirst });

      // A mass delete elsewhere is seen once the kept count expires.
      const quoted = engine === 'mysql' ? `\`${fixture.table}\`` : `"${fixture.table}"`;
      await fixture.exec(`DELETE FROM ${quoted} WHERE id > 300`);
      expect(await content({ page: 1, search: 'Item' })).toMatchObject({ count: TABLE_COUNT_CAP, countCapped: true });
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + COUNT_TTL_MS + 1);
      expect(await content({ page: 1, search: 'Item' })).toMatchObject({ count: 300, countCapped: false });
    } finally {
      recorded.stop();
    }
  });
});

/** Rows of the first sheet of an .xlsx, its header included. */
async function sheetRows(buffer: Buffer): Promise<number> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook.worksheets[0]?.actualRowCount ?? 0;
}
