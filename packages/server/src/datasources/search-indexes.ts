
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

/** The entry of `table` in a map being read, made empty if new (the dialects' catalog readers). */
export function entry(map: Map<string, TableSearchIndexes>, table: string): TableSearchIndexes {
  let found = map.get(table);
  if (found === undefined) {
    found = { trigram: [], fulltext: [], fts: null, sorted: [] };
    map.set(table, found);
  }
  return found;
}

/** Adds the columns leading a B-tree index, one row per (table_name, column_name). */
export function addSorted(map: Map<string, TableSearchIndexes>, rows: readonly Record<string, unknown>[]): void {
  for (const row of rows) {
    const found = entry(map, String(row.table_name));
    const column = String(row.column_name);
    if (!found.sorted.includes(column)) found.sorted.push(column);
  }
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
