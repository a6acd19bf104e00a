import { addSorted, entry, parseTrigramFts, type SearchIndexes, type TableSearchIndexes } from '../search-indexes';
import { openSqliteDdlSession } from '../ddl-session';
import { openSqliteDataSource, sqliteFile } from '../sqlite';
import { type DataSource, quoteAnsi, type TableInfo } from '../types';
import { noBuildProgress } from './index-names';
import type { Dialect, SearchIndexPermissions } from './types';

/** SQLite: an FTS5 trigram table over the table, kept by triggers, built in one transaction. */

async function permissions(source: DataSource): Promise<SearchIndexPermissions> {
  const { rows } = await source.query(`SELECT name, sql FROM sqlite_master WHERE type = 'table'`, [], { maxRows: 100_000 });
  const withoutRowid = new Set(rows.filter((r) => /without\s+rowid\s*$/i.test(String(r.sql ?? '').trim())).map((r) => String(r.name)));
  const virtual = new Set(rows.filter((r) => /^create\s+virtual\s+table/i.test(String(r.sql ?? ''))).map((r) => String(r.name)));
  return {
    everywhere: null,
    createExtension: false,
    table: (name) => {
      if (withoutRowid.has(name)) return `Table ${name} is a WITHOUT ROWID table, which an FTS5 search table cannot follow.`;
      if (virtual.has(name)) return `Table ${name} is a virtual table.`;
      return null;
    },
  };
}

const indexedColumns = (indexes: TableSearchIndexes | undefined) => new Set(indexes?.fts?.columns ?? []);

/** A SQL string literal (FTS5 options name tables and columns as strings). */
const literal = (text: string) => `'${text.replaceAll('\'', '\'\'')}'`;

/** The name of the FTS5 table the server keeps over a SQLite table. */
const ftsNameOf = (table: string) => `${table}_search`;

function statements(table: TableInfo, columns: string[], existing: TableSearchIndexes | undefined): string[] {
  const q = quoteAnsi;
  const fts = ftsNameOf(table.table_name);
  const keys = table.columns.filter((c) => c.COLUMN_KEY === 'PRI');
  // An INTEGER PRIMARY KEY is the rowid itself; any other table is followed by its rowid.
  const key = keys.length === 1 && keys[0]?.DATA_TYPE === 'integer' ? keys[0].COLUMN_NAME : null;
  // Columns an FTS5 table over the table serves already are not indexed again.
  if (columns.every((c) => existing?.fts?.columns.includes(c) === true)) return [];
  const ours = existing?.fts?.name === fts ? existing.fts.columns : [];
  const all = table.columns.map((c) => c.COLUMN_NAME).filter((c) => columns.includes(c) || ours.includes(c));
  const names = all.map(q).join(', ');
  const of = (row: 'new' | 'old') => [key === null ? `${row}.rowid` : `${row}.${q(key)}`, ...all.map((c) => `${row}.${q(c)}`)].join(', ');
  const replaced = ours.length === 0 ? [] : [
    `DROP TRIGGER IF EXISTS ${q(`${fts}_ai`)}`, `DROP TRIGGER IF EXISTS ${q(`${fts}_ad`)}`, `DROP TRIGGER IF EXISTS ${q(`${fts}_au`)}`,
    `DROP TABLE ${q(fts)}`,
  ];
  const options = [`content=${literal(table.table_name)}`, ...(key === null ? [] : [`content_rowid=${literal(key)}`]), `tokenize='trigram'`];
  return [
    ...replaced,
    `CREATE VIRTUAL TABLE ${q(fts)} USING fts5(${names}, ${options.join(', ')})`,
    `CREATE TRIGGER ${q(`${fts}_ai`)} AFTER INSERT ON ${q(table.table_name)} BEGIN INSERT INTO ${q(fts)} (rowid, ${names}) VALUES (${of('new')}); END`,
    `CREATE TRIGGER ${q(`${fts}_ad`)} AFTER DELETE ON ${q(table.table_name)} BEGIN INSERT INTO ${q(fts)} (${q(fts)}, rowid, ${names}) VALUES ('delete', ${of('old')}); END`,
    `CREATE TRIGGER ${q(`${fts}_au`)} AFTER UPDATE ON ${q(table.table_name)} BEGIN INSERT INTO ${q(fts)} (${q(fts)}, rowid, ${names}) VALUES ('delete', ${of('old')}); `
      + `INSERT INTO ${q(fts)} (rowid, ${names}) VALUES (${of('new')}); END`,
    `INSERT INTO ${q(fts)} (${q(fts)}) VALUES ('rebuild')`,
  ];
}

/** What serves searches on each table, read from the engine's catalog. */
async function readIndexes(source: DataSource): Promise<SearchIndexes> {
  const { rows } = await source.query(
    `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name`,
    [],
    { maxRows: 100_000 },
  );
  const map = new Map<string, TableSearchIndexes>();
  for (const row of rows) {
    const fts = parseTrigramFts(String(row.name), String(row.sql));
    if (fts === undefined) continue;
    const found = entry(map, fts.content);
    // Two over one table: the one indexing more columns serves more searches.
    if (found.fts === null || found.fts.columns.length < fts.columns.length) found.fts = { name: fts.name, rowid: fts.rowid, columns: fts.columns };
  }
  // The first column of each index, and the INTEGER PRIMARY KEY (the rowid itself, in no index list).
  const sorted = await source.query(
    `SELECT m.name AS table_name, ii.name AS column_name
       FROM sqlite_master m, pragma_index_list(m.name) il, pragma_index_info(il.name) ii
      WHERE m.type = 'table' AND ii.seqno = 0 AND il.partial = 0
     UNION
     SELECT m.name, ti.name FROM sqlite_master m, pragma_table_info(m.name) ti
      WHERE m.type = 'table' AND ti.pk = 1 AND lower(ti.type) = 'integer'
        AND (SELECT COUNT(*) FROM pragma_table_info(m.name) WHERE pk > 0) = 1`,
    [],
    { maxRows: 100_000 },
  );
  addSorted(map, sorted.rows);
  return map;
}

export const sqliteDialect: Dialect = {
  embedded: true,
  quote: quoteAnsi,
  connections: {
    open: (settings, dataDir, options) => openSqliteDataSource(settings, dataDir, options),
    openDdlSession: (settings, dataDir) => openSqliteDdlSession(sqliteFile(dataDir, settings.dbAppId, settings.dbDatabase)),
  },
  // SQLite's type affinity: a declared type containing INT is an integer, CHAR, CLOB or TEXT text.
  columnTypes: { isInteger: (type) => type.includes('int'), isText: (type) => /char|clob|text/.test(type) },
  search: { index: 'fts5', likeFoldsCase: true, integerEquals: (column) => `${column} = ?` },
  contents: { nullsLastAscending: false, rowValueComparison: true, textType: 'TEXT', timeGuard: true },
  // A write transaction holds the whole database; an UPDATE's RETURNING answers new values only,
  // so its old ones are read first (in-process, no round trip).
  rowWrites: {
    insertIdByReturning: false,
    lockForUpdate: '',
    deleteAnsweringOld: (table, keyColumn) => `DELETE FROM ${table} WHERE ${keyColumn} = ? RETURNING *`,
    updateAnsweringOld: () => undefined,
  },
  searchIndex: {
    wholeWords: false, textColumnsOnly: false, transactional: true, permissions, indexedColumns, statements,
    // The build is one transaction of this process's own: nothing to follow from outside.
    buildProgress: noBuildProgress, buildsSeen: async () => [], afterFailure: async () => undefined, read: readIndexes,
  },
};
