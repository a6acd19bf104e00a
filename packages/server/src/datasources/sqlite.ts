import { existsSync } from 'node:fs';
import path from 'node:path';
import { countPlaceholders, hasStackedStatements } from '@rakit/core';
import { constants, DatabaseSync, type DatabaseSyncInstance, type StatementSyncInstance } from '@photostructure/sqlite';
import { throwIfAbandoned } from './cancel';
import { sqliteFailure } from './errors';
import { SQLITE_GUARD_FUNCTION } from './sqlite-guard';
import { groupColumns } from './mysql';
import { authorizeSqlite } from './sqlite-authorizer';
import {
  type DataSource, DataSourceError, DEFAULT_MAX_ROWS, DEFAULT_TIME_LIMIT_MS, type Queryable, type QueryOptions, type QueryResult,
  quoteAnsi, type TableInfo, timeLimitReached,
} from './types';

/** The folder under the data directory that holds one application's SQLite databases. */
export const sqliteFolder = (dataDir: string, appId: number) => path.join(dataDir, 'databases', String(appId));

/**
 * The file of a sqlite connection: a plain file name inside the application's own folder
 * `<dataDir>/databases/<appId>`, so that a connection can never reach another
 * application's database or any other file of the machine.
 */
export function sqliteFile(dataDir: string, appId: number, name: string): string {
  if (!/^[\w.-]{1,100}$/.test(name) || name.startsWith('.')) {
    throw new DataSourceError('A SQLite database is a file name of letters, digits, dots, dashes and underscores');
  }
  return path.join(sqliteFolder(dataDir, appId), name);
}

/** Extended result codes the callers tell apart (a duplicate key is 409); others go by their primary name. */
const EXTENDED_CODE_NAMES = new Map([[2067, 'SQLITE_CONSTRAINT_UNIQUE'], [1555, 'SQLITE_CONSTRAINT_PRIMARYKEY']]);

/** What an author is told when SQLite's authorizer refused his statement. */
export const SQLITE_REFUSED_MESSAGE = 'Not allowed on an application\'s SQLite database: ATTACH, DETACH, VACUUM, load_extension, '
  + 'transaction statements (each call is its own transaction) and pragmas other than table and index descriptions';

/** A pragma table function refused while it runs reports SQLite's text without a code. */
const REFUSED_WHILE_RUNNING = 'not authorized';

/** node:sqlite's error as a DataSourceError: refused by the authorizer (the caller's, 400), else classed by sqliteFailure. */
function asDataSourceError(error: unknown, phase: 'open' | 'statement'): DataSourceError {
  const e = error as { message?: string; errcode?: number; sqliteCodeName?: string };
  const code = e.errcode === undefined
    ? (e.message === REFUSED_WHILE_RUNNING ? 'SQLITE_AUTH' : undefined)
    : EXTENDED_CODE_NAMES.get(e.errcode) ?? e.sqliteCodeName;
  if (code === 'SQLITE_AUTH') return new DataSourceError(SQLITE_REFUSED_MESSAGE, code, { cause: error });
  return sqliteFailure(error, code, phase);
}

/** A compiled statement and its text's placeholders. */
interface Prepared {
  statement: StatementSyncInstance;
  placeholders: number;
  /** Whether it answers rows (a SELECT, a RETURNING). */
  reads: boolean;
}

/** How many compiled statements a file keeps. */
const PREPARED_KEPT = 100;

/**
 * An application database in an embedded SQLite file (the seeded demo uses one). The author's
 * SQL runs here, so the connection is locked to its one file by SQLite itself: no database
 * may be attached (a hard limit of 0), every statement passes the authorizer of
 * `sqlite-authorizer.ts`, extensions cannot load and defensive mode keeps the schema intact.
 */
export class SqliteDataSource implements DataSource {
  private readonly db: DatabaseSyncInstance;
  private readonly timeLimitMs: number;

  constructor(file: string, options: { mustExist: boolean; timeLimitMs?: number | undefined }) {
    this.timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
    if (options.mustExist && !existsSync(file)) throw sqliteFailure(new Error(`No such file: ${path.basename(file)}`), 'SQLITE_CANTOPEN', 'open');
    try {
      this.db = new DatabaseSync(file, { timeout: 5000, allowExtension: false, defensive: true, limits: { attach: 0 } });
      this.db.exec('PRAGMA journal_mode = WAL');
      // Set once: changing the authorizer expires every compiled statement, and SQLite would compile them again.
      this.db.setAuthorizer((action, arg1, arg2) => (this.controlling && action === constants.SQLITE_TRANSACTION
        ? constants.SQLITE_OK : authorizeSqlite(action, arg1, arg2)));
      // Not deterministic, so SQLite calls it for each row it reaches; never from a view or trigger.
      this.db.function(SQLITE_GUARD_FUNCTION, { deterministic: false, directOnly: true }, () => this.withinLimit());
    } catch (error) {
      throw asDataSourceError(error, 'open');
    }
  }

  /** Statements compiled before, by text (most recently used last): the widgets send the same few again and again. */
  private readonly prepared = new Map<string, Prepared>();

  private prepare(sql: string): StatementSyncInstance {
    return this.prepareChecked(sql).statement;
  }

