import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Component, createComponent, CUSTOM_TABLE, type PageCursor, type PageCursorRequest } from '@rakit/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COUNT_TTL_MS } from '../src/tables/run';
import { buildTestServer, type TestServer } from './support/build';
import { dataWidgetApp } from './support/data-widget-app';
import { availableEngines } from './support/engines';
import type { AppTable } from './support/fixtures';

/**
 * Paging by key through POST /get/loadTableContent on each engine: Next and Prev with the
 * answer's cursors walk every row once in the order page numbers give, by key alone or by a
 * nullable, non-unique column then the key (both directions); Last is the page the count ends
 * on; rows added and deleted between two clicks neither skip nor repeat a row, and the page
 * number and count stay right. The statement log shows which statements ran.
 */
const engines = await availableEngines();
const ROWS = 95;
const LIMIT = 20;
/** A non-unique grade with NULLs: every 7th row has none. */
const gradeOf = (id: number) => (id % 7 === 0 ? null : id % 5);

const TABLE = {
  prefix: 'keyset_items',
  createSql: (quoted: string) => {
    const values = Array.from({ length: ROWS }, (_, i) => `(${i + 1}, 'Item ${i + 1}', ${gradeOf(i + 1) ?? 'NULL'})`);
    return `CREATE TABLE ${quoted} (id INTEGER PRIMARY KEY, name VARCHAR(100) NOT NULL, grade INTEGER);
      CREATE INDEX ${quoted.slice(0, -1)}_grade${quoted.slice(-1)} ON ${quoted} (grade, id);
      INSERT INTO ${quoted} (id, name, grade) VALUES ${values.join(', ')};`;
  },
};

function widgets(dbId: number, table: string): Component[] {
  const shown = { options: 'Id,Name,Grade', mapping_table: 'id,name,grade', database_used: dbId, primaryKey: 'id' };
  return [
    { ...createComponent('table', 'items', 'Barang'), ...shown, table_used: table },
    {
      ...createComponent('table', 'query', 'Kueri'), ...shown, table_used: CUSTOM_TABLE,
      customSource: { query: `SELECT id, name, grade FROM ${table}`, columns: ['id', 'name', 'grade'], table },
    },
  ];
}

interface Content {
  count: number; countCapped: boolean; pageCount: number; page: number;
  filteredResult: { id: number | string; grade: number | string | null }[];
  cursors?: { first: PageCursor; last: PageCursor };
  sortIndexed?: string[];
}
interface Logged { sql: string; trailingNumbers: number[] }

