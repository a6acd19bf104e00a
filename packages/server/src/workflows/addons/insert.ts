import { runStepSql, writeOutput } from './app-sql';
import type { AddonExecutor } from './executor';
import { columnValues, singleKey, writeTarget } from './table-write';
import { dialectFor } from '../../datasources/dialects';
import type { DataSourceType } from '../../datasources/types';

/**
 * Insert: one row into a table of one of the application's connections (the query builder's
 * INSERT). Its output is {affectedRows, insertId}: the new row's auto-numbered key on MariaDB
 * and SQLite from the driver, on PostgreSQL read back with RETURNING when the table has a
 * single primary-key column (null otherwise).
 */
export const insertExecutor: AddonExecutor = {
  // A connection lost mid-statement leaves unknown whether the row went in: no retry by default.
  defaults: { timeoutMs: 30_000, retries: 0 },
  async run(context, params) {
    const { db, source, table } = await writeTarget(context, params);
    const values = columnValues(table, params, 'values');
    const names = values.map((v) => source.quote(v.column.COLUMN_NAME)).join(', ');
    let sql = `INSERT INTO ${source.quote(table.table_name)} (${names}) VALUES (${values.map(() => '?').join(', ')})`;
    const key = dialectFor(db.dbType as DataSourceType).rowWrites.insertIdByReturning ? singleKey(table) : undefined;
    if (key !== undefined) sql += ` RETURNING ${source.quote(key.COLUMN_NAME)} AS ${source.quote('insertId')}`;
    const result = await runStepSql(context, db, sql, values.map((v) => v.value));
    if (key === undefined) return { output: writeOutput(result) };
    const returned = result.rows[0]?.insertId;
    const insertId = typeof returned === 'number' || (typeof returned === 'string' && /^-?\d+$/.test(returned)) ? Number(returned) : returned ?? null;
    return { output: { affectedRows: result.affectedRows, insertId } };
  },
};

