import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * `column LIKE '%text%'` with the user's % and _ taken literally. '!' is the escape
 * character because a backslash means different things in MySQL and PostgreSQL strings,
 * and SQLite has no default escape at all.
 */
export function containsText(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '!'`;
}