describe.each(engines)('paging by key on a %s database', (engine) => {
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-keyset-'));
  const logFile = path.join(logDir, 'statements.log');
  let server: TestServer;
  let fixture: AppTable;
  let pageId: number;
  let member: string;

  const content = async (body: Record<string, unknown>, componentId = 'items') => {
    const answer = await server.call('POST', '/get/loadTableContent', { pageId, componentId, limit: LIMIT, ...body }, member);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data[0] as Content;
  };
  const ids = (c: Content) => c.filteredResult.map((r) => Number(r.id));
  const cursorsOf = (c: Content) => {
    expect(c.cursors).toBeDefined();
    return c.cursors as NonNullable<Content['cursors']>;
  };
  const next = (c: Content, extra: Record<string, unknown> = {}) =>
    content({ ...extra, page: c.page + 1, cursor: { direction: 'after', ...cursorsOf(c).last } satisfies PageCursorRequest });
  const prev = (c: Content, extra: Record<string, unknown> = {}) =>
    content({ ...extra, page: c.page - 1, cursor: { direction: 'before', ...cursorsOf(c).first } satisfies PageCursorRequest });
  /** The statements run by `body`, from the statement log. */
  const statementsOf = async (body: () => Promise<unknown>): Promise<Logged[]> => {
    writeFileSync(logFile, '');
    await body();
    return readFileSync(logFile, 'utf8').trim().split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Logged);
  };
  const rowsStatement = (logged: Logged[]) => logged.find((s) => !s.sql.includes('COUNT(*)')) as Logged;

  beforeAll(async () => {
    server = await buildTestServer('sqlite', { allowPrivateDatabases: true, statementLog: logFile });
    ({ fixture, pageId, member } = await dataWidgetApp(server, engine, {
      users: ['081700000071', '081700000072', '081700000073'], appName: 'Gudang Kunci', pageName: 'Kunci', table: TABLE, widgets,
    }));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await fixture?.drop();
    rmSync(logDir, { recursive: true, force: true });
  });

  it('says which shown columns a sort reads through an index: the key and grade, not name', async () => {
    expect((await content({ page: 1 })).sortIndexed).toEqual(['id', 'grade']);
    // A custom query's columns: not known.
    expect((await content({ page: 1 }, 'query')).sortIndexed).toBeUndefined();
  });

  it('walks every row once with Next, back with Prev, by key, with no OFFSET past page 1', async () => {
    const pages: number[][] = [];
    let page = await content({ page: 1 });
    expect(page.cursors).toEqual({ first: { key: 1 }, last: { key: 20 } });
    pages.push(ids(page));
    while (page.page < page.pageCount) {
      const previous: Content = page;
      const logged = await statementsOf(async () => { page = await next(previous); });
      expect(rowsStatement(logged).sql).not.toMatch(/OFFSET/);
      pages.push(ids(page));
    }
    expect(page.page).toBe(5);
    expect(pages.flat()).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
    while (page.page > 1) {
      page = await prev(page);
      expect(ids(page)).toEqual(pages[page.page - 1]);
    }
  });

  it('reads Last from the end: the page the count ends on, with the rows it leaves', async () => {
    let last: Content | undefined;
    const logged = await statementsOf(async () => { last = await content({ page: 5, cursor: { direction: 'last' } }); });
    expect(rowsStatement(logged).sql).toMatch(/ORDER BY \S+ DESC LIMIT \?$/);
    expect(rowsStatement(logged).sql).not.toMatch(/OFFSET/);
    expect({ page: last?.page, ids: ids(last as Content) }).toEqual({ page: 5, ids: Array.from({ length: 15 }, (_, i) => 81 + i) });
    // Prev from Last, by key
    expect(ids(await prev(last as Content))).toEqual(Array.from({ length: 20 }, (_, i) => 61 + i));
    // the browser thought there were 3 pages: the server's count decides
    expect((await content({ page: 3, cursor: { direction: 'last' } })).page).toBe(5);
  });

  it('keeps the deferred join for a jump to a far page number', async () => {
    const logged = await statementsOf(() => content({ page: 101, limit: 100 }));
    // (on SQLite the walk carries the time limit's guard, sqlite-guard.ts)
    expect(rowsStatement(logged).sql).toMatch(/INNER JOIN \(SELECT \S+ FROM \S+ (WHERE \(\(rowid & 1023\) <> 0 OR rakit_within_limit\(\)\) )?ORDER BY \S+ ASC LIMIT \? OFFSET \?\) AS k/);
    expect(rowsStatement(logged).trailingNumbers).toEqual([100, 10_000]);
  });

  it.each(['asc', 'desc'] as const)('pages by (grade, key) %s, NULLs where the engine puts them, both ways', async (direction) => {
    const sort = { column: 'grade', direction };
    // the engine's own order of every row: one page of 100
    const all = ids(await content({ page: 1, limit: 100, sort }));
    expect(all).toHaveLength(ROWS);
    const pages: number[][] = [];
    let page = await content({ page: 1, sort });
    pages.push(ids(page));
    while (page.page < page.pageCount) {
      const previous: Content = page;
      const logged = await statementsOf(async () => { page = await next(previous, { sort }); });
      expect(rowsStatement(logged).sql).not.toMatch(/OFFSET/);
      pages.push(ids(page));
    }
    expect(pages.flat()).toEqual(all);
    const last = await content({ page: 1, sort, cursor: { direction: 'last' } });
    expect(ids(last)).toEqual(all.slice(80));
    page = last;
    const back: number[][] = [ids(page)];
    while (page.page > 1) {
      page = await prev(page, { sort });
      back.unshift(ids(page));
    }
    expect(back.flat()).toEqual(all);
  });

  afterEach(() => { vi.useRealTimers(); });

  it('skips and repeats no row when rows are added and deleted between two clicks; page number and count stay right', async () => {
    // A count that took 50 ms or more (a loaded machine) is reused for COUNT_TTL_MS: the clock
    // is moved past that after each change, as a user clicking 10 s later would see it.
    let skipped = 0;
    const outliveCountCache = () => {
      skipped += COUNT_TTL_MS + 1;
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + skipped);
    };
    const quoted = engine === 'mysql' ? `\`${fixture.table}\`` : `"${fixture.table}"`;
    let page = await content({ page: 1 });
    page = await next(page);
    page = await next(page);
    expect({ page: page.page, ids: ids(page), count: page.count }).toEqual({ page: 3, ids: Array.from({ length: 20 }, (_, i) => 41 + i), count: ROWS });

    // a row added before this page: Next still starts right after the last row shown
    await fixture.exec(`INSERT INTO ${quoted} (id, name, grade) VALUES (0, 'Item 0', 1)`);
    outliveCountCache();
    page = await next(page);
    expect({ page: page.page, ids: ids(page), count: page.count }).toEqual({ page: 4, ids: Array.from({ length: 20 }, (_, i) => 61 + i), count: ROWS + 1 });

    // rows deleted before this page and on the page before: Prev ends right before the first row shown
    vi.useRealTimers();
    await fixture.exec(`DELETE FROM ${quoted} WHERE id IN (5, 50)`);
    outliveCountCache();
    page = await prev(page);
    expect({ page: page.page, ids: ids(page), count: page.count })
      .toEqual({ page: 3, ids: Array.from({ length: 21 }, (_, i) => 40 + i).filter((id) => id !== 50), count: ROWS - 1 });
    // Prev to page 1 reads page 1 from the start: the row added before it is shown
    page = await prev(page);
    page = await prev(page);
    expect({ page: page.page, first: ids(page)[0] }).toEqual({ page: 1, first: 0 });

    // rows deleted so that a Prev finds fewer rows than a page: it is page 1, from the start
    const fourth = await next(await next(await next(page)));
    expect(fourth.page).toBe(4);
    vi.useRealTimers();
    await fixture.exec(`DELETE FROM ${quoted} WHERE id <= 50`);
    outliveCountCache();
    const back = await prev(fourth);
    expect({ page: back.page, first: ids(back)[0], count: back.count }).toEqual({ page: 1, first: 51, count: 45 });
  });

  it('places a custom query\'s pages by number: no cursors, a cursor sent is ignored', async () => {
    const page = await content({ page: 2 }, 'query');
    expect(page.cursors).toBeUndefined();
    expect(await content({ page: 2, cursor: { direction: 'after', key: 3 } }, 'query')).toEqual(page);
  });

  it('refuses a cursor that is not one (400), never a 500', async () => {
    for (const cursor of [{ direction: 'sideways', key: 1 }, { direction: 'after' }, { direction: 'after', key: { $gt: 1 } }, { direction: 'after', key: 1, sortValue: [1] }]) {
      const answer = await server.call('POST', '/get/loadTableContent', { pageId, componentId: 'items', cursor }, member);
      expect(answer.statusCode, JSON.stringify(cursor)).toBe(400);
    }
  });
});
