import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  countPlaceholders, createComponent, CUSTOM_TABLE, kanban, TABLE_COUNT_CAP, type LoadTableContentBody, LoadTableContentBodySchema, RawQuerySchema, table, type TableFilterInput,
  TableFilterInputSchema, USER_ID_MARKER,
} from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Principal } from '../src/auth/principal';
import { MysqlDataSource } from '../src/datasources/mysql';
import { PostgresDataSource } from '../src/datasources/postgres';
import { openDataSource } from '../src/datasources/registry';
import { SqliteDataSource } from '../src/datasources/sqlite';
import type { ConnectionSettings, DataSource, TableInfo } from '../src/datasources/types';
import { buildRawQuery } from '../src/engine/query-builder';
import { contentPlan } from '../src/tables/content-plan';
import {
  type ChunkCursor, chunkStatement, countStatement, DEFERRED_JOIN_OFFSET, distinctStatement, pageStatement, type Statement,
} from '../src/tables/content-query';
import type { DataWidget } from '../src/tables/data-widget';
import { EXPORT_CHUNK_ROWS, queryPlan } from '../src/tables/export-rows';
import { run } from '../src/tables/run';
import { availableEngines, type EngineName } from './support/engines';
import { type AppTable, createAppTable } from './support/fixtures';

/**
 * The SQL the data widgets build, per engine (as Kysely's tests loop over dialects): each
 * request's statement text and bound values are kept in `__snapshots__/content-sql.<engine>.sql`
 * for review, built without a connection; then every one of them runs once on the real engine.
 */

const GOLDEN_TABLE = 'golden_items';
const ENGINES: EngineName[] = ['mysql', 'postgres', 'sqlite'];
const USER_ID = '42';
const APP_ID = 1;

/** The table as each engine's `tables()` describes it (checked against the real engine below). */
function goldenSchema(engine: EngineName, name: string): TableInfo {
  const [int, text] = ({ mysql: ['int', 'varchar'], postgres: ['integer', 'character varying'], sqlite: ['integer', 'varchar(200)'] } as const)[engine];
  const column = (COLUMN_NAME: string, DATA_TYPE: string, COLUMN_KEY = '') => ({ COLUMN_NAME, COLUMN_KEY, DATA_TYPE });
  return {
    table_name: name,
    columns: [column('id', int, 'PRI'), column('name', text), column('city', text), column('price', int), column('status', int), column('note', text), column('owner', text)],
  };
}

const createGoldenTable = (quoted: string) => `CREATE TABLE ${quoted} (id INTEGER PRIMARY KEY, name VARCHAR(200) NOT NULL,
    city VARCHAR(200) NOT NULL, price INTEGER NOT NULL, status INTEGER NOT NULL, note VARCHAR(200), owner VARCHAR(200));
  INSERT INTO ${quoted} (id, name, city, price, status, note, owner) VALUES
    (1, 'Item 1', 'Bandung', 10, 1, 'note 1', '42'), (2, 'Promo 50% off_deal', 'Medan', 20, 2, NULL, '7'), (3, 'Item 3', 'Surabaya', 30, 3, 'note 3', '42');`;

/** The saved data widgets the requests name, reading `name`. */
function widgetsOn(name: string) {
  const shown = { options: 'Name,City,Price', mapping_table: 'name,city,price', table_used: name, database_used: 1 };
  const filters = [{ field: 'city', type: 'select', column: 'City' }, { field: 'price', type: 'interval', column: 'Price' }];
  return {
    items: table.schema.parse({ ...createComponent('table', 'items', 'Items'), ...shown, primaryKey: 'id', filters }),
    /** A nullable column shown, to sort by. */
    noted: table.schema.parse({ ...createComponent('table', 'noted', 'Noted'), options: 'Name,Note', mapping_table: 'name,note', table_used: name, database_used: 1, primaryKey: 'id' }),
    /** No primary key configured: the table's own one orders the rows. */
    keyless: table.schema.parse({ ...createComponent('table', 'keyless', 'Keyless'), ...shown, search: false }),
    /** A custom query with the caller's id and a comment, wrapped as a subquery. */
    mine: table.schema.parse({
      ...createComponent('table', 'mine', 'Mine'), ...shown, table_used: CUSTOM_TABLE, primaryKey: 'id', filters,
      customSource: { query: `SELECT id, name, city, price FROM ${name} WHERE owner = '${USER_ID_MARKER}' -- the caller's own\n;`, columns: ['id', 'name', 'city', 'price'], table: name },
    }),
    /** A custom query that lists no columns: every column it answers, `*`. */
    everything: table.schema.parse({
      ...createComponent('table', 'everything', 'Everything'), options: '', mapping_table: '', table_used: CUSTOM_TABLE, database_used: 1,
      customSource: { query: `SELECT * FROM ${name}`, columns: [], table: name },
    }),
    board: kanban.schema.parse({
      ...createComponent('kanban', 'board', 'Board'), options: 'Name', mapping_table: 'name', table_used: name, database_used: 1, primaryKey: 'id',
      fieldMap: { compared: 'status', title: 'name', description: 'note' },
    }),
  };
}
type WidgetName = keyof ReturnType<typeof widgetsOn>;