  /** The statement compiled, and what is checked of its text, once per text while it stays among the recent ones. */
  private prepareChecked(sql: string): Prepared {
    const known = this.prepared.get(sql);
    if (known !== undefined) {
      this.prepared.delete(sql);
      this.prepared.set(sql, known);
      return known;
    }
    // SQLite compiles the first statement and would silently drop the rest.
    if (hasStackedStatements(sql)) throw new DataSourceError('Send one statement at a time', 'SQLITE_MISUSE');
    let statement: StatementSyncInstance;
    try {
      statement = this.db.prepare(sql);
    } catch (error) {
      throw asDataSourceError(error, 'statement');
    }
    const prepared = { statement, placeholders: countPlaceholders(sql), reads: statement.columns().length > 0 };
    if (this.prepared.size >= PREPARED_KEPT) this.prepared.delete(this.prepared.keys().next().value as string);
    this.prepared.set(sql, prepared);
    return prepared;
  }

  async query(sql: string, params: readonly unknown[], options?: QueryOptions): Promise<QueryResult> {
    // One connection for everyone: wait out an open transaction rather than run inside it.
    while (this.transactionDone !== undefined) await this.transactionDone;
    if (options?.limited === undefined) return this.runStatement(sql, params, options);
    // The statement runs on this thread from start to end: its caller going away is seen only
    // before it starts. A turn of the event loop first lets the closes of abandoned requests be
    // seen, and the statements of a load whose first one failed be cancelled (load-content.ts).
    await new Promise<void>((resolve) => { setImmediate(resolve); });
    while (this.transactionDone !== undefined) await this.transactionDone;
    throwIfAbandoned(options.limited.signal);
    this.deadline = Date.now() + this.timeLimitMs;
    this.pastDeadline = false;
    try {
      return this.runStatement(sql, params, options);
    } catch (error) {
      throw this.pastDeadline ? timeLimitReached(error) : error;
    } finally {
      this.deadline = Number.POSITIVE_INFINITY;
    }
  }

  /** When the running data widget's statement must stop (QueryOptions.limited); none otherwise. */
  private deadline = Number.POSITIVE_INFINITY;
  /** Set when the guard stopped the statement. */
  private pastDeadline = false;

  /** The guard function of sqlite-guard.ts: 1 while the statement may go on. */
  private withinLimit(): number {
    if (Date.now() <= this.deadline) return 1;
    this.pastDeadline = true;
    throw new Error('The statement ran past its time limit');
  }

  private runStatement(sql: string, params: readonly unknown[], options?: QueryOptions): QueryResult {
    const { statement, placeholders, reads } = this.prepareChecked(sql);
    // node:sqlite would bind a missing value as NULL: the caller's mistake, as the other engines say.
    if (params.length < placeholders) throw new DataSourceError('Too few parameter values were provided', 'SQLITE_RANGE');
    const bound = params.map((p) => (typeof p === 'boolean' ? Number(p) : p)) as never[];
    try {
      if (reads) {
        const cap = options?.maxRows ?? DEFAULT_MAX_ROWS;
        const rows: Record<string, unknown>[] = [];
        for (const row of statement.iterate(...bound)) {
          if (rows.length === cap) return { kind: 'read', rows, truncated: true, affectedRows: 0 };
          // SQLite's rows have no prototype; callers and JSON expect plain objects.
          rows.push({ ...(row as Record<string, unknown>) });
        }
        return { kind: 'read', rows, truncated: false, affectedRows: 0 };
      }
      const info = statement.run(...bound);
      return { kind: 'write', rows: [], truncated: false, affectedRows: Number(info.changes), insertId: Number(info.lastInsertRowid) };
    } catch (error) {
      // A statement stopped mid-way (the time limit's guard threw) keeps its error: run again, it
      // would answer that error at once. It is compiled anew next time.
      this.prepared.delete(sql);
      throw asDataSourceError(error, 'statement');
    }
  }

  async tables(): Promise<TableInfo[]> {
    const names = this.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as unknown as { name: string }[];
    const columnsOf = this.prepare('SELECT name, type, pk FROM pragma_table_info(?)');
    const columns = names.flatMap(({ name }) =>
      (columnsOf.all(name) as unknown as { name: string; type: string; pk: number }[])
        .map((c) => ({ table: name, name: c.name, key: c.pk > 0 ? 'PRI' : '', type: c.type.toLowerCase() })));
    return groupColumns(columns);
  }

  quote(identifier: string): string {
    return quoteAnsi(identifier);
  }

  /** True only while one of our own transaction statements is compiled and run (control). */
  private controlling = false;

  /** Our own transaction statements, which the authorizer refuses to authors' SQL. */
  private control(sql: 'BEGIN IMMEDIATE' | 'COMMIT' | 'ROLLBACK'): void {
    this.controlling = true;
    try {
      this.db.exec(sql);
    } finally {
      this.controlling = false;
    }
  }

  /** Set while a transaction holds the connection; settles when it ends. */
  private transactionDone: Promise<void> | undefined;

  /**
   * The file has one connection, so a transaction holds it: other callers' statements wait
   * in `query` until it commits or rolls back, and only `tx` reaches the open transaction.
   */
  async transaction<T>(body: (tx: Queryable) => Promise<T>): Promise<T> {
    while (this.transactionDone !== undefined) await this.transactionDone;
    let end!: () => void;
    this.transactionDone = new Promise((resolve) => { end = resolve; });
    try {
      this.control('BEGIN IMMEDIATE');
      const result = await body({ query: async (sql, params, options) => this.runStatement(sql, params, options) });
      this.control('COMMIT');
      return result;
    } catch (error) {
      if (this.db.isTransaction) this.control('ROLLBACK');
      throw error;
    } finally {
      this.transactionDone = undefined;
      end();
    }
  }

  async close(): Promise<void> {
    this.prepared.clear();
    if (this.db.isOpen) this.db.close();
  }
}
