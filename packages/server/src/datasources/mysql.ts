import { createPool, type Pool, type PoolConnection, type ResultSetHeader, type RowDataPacket } from 'mysql2/promise';
import { mysqlFailure } from './errors';
import {
  capRows, CONNECT_TIMEOUT_MS, type ConnectionSettings, type DataSource, type Queryable, type QueryOptions,
  type QueryResult, QUERY_TIMEOUT_MS, type TableInfo,
} from './types';
import { DEFAULT_DATASOURCE_POOL_MAX } from '../lifecycle/settings';

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

/** One statement on a held connection. */
async function execute(connection: PoolConnection, sql: string, params: readonly unknown[], options?: QueryOptions): Promise<Ran> {
  try {
    // keepPrepared is not used here: every connection is reset when released (resetOnRelease),
    // which closes its prepared statements, so preparing would cost a round trip per use.
    const [result] = await connection.query({ sql, timeout: QUERY_TIMEOUT_MS }, params as unknown[]);
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

const runOn = async (connection: PoolConnection, sql: string, params: readonly unknown[], options?: QueryOptions): Promise<QueryResult> =>
  (await execute(connection, sql, params, options)).result;

/**
 * MySQL and MariaDB through mysql2; one statement per call, never multiple statements.
 *
 * An author's statement must not leave its session to the next user of the connection (an
 * open transaction, autocommit off, LOCK TABLES, GET_LOCK, SET SESSION, user variables,
 * temporary tables, prepared statements): every connection is reset (COM_RESET_CONNECTION,
 * mysql2's resetOnRelease) before the pool hands it out again, after the answer has been
 * given, and a failed reset drops it. A reset keeps the default database, so a connection
 * whose statement changed it (`USE`) is dropped instead of released.
 */
export class MysqlDataSource implements DataSource {
  private readonly pool: Pool;

  constructor(private readonly settings: ConnectionSettings, poolMax = DEFAULT_DATASOURCE_POOL_MAX) {
    this.pool = createPool({
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
      resetOnRelease: true,
      // The capability would put IGNORE_SPACE in a new session's sql_mode, which a reset drops: sessions read alike.
      flags: ['-IGNORE_SPACE'],
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
    });
  }

  async query(sql: string, params: readonly unknown[], options?: QueryOptions): Promise<QueryResult> {
    const connection = await connect(this.pool);
    let ran: Ran;
    try {
      ran = await execute(connection, sql, params, options);
    } catch (error) {
      connection.release();
      throw error;
    }
    if (ran.changedSchema) connection.destroy();
    else connection.release();
    return ran.result;
  }

  async transaction<T>(body: (tx: Queryable) => Promise<T>): Promise<T> {
    const connection = await connect(this.pool);
    try {
      await runOn(connection, 'START TRANSACTION', []);
      const result = await body({ query: (sql, params, options) => runOn(connection, sql, params, options) });
      await runOn(connection, 'COMMIT', []);
      connection.release();
      return result;
    } catch (error) {
      // A connection that cannot even roll back is not given back to the pool.
      await connection.rollback().then(() => connection.release(), () => connection.destroy());
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
    await this.pool.end().catch(() => undefined);
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