function planOf(source: DataSource, engine: EngineName, name: string, widget: WidgetName) {
  return contentPlan({
    caller: new Principal(USER_ID, 'golden', []), pageId: 1, appId: APP_ID, widget: widgetsOn(name)[widget] as DataWidget, dbId: 1, dbType: engine, source,
  });
}

interface Built extends Statement { reversed?: boolean }
type Build = (source: DataSource, engine: EngineName, name: string) => Promise<Built>;
type Request = Partial<Omit<LoadTableContentBody, 'pageId' | 'componentId'>>;

const loadBody = (widget: WidgetName, request: Request) => LoadTableContentBodySchema.parse({ pageId: 1, componentId: widget, ...request });

/** The rows statement of /get/loadTableContent for the request. */
const rows = (widget: WidgetName, request: Request = {}): Build => async (source, engine, name) => {
  const body = loadBody(widget, request);
  return pageStatement(await planOf(source, engine, name, widget), body, body.page, body.limit);
};
/** Its count statement, bounded at the cap the page's load uses (or unbounded). */
const count = (widget: WidgetName, request: Request = {}, bounded = true): Build => async (source, engine, name) =>
  countStatement(await planOf(source, engine, name, widget), loadBody(widget, request), bounded ? TABLE_COUNT_CAP : undefined);
/** The values a select filter offers. */
const filterValues = (widget: WidgetName, field: string): Build => async (source, engine, name) =>
  distinctStatement(await planOf(source, engine, name, widget), field);
/** One chunk of the widget's Excel export. */
const exportChunk = (widget: WidgetName, input: Partial<TableFilterInput>, cursor: ChunkCursor): Build => async (source, engine, name) =>
  chunkStatement(await planOf(source, engine, name, widget), TableFilterInputSchema.parse(input), cursor, EXPORT_CHUNK_ROWS);

const search = 'Promo 50%_';
const filterColumn = { city: 'Bandung', price: { min: 15, max: 0 } };

