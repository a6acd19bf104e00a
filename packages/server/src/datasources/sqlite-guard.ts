/**
 * SQLite through node:sqlite has no progress handler and no interrupt: a data
 * widget's statement on SQLite learns whether it may go on from this SQL function, which it
 * calls in its WHERE as it walks the rows (SqliteDataSource registers it: it throws past the
 * statement's time limit, which ends the statement with an error).
 */
export const SQLITE_GUARD_FUNCTION = 'rakit_within_limit';

/**
 * The guard as the first condition of a statement's WHERE. A call into JavaScript costs about
 * as much as reading the row, so it is called for one row in 1,024: by rowid on a table
 * (native arithmetic), by random() on a custom query, which has no rowid. A search scanning
 * 1M rows took 119 ms p50 without a guard, 133 ms by rowid, 185 ms by random(), 439 ms with a
 * call per row (load 2.9 on 2 cores). A WITHOUT ROWID table has no rowid and is not supported.
 *
 * SQLite checks a condition in the innermost loop of the tables it names, so one naming no
 * column ran once per row of the first table of a custom query's join: the tests' slow widget
 * (100,000 × 2,000 rows) went up to 875 ms between calls, and a cancel or the time limit waited
 * as long. `columns` (quoted, of the custom query's rows) are passed to the call, which ignores
 * them, to put it in the inner loop: 32 ms.
 */
export function sqliteGuard(kind: 'table' | 'custom', columns: readonly string[] = []): string {
  const sample = kind === 'table' ? 'rowid' : 'random()';
  return `((${sample} & 1023) <> 0 OR ${SQLITE_GUARD_FUNCTION}(${columns.join(', ')}))`;
}
