import { dialectFor } from './dialects';
import { SCHEMA_TTL_MS } from './schema-cache';
import type { SearchIndexes } from './search-indexes';
import type { DataSource, DataSourceType } from './types';

/** Reads what serves searches on each table of the connection from the engine's catalog. */
export function readSearchIndexes(source: DataSource, dialect: DataSourceType): Promise<SearchIndexes> {
  return dialectFor(dialect).searchIndex.read(source);
}

const cache = new WeakMap<DataSource, { expires: number; indexes: Promise<SearchIndexes> }>();

/**
 * The search indexes of the connection, read at most once per SCHEMA_TTL_MS like its tables
 * (schema-cache.ts). A catalog that cannot be read answers no indexes: the search then reads
 * the table as it always could, by LIKE.
 */
export function cachedSearchIndexes(source: DataSource, dialect: DataSourceType, now = Date.now()): Promise<SearchIndexes> {
  const hit = cache.get(source);
  if (hit !== undefined && hit.expires > now) return hit.indexes;
  const indexes = readSearchIndexes(source, dialect).catch((): SearchIndexes => {
    cache.delete(source);
    return new Map();
  });
  cache.set(source, { expires: now + SCHEMA_TTL_MS, indexes });
  return indexes;
}

/** Forgets what was read of the connection's search indexes (one was just added). */
export function forgetSearchIndexes(source: DataSource): void {
  cache.delete(source);
}
