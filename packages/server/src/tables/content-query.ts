import {
  containsPattern, FILTER_VALUES_CAP, type FilterValue, intervalBound, selectValues, type TableFilterInput, type TableSort,
} from '@rakit/core';
import { sqliteGuard } from '../datasources/sqlite-guard';
import type { ParamValue } from '../engine/bind';
import { badRequest } from '../http/errors';
import type { ContentPlan } from './content-plan';

/** One statement with `?` placeholders and the values bound to them, in order. */
export interface Statement {
  sql: string;
  params: ParamValue[];
}

interface ActiveValue { value?: unknown; values?: unknown; min?: unknown; max?: unknown }

/** The filter values the browser sent, by field: possibleFilters first, filterColumn over them. */
function activeValues(input: Pick<TableFilterInput, 'filterColumn' | 'possibleFilters'>): Map<string, ActiveValue> {
  const active = new Map<string, ActiveValue>();
  for (const f of input.possibleFilters) active.set(f.field, { value: f.value, values: f.values, min: f.min, max: f.max });
  for (const [field, value] of Object.entries(input.filterColumn) as [string, FilterValue][]) {
    const range = typeof value === 'object' && value !== null && !Array.isArray(value);
    active.set(field, range ? { min: value.min, max: value.max } : { value });
  }
  return active;
}

/** `column contains text` for the engine, case-insensitive where the engine's LIKE is not. */
function containsCondition(plan: ContentPlan, column: string): string {
  const quoted = plan.quote(column);
  return plan.dialect === 'postgres' ? `CAST(${quoted} AS TEXT) ILIKE ? ESCAPE '!'` : `${quoted} LIKE ? ESCAPE '!'`;
}

/**
 * The conditions of the search and the active filters, every value bound: the search looks
 * for the text in each shown column; a select filter keeps rows equal to its value (or one
 * of its values), an interval filter rows within its bounds (0 or empty: no bound). Only the
 * widget's saved filters may be used.
 */
export function conditionsOf(plan: ContentPlan, input: Pick<TableFilterInput, 'search' | 'filterColumn' | 'possibleFilters'>): { conditions: string[]; params: ParamValue[] } {
  const conditions: string[] = plan.dialect === 'sqlite' ? [sqliteGuard(plan.kind)] : [];
  const params: ParamValue[] = [];
  const search = input.search.trim();
  if (search !== '' && plan.searchable.length > 0) {
    conditions.push(`(${plan.searchable.map((c) => containsCondition(plan, c)).join(' OR ')})`);
    params.push(...plan.searchable.map(() => containsPattern(search)));
  }
  for (const [field, active] of activeValues(input)) {
    const filter = plan.filters.find((f) => f.field === field);
    if (filter === undefined) throw badRequest(`Unknown filter '${field}'`);
    const column = plan.quote(filter.field);
    if (filter.interval) {
      const min = intervalBound(active.min);
      const max = intervalBound(active.max);
      if (min !== undefined) { conditions.push(`${column} >= ?`); params.push(min); }
      if (max !== undefined) { conditions.push(`${column} <= ?`); params.push(max); }
      continue;
    }
    const listed = Array.isArray(active.values) && active.values.length > 0 ? selectValues(active.values) : selectValues(active.value);
    if (listed.length === 1) conditions.push(`${column} = ?`);
    else if (listed.length > 1) conditions.push(`${column} IN (${listed.map(() => '?').join(', ')})`);
    params.push(...listed);
  }
  return { conditions, params };
}

/** SQLite's time limit, first of a WHERE that is not built by conditionsOf (see sqliteGuard). */
const guardOf = (plan: ContentPlan) => (plan.dialect === 'sqlite' ? `${sqliteGuard(plan.kind)} AND ` : '');

