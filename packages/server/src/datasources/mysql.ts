import type { Connection as CoreConnection } from 'mysql2';
import { createPool, type Pool, type PoolConnection, type ResultSetHeader, type RowDataPacket } from 'mysql2/promise';
import { throwIfAbandoned, watchCancel } from './cancel';
import { mysqlFailure } from './errors';
import {
  cancelled, capRows, CONNECT_TIMEOUT_MS, type ConnectionSettings, type DataSource, DataSourceError, DEFAULT_DATASOURCE_POOL_MAX, DEFAULT_TIME_LIMIT_MS,
  type Queryable, type QueryOptions, type QueryResult, QUERY_TIMEOUT_MS, type TableInfo, TIME_LIMIT_GRACE_MS, timeLimitReached,
} from './types';

/** A connection of the pool; opening the session and running a statement fail in different ways (see mysqlFailure). */
async function connect(pool: Pool): Promise<PoolConnection> {
  try {
    return await pool.getConnection();
  } catch (error) {
    throw mysqlFailure(error, 'connect');
  }
}

/** What a statement answered, and whether it moved the session to another default database (`USE`). */
interface Ran { result: QueryResult; changedSchema: boolean }

/**
 * A statement through the driver's own connection under the promise wrapper: the wrapper takes
 * a stack trace for every statement, which cost 20 µs of the 50 from the call to the socket
 * write (issue 19). Its errors carry the same code, errno and sqlState.
 */
function sendQuery(connection: PoolConnection, sql: string, params: readonly unknown[], timeout: number): Promise<RowDataPacket[] | ResultSetHeader> {
  const core = connection.connection as unknown as CoreConnection;
  return new Promise((resolve, reject) => {
    core.query<RowDataPacket[] | ResultSetHeader>({ sql, timeout }, params as unknown[], (error, result) => {
      if (error !== null && error !== undefined) reject(error);
      else resolve(result);
    });
  });
}

/** One statement on a held connection; the driver gives up on it after `timeout` ms. */
async function execute(connection: PoolConnection, sql: string, params: readonly unknown[], options?: QueryOptions, timeout = QUERY_TIMEOUT_MS): Promise<Ran> {
  try {
    // keepPrepared is not used here: every connection is reset when released (resetOnRelease),
    // which closes its prepared statements, so preparing would cost a round trip per use.
    const result = await sendQuery(connection, sql, params, timeout);
    if (Array.isArray(result)) return { result: { ...capRows(result as RowDataPacket[], options?.maxRows), affectedRows: 0 }, changedSchema: false };
    const header = result as ResultSetHeader & { stateChanges?: { schema: string | null } | null };
    return {
      result: { kind: 'write', rows: [], truncated: false, affectedRows: header.affectedRows, insertId: header.insertId },
      // The server tells it in the OK packet (session_track_schema, on by default).
      changedSchema: typeof header.stateChanges?.schema === 'string',
    };
  } catch (error) {
    throw mysqlFailure(error, 'statement');
  }
}

/** MariaDB's max_statement_time and MySQL's MAX_EXECUTION_TIME stop a statement with these errors. */
const TIME_LIMIT_ERRNOS = new Set<unknown>([1969, 3024]);
const isTimeLimit = (error: unknown) => error instanceof DataSourceError
  && (TIME_LIMIT_ERRNOS.has(error.code) || (error.cause as { code?: unknown } | undefined)?.code === 'PROTOCOL_SEQUENCE_TIMEOUT');

/**
 * A built SELECT under a time limit, told the server's way: MariaDB's `SET STATEMENT
 * max_statement_time=<s> FOR` (the statement only, nothing left in the session), MySQL's
 * MAX_EXECUTION_TIME optimizer hint (SELECT only). Either stops the statement on the server
 * with an error; the driver's own timeout stays as a backstop.
 */
export function limitedText(sql: string, flavour: Flavour, limitMs: number): string {
  if (flavour === 'mariadb') return `SET STATEMENT max_statement_time=${(limitMs / 1000).toFixed(3)} FOR ${sql}`;
  return sql.replace(/^\s*SELECT\b/i, `SELECT /*+ MAX_EXECUTION_TIME(${Math.trunc(limitMs)}) */`);
}

