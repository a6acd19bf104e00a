import { addSorted, entry, type SearchIndexes, type TableSearchIndexes } from '../search-indexes';
import { openPostgresDdlSession } from '../ddl-session';
import { PostgresDataSource } from '../postgres';
import { type DataSource, quoteAnsi, type TableInfo } from '../types';
import { indexName } from './index-names';
import type { Dialect, IndexBuildSeen, SearchIndexPermissions, StatementSession } from './types';

/** PostgreSQL: trigram indexes (pg_trgm, GIN), built CONCURRENTLY so the table stays writable. */

async function permissions(source: DataSource, user: string): Promise<SearchIndexPermissions> {
  const state = (await source.query(
    `SELECT (SELECT count(*) FROM pg_extension WHERE extname = 'pg_trgm')::int AS installed,
            (SELECT count(*) FROM pg_available_extensions WHERE name = 'pg_trgm')::int AS available,
            has_database_privilege(current_database(), 'CREATE') AS may_create,
            COALESCE((SELECT bool_or(trusted) FROM pg_available_extension_versions WHERE name = 'pg_trgm'), false) AS trusted,
            COALESCE((SELECT rolsuper FROM pg_roles WHERE rolname = current_user), false) AS superuser`,
    [],
  )).rows[0] ?? {};
  const owned = await source.query(
    `SELECT c.relname AS table_name, pg_has_role(current_user, c.relowner, 'USAGE') AS owns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')`,
    [],
    { maxRows: 100_000 },
  );
  const owns = new Map(owned.rows.map((r) => [String(r.table_name), r.owns === true]));
  const installed = Number(state.installed) > 0;
  let everywhere: string | null = null;
  if (!installed && Number(state.available) === 0) {
    everywhere = 'The pg_trgm extension is missing on this PostgreSQL server: it has to be installed there (the postgresql-contrib package) before a search index can be added.';
  } else if (!installed && !(state.superuser === true || (state.trusted === true && state.may_create === true))) {
    everywhere = `The pg_trgm extension is not enabled in this database and the connection's user ${user} may not enable it: `
      + 'a database administrator has to run CREATE EXTENSION pg_trgm first.';
  }
  return {
    everywhere,
    createExtension: !installed,
    table: (name) => (owns.get(name) === true ? null
      : `The connection's user ${user} does not own table ${name}: PostgreSQL lets only a table's owner add an index to it.`),
  };
}

const indexedColumns = (indexes: TableSearchIndexes | undefined) => new Set(indexes?.trigram ?? []);

function statements(table: TableInfo, columns: string[], existing: TableSearchIndexes | undefined, allowed: SearchIndexPermissions): string[] {
  const q = quoteAnsi;
  const fresh = columns.filter((c) => !indexedColumns(existing).has(c));
  return [
    ...(allowed.createExtension ? ['CREATE EXTENSION IF NOT EXISTS pg_trgm'] : []),
    // CONCURRENTLY: the table stays writable while the index is built.
    ...fresh.map((c) => `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${q(indexName([table.table_name, c], 'trgm', 63))} ON ${q(table.table_name)} USING gin (${q(c)} gin_trgm_ops)`),
  ];
}

async function buildProgress(source: DataSource, sessionId: number) {
  const { rows } = await source.query(
    'SELECT phase, blocks_done, blocks_total, tuples_done, tuples_total FROM pg_stat_progress_create_index WHERE pid = ?', [sessionId],
  );
  const r = rows[0];
  if (r === undefined) return { progress: null, phase: null };
  const [done, total] = Number(r.blocks_total) > 0 ? [Number(r.blocks_done), Number(r.blocks_total)] : [Number(r.tuples_done), Number(r.tuples_total)];
  return { progress: total > 0 ? Math.min(1, done / total) : null, phase: String(r.phase) };
}

async function buildsSeen(source: DataSource): Promise<IndexBuildSeen[]> {
  const { rows } = await source.query(
    `SELECT c.relname AS table_name, p.phase, p.blocks_done, p.blocks_total
       FROM pg_stat_progress_create_index p JOIN pg_class c ON c.oid = p.relid
       JOIN pg_index x ON x.indexrelid = p.index_relid JOIN pg_opclass oc ON oc.oid = x.indclass[0]
      WHERE p.datid = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND oc.opcname IN ('gin_trgm_ops', 'gist_trgm_ops')`, [],
  );
  return rows.map((r) => ({ table: String(r.table_name), phase: String(r.phase), progress: Number(r.blocks_total) > 0 ? Number(r.blocks_done) / Number(r.blocks_total) : null }));
}

