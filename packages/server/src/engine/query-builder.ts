import { type RawQuery } from '@rakit/core';
import { valueForColumn } from '../datasources/column-values';
import { badRequest, local, quoted } from '../errors/http-errors';
import type { ColumnInfo, DataSource } from '../datasources/types';
import { type FixedValues, type ParamValue, resolveValue } from './bind';

/**
 * A condition's value as its column compares it (see columnValue), so that a page's 0 never
 * matches every text value on MariaDB. A form's number may name a text column's value.
 */
function conditionValue(column: ColumnInfo, value: ParamValue): ParamValue {
  if (value === null) return null;
  const fitted = valueForColumn(column, typeof value === 'boolean' ? Number(value) : value, { numberAsText: true });
  if (fitted === undefined) throw badRequest(local('columnTypeMismatch', { column: quoted(column.COLUMN_NAME) }));
  return fitted;
}

/**
 * The query builder's INSERT or UPDATE (spec 2 CUSTOM action), built on the server: the
 * table and every column must exist in the connection's schema and are quoted by the
 * driver's rules; every value is a bound parameter, a condition's in its column's type. An
 * UPDATE needs a condition.
 */
export async function buildRawQuery(
  source: DataSource,
  raw: RawQuery,
  pageValues: Readonly<Record<string, ParamValue>>,
  fixed: FixedValues,
): Promise<{ sql: string; params: ParamValue[] }> {
  const table = (await source.tables()).find((t) => t.table_name === raw.table);
  if (table === undefined) throw badRequest(local('tableNotInDatabase', { table: quoted(raw.table) }));
  const columnInfo = (name: string) => {
    const info = table.columns.find((c) => c.COLUMN_NAME === name);
    if (info === undefined) throw badRequest(local('columnNotInTable', { column: quoted(name), table: quoted(raw.table) }));
    return info;
  };
  const column = (name: string) => source.quote(columnInfo(name).COLUMN_NAME);
  if (raw.setValues.length === 0) throw badRequest(local('queryNoValues'));
  const values = raw.setValues.map((v) => resolveValue(v, pageValues, fixed));
  const target = source.quote(table.table_name);

  if (raw.type === 'INSERT') {
    const names = raw.setValues.map((v) => column(v.column)).join(', ');
    return { sql: `INSERT INTO ${target} (${names}) VALUES (${values.map(() => '?').join(', ')})`, params: values };
  }
  if (raw.conditions.length === 0) throw badRequest(local('actionConditionRequired'));
  const assignments = raw.setValues.map((v) => `${column(v.column)} = ?`).join(', ');
  const where = raw.conditions.map((c) => `${column(c.column)} ${c.operator === '!=' ? '<>' : c.operator} ?`).join(' AND ');
  const conditionValues = raw.conditions.map((c) => conditionValue(columnInfo(c.column), resolveValue(c, pageValues, fixed)));
  return { sql: `UPDATE ${target} SET ${assignments} WHERE ${where}`, params: [...values, ...conditionValues] };
}