type Flavour = 'mariadb' | 'mysql';

/**
 * A held connection back to its pool. After an author's statement the session is reset first
 * (COM_RESET_CONNECTION: his transaction, locks, variables and temporary tables go) and a
 * connection whose reset fails is dropped; the server's own statements leave nothing to reset.
 */
function giveBack(connection: PoolConnection, authorText: boolean): void {
  if (!authorText) connection.release();
  else connection.reset().then(() => connection.release(), () => connection.destroy());
}

const runOn = async (connection: PoolConnection, sql: string, params: readonly unknown[], options?: QueryOptions): Promise<QueryResult> =>
  (await execute(connection, sql, params, options)).result;

/**
 * MySQL and MariaDB through mysql2; one statement per call, never multiple statements.
 *
 * An author's statement must not leave its session to the next user of the connection (an
 * open transaction, autocommit off, LOCK TABLES, GET_LOCK, SET SESSION, user variables,
 * temporary tables, prepared statements): its connection is reset (COM_RESET_CONNECTION, see
 * giveBack) before the pool hands it out again, after the answer has been given, and a failed
 * reset drops it. A reset keeps the default database, so a connection whose statement changed
 * it (`USE`) is dropped instead of released. A data widget's statement that is the server's
 * text alone (QueryOptions.limited.serverText) skips the reset: two round trips and a write
 * per table page saved (issue 19).
 */
export class MysqlDataSource implements DataSource {
  private readonly pool: Pool;
  private readonly timeLimitMs: number;

  constructor(private readonly settings: ConnectionSettings, private readonly poolMax = DEFAULT_DATASOURCE_POOL_MAX) {
    this.timeLimitMs = settings.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
    this.pool = createPool(this.poolOptions());
  }

  private poolOptions() {
    const { settings, poolMax } = this;
    return {
      host: settings.dbHost,
      port: settings.dbPort,
      user: settings.dbUser,
      password: settings.dbPassword,
      database: settings.dbDatabase,
      connectTimeout: CONNECT_TIMEOUT_MS,
      connectionLimit: poolMax,
      maxIdle: Math.min(2, poolMax),
      idleTimeout: 60_000,
      multipleStatements: false,
      // Reset by giveBack, after an author's statements only.
      resetOnRelease: false,
      // No caller's stack captured per statement (~2% of a busy server's CPU): failures are rethrown as DataSourceError anyway.
      trace: false,
      // Nothing is prepared (see execute), and each reset empties the connection's statement
      // cache by filling arrays of this size: at mysql2's default (16,000) that was ~1% of a busy server's CPU.
      maxPreparedStatements: 1,
      // The capability would put IGNORE_SPACE in a new session's sql_mode, which a reset drops: sessions read alike.
      flags: ['-IGNORE_SPACE'],
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
    };
  }

  /** Whether the server is MariaDB or MySQL, asked once per pool. */
  private flavour: Promise<Flavour> | undefined;

  private flavourOf(connection: PoolConnection): Promise<Flavour> {
    this.flavour ??= runOn(connection, 'SELECT VERSION() AS v', []).then(
      ({ rows }) => (/mariadb/i.test(String(rows[0]?.v)) ? 'mariadb' : 'mysql'),
      (error: unknown) => { this.flavour = undefined; throw error; },
    );
    return this.flavour;
  }

  /** MariaDB's `LIMIT ROWS EXAMINED`: a read that stops after so many rows (tables/frequent-terms.ts). */
  async canLimitRowsExamined(): Promise<boolean> {
    if (this.flavour === undefined) {
      const connection = await connect(this.pool);
      try {
        await this.flavourOf(connection);
      } finally {
        connection.release();
      }
    }
    return (await this.flavour) === 'mariadb';
  }

  /**
   * A small pool of its own for KILL QUERY: the statements' pool may be full of the very
   * statements to stop. Opened on the first cancel.
   */
  private control: Pool | undefined;

  /**
   * Stops the statement running on the connection `threadId` (the same account may stop its
   * own statements without any privilege). The connection is held by its caller until this
   * settles and is then dropped, so the id never names another caller's statement.
   */
  private async kill(threadId: number): Promise<void> {
    this.control ??= createPool({ ...this.poolOptions(), connectionLimit: 2, maxIdle: 1, idleTimeout: 10_000 });
    await this.control.query({ sql: `KILL QUERY ${Math.trunc(threadId)}`, timeout: QUERY_TIMEOUT_MS });
  }

