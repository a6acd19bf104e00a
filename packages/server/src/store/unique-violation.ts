/** SQLite's extended result codes of a broken key: SQLITE_CONSTRAINT_PRIMARYKEY and SQLITE_CONSTRAINT_UNIQUE. */
const SQLITE_KEY_VIOLATIONS: ReadonlySet<unknown> = new Set([1555, 2067]);

/**
 * Unique-key violations of the three store engines: a race lost to another writer. node:sqlite
 * says its result code in `errcode` (its `code` is ERR_SQLITE_ERROR for every failure); the
 * names are better-sqlite3's, kept for a store opened through it.
 */
export function isUniqueViolation(error: unknown): boolean {
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  return (code === 'ERR_SQLITE_ERROR' && SQLITE_KEY_VIOLATIONS.has(errcode))
    || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'ER_DUP_ENTRY' || code === '23505';
}
