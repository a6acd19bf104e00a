import {
  FILTER_VALUES_CAP, type FilterValue, intervalBound, type PageCursor, type PageCursorRequest, type RowKey, selectValues,
  type TableFilterInput, type TableSort,
} from '@rakit/core';
import { dialectFor } from '../datasources/dialects';
import { sqliteGuard } from '../datasources/sqlite-guard';
import type { ParamValue } from '../engine/bind';
import { badRequest, local, quoted } from '../errors/http-errors';
import type { ContentPlan } from './content-plan';
import { searchCondition } from './search-condition';

/** One statement with `?` placeholders and the values bound to them, in order. */
export interface Statement {
  sql: string;
  params: ParamValue[];
}

export interface ActiveValue { value?: unknown; values?: unknown; min?: unknown; max?: unknown }

/** The filter values the browser sent, by field: possibleFilters first, filterColumn over them. */
export function activeValues(input: Pick<TableFilterInput, 'filterColumn' | 'possibleFilters'>): Map<string, ActiveValue> {
  const active = new Map<string, ActiveValue>();
  for (const f of input.possibleFilters) active.set(f.field, { value: f.value, values: f.values, min: f.min, max: f.max });
  for (const [field, value] of Object.entries(input.filterColumn) as [string, FilterValue][]) {
    const range = typeof value === 'object' && value !== null && !Array.isArray(value);
    active.set(field, range ? { min: value.min, max: value.max } : { value });
  }
  return active;
}

/** A select filter's chosen values: its list when it has one, else its value ([] when none). */
export const chosenValues = (active: ActiveValue) => (Array.isArray(active.values) && active.values.length > 0 ? selectValues(active.values) : selectValues(active.value));

/** SQLite's guard of the plan's statements (sqliteGuard): a custom query's rows name their columns to it. */
const guardText = (plan: ContentPlan) => sqliteGuard(plan.kind, plan.kind === 'custom' ? plan.selected.map((c) => plan.quote(c)) : []);

/**
 * The conditions of the search and the active filters, every value bound: the search looks
 * for the text in each shown column, through a search index where the table has one
 * (search-condition.ts); a select filter keeps rows equal to its value (or one
 * of its values), an interval filter rows within its bounds (0 or empty: no bound). Only the
 * widget's saved filters may be used.
 */
export function conditionsOf(plan: ContentPlan, input: Pick<TableFilterInput, 'search' | 'filterColumn' | 'possibleFilters'>): { conditions: string[]; params: ParamValue[] } {
  const conditions: string[] = dialectFor(plan.dialect).contents.timeGuard ? [guardText(plan)] : [];
  const params: ParamValue[] = [];
  const search = searchCondition(plan, input.search);
  if (search !== undefined) {
    conditions.push(search.sql);
    params.push(...search.params);
  }
  for (const [field, active] of activeValues(input)) {
    const filter = plan.filters.find((f) => f.field === field);
    if (filter === undefined) throw badRequest(local('tableFilterUnknown', { field: quoted(field) }));
    const column = plan.quote(filter.field);
    if (filter.interval) {
      const min = intervalBound(active.min);
      const max = intervalBound(active.max);
      if (min !== undefined) { conditions.push(`${column} >= ?`); params.push(min); }
      if (max !== undefined) { conditions.push(`${column} <= ?`); params.push(max); }
      continue;
    }
    const listed = chosenValues(active);
    if (listed.length === 1) conditions.push(`${column} = ?`);
    else if (listed.length > 1) conditions.push(`${column} IN (${listed.map(() => '?').join(', ')})`);
    params.push(...listed);
  }
  return { conditions, params };
}

/** SQLite's time limit, first of a WHERE that is not built by conditionsOf (see sqliteGuard). */
const guardOf = (plan: ContentPlan) => (dialectFor(plan.dialect).contents.timeGuard ? `${guardText(plan)} AND ` : '');