/** The requests, in the order the snapshot files list them. */
const GOLDENS: [string, Build][] = [
  ['plain page', rows('items')],
  ['third page', rows('items', { page: 3, limit: 10 })],
  ['search in every shown column (%, _ and ! escaped)', rows('items', { search })],
  ['select filter, one value', rows('items', { filterColumn: { city: 'Bandung' } })],
  ['select filter, several values', rows('items', { possibleFilters: [{ field: 'city', values: ['Bandung', 'Medan'] }] })],
  ['interval filter, both bounds', rows('items', { filterColumn: { price: { min: 10, max: '25' } } })],
  ['interval filter, lower bound only (0 is none)', rows('items', { possibleFilters: [{ field: 'price', min: 15, max: 0 }] })],
  ['search and filters together', rows('items', { search, filterColumn })],
  ['sort by a shown column, then the key', rows('items', { sort: { column: 'price', direction: 'desc' } })],
  ['keyset: next page after a key', rows('items', { after: 40, page: 3 })],
  ['keyset: previous page before a key (rows reversed)', rows('items', { before: 21, page: 1, search })],
  ['keyset: next page after a key, key descending', rows('items', { after: 40, sort: { column: 'id', direction: 'desc' } })],
  ['sorted by another column, the key alone sent: the offset', rows('items', { after: 40, page: 3, sort: { column: 'name', direction: 'asc' } })],
  ['keyset cursor: Next after a row', rows('items', { cursor: { direction: 'after', key: 40 }, page: 3, search })],
  ['keyset cursor: Last, read from the end (rows reversed)', rows('items', { cursor: { direction: 'last' }, page: 5, filterColumn })],
  ['keyset by (column, key): Next, ascending', rows('items', { cursor: { direction: 'after', key: 40, sortValue: 25 }, page: 3, sort: { column: 'price', direction: 'asc' } })],
  ['keyset by (column, key): Prev, descending', rows('items', { cursor: { direction: 'before', key: 40, sortValue: 'Item 40' }, page: 2, sort: { column: 'name', direction: 'desc' } })],
  ['keyset by (column, key): Last, descending', rows('items', { cursor: { direction: 'last' }, page: 9, sort: { column: 'city', direction: 'desc' } })],
  ['keyset by a nullable column: Next after a value (NULLs where the engine sorts them)', rows('noted', { cursor: { direction: 'after', key: 3, sortValue: 'note 3' }, page: 2, sort: { column: 'note', direction: 'asc' } })],
  ['keyset by a nullable column: Next within the NULLs', rows('noted', { cursor: { direction: 'after', key: 2, sortValue: null }, page: 2, sort: { column: 'note', direction: 'asc' } })],
  ['keyset by a nullable column: Prev within the NULLs, descending', rows('noted', { cursor: { direction: 'before', key: 2, sortValue: null }, page: 2, sort: { column: 'note', direction: 'desc' } })],
  ['custom query: a cursor is ignored, the page\'s offset', rows('mine', { cursor: { direction: 'after', key: 40 }, page: 3 })],
  ['deferred join: jump to a far page number', rows('items', { page: DEFERRED_JOIN_OFFSET / 20 + 1 })],
  ['deferred join with search and filters', rows('items', { page: DEFERRED_JOIN_OFFSET / 20 + 1, search, filterColumn })],
  ['count', count('items')],
  ['count with search and filters', count('items', { search, filterColumn })],
  ['count, unbounded', count('items', { search }, false)],
  ['select filter values', filterValues('items', 'city')],
  ['no primary key configured: the table\'s own key orders, no search', rows('keyless', { search })],
  ['custom query: plain page', rows('mine')],
  ['custom query: search, filters, sort; no keyset, no deferred join', rows('mine', {
    search, filterColumn, sort: { column: 'name', direction: 'asc' }, after: 40, page: DEFERRED_JOIN_OFFSET / 20 + 1,
  })],
  ['custom query: count', count('mine', { search, filterColumn })],
  ['custom query: select filter values', filterValues('mine', 'city')],
  ['custom query listing no columns: *', rows('everything', { search })],
  ['kanban: cards with their fields', rows('board')],
  ['kanban: next cards after a key', rows('board', { after: 3, search: 'Item' })],
  ['export: first chunk by key', exportChunk('items', { search }, { after: undefined })],
  ['export: next chunk by key', exportChunk('items', { filterColumn }, { after: { key: 2000 } })],
  ['export: sorted by a column, next chunk by (column, key)', exportChunk('items', { sort: { column: 'city', direction: 'desc' } }, { after: { key: 2000, sortValue: 'Medan' } })],
  ['export: sorted by another column, chunk by offset', exportChunk('items', { sort: { column: 'city', direction: 'desc' } }, { offset: 4000 })],
  ['export of an administrator\'s own query', async (source, engine, name) => {
    const input = TableFilterInputSchema.parse({ search, filterColumn: { city: ['Bandung', 'Medan'], price: { min: 15 } } });
    const query = `SELECT name, city, price FROM ${name} WHERE owner = '${USER_ID_MARKER}'`;
    const plan = queryPlan(source, engine, query, USER_ID, { fields: ['name', 'city', 'price'], headers: ['Name', 'City', 'Price'] }, input);
    return chunkStatement(plan, input, { offset: 0 }, EXPORT_CHUNK_ROWS);
  }],
  ['query builder: INSERT', (source, _engine, name) => buildRawQuery(source, RawQuerySchema.parse({
    type: 'INSERT', table: name,
    setValues: [{ column: 'id', source: 'new-id', custom: '' }, { column: 'name', source: 'name-input', custom: '' }, { column: 'city', source: '--custom--', custom: 'Bandung' },
      { column: 'price', source: 'price-input', custom: '' }, { column: 'status', source: '--custom--', custom: '1' }, { column: 'owner', source: USER_ID_MARKER, custom: '' }],
  }), { 'new-id': 99, 'name-input': "x'); DROP TABLE golden; --", 'price-input': 5 }, { userId: USER_ID, variables: new Map() })],
  ['query builder: UPDATE (a condition in its column\'s type)', (source, _engine, name) => buildRawQuery(source, RawQuerySchema.parse({
    type: 'UPDATE', table: name,
    setValues: [{ column: 'status', source: '--custom--', custom: '3' }, { column: 'note', source: 'note-input', custom: '' }],
    conditions: [{ column: 'id', operator: '=', source: 'row-id', custom: '' }, { column: 'owner', operator: '!=', source: '--custom--', custom: 'nobody' }],
  }), { 'row-id': '2', 'note-input': null }, { userId: USER_ID, variables: new Map() })],
];

