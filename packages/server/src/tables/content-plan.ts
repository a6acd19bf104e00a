import {
  countPlaceholders, CUSTOM_TABLE, hasStackedStatements, isIntervalFilter, Messages, NONE_PRIMARY_KEY, statementKind,
  stripSqlComments, USER_ID_MARKER, type WidgetColumn, widgetColumns,
} from '@rakit/core';
import { cachedTable, cachedTables } from '../datasources/schema-cache';
import { cachedSearchIndexes } from '../datasources/search-index-cache';
import { NO_SEARCH_INDEXES } from '../datasources/search-indexes';
import type { DataSourceType } from '../datasources/types';
import type { ParamValue } from '../engine/bind';
import { badRequest, local, quoted } from '../errors/http-errors';
import type { WidgetContext } from './data-widget';
import { isIntegerType, isTextType } from '../datasources/column-types';
import type { SearchPlan } from './search-condition';

/** A filter of the widget's saved configuration, on a checked column. */
export interface PlanFilter {
  field: string;
  /** The label the panel gave it. */
  column: string;
  type: string;
  interval: boolean;
}

/**
 * Everything the content queries of one data widget are built from, taken from its saved
 * configuration: identifiers are checked against the connection's schema (or the custom
 * query's listed columns) and only ever written through `quote`.
 */
export interface ContentPlan extends SearchPlan {
  dialect: DataSourceType;
  quote(identifier: string): string;
  kind: 'table' | 'custom';
  /** The table read (table kind) or the custom query's main table; '' when a custom query names none. */
  table: string;
  /** A quoted table name, or the saved custom query as a subquery aliased t. */
  from: string;
  /** Values of the custom query's '--userId--' markers. */
  fromParams: ParamValue[];
  /** The columns shown, in order: what rows are keyed by, and the export's columns. */
  columns: WidgetColumn[];
  /** Source columns each row holds (shown, primary key, kanban fields); empty for `*`. */
  selected: string[];
  filters: PlanFilter[];
  /** The configured primary key, or null for NONE. */
  primaryKey: string | null;
  /** The column rows are ordered by when no sort is asked: the primary key, else the table's own one. */
  orderKey: string | null;
  /** Whether orderKey is the table's single-column primary key (unique, indexed). */
  orderKeyUnique: boolean;
  /** Columns a sort or filter may name; null when a custom query lists none (names are quoted either way). */
  known: ReadonlySet<string> | null;
}

const unique = <T>(items: readonly T[]) => [...new Set(items)];

/**
 * The saved custom query made fit to wrap as a subquery: comments and a trailing semicolon
 * removed, one SELECT only, each '--userId--' string replaced by a bound parameter holding
 * the signed-in user (never a value from the browser). Other parameters are refused: a
 * widget's query has nothing to fill them with.
 */
export function customSubquery(query: string, userId: string): { sql: string; params: ParamValue[] } {
  const text = stripSqlComments(query).replace(/[\s;]+$/, '').trim();
  if (text === '') throw badRequest(Messages.tableNotConfigured);
  if (hasStackedStatements(text) || statementKind(text) !== 'SELECT') throw badRequest(local('widgetQuerySelectOnly'));
  const parts = text.split(`'${USER_ID_MARKER}'`);
  const sql = parts.join('?');
  const params = parts.slice(1).map(() => userId);
  if (countPlaceholders(sql) !== params.length) throw badRequest(Messages.widgetQueryParameters);
  return { sql, params };
}

/**
 * A table widget's plan with what it was built from: the saved widget (one object per saved
 * page version, engine/page-cache.ts), its pool and the schema and search indexes read of it
 * (one object each while cached). Any of them replaced, the plan is built again.
 */
interface KeptPlan { source: object; tables: object; indexes: object; plan: ContentPlan }
const keptPlans = new WeakMap<object, KeptPlan>();

/**
 * The content plan of a data widget (see ContentPlan). A table widget's is built once per saved
 * version and schema read: checking its columns on every load cost more than its statement.
 */
export async function contentPlan(context: WidgetContext): Promise<ContentPlan> {
  const { widget, source } = context;
  if (widget.table_used === CUSTOM_TABLE) return buildPlan(context);
  const [tables, indexes] = await Promise.all([
    cachedTables(source), cachedSearchIndexes(source, context.dbType),
  ]);
  const kept = keptPlans.get(widget);
  if (kept !== undefined && kept.source === source && kept.tables === tables && kept.indexes === indexes) return kept.plan;
  const plan = await buildPlan(context);
  keptPlans.set(widget, { source, tables, indexes, plan });
  return plan;
}

/**
 * Statements plans built, by plan and by what they were built for: the same request (page 1, a
 * search asked again, many members on one screen) is not built again. One bound for the whole
 * process, the oldest dropped first, so no number of widgets or requests makes it grow; a new
 * plan has a new number, and its predecessor's statements age out.
 */
