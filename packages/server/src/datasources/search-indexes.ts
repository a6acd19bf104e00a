import { SCHEMA_TTL_MS } from './schema-cache';
import type { DataSource, DataSourceType } from './types';

/** An FTS5 table with the trigram tokenizer whose content is a table's rows (SQLite). */
export interface TrigramFts {
  /** The FTS5 table's name. */
  name: string;
  /** The content table's column its rowid is (content_rowid), or 'rowid'. */
  rowid: string;
  /** The content table's columns it indexes. */
  columns: string[];
}

/** What serves a search of `%term%` on one table, as the engine found it. */
export interface TableSearchIndexes {
  /** PostgreSQL: columns with a valid, whole-column GIN or GiST trigram index (pg_trgm). */
  trigram: string[];
  /** MariaDB/MySQL: the columns of each FULLTEXT index, in index order. */
  fulltext: string[][];
  /** SQLite: the FTS5 trigram table over this table, if any. */
  fts: TrigramFts | null;
  /** Columns that lead a B-tree index (the primary key's too): a sort on one reads the index in order (issue 32). */
  sorted: string[];
}

export const NO_SEARCH_INDEXES: TableSearchIndexes = { trigram: [], fulltext: [], fts: null, sorted: [] };

/** The search indexes of a connection's tables, by table name. */
export type SearchIndexes = ReadonlyMap<string, TableSearchIndexes>;

function entry(map: Map<string, TableSearchIndexes>, table: string): TableSearchIndexes {
  let found = map.get(table);
  if (found === undefined) {
    found = { trigram: [], fulltext: [], fts: null, sorted: [] };
    map.set(table, found);
  }
  return found;
}

/** Adds the columns leading a B-tree index, one row per (table_name, column_name). */
function addSorted(map: Map<string, TableSearchIndexes>, rows: readonly Record<string, unknown>[]): void {
  for (const row of rows) {
    const found = entry(map, String(row.table_name));
    const column = String(row.column_name);
    if (!found.sorted.includes(column)) found.sorted.push(column);
  }
}

async function postgresIndexes(source: DataSource): Promise<SearchIndexes> {
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

async function mysqlIndexes(source: DataSource): Promise<SearchIndexes> {
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

/** An FTS5 argument's text without its quotes ('x', "x", `x`, [x]). */
function unquoted(text: string): string {
  const t = text.trim();
  const first = t[0];
  const last = t[t.length - 1];
  if (t.length >= 2 && ((first === '\'' && last === '\'') || (first === '"' && last === '"') || (first === '`' && last === '`'))) {
    return t.slice(1, -1).replaceAll(`${first}${first}`, first);
  }
  if (t.length >= 2 && first === '[' && last === ']') return t.slice(1, -1);
  return t;
}

/** The arguments of `USING fts5(...)`, split at the commas outside quotes. */
function fts5Arguments(sql: string): string[] | undefined {
  const start = /\busing\s+fts5\s*\(/i.exec(sql);
  if (start === null) return undefined;
  const args: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const char of sql.slice(start.index + start[0].length)) {
    if (quote !== null) {
      current += char;
      if (char === quote) quote = null;
    } else if (char === '\'' || char === '"' || char === '`') {
      quote = char;
      current += char;
    } else if (char === '[') {
      quote = ']';
      current += char;
    } else if (char === ',' || char === ')') {
      args.push(current.trim());
      current = '';
      if (char === ')') return args;
    } else {
      current += char;
    }
  }
  return undefined;
}

/**
 * An FTS5 table's definition read back: its content table, rowid column and columns, when it
 * tokenizes by trigram and keeps its content in a table of the file (external content).
 */
export function parseTrigramFts(name: string, sql: string): (TrigramFts & { content: string }) | undefined {
  const args = fts5Arguments(sql);
  if (args === undefined) return undefined;
  const options = new Map<string, string>();
  const columns: string[] = [];
  for (const arg of args) {
    const equals = arg.indexOf('=');
    const bareKey = equals === -1 ? '' : arg.slice(0, equals).trim().toLowerCase();
    if (/^[a-z_]+$/.test(bareKey)) options.set(bareKey, unquoted(arg.slice(equals + 1)));
    else if (arg !== '') columns.push(unquoted(arg.replace(/\s+unindexed\s*$/i, '')));
  }
  const tokenizer = (options.get('tokenize') ?? '').trim().split(/\s+/)[0]?.toLowerCase();
  const content = options.get('content');
  if (tokenizer !== 'trigram' || content === undefined || content === '') return undefined;
  if (args.some((a) => /\s+unindexed\s*$/i.test(a))) return undefined;
  return { name, content, rowid: options.get('content_rowid') ?? 'rowid', columns };
}

async function sqliteIndexes(source: DataSource): Promise<SearchIndexes> {
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

/** Reads what serves searches on each table of the connection from the engine's catalog. */
export function readSearchIndexes(source: DataSource, dialect: DataSourceType): Promise<SearchIndexes> {
  if (dialect === 'postgres') return postgresIndexes(source);
  if (dialect === 'mysql') return mysqlIndexes(source);
  return sqliteIndexes(source);
}

const cache = new WeakMap<DataSource, { expires: number; indexes: Promise<SearchIndexes> }>();

/**
 * The search indexes of the connection, read at most once per SCHEMA_TTL_MS like its tables
 * (schema-cache.ts). A catalog that cannot be read answers no indexes: the search then reads
 * the table as it always could, by LIKE.
 */
export function cachedSearchIndexes(source: DataSource, dialect: DataSourceType, now = Date.now()): Promise<SearchIndexes> {
  const hit = cache.get(source);
  if (hit !== undefined && hit.expires > now) return hit.indexes;
  const indexes = readSearchIndexes(source, dialect).catch((): SearchIndexes => {
    cache.delete(source);
    return new Map();
  });
  cache.set(source, { expires: now + SCHEMA_TTL_MS, indexes });
  return indexes;
}

/** Forgets what was read of the connection's search indexes (one was just added). */
export function forgetSearchIndexes(source: DataSource): void {
  cache.delete(source);
}