/** One golden: its name, its statement, the values bound to it, in order. */
const render = (name: string, statement: Built) =>
  `-- ${name}\n${statement.sql};\n-- bound: ${JSON.stringify(statement.params)}${statement.reversed === true ? ' (rows come reversed)' : ''}\n`;

/** The engine's own DataSource, whose connection is never opened: it quotes for its engine. */
function engineSource(engine: EngineName): DataSource {
  const settings: ConnectionSettings = { dbAppId: APP_ID, dbType: engine, dbHost: '127.0.0.1', dbPort: 1, dbUser: 'nobody', dbPassword: '', dbDatabase: 'never_opened' };
  if (engine === 'mysql') return new MysqlDataSource(settings);
  if (engine === 'postgres') return new PostgresDataSource(settings);
  return new SqliteDataSource(':memory:', { mustExist: false });
}

/** The engine's quoting with the golden table's schema: builds statements, refuses to run one. */
function offlineSource(engine: EngineName, quoting: DataSource): DataSource {
  const refuse = () => Promise.reject(new Error('Golden statements are built here, never run'));
  return {
    query: refuse, transaction: refuse, close: () => quoting.close(),
    tables: () => Promise.resolve([goldenSchema(engine, GOLDEN_TABLE)]),
    quote: (identifier) => quoting.quote(identifier),
  };
}

const offline = new Map(ENGINES.map((engine) => [engine, offlineSource(engine, engineSource(engine))]));
const offlineOf = (engine: EngineName) => offline.get(engine) as DataSource;
afterAll(() => Promise.all([...offline.values()].map((s) => s.close())));

describe.each(ENGINES)('the data widgets\' SQL on %s', (engine) => {
  it('matches its golden file', async () => {
    const built = await Promise.all(GOLDENS.map(async ([name, build]) => ({ name, statement: await build(offlineOf(engine), engine, GOLDEN_TABLE) })));
    for (const { name, statement } of built) expect(countPlaceholders(statement.sql), `${name}: one value per placeholder`).toBe(statement.params.length);
    await expect(built.map(({ name, statement }) => render(name, statement)).join('\n')).toMatchFileSnapshot(`./__snapshots__/content-sql.${engine}.sql`);
  });
});

const live = await availableEngines();

describe.each(live)('the golden statements on a real %s database', (engine) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-golden-'));
  let fixture: AppTable;
  let source: DataSource;

  beforeAll(async () => {
    fixture = await createAppTable(engine, dataDir, APP_ID, GOLDEN_TABLE, createGoldenTable);
    const settings = { dbHost: '', dbPort: 0, dbUser: '', dbPassword: '', dbDatabase: '', ...fixture.dbBody, dbAppId: APP_ID } as ConnectionSettings;
    source = openDataSource(settings, dataDir);
  });
  afterAll(async () => {
    await source.close();
    await fixture.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('describes the table as the golden schema says', async () => {
    const described = (await source.tables()).find((t) => t.table_name === fixture.table);
    expect(described).toEqual(goldenSchema(engine, fixture.table));
  });

  it.each(GOLDENS)('%s: built alike from the real schema, and runs', async (_name, build) => {
    const golden = await build(offlineOf(engine), engine, GOLDEN_TABLE);
    const real = await build(source, engine, fixture.table);
    expect(real).toEqual({ ...golden, sql: golden.sql.replaceAll(GOLDEN_TABLE, fixture.table) });
    await run(source, real);
  });
});