const whereText = (conditions: readonly string[]) => (conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`);

/**
 * The order asked for (a shown column or the primary key), then the order key so pages never
 * overlap, in the same direction: (column, key) is then one index's order read forwards or
 * backwards (InnoDB's secondary indexes end with the primary key), never a sort of the ties.
 */
export function orderOf(plan: ContentPlan, sort: TableSort | undefined): { column: string; direction: 'asc' | 'desc' }[] {
  const order: { column: string; direction: 'asc' | 'desc' }[] = [];
  if (sort !== undefined) {
    const sortable = plan.columns.some((c) => c.field === sort.column) || sort.column === plan.primaryKey
      || (plan.columns.length === 0 && plan.known === null);
    if (!sortable) throw badRequest(local('tableSortRefused', { column: quoted(sort.column) }));
    order.push({ column: sort.column, direction: sort.direction });
  }
  if (plan.orderKey !== null && plan.orderKey !== sort?.column) order.push({ column: plan.orderKey, direction: sort?.direction ?? 'asc' });
  return order;
}

const orderText = (plan: ContentPlan, order: ReturnType<typeof orderOf>, prefix = '') =>
  order.length === 0 ? '' : ` ORDER BY ${order.map((o) => `${prefix}${plan.quote(o.column)} ${o.direction.toUpperCase()}`).join(', ')}`;

const selectText = (plan: ContentPlan, extra: readonly string[] = [], prefix = '') => {
  if (plan.selected.length === 0) return `${prefix}*`;
  return [...new Set([...plan.selected, ...extra])].map((c) => `${prefix}${plan.quote(c)}`).join(', ');
};

/**
 * Offsets from which a page of a table ordered by its primary key is read through a
 * deferred join: the offset is walked on the key alone, then only the page's rows are read.
 */
export const DEFERRED_JOIN_OFFSET = 10_000;

/** A page's statement; `reversed` when its rows come in the opposite order (Prev by key, Last). */
export interface PageStatement extends Statement {
  reversed: boolean;
  /** The last page, read from the end of the order: the caller keeps as many rows as the count leaves it. */
  fromEnd: boolean;
  /** Rows read before a cursor (Prev): fewer than asked means the start was reached. */
  before: boolean;
  /** The first rows of the order (page 1 by offset): fewer than asked are all the rows there are. */
  fromStart: boolean;
}

type KeysetOrder = NonNullable<ReturnType<typeof keysetOrder>>;

/**
 * The rows strictly past `cursor` in the order read (the keyset order, or its reverse when
 * reading backwards; the key always runs in the sort column's direction, see orderOf). By key
 * alone: key > ?. By (column, key), in the form each engine walks its index with:
 * MariaDB/MySQL `col > ? OR (col = ? AND key > ?)`, two ranges of the column's index, which
 * ends with the primary key (a row value or `col >= ? AND …` made it scan the whole block of
 * equal values: 0.65 ms against 600 ms at depth 40,000 of 1,000,000 rows); PostgreSQL and
 * SQLite the row value `(col, key) > (?, ?)`, an index condition on (col, key). NULLs sit where
 * the engine sorts them without NULLS FIRST/LAST (MySQL has no such clause): first in ascending
 * order on MySQL and SQLite, last on PostgreSQL. A NULL sort value is compared with IS NULL, and
 * the NULL rows are added to or left out of what lies past the cursor accordingly; when they
 * come after a value (`nullsAfter`) they are a branch of their own.
 */
function pastCursor(plan: ContentPlan, keyset: KeysetOrder, cursor: PageCursor, forward: boolean): { sql: string; params: ParamValue[]; nullsAfter?: true } {
  const ascending = ((keyset.order[0]?.direction ?? 'asc') === 'asc') === forward;
  const op = ascending ? '>' : '<';
  const key = plan.quote(keyset.key);
  if (keyset.sortColumn === undefined) return { sql: `${key} ${op} ?`, params: [cursor.key] };
  const sorted = plan.quote(keyset.sortColumn);
  const engine = dialectFor(plan.dialect).contents;
  const nullsLast = engine.nullsLastAscending === ascending;
  const value = cursor.sortValue ?? null;
  if (value === null) {
    const rest = `(${sorted} IS NULL AND ${key} ${op} ?)`;
    return { sql: nullsLast ? rest : `(${rest} OR ${sorted} IS NOT NULL)`, params: [cursor.key] };
  }
  const past = engine.rowValueComparison
    ? { sql: `(${sorted}, ${key}) ${op} (?, ?)`, params: [value, cursor.key] }
    : { sql: `${sorted} ${op} ? OR (${sorted} = ? AND ${key} ${op} ?)`, params: [value, value, cursor.key] };
  // The NULLs that follow are read by a second branch (see keysetStatement): an OR here would
  // cost the index condition (PostgreSQL: 235 ms against 52 ms at 1,000,000 rows).
  return { sql: `(${past.sql})`, params: past.params, ...(nullsLast ? { nullsAfter: true as const } : {}) };
}

/**
 * The rows after (forward) or before a cursor in the keyset order, however deep: a range of
 * the key's (or the sort column's) index, never an offset. Without a cursor, from the start
 * (forward) or from the end (Last). Read backwards, the rows come nearest first (`reversed`).
 */
function keysetStatement(
  plan: ContentPlan, input: TableFilterInput, keyset: KeysetOrder, cursor: PageCursor | undefined, forward: boolean, limit: number,
): PageStatement {
  const { conditions, params } = conditionsOf(plan, input);
  const order = keyset.order.map((o) => ({ column: o.column, direction: (o.direction === 'asc') === forward ? 'asc' as const : 'desc' as const }));
  const select = `SELECT ${selectText(plan, keyset.order.map((o) => o.column))} FROM ${plan.from}`;
  const placed = { reversed: !forward, fromEnd: cursor === undefined && !forward, before: cursor !== undefined && !forward, fromStart: false };
  const past = cursor === undefined ? undefined : pastCursor(plan, keyset, cursor, forward);
  if (past === undefined || past.nullsAfter !== true || keyset.sortColumn === undefined) {
    const where = past === undefined ? conditions : [...conditions, past.sql];
    return { sql: `${select}${whereText(where)}${orderText(plan, order)} LIMIT ?`, params: [...plan.fromParams, ...params, ...(past?.params ?? []), limit], ...placed };
  }
  // The rows past the cursor's value, then the NULLs (where the engine sorts them, after every
  // value): each branch walks its own index, the outer order (the engine's own) merges them.
  const values = `${select}${whereText([...conditions, past.sql])}${orderText(plan, order)} LIMIT ?`;
  const nulls = `${select}${whereText([...conditions, `${plan.quote(keyset.sortColumn)} IS NULL`])}${orderText(plan, order.slice(1))} LIMIT ?`;
  return {
    sql: `SELECT * FROM (${values}) AS v UNION ALL SELECT * FROM (${nulls}) AS n${orderText(plan, order)} LIMIT ?`,
    params: [...plan.fromParams, ...params, ...past.params, limit, ...plan.fromParams, ...params, limit, limit],
    ...placed,
  };
}

/** What places a page besides its number: a cursor, or the older after/before keys. */
export interface PagingInput {
  cursor?: PageCursorRequest | undefined;
  after?: RowKey | undefined;
  before?: RowKey | undefined;
}

/** The cursor a page is placed by, the older after/before keys taken as one. */
export function cursorOf(input: PagingInput): PageCursorRequest | undefined {
  if (input.cursor !== undefined) return input.cursor;
  if (input.after !== undefined) return { direction: 'after', key: input.after };
  if (input.before !== undefined) return { direction: 'before', key: input.before };
  return undefined;
}

/**
 * One page of rows. When the rows can be ordered by key (keysetOrder) and the browser sent a
 * cursor: after (Next) or before (Prev) it, or the last rows read from the end (Last). Else
 * the 1-based page's offset (LIMIT and OFFSET bound as integers; a deferred join when deep):
 * page 1, a jump to a page number, and every page of a custom query.
 */
export function pageStatement(plan: ContentPlan, input: TableFilterInput & PagingInput, page: number, limit: number): PageStatement {
  const keyset = keysetOrder(plan, input.sort);
  const cursor = cursorOf(input);
  if (keyset !== undefined && cursor !== undefined) {
    if (cursor.direction === 'last') return keysetStatement(plan, input, keyset, undefined, false, limit);
    // A cursor without the sort column's value (the older after/before) cannot place a sorted page.
    if (keyset.sortColumn === undefined || cursor.sortValue !== undefined) {
      return keysetStatement(plan, input, keyset, cursor, cursor.direction === 'after', limit);
    }
  }
  return { ...rowsStatement(plan, input, (page - 1) * limit, limit), reversed: false, fromEnd: false, before: false, fromStart: page === 1 };
}

/** A cursor's key as the contract takes it, or undefined for a value it cannot carry. */
function cursorKey(value: unknown): RowKey | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return typeof value === 'string' && value.length >= 1 && value.length <= 500 ? value : undefined;
}

/**
 * Where a row read in the keyset order sits (its key and sort value), or undefined when the
 * rows are not in such an order or a value is not one a cursor can carry back (a date the
 * driver made a Date, a boolean): the pages are then placed by number.
 */
export function rowCursor(keyset: KeysetOrder | undefined, row: Record<string, unknown> | undefined): PageCursor | undefined {
  if (keyset === undefined || row === undefined) return undefined;
  const key = cursorKey(row[keyset.key]);
  if (key === undefined) return undefined;
  if (keyset.sortColumn === undefined) return { key };
  const sortValue = row[keyset.sortColumn];
  if (sortValue === null || (typeof sortValue === 'number' && Number.isFinite(sortValue)) || (typeof sortValue === 'string' && sortValue.length <= 65_535)) {
    return { key, sortValue };
  }
  return undefined;
}

function rowsStatement(plan: ContentPlan, input: TableFilterInput, offset: number, limit: number): Statement {
  const { conditions, params } = conditionsOf(plan, input);
  const order = orderOf(plan, input.sort);
  if (offset >= DEFERRED_JOIN_OFFSET && plan.kind === 'table' && plan.orderKeyUnique && plan.orderKey !== null) {
    const key = plan.quote(plan.orderKey);
    const inner = `SELECT ${key} FROM ${plan.from}${whereText(conditions)}${orderText(plan, order)} LIMIT ? OFFSET ?`;
    return {
      sql: `SELECT ${selectText(plan, [], 'r.')} FROM ${plan.from} AS r INNER JOIN (${inner}) AS k ON r.${key} = k.${key}${orderText(plan, order, 'r.')}`,
      params: [...plan.fromParams, ...params, limit, offset],
    };
  }
  return {
    sql: `SELECT ${selectText(plan)} FROM ${plan.from}${whereText(conditions)}${orderText(plan, order)} LIMIT ? OFFSET ?`,
    params: [...plan.fromParams, ...params, limit, offset],
  };
}

/**
 * The number of rows the search and filters keep: no order, no columns, nothing but the count.
 * With a cap the count is bounded (ARCHITECTURE §3): the engine stops reading after cap + 1
 * rows, so n > cap says there are more than the cap, without walking the whole table.
 */
export function countStatement(plan: ContentPlan, input: TableFilterInput, cap?: number): Statement {
  const { conditions, params } = conditionsOf(plan, input);
  if (cap === undefined) return { sql: `SELECT COUNT(*) AS n FROM ${plan.from}${whereText(conditions)}`, params: [...plan.fromParams, ...params] };
  return {
    sql: `SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM ${plan.from}${whereText(conditions)} LIMIT ?) AS c`,
    params: [...plan.fromParams, ...params, cap + 1],
  };
}

/** The values a select filter offers: distinct, not null, sorted, capped. */
export function distinctStatement(plan: ContentPlan, field: string): Statement {
  const column = plan.quote(field);
  return {
    sql: `SELECT DISTINCT ${column} AS v FROM ${plan.from} WHERE ${guardOf(plan)}${column} IS NOT NULL ORDER BY v LIMIT ${FILTER_VALUES_CAP}`,
    params: [...plan.fromParams],
  };
}

/** Where a chunk of an export starts: after a row (keyset) or at an offset. */
export type ChunkCursor = { after: PageCursor | undefined } | { offset: number };

/**
 * Whether rows in this order can be read by key (WHERE key > last): a table ordered by its own
 * single-column primary key, alone or after one sort column (then by (column, key)).
 */
export function keysetOrder(plan: ContentPlan, sort: TableSort | undefined) {
  const order = orderOf(plan, sort);
  const last = order[order.length - 1];
  if (!plan.orderKeyUnique || plan.orderKey === null || last?.column !== plan.orderKey || order.length > 2) return undefined;
  return { order, key: plan.orderKey, sortColumn: order.length === 2 ? order[0]?.column : undefined };
}

/** One chunk of an export: by key when keysetOrder allows, else by offset. */
export function chunkStatement(plan: ContentPlan, input: TableFilterInput, cursor: ChunkCursor, size: number): Statement {
  const keyset = keysetOrder(plan, input.sort);
  if (keyset === undefined || !('after' in cursor)) return rowsStatement(plan, input, 'offset' in cursor ? cursor.offset : 0, size);
  const { sql, params } = keysetStatement(plan, input, keyset, cursor.after, true, size);
  return { sql, params };
}

/**
 * The first row whose `column` equals `code` as text, case-insensitive (a barcode scan): the
 * code is bound, the column compared through LOWER of its text so numbers match too.
 */
export function exactMatchStatement(plan: ContentPlan, column: string, code: string): Statement {
  const text = dialectFor(plan.dialect).contents.textType;
  const order = orderOf(plan, undefined);
  return {
    sql: `SELECT ${selectText(plan)} FROM ${plan.from} WHERE ${guardOf(plan)}LOWER(CAST(${plan.quote(column)} AS ${text})) = LOWER(?)${orderText(plan, order)} LIMIT 1`,
    params: [...plan.fromParams, code],
  };
}
