import { constants } from '@photostructure/sqlite';

/**
 * Pragmas an author may run on his own SQLite database: they describe its tables and check
 * its integrity, and none names a file, changes how the file is written or opens another one.
 */
const ALLOWED_PRAGMAS = new Set([
  'table_info', 'table_xinfo', 'table_list', 'index_list', 'index_info', 'index_xinfo',
  'foreign_key_list', 'foreign_key_check', 'foreign_keys', 'defer_foreign_keys',
  'integrity_check', 'quick_check', 'collation_list', 'user_version',
  // A counter of changes made by other connections, which an FTS5 table reads before each
  // search (a search index of the Database screen, issue 19); it names nothing.
  'data_version',
]);

/** SQL functions that reach past the database: loading native code, registering tokenizers by pointer. */
const DENIED_FUNCTIONS = new Set(['load_extension', 'fts3_tokenizer']);

/**
 * SQLite's own authorizer over an author's statements (ARCHITECTURE.md §2): SQLite calls it
 * while it compiles every statement, trigger body and view, so no spelling, comment or
 * `EXPLAIN` prefix gets around it. It refuses what would reach another file or say where
 * the file is: ATTACH and DETACH (VACUUM INTO attaches its target), transaction statements, pragmas other than the
 * descriptive ones above (SQLite asks about `pragma_…` table functions as pragmas too), and
 * the functions above.
 */
export function authorizeSqlite(action: number, arg1: string | null, arg2: string | null): number {
  switch (action) {
    // Each call is its own transaction: one left open would hold the file's one shared connection.
    case constants.SQLITE_ATTACH:
    case constants.SQLITE_DETACH:
    case constants.SQLITE_TRANSACTION:
    case constants.SQLITE_SAVEPOINT:
      return constants.SQLITE_DENY;
    case constants.SQLITE_PRAGMA:
      return ALLOWED_PRAGMAS.has((arg1 ?? '').toLowerCase()) ? constants.SQLITE_OK : constants.SQLITE_DENY;
    case constants.SQLITE_FUNCTION:
      return DENIED_FUNCTIONS.has((arg2 ?? '').toLowerCase()) ? constants.SQLITE_DENY : constants.SQLITE_OK;
    default:
      return constants.SQLITE_OK;
  }
}
