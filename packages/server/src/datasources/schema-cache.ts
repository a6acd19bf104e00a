import type { DataSource, TableInfo } from './types';

/** How long a connection's tables and columns are reused before being read again. */
export const SCHEMA_TTL_MS = 30_000;

const cache = new WeakMap<DataSource, { expires: number; tables: Promise<TableInfo[]> }>();

/**
 * The connection's tables and columns, read at most once per SCHEMA_TTL_MS. Keyed by the
 * pool itself: editing or removing a connection replaces its pool in the registry, so a
 * changed connection is never answered from the old schema.
 */
export function cachedTables(source: DataSource, now = Date.now()): Promise<TableInfo[]> {
  const hit = cache.get(source);
  if (hit !== undefined && hit.expires > now) return hit.tables;
  const tables = source.tables();
  cache.set(source, { expires: now + SCHEMA_TTL_MS, tables });
  // A failed read is not kept: the next call asks the database again.
  tables.catch(() => {
    if (cache.get(source)?.tables === tables) cache.delete(source);
  });
  return tables;
}
