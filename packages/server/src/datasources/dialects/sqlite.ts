import type { TableSearchIndexes } from '../search-indexes';
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

export const sqliteDialect: Dialect = {
  embedded: true,
  quote: quoteAnsi,
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
    buildProgress: noBuildProgress, buildsSeen: async () => [], afterFailure: async () => undefined,
  },
};
