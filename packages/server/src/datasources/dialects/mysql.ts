import { addSorted, entry, type SearchIndexes, type TableSearchIndexes } from '../search-indexes';
import { openMysqlDdlSession } from '../ddl-session';
import { MysqlDataSource } from '../mysql';
import type { DataSource, TableInfo } from '../types';
import { indexName } from './index-names';
import type { Dialect, IndexBuildSeen, SearchIndexPermissions } from './types';

/** MariaDB and MySQL: FULLTEXT indexes, one per column (MATCH names the columns of one index). */

const quote = (identifier: string) => `\`${identifier.replaceAll('`', '``')}\``;

async function permissions(source: DataSource, user: string): Promise<SearchIndexPermissions> {
  const current = String((await source.query('SELECT CURRENT_USER() AS u', [])).rows[0]?.u ?? '');
  const at = current.lastIndexOf('@');
  const grantee = `'${current.slice(0, at)}'@'${current.slice(at + 1)}'`;
  const { rows } = await source.query(
    `SELECT PRIVILEGE_TYPE AS privilege, NULL AS table_name FROM information_schema.USER_PRIVILEGES WHERE GRANTEE = ?
     UNION ALL
     SELECT PRIVILEGE_TYPE, NULL FROM information_schema.SCHEMA_PRIVILEGES WHERE GRANTEE = ? AND DATABASE() LIKE TABLE_SCHEMA
     UNION ALL
     SELECT PRIVILEGE_TYPE, TABLE_NAME FROM information_schema.TABLE_PRIVILEGES WHERE GRANTEE = ? AND TABLE_SCHEMA = DATABASE()`,
    [grantee, grantee, grantee],
    { maxRows: 100_000 },
  );
  const held = (table: string, privilege: string) => rows.some((r) => r.privilege === privilege && (r.table_name === null || r.table_name === table));
  return {
    everywhere: null,
    createExtension: false,
    table: (name) => (held(name, 'ALTER') && held(name, 'INDEX') ? null
      : `The connection's user ${user} lacks the ALTER and INDEX privileges on table ${name}, which adding a FULLTEXT index needs.`),
  };
}

const indexedColumns = (indexes: TableSearchIndexes | undefined) => new Set(indexes?.fulltext.flat() ?? []);

function statements(table: TableInfo, columns: string[], existing: TableSearchIndexes | undefined): string[] {
  // One index per column: MATCH names the columns of one index, and a widget may search any of them.
  return columns.filter((c) => !indexedColumns(existing).has(c))
    .map((c) => `ALTER TABLE ${quote(table.table_name)} ADD FULLTEXT INDEX ${quote(indexName(['search', c], 'ft', 64))} (${quote(c)})`);
}

/** MariaDB reports ALTER TABLE's progress in percent; MySQL has no PROGRESS column (the read fails: no figure). */
async function buildProgress(source: DataSource, sessionId: number) {
  const { rows } = await source.query('SELECT PROGRESS AS progress, STATE AS state FROM information_schema.PROCESSLIST WHERE ID = ?', [sessionId]);
  const r = rows[0];
  if (r === undefined) return { progress: null, phase: null };
  return { progress: r.progress === null ? null : Number(r.progress) / 100, phase: r.state === null ? null : String(r.state) };
}

async function buildsSeen(source: DataSource): Promise<IndexBuildSeen[]> {
  const { rows } = await source.query(
    `SELECT INFO AS info, PROGRESS AS progress, STATE AS state FROM information_schema.PROCESSLIST
      WHERE DB = DATABASE() AND INFO LIKE 'ALTER TABLE % ADD FULLTEXT INDEX %'`, [],
  );
  const tableOf = (info: unknown) => /^ALTER TABLE `((?:[^`]|``)+)`/.exec(String(info ?? ''))?.[1]?.replaceAll('``', '`');
  return rows.flatMap((r) => {
    const table = tableOf(r.info);
    return table === undefined ? [] : [{ table, phase: r.state === null ? null : String(r.state), progress: r.progress === null ? null : Number(r.progress) / 100 }];
  });
}

/** What serves searches on each table, read from the engine's catalog. */
async function readIndexes(source: DataSource): Promise<SearchIndexes> {
  const { rows } = await source.query(
    `SELECT TABLE_NAME AS table_name, INDEX_NAME AS index_name, COLUMN_NAME AS column_name
       FROM information_schema.STATISTICS
      WHERE TABLE_SCHEMA = DATABASE() AND INDEX_TYPE = 'FULLTEXT'
      ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
    [],
    { maxRows: 100_000 },
  );
  const byIndex = new Map<string, { table: string; columns: string[] }>();
  for (const row of rows) {
    const key = `${String(row.table_name)}\u0000${String(row.index_name)}`;
    const index = byIndex.get(key) ?? { table: String(row.table_name), columns: [] };
    index.columns.push(String(row.column_name));
    byIndex.set(key, index);
  }
  const map = new Map<string, TableSearchIndexes>();
  for (const index of byIndex.values()) entry(map, index.table).fulltext.push(index.columns);
  const sorted = await source.query(
    `SELECT TABLE_NAME AS table_name, COLUMN_NAME AS column_name
       FROM information_schema.STATISTICS
      WHERE TABLE_SCHEMA = DATABASE() AND SEQ_IN_INDEX = 1 AND INDEX_TYPE = 'BTREE'
      ORDER BY TABLE_NAME, COLUMN_NAME`,
    [],
    { maxRows: 100_000 },
  );
  addSorted(map, sorted.rows);
  return map;
}

const MYSQL_INTEGER_TYPES = new Set(['tinyint', 'smallint', 'mediumint', 'int', 'bigint']);
const MYSQL_TEXT_TYPES = new Set(['char', 'varchar', 'tinytext', 'text', 'mediumtext', 'longtext']);

export const mysqlDialect: Dialect = {
  embedded: false,
  quote,
  connections: {
    open: (settings, _dataDir, options) => new MysqlDataSource(settings, options.poolMax),
    openDdlSession: (settings) => openMysqlDdlSession(settings),
  },
  columnTypes: { isInteger: (type) => MYSQL_INTEGER_TYPES.has(type), isText: (type) => MYSQL_TEXT_TYPES.has(type) },
  search: {
    index: 'fulltext', likeFoldsCase: true, integerEquals: (column) => `${column} = ?`,
    estimatedRows: async (source, table, options) =>
      Number((await source.query('SELECT TABLE_ROWS AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?', [table], options)).rows[0]?.n ?? 0),
  },
  contents: { nullsLastAscending: false, rowValueComparison: false, textType: 'CHAR', timeGuard: false },
  // Neither a DELETE nor an UPDATE answers rows here: the old values are read first, locked.
  rowWrites: { lockForUpdate: ' FOR UPDATE', insertIdByReturning: false, deleteAnsweringOld: () => undefined, updateAnsweringOld: () => undefined },
  searchIndex: { wholeWords: true, textColumnsOnly: true, transactional: false, permissions, indexedColumns, statements, buildProgress, buildsSeen, afterFailure: async () => undefined, read: readIndexes },
};
