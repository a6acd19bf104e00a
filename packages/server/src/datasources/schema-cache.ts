import type { DataSource, TableInfo } from './types';

/** How long a connection's tables and columns are reused before being read again. */
export const SCHEMA_TTL_MS = 30_000;

/**
 * A table or column the cached read lacks sends for a fresh read at once, then at most once per
 * this long: one created a moment ago (by Rakit's SQL or any other client of the database) is
 * found at once, and a name that exists nowhere costs at most one read of the schema per second.
 */
export const SCHEMA_RECHECK_MS = 1_000;

const rechecked = new WeakMap<DataSource, number>();

const cache = new WeakMap<DataSource, { readAt: number; tables: Promise<TableInfo[]> }>();

/**
 * The connection's tables and columns, read at most once per SCHEMA_TTL_MS. Keyed by the
 * pool itself: editing or removing a connection replaces its pool in the registry, so a
 * changed connection is never answered from the old schema.
 */
export function cachedTables(source: DataSource, now = Date.now()): Promise<TableInfo[]> {
  const hit = cache.get(source);
  if (hit !== undefined && now - hit.readAt < SCHEMA_TTL_MS) return hit.tables;
  const tables = source.tables();
  cache.set(source, { readAt: now, tables });
  // A failed read is not kept: the next call asks the database again.
  tables.catch(() => {
    if (cache.get(source)?.tables === tables) cache.delete(source);
  });
  return tables;
}

/**
 * One table of the connection by its exact name, undefined when the database has none. When
 * the cached read lacks it, or lacks one of `columns`, the schema is read again (see
 * SCHEMA_RECHECK_MS): "does not exist" is not said of what was just created.
 */
export async function cachedTable(source: DataSource, name: string, columns: readonly string[] = [], now = Date.now()): Promise<TableInfo | undefined> {
  const lookUp = (tables: TableInfo[]) => tables.find((t) => t.table_name === name);
  const found = lookUp(await cachedTables(source, now));
  if (found !== undefined && columns.every((column) => found.columns.some((c) => c.COLUMN_NAME === column))) return found;
  if (now - (rechecked.get(source) ?? -Infinity) < SCHEMA_RECHECK_MS) return found;
  rechecked.set(source, now);
  cache.delete(source);
  return lookUp(await cachedTables(source, now));
}
