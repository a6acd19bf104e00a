import { valueForColumn } from '../../datasources/column-values';
import type { ColumnInfo, DataSource, TableInfo } from '../../datasources/types';
import type { ParamValue } from '../../engine/bind';
import type { DbConfigRow } from '../../store/repositories/db-configs';
import { appConnection, appSource, bindable, schemaTable } from './app-sql';
import { type StepContext, StepFailure } from './executor';
import { idParam, objectParam, requiredText } from './params';

/*
 * The Insert and Update add-ons: the query builder's statements on a table of one of the
 * application's connections. The table and every column must be in the connection's schema and
 * are quoted by the engine's rules; every value is bound by the driver, made one of its column's
 * type first (column-values.ts) so that an engine's loose conversions ('abc' = 0) never decide.
 */

/** Where a step writes: the connection of the application, its pool and the table of its schema. */
export interface WriteTarget {
  db: DbConfigRow;
  source: DataSource;
  table: TableInfo;
}

export async function writeTarget(context: StepContext, params: Readonly<Record<string, unknown>>): Promise<WriteTarget> {
  const dbId = idParam(params, 'dbId');
  const tableName = requiredText(params, 'table');
  const db = await appConnection(context, dbId);
  const source = await appSource(context, db);
  return { db, source, table: await schemaTable(source, tableName) };
}

/** The column of the table, or a failure naming it. */
export function tableColumn(table: TableInfo, name: string): ColumnInfo {
  const column = table.columns.find((c) => c.COLUMN_NAME === name);
  if (column === undefined) throw new StepFailure({ key: 'workflow.failure.noColumn', values: { column: `'${name}'`, table: `'${table.table_name}'` } }, false);
  return column;
}

/** The value to bind for a column: null as it is, anything else of the column's type or refused, naming the column. */
export function columnParam(column: ColumnInfo, value: unknown, where: string): ParamValue {
  const plain = bindable(value, where);
  if (plain === null) return null;
  const fitted = valueForColumn(column, typeof plain === 'boolean' ? Number(plain) : plain, { numberAsText: true });
  if (fitted === undefined) throw new StepFailure({ key: 'workflow.failure.columnType', values: { where, column: `'${column.COLUMN_NAME}'`, type: column.DATA_TYPE } }, false);
  return fitted;
}

/** The columns and values of an object parameter, checked against the table; a failure when it is empty. */
export function columnValues(table: TableInfo, params: Readonly<Record<string, unknown>>, name: string): { column: ColumnInfo; value: ParamValue }[] {
  const entries = Object.entries(objectParam(params, name));
  if (entries.length === 0) throw new StepFailure({ key: 'workflow.failure.noColumnNamed', values: { name } }, false);
  return entries.map(([key, value]) => {
    const column = tableColumn(table, key);
    return { column, value: columnParam(column, value, `${name}.${key}`) };
  });
}

/** The table's only primary-key column, when it has exactly one. */
export function singleKey(table: TableInfo): ColumnInfo | undefined {
  const keys = table.columns.filter((c) => c.COLUMN_KEY === 'PRI');
  return keys.length === 1 ? keys[0] : undefined;
}