const builtStatements = new Map<string, unknown>();
export const MAX_BUILT_STATEMENTS = 2000;
/** A longer request (a long cursor value, many filter values) is built every time: the memory stays small. */
export const MAX_KEPT_KEY = 2048;
const planNumbers = new WeakMap<ContentPlan, number>();
let plansNumbered = 0;

export function builtOnce<T>(plan: ContentPlan, request: string, build: () => T): T {
  if (request.length > MAX_KEPT_KEY) return build();
  let number = planNumbers.get(plan);
  if (number === undefined) {
    number = ++plansNumbered;
    planNumbers.set(plan, number);
  }
  const key = `${number}\u0000${request}`;
  if (builtStatements.has(key)) return builtStatements.get(key) as T;
  const value = build();
  if (builtStatements.size >= MAX_BUILT_STATEMENTS) builtStatements.delete(builtStatements.keys().next().value as string);
  builtStatements.set(key, value);
  return value;
}

async function buildPlan(context: WidgetContext): Promise<ContentPlan> {
  const { widget, source } = context;
  const quote = (identifier: string) => source.quote(identifier);
  const primaryKey = widget.primaryKey.trim() === '' || widget.primaryKey === NONE_PRIMARY_KEY ? null : widget.primaryKey.trim();
  const fieldMapColumns = Object.values(widget.fieldMap ?? {}).map((c) => (c ?? '').trim()).filter((c) => c !== '');
  let shown = widgetColumns(widget.options, widget.mapping_table);
  const isCustom = widget.table_used === CUSTOM_TABLE;

  let known: Set<string> | null;
  let from: string;
  let fromParams: ParamValue[] = [];
  let table: string;
  let tableKey: string | null = null;
  let textColumns: Set<string> | null = null;
  let integerColumns: Set<string> | null = null;
  let indexes = NO_SEARCH_INDEXES;
  if (isCustom) {
    const subquery = customSubquery(widget.customSource.query, context.caller.userId);
    from = `(\n${subquery.sql}\n) AS t`;
    fromParams = subquery.params;
    table = widget.customSource.table.trim();
    const listed = widget.customSource.columns.map((c) => c.trim()).filter((c) => c !== '');
    known = listed.length === 0 ? null : new Set(listed);
  } else {
    table = widget.table_used.trim();
    if (table === '') throw badRequest(Messages.tableNotConfigured);
    // Every column the widget names: one added a moment ago is read from the schema at once.
    const named = [...shown.map((c) => c.field), ...(primaryKey === null ? [] : [primaryKey]), ...fieldMapColumns, ...(widget.filters ?? []).map((f) => f.field.trim())];
    const info = await cachedTable(source, table, named.filter((c) => c !== ''));
    if (info === undefined) throw badRequest(local('tableNotInDatabase', { table: quoted(table) }));
    from = quote(info.table_name);
    known = new Set(info.columns.map((c) => c.COLUMN_NAME));
    const keys = info.columns.filter((c) => c.COLUMN_KEY === 'PRI');
    tableKey = keys.length === 1 ? (keys[0]?.COLUMN_NAME ?? null) : null;
    textColumns = new Set(info.columns.filter((c) => isTextType(context.dbType, c.DATA_TYPE)).map((c) => c.COLUMN_NAME));
    integerColumns = new Set(info.columns.filter((c) => isIntegerType(context.dbType, c.DATA_TYPE)).map((c) => c.COLUMN_NAME));
    // Read with search off too: a sort says which columns an index orders (sortIndexed).
    indexes = (await cachedSearchIndexes(source, context.dbType)).get(info.table_name) ?? NO_SEARCH_INDEXES;
  }

  const check = (name: string) => {
    if (known !== null && !known.has(name)) {
      throw badRequest(isCustom ? local('columnNotInCustomQuery', { column: quoted(name) }) : local('columnNotInTable', { column: quoted(name), table: quoted(table) }));
    }
    return name;
  };
  if (shown.length === 0 && known !== null) shown = [...known].map((field) => ({ field, label: field }));
  shown.forEach((c) => check(c.field));
  if (primaryKey !== null) check(primaryKey);
  fieldMapColumns.forEach(check);

  const filters = (widget.filters ?? [])
    .filter((f) => f.field.trim() !== '')
    .map((f) => ({ field: check(f.field.trim()), column: f.column, type: f.type, interval: isIntervalFilter(f.type) }));
  const orderKey = primaryKey ?? tableKey;
  return {
    dialect: context.dbType,
    quote,
    kind: isCustom ? 'custom' : 'table',
    table,
    from,
    fromParams,
    columns: shown,
    selected: shown.length === 0 ? [] : unique([...shown.map((c) => c.field), ...(primaryKey === null ? [] : [primaryKey]), ...fieldMapColumns]),
    searchable: widget.search === false ? [] : shown.map((c) => c.field),
    textColumns,
    integerColumns,
    indexes,
    filters,
    primaryKey,
    orderKey,
    orderKeyUnique: !isCustom && orderKey !== null && orderKey === tableKey,
    known,
  };
}
