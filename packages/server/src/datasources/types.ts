import type { DbColumn, DbTable } from '@rakit/core';

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
  close(): Promise<void>;
}

/** ANSI double-quoted identifier (PostgreSQL, SQLite). */
export const quoteAnsi = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

export const QUERY_TIMEOUT_MS = 15_000;
export const CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_MAX_ROWS = 10_000;

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
