import { type DbColumn, type DbTable, Messages, TIME_LIMIT_DEFAULT_S } from '@rakit/core';

export type DataSourceType = 'mysql' | 'postgres' | 'sqlite';

/** What it takes to reach one of an application's own databases (password in clear, in memory only). */
export interface ConnectionSettings {
  /** The owning application; a sqlite file lives in its folder. */
  dbAppId: number;
  dbType: DataSourceType;
  dbHost: string;
  dbPort: number;
  dbUser: string;
  dbPassword: string;
  dbDatabase: string;
  /**
   * How long a data widget's statement (QueryOptions.limited) may run; the database stops it
   * past that (DataSourceError code TIME_LIMIT_CODE).
   */
  timeLimitMs?: number;
}

/** A column as the calls answer it (core's contract): COLUMN_KEY 'PRI' for a primary-key column, '' otherwise. */
export type ColumnInfo = DbColumn;
export type TableInfo = DbTable;

export interface QueryResult {
  /** 'read' for statements that answer rows (SELECT, RETURNING), 'write' otherwise. */
  kind: 'read' | 'write';
  rows: Record<string, unknown>[];
  /** Rows changed by INSERT/UPDATE/DELETE; 0 for SELECT. */
  affectedRows: number;
  insertId?: number;
  /** True when the result had more rows than the cap and was cut. */
  truncated: boolean;
}

export interface QueryOptions {
  maxRows?: number;
  /**
   * The server's own statement, built from checked names and sent again and again (a member's
   * row write): the connection may keep it prepared, so the database plans it once. Never for
   * an author's text, which is sent once and would fill the connection with plans. PostgreSQL
   * only: MySQL connections are reset on release, which closes prepared statements.
   */
  keepPrepared?: boolean;
  /**
   * A data widget's statement (issue 19): it runs under the connection's time limit, and is
   * cancelled on the database when `signal` aborts (the browser abandoned the request).
   * Statements built by the server only (a SELECT), never an author's raw text.
   */
  limited?: {
    signal?: AbortSignal | undefined;
    /**
     * The whole text is the server's, built from checked names with no author SQL inside (a
     * table widget, not a custom query's): it leaves nothing in the session, so a MySQL
     * connection goes back to its pool without the reset an author's statement needs.
     */
    serverText?: boolean;
  };
}

/** What runs statements: a pool, or one connection inside a transaction. */
export interface Queryable {
  /** Runs one statement with `?` placeholders bound by the driver. */
  query(sql: string, params: readonly unknown[], options?: QueryOptions): Promise<QueryResult>;
}

export interface DataSource extends Queryable {
  /**
   * Runs `body`'s statements on one connection between BEGIN and COMMIT; when `body` throws,
   * everything it wrote is rolled back and the error rethrown. Statements of other callers
   * never join the transaction.
   */
  transaction<T>(body: (tx: Queryable) => Promise<T>): Promise<T>;
  tables(): Promise<TableInfo[]>;
  /** The identifier quoted for this engine (checked names only: never client text). */
  quote(identifier: string): string;
  /** Whether a SELECT may end with MariaDB's `LIMIT ROWS EXAMINED n`; absent: it may not. */
  canLimitRowsExamined?(): Promise<boolean>;
  close(): Promise<void>;
}

/** ANSI double-quoted identifier (PostgreSQL, SQLite). */
export const quoteAnsi = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

export const QUERY_TIMEOUT_MS = 15_000;
/** How long the driver waits past a statement's own time limit before it gives up on the connection. */
export const TIME_LIMIT_GRACE_MS = 2_000;
/** A connection's time limit when its settings name none (core TIME_LIMIT_DEFAULT_S). */
export const DEFAULT_TIME_LIMIT_MS = TIME_LIMIT_DEFAULT_S * 1000;
/** The code of a DataSourceError for a statement stopped at its time limit. */
export const TIME_LIMIT_CODE = 'TIME_LIMIT';
/** The code of a DataSourceError for a statement cancelled because its caller went away. */
export const CANCELLED_CODE = 'CANCELLED';
export const CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_MAX_ROWS = 10_000;

/** Connections one process opens at most to each application connection (RAKIT_DATASOURCE_POOL_MAX). */
export const DEFAULT_DATASOURCE_POOL_MAX = 5;

/**
 * Who a database failure is about:
 * - 'statement': the statement (the database refused it, or it cannot be sent: no statement,
 *   values missing): the caller's to fix, 4xx;
 * - 'session': the database server refused the connection (password, unknown database, too
 *   many connections): the connection's settings, 502;
 * - 'unavailable': the database could not be reached, did not answer in time, is busy or its
 *   file is damaged: 503, with one text whatever the network said (it tells no open ports).
 */
export type DataSourceFailure = 'statement' | 'session' | 'unavailable';

/** A failure of an application's database, with a text safe to show (no credentials). */
export class DataSourceError extends Error {
  readonly failure: DataSourceFailure;

  constructor(message: string, readonly code?: string | number, options?: { cause?: unknown; failure?: DataSourceFailure }) {
    super(message, options);
    this.name = 'DataSourceError';
    this.failure = options?.failure ?? 'statement';
  }
}

export function capRows(rows: Record<string, unknown>[], maxRows: number | undefined) {
  const cap = maxRows ?? DEFAULT_MAX_ROWS;
  return rows.length > cap ? { kind: 'read' as const, rows: rows.slice(0, cap), truncated: true } : { kind: 'read' as const, rows, truncated: false };
}

/** A statement stopped at its connection's time limit (the caller's to narrow, 4xx: see tables/run.ts). */
export const timeLimitReached = (cause: unknown) => new DataSourceError(Messages.statementTimeLimit, TIME_LIMIT_CODE, { cause });
/** A statement cancelled because its caller went away. */
export const cancelled = (cause: unknown) => new DataSourceError(Messages.statementCancelled, CANCELLED_CODE, { cause });