  async query(sql: string, params: readonly unknown[], options?: QueryOptions): Promise<QueryResult> {
    if (options?.limited !== undefined) return this.limitedQuery(sql, params, options, options.limited.signal);
    const connection = await connect(this.pool);
    let ran: Ran;
    try {
      ran = await execute(connection, sql, params, options);
    } catch (error) {
      giveBack(connection, true);
      throw error;
    }
    if (ran.changedSchema) connection.destroy();
    // Reset (a round trip) and released once the caller's answer is on its way, not before it.
    else setImmediate(() => giveBack(connection, true));
    return ran.result;
  }

  /** A data widget's statement: under the time limit, killed when its caller goes away (QueryOptions.limited). */
  private async limitedQuery(sql: string, params: readonly unknown[], options: QueryOptions, signal: AbortSignal | undefined): Promise<QueryResult> {
    throwIfAbandoned(signal);
    const connection = await connect(this.pool);
    const watch = watchCancel(signal, () => this.kill(connection.threadId));
    let ran: Ran;
    try {
      const text = limitedText(sql, await this.flavourOf(connection), this.timeLimitMs);
      ran = await execute(connection, text, params, options, this.timeLimitMs + TIME_LIMIT_GRACE_MS);
    } catch (error) {
      watch.stop();
      if (watch.cancelling !== undefined) {
        await watch.cancelling;
        connection.destroy();
        throw cancelled(error);
      }
      if (!isTimeLimit(error)) {
        giveBack(connection, options.limited?.serverText !== true);
        throw error;
      }
      // Past the driver's backstop the statement may still run on the server: stop it there too.
      await this.kill(connection.threadId).catch(() => undefined);
      connection.destroy();
      throw timeLimitReached(error);
    }
    watch.stop();
    if (watch.cancelling !== undefined) {
      // A KILL QUERY that came after the answer must not meet the connection's next statement.
      await watch.cancelling;
      connection.destroy();
    } else if (ran.changedSchema) connection.destroy();
    else giveBack(connection, options.limited?.serverText !== true);
    return ran.result;
  }

  async transaction<T>(body: (tx: Queryable) => Promise<T>): Promise<T> {
    const connection = await connect(this.pool);
    try {
      await runOn(connection, 'START TRANSACTION', []);
      const result = await body({ query: (sql, params, options) => runOn(connection, sql, params, options) });
      await runOn(connection, 'COMMIT', []);
      giveBack(connection, true);
      return result;
    } catch (error) {
      // A connection that cannot even roll back is not given back to the pool.
      await connection.rollback().then(() => giveBack(connection, true), () => connection.destroy());
      throw error;
    }
  }

  async tables(): Promise<TableInfo[]> {
    const { rows } = await this.query(
      `SELECT TABLE_NAME AS table_name, COLUMN_NAME, COLUMN_KEY, DATA_TYPE
         FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, ORDINAL_POSITION`,
      [this.settings.dbDatabase],
      { maxRows: 100_000 },
    );
    return groupColumns(rows.map((r) => ({
      table: String(r.table_name), name: String(r.COLUMN_NAME), key: String(r.COLUMN_KEY ?? ''), type: String(r.DATA_TYPE),
    })));
  }

  quote(identifier: string): string {
    return `\`${identifier.replaceAll('`', '``')}\``;
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.end().catch(() => undefined), this.control?.end().catch(() => undefined)]);
  }
}

/** Column rows, table by table, into the shape getDbDetails answers. */
export function groupColumns(columns: { table: string; name: string; key: string; type: string }[]): TableInfo[] {
  const tables = new Map<string, TableInfo>();
  for (const column of columns) {
    let table = tables.get(column.table);
    if (table === undefined) {
      table = { table_name: column.table, columns: [] };
      tables.set(column.table, table);
    }
    table.columns.push({ COLUMN_NAME: column.name, COLUMN_KEY: column.key === 'PRI' ? 'PRI' : '', DATA_TYPE: column.type });
  }
  return [...tables.values()];
}