/** A CREATE INDEX CONCURRENTLY that failed leaves an invalid index behind: it is removed. */
async function afterFailure(session: StatementSession, failedStatement: string): Promise<void> {
  const invalid = /^CREATE INDEX CONCURRENTLY IF NOT EXISTS (\S+) ON/.exec(failedStatement)?.[1];
  if (invalid !== undefined) await session.run(`DROP INDEX CONCURRENTLY IF EXISTS ${invalid}`).catch(() => undefined);
}

/** What serves searches on each table, read from the engine's catalog. */
async function readIndexes(source: DataSource): Promise<SearchIndexes> {
  // Only whole-column, valid, non-partial indexes serve `col ILIKE '%term%'` for every row:
  // an index left invalid by a failed CREATE INDEX CONCURRENTLY is not counted.
  const { rows } = await source.query(
    `SELECT t.relname AS table_name, a.attname AS column_name
       FROM pg_index x
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       JOIN pg_opclass oc ON oc.oid = x.indclass[0]
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = x.indkey[0]
      WHERE n.nspname = current_schema() AND x.indnatts = 1 AND x.indisvalid AND x.indpred IS NULL
        AND oc.opcname IN ('gin_trgm_ops', 'gist_trgm_ops')
      ORDER BY t.relname, a.attname`,
    [],
    { maxRows: 100_000 },
  );
  const map = new Map<string, TableSearchIndexes>();
  for (const row of rows) {
    const found = entry(map, String(row.table_name));
    const column = String(row.column_name);
    if (!found.trigram.includes(column)) found.trigram.push(column);
  }
  const sorted = await source.query(
    `SELECT t.relname AS table_name, a.attname AS column_name
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_am am ON am.oid = i.relam
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = x.indkey[0]
      WHERE n.nspname = current_schema() AND am.amname = 'btree' AND x.indisvalid AND x.indpred IS NULL
      ORDER BY t.relname, a.attname`,
    [],
    { maxRows: 100_000 },
  );
  addSorted(map, sorted.rows);
  return map;
}

const POSTGRES_INTEGER_TYPES = new Set(['smallint', 'integer', 'bigint']);
/** PostgreSQL's text types, as information_schema.columns.data_type names them. */
const POSTGRES_TEXT_TYPES = new Set(['text', 'character varying', 'character', 'name', 'citext']);

export const postgresDialect: Dialect = {
  embedded: false,
  quote: quoteAnsi,
  connections: {
    open: (settings, _dataDir, options) => new PostgresDataSource(settings, options.poolMax),
    openDdlSession: (settings) => openPostgresDdlSession(settings),
  },
  columnTypes: { isInteger: (type) => POSTGRES_INTEGER_TYPES.has(type), isText: (type) => POSTGRES_TEXT_TYPES.has(type) },
  search: { index: 'trigram', likeFoldsCase: false, integerEquals: (column) => `${column} = CAST(? AS BIGINT)` },
  contents: { nullsLastAscending: true, rowValueComparison: true, textType: 'TEXT', timeGuard: false },
  rowWrites: {
    insertIdByReturning: true,
    lockForUpdate: ' FOR UPDATE',
    deleteAnsweringOld: (table, keyColumn) => `DELETE FROM ${table} WHERE ${keyColumn} = ? RETURNING *`,
    // The row locked by a common table expression, whose RETURNING names its old values; the key
    // comes first, then the values.
    updateAnsweringOld: (table, keyColumn, columns, set) =>
      `WITH rakit_old AS (SELECT ${keyColumn}, ${columns.join(', ')} FROM ${table} WHERE ${keyColumn} = ? FOR UPDATE) `
      + `UPDATE ${table} AS rakit_new SET ${set} FROM rakit_old WHERE rakit_new.${keyColumn} = rakit_old.${keyColumn} `
      + `RETURNING ${columns.map((c) => `rakit_old.${c}`).join(', ')}`,
  },
  searchIndex: { wholeWords: false, textColumnsOnly: true, transactional: false, permissions, indexedColumns, statements, buildProgress, buildsSeen, afterFailure, read: readIndexes },
};
