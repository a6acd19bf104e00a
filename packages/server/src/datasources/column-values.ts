import type { ColumnInfo } from './types';

/**
 * How a column compares the values it is given. Engines convert a value of another type
 * before comparing, and not always losslessly: MariaDB reads `'abc' = 0` as true (the text
 * becomes the number 0) and `id = '4abc'` as `id = 4`. A value compared with a column is
 * therefore first made one of the column's own type, or refused.
 */
export type ColumnKind = 'integer' | 'decimal' | 'text' | 'date' | 'datetime' | 'time' | 'uuid' | 'untyped' | 'other';

const KINDS: Record<Exclude<ColumnKind, 'untyped' | 'other'>, readonly string[]> = {
  integer: ['tinyint', 'smallint', 'mediumint', 'int', 'integer', 'bigint', 'big int', 'int2', 'int4', 'int8', 'serial', 'smallserial', 'bigserial', 'year'],
  decimal: ['decimal', 'numeric', 'dec', 'fixed', 'real', 'float', 'double', 'double precision', 'float4', 'float8'],
  text: [
    'char', 'varchar', 'character', 'character varying', 'varying character', 'nchar', 'native character', 'nvarchar', 'bpchar',
    'text', 'tinytext', 'mediumtext', 'longtext', 'clob', 'citext', 'name', 'enum', 'set', 'string',
  ],
  date: ['date'],
  datetime: ['datetime', 'timestamp', 'timestamp without time zone', 'timestamp with time zone', 'timestamptz'],
  time: ['time', 'time without time zone', 'time with time zone', 'timetz'],
  uuid: ['uuid'],
};
const KIND_OF = new Map(Object.entries(KINDS).flatMap(([kind, names]) => names.map((name) => [name, kind as ColumnKind])));

/**
 * The kind of a column from the DATA_TYPE its schema reports: MySQL's and PostgreSQL's
 * information_schema names, or SQLite's declared type (`varchar(20)`, `unsigned big int`).
 * A column SQLite declares without a type is 'untyped'; any type not listed is 'other'.
 */
export function columnKind(dataType: string): ColumnKind {
  const name = dataType.toLowerCase().replace(/\(.*$/s, '').replace(/\b(unsigned|signed|zerofill)\b/g, '').replace(/\s+/g, ' ').trim();
  if (name === '') return 'untyped';
  return KIND_OF.get(name) ?? 'other';
}

const INTEGER = /^-?\d{1,20}$/;
const DECIMAL = /^-?(\d{1,65}(\.\d{0,30})?|\.\d{1,30})([eE][-+]?\d{1,3})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;
const TIME = /^-?\d{2,3}:\d{2}(:\d{2}(\.\d{1,9})?)?([+-]\d{2}(:?\d{2})?)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TEXT_FORMATS: Partial<Record<ColumnKind, RegExp>> = { date: DATE, datetime: DATETIME, time: TIME, uuid: UUID };

/**
 * The value to bind when comparing it with a column of that kind, or undefined when it cannot
 * be a value of the column:
 * - integer: a safe integer, or a string of digits (bound as a number when it is a safe one);
 * - decimal: a finite number, or a string written as a decimal number;
 * - text: a string only; a number is refused, unless `numberAsText` (then its string form);
 * - date, datetime, time, uuid: a string in the type's ISO format;
 * - untyped (SQLite without a declared type, which compares without converting): as sent;
 * - other: its string form, which the engine parses into the column's type.
 */
export function columnValue(kind: ColumnKind, value: string | number, options: { numberAsText?: boolean } = {}): string | number | undefined {
  if (kind === 'untyped') return value;
  if (kind === 'integer') {
    if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
    if (!INTEGER.test(value)) return undefined;
    return Number.isSafeInteger(Number(value)) ? Number(value) : value;
  }
  if (kind === 'decimal') {
    if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
    return DECIMAL.test(value) ? value : undefined;
  }
  if (typeof value === 'number') return kind === 'other' || (kind === 'text' && options.numberAsText === true) ? String(value) : undefined;
  const format = TEXT_FORMATS[kind];
  return format === undefined || format.test(value) ? value : undefined;
}

/** columnValue for a column of a table's schema. */
export const valueForColumn = (column: ColumnInfo, value: string | number, options?: { numberAsText?: boolean }) =>
  columnValue(columnKind(column.DATA_TYPE), value, options);
