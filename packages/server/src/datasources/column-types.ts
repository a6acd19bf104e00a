import type { DataSourceType } from './types';

/*
 * What kind of value a column holds, from the data type its engine names (information_schema's
 * data_type, SQLite's declared type): the search conditions and the search indexes both ask.
 */

/** Whether a column of this data type holds integers (an exact number is looked for in it once an index serves the search). */
export function isIntegerType(dialect: DataSourceType, dataType: string): boolean {
  const type = dataType.toLowerCase();
  if (dialect === 'postgres') return ['smallint', 'integer', 'bigint'].includes(type);
  if (dialect === 'mysql') return ['tinyint', 'smallint', 'mediumint', 'int', 'bigint'].includes(type);
  return type.includes('int');
}

/** PostgreSQL's text types, as information_schema.columns.data_type names them. */
const POSTGRES_TEXT_TYPES = new Set(['text', 'character varying', 'character', 'name', 'citext']);

/** Whether a column of this data type is text on the engine (what an index for search can be put on). */
export function isTextType(dialect: DataSourceType, dataType: string): boolean {
  const type = dataType.toLowerCase();
  if (dialect === 'postgres') return POSTGRES_TEXT_TYPES.has(type);
  if (dialect === 'mysql') return ['char', 'varchar', 'tinytext', 'text', 'mediumtext', 'longtext'].includes(type);
  // SQLite's type affinity: a declared type containing CHAR, CLOB or TEXT is text.
  return /char|clob|text/.test(type);
}