const whereText = (conditions: readonly string[]) => (conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`);

/** The order asked for (a shown column or the primary key), then the order key so pages never overlap. */
export function orderOf(plan: ContentPlan, sort: TableSort | undefined): { column: string; direction: 'asc' | 'desc' }[] {
  const order: { column: string; direction: 'asc' | 'desc' }[] = [];
  if (sort !== undefined) {
    const sortable = plan.columns.some((c) => c.field === sort.column) || sort.column === plan.primaryKey
      || (plan.columns.length === 0 && plan.known === null);
    if (!sortable) throw badRequest(`Cannot sort by '${sort.column}'`);
    order.push({ column: sort.column, direction: sort.direction });
  }
  if (plan.orderKey !== null && plan.orderKey !== sort?.column) order.push({ column: plan.orderKey, direction: 'asc' });
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

/** A page's statement; `reversed` when its rows come in the opposite order (Prev by key). */
export interface PageStatement extends Statement {
  reversed: boolean;
}

type KeysetOrder = NonNullable<ReturnType<typeof keysetOrder>>;

/**
 * The rows after (forward) or before a key, in key order: WHERE key > ? on the key's index,
 * however deep. Before a key, the rows come nearest first (`reversed`).
 */
function keysetStatement(
  plan: ContentPlan, input: TableFilterInput, keyset: KeysetOrder, cursor: ParamValue | undefined, forward: boolean, limit: number,
): PageStatement {
  const ascending = (keyset.direction === 'asc') === forward;
  const { conditions, params } = conditionsOf(plan, input);
  if (cursor !== undefined) {
    conditions.push(`${plan.quote(keyset.column)} ${ascending ? '>' : '<'} ?`);
    params.push(cursor);
  }
  const order = orderText(plan, [{ column: keyset.column, direction: ascending ? 'asc' : 'desc' }]);
  return {
    sql: `SELECT ${selectText(plan, [keyset.column])} FROM ${plan.from}${whereText(conditions)}${order} LIMIT ?`,
    params: [...plan.fromParams, ...params, limit],
    reversed: !forward,
  };
}

/**
 * One page of rows: after (Next) or before (Prev) a key when the rows are in key order and
 * the browser sent one, else the 1-based page's offset (LIMIT and OFFSET bound as integers).
 */
export function pageStatement(
  plan: ContentPlan,
  input: TableFilterInput & { after?: ParamValue | undefined; before?: ParamValue | undefined },
  page: number,
  limit: number,
): PageStatement {
  const keyset = keysetOrder(plan, input.sort);
  const cursor = input.after ?? input.before;
  if (keyset === undefined || cursor === undefined) return { ...rowsStatement(plan, input, (page - 1) * limit, limit), reversed: false };
  return keysetStatement(plan, input, keyset, cursor, input.after !== undefined, limit);
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

/** Where a chunk of an export starts: after a key (keyset) or at an offset. */
export type ChunkCursor = { after: ParamValue | undefined } | { offset: number };

/**
 * Whether rows in this order can be read in chunks by key (WHERE key > last): a table
 * ordered by its own single-column primary key only.
 */
export function keysetOrder(plan: ContentPlan, sort: TableSort | undefined) {
  const order = orderOf(plan, sort);
  const only = order.length === 1 ? order[0] : undefined;
  return plan.orderKeyUnique && only !== undefined && only.column === plan.orderKey ? only : undefined;
}

/** One chunk of an export: by key when keysetOrder allows, else by offset. */
export function chunkStatement(plan: ContentPlan, input: TableFilterInput, cursor: ChunkCursor, size: number): Statement {
  const keyset = keysetOrder(plan, input.sort);
  if (keyset === undefined || !('after' in cursor)) return rowsStatement(plan, input, 'offset' in cursor ? cursor.offset : 0, size);
  return keysetStatement(plan, input, keyset, cursor.after, true, size);
}

/**
 * The first row whose `column` equals `code` as text, case-insensitive (a barcode scan): the
 * code is bound, the column compared through LOWER of its text so numbers match too.
 */
export function exactMatchStatement(plan: ContentPlan, column: string, code: string): Statement {
  const text = plan.dialect === 'mysql' ? 'CHAR' : 'TEXT';
  const order = orderOf(plan, undefined);
  return {
    sql: `SELECT ${selectText(plan)} FROM ${plan.from} WHERE ${guardOf(plan)}LOWER(CAST(${plan.quote(column)} AS ${text})) = LOWER(?)${orderText(plan, order)} LIMIT 1`,
    params: [...plan.fromParams, code],
  };
}
