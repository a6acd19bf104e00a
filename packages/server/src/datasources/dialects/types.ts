import type { DdlSession } from '../ddl-session';
import type { SearchIndexes, TableSearchIndexes } from '../search-indexes';
import type { ConnectionSettings, DataSource, QueryOptions, TableInfo } from '../types';

/**
 * What the connection's user may do towards search indexes (issue 19), by table: the engine is
 * asked first, so the Database screen says so plainly before anything runs.
 */
export interface SearchIndexPermissions {
  /** Why no table can have one on this connection, if so (an extension missing). */
  everywhere: string | null;
  /** Why this table cannot, if so (not its owner, a privilege missing). */
  table(name: string): string | null;
  /** PostgreSQL: pg_trgm must be created first. */
  createExtension: boolean;
}

/** An index build the engine shows running: its table and how far it is. */
export interface IndexBuildSeen {
  table: string;
  progress: number | null;
  phase: string | null;
}

/** A statement session of its own (datasources/ddl-session.ts). */
export interface StatementSession {
  run(sql: string): Promise<void>;
}

/** How one engine adds, recognises and follows the search indexes Rakit adds (connections/search-index.ts). */
export interface SearchIndexDialect {
  /** The index matches whole words only (MariaDB's FULLTEXT); the others match any part of a word. */
  wholeWords: boolean;
  /** Only text columns may be indexed (FTS5 reads every column as text). */
  textColumnsOnly: boolean;
  /** The statements run in one transaction (SQLite); the others build online, statement by statement. */
  transactional: boolean;
  permissions(source: DataSource, user: string): Promise<SearchIndexPermissions>;
  /** The columns a search index serves, on one table. */
  indexedColumns(indexes: TableSearchIndexes | undefined): Set<string>;
  /** The statements adding a search index on `columns` of `table` (names checked against the schema). */
  statements(table: TableInfo, columns: string[], existing: TableSearchIndexes | undefined, permissions: SearchIndexPermissions): string[];
  /** How far the build on the engine's session `sessionId` is, where the engine says. */
  buildProgress(source: DataSource, sessionId: number): Promise<{ progress: number | null; phase: string | null }>;
  /** The search-index builds the engine shows running on the connection's database, whoever started them. */
  buildsSeen(source: DataSource): Promise<IndexBuildSeen[]>;
  /** What a failed statement leaves behind is removed (an invalid index after CREATE INDEX CONCURRENTLY). */
  afterFailure(session: StatementSession, failedStatement: string): Promise<void>;
  /** What serves searches on each table of the connection, read from the engine's catalog. */
  read(source: DataSource): Promise<SearchIndexes>;
}

/** What kind of value a column holds, from the data type the engine names (lower case). */
export interface ColumnTypes {
  /** Holds integers: an exact number is looked for in it once an index serves the search. */
  isInteger(dataType: string): boolean;
  /** Holds text: what an index for search can be put on. */
  isText(dataType: string): boolean;
}

/** How the server connects to a database of the engine (datasources/registry.ts). */
export interface EngineConnections {
  /** The pooled data source of a connection; SQLite's file is created when `create` is set. */
  open(settings: ConnectionSettings, dataDir: string, options: { create?: boolean; poolMax?: number }): DataSource;
  /** A session of its own for a long statement of the server's (datasources/ddl-session.ts). */
  openDdlSession(settings: ConnectionSettings, dataDir: string): Promise<DdlSession>;
}

/**
 * How one engine writes a row of a data widget (tables/row-writes.ts) so that the audit log gets
 * its old values, in the write itself where the engine can answer them. Names come quoted.
 */
export interface RowWriteDialect {
  /** What locks a row read for the write that follows ('' where a write transaction holds the whole database). */
  lockForUpdate: string;
  /** An INSERT's new key comes back only through RETURNING (PostgreSQL); the other drivers answer it themselves. */
  insertIdByReturning: boolean;
  /** A DELETE of the row the key names that answers the row it removed; undefined where the engine cannot. */
  deleteAnsweringOld(table: string, keyColumn: string): string | undefined;
  /** An UPDATE of the row setting `set` (one ? per column, then the key's) that answers the old values of `columns`; undefined where the engine cannot. */
  updateAnsweringOld(table: string, keyColumn: string, columns: readonly string[], set: string): string | undefined;
}

/** How one engine reads a data widget's rows (tables/content-query.ts). */
export interface ContentDialect {
  /** NULLs sort after every value in ascending order (PostgreSQL); before it elsewhere. */
  nullsLastAscending: boolean;
  /** Past a cursor on (sort column, key), compared as a row value `(a, b) > (?, ?)`; else spelled out (MariaDB reads no index for a row value). */
  rowValueComparison: boolean;
  /** The type a value is cast to, to be compared as text. */
  textType: string;
  /** Every statement's WHERE begins with the statement's time-limit guard (SQLite: sqlite-guard.ts). */
  timeGuard: boolean;
}

/** How one engine searches a data widget's rows (tables/search-condition.ts, search-planner.ts). */
export interface SearchDialect {
  /** The search index its tables may have, as Rakit reads and uses it (datasources/search-indexes.ts). */
  index: 'fulltext' | 'trigram' | 'fts5';
  /** LIKE folds the case of ASCII letters (MariaDB's collations, SQLite); else ILIKE is used. */
  likeFoldsCase: boolean;
  /** `column = ?` for a whole number typed into the search, the value bound as text. */
  integerEquals(column: string): string;
  /** The engine's own estimate of a table's rows, where it keeps one (InnoDB's TABLE_ROWS). */
  estimatedRows?(source: DataSource, table: string, options: QueryOptions): Promise<number>;
}

/** One engine's SQL: each concern an engine answers differently lives in its dialect object. */
export interface Dialect {
  /**
   * The database is a file of the application's own in Rakit's data folder (SQLite): it has no
   * host, user or password, a bundle carries its rows, and each environment has its own.
   */
  embedded: boolean;
  /** An identifier quoted by the engine's rules. */
  quote(identifier: string): string;
  connections: EngineConnections;
  columnTypes: ColumnTypes;
  searchIndex: SearchIndexDialect;
  rowWrites: RowWriteDialect;
  contents: ContentDialect;
  search: SearchDialect;
}
