import type { TableFilterInput } from '@rakit/core';
import { NO_SEARCH_INDEXES } from '../datasources/search-indexes';
import type { DataSource, DataSourceType } from '../datasources/types';
import { type ContentPlan, customSubquery } from './content-plan';
import { type ChunkCursor, chunkStatement, keysetOrder, rowCursor } from './content-query';
import { run, widgetRead } from './run';

/** Rows read per statement while exporting. */
export const EXPORT_CHUNK_ROWS = 2000;

/**
 * The rows of a data widget's search and filters, chunk by chunk, at most `maxRows`: by key
 * (WHERE key > last, on the primary key's index; by (column, key) when sorted by a column) when
 * the rows are in a keyset order, by offset otherwise. No connection is held between chunks.
 * Each chunk's statement runs under the connection's time limit and is cancelled when `signal`
 * aborts (the download was abandoned).
 */
export async function* exportChunks(
  source: DataSource, plan: ContentPlan, input: TableFilterInput, maxRows: number, signal?: AbortSignal,
): AsyncGenerator<Record<string, unknown>[]> {
  const keyset = keysetOrder(plan, input.sort);
  let cursor: ChunkCursor = keyset === undefined ? { offset: 0 } : { after: undefined };
  let total = 0;
  while (total < maxRows) {
    const size = Math.min(EXPORT_CHUNK_ROWS, maxRows - total);
    const { rows } = await run(source, chunkStatement(plan, input, cursor, size), widgetRead(plan, signal, size));
    if (rows.length === 0) return;
    total += rows.length;
    yield rows;
    if (rows.length < size) return;
    // By key while the last row's values can be carried back; a value that cannot (a Date) goes on by offset.
    const after = rowCursor(keyset, rows[rows.length - 1]);
    cursor = after === undefined ? { offset: total } : { after };
  }
}

/**
 * The plan of an administrator's own export query (spec 3 §7 fields query, columns,
 * columnAlias): wrapped as a subquery like a custom table, searched in the listed columns,
 * filtered by the columns the filter names (a { min, max } value is an interval).
 */
export function queryPlan(
  source: DataSource,
  dialect: DataSourceType,
  query: string,
  userId: string,
  columns: { fields: string[]; headers: string[] },
  input: Pick<TableFilterInput, 'filterColumn' | 'possibleFilters'>,
): ContentPlan {
  const subquery = customSubquery(query, userId);
  const fields = new Set(columns.fields);
  const ranged = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
  const filters = [
    ...input.possibleFilters.map((f) => ({ field: f.field, interval: f.value === undefined && f.values === undefined && (f.min !== undefined || f.max !== undefined) })),
    ...Object.entries(input.filterColumn).map(([field, value]) => ({ field, interval: ranged(value) })),
  ].filter((f) => fields.has(f.field)).map((f) => ({ ...f, column: f.field, type: f.interval ? 'interval' : 'select' }));
  return {
    dialect,
    quote: (identifier) => source.quote(identifier),
    kind: 'custom',
    table: '',
    from: `(\n${subquery.sql}\n) AS t`,
    fromParams: subquery.params,
    columns: columns.fields.map((field, i) => ({ field, label: columns.headers[i] ?? field })),
    selected: columns.fields,
    searchable: columns.fields,
    textColumns: null,
    integerColumns: null,
    indexes: NO_SEARCH_INDEXES,
    filters,
    primaryKey: null,
    orderKey: null,
    orderKeyUnique: false,
    known: columns.fields.length === 0 ? null : fields,
  };
}
