import { createPool, type Pool, type PoolConnection, type ResultSetHeader, type RowDataPacket } from 'mysql2/promise';
import { mysqlFailure } from './errors';
import {
  capRows, CONNECT_TIMEOUT_MS, type ConnectionSettings, type DataSource, type Queryable, type QueryOptions,
  type QueryResult, QUERY_TIMEOUT_MS, type TableInfo,
} from './types';

/** A connection of the pool; opening the session and running a statement fail in different ways (see mysqlFailure). */
async function connect(pool: Pool): Promise<PoolConnection> {
  try {
    return await pool.getConnection();
  } catch (error) {
    throw mysqlFailure(error, 'connect');
  }
}

/** One statement on a held connection. */
async function runOn(connection: PoolConnection, sql: string, params: readonly unknown[], options?: QueryOptions): Promise<QueryResult> {
  try {
    // A kept statement is prepared on the connection once (mysql2 keeps it by text), then only executed.
    const [result] = options?.keepPrepared === true
      ? await connection.execute({ sql, timeout: QUERY_TIMEOUT_MS }, params as Parameters<PoolConnection['execute']>[1])
      : await connection.query({ sql, timeout: QUERY_TIMEOUT_MS }, params as unknown[]);
    if (Array.isArray(result)) return { ...capRows(result as RowDataPacket[], options?.maxRows), affectedRows: 0 };
    const header = result as ResultSetHeader;
    return { kind: 'write', rows: [], truncated: false, affectedRows: header.affectedRows, insertId: header.insertId };
  } catch (error) {
    throw mysqlFailure(error, 'statement');
  }
}

/** MySQL and MariaDB through mysql2; one statement per call, never multiple statements. */
export class MysqlDataSource implements DataSource {
  private readonly pool: Pool;

  constructor(private readonly settings: ConnectionSettings) {
    this.pool = createPool({
      host: settings.dbHost,
      port: settings.dbPort,
      user: settings.dbUser,
      password: settings.dbPassword,
      database: settings.dbDatabase,
      connectTimeout: CONNECT_TIMEOUT_MS,
      connectionLimit: 5,
      maxIdle: 2,
      idleTimeout: 60_000,
      multipleStatements: false,
      // Statements kept prepared per connection (QueryOptions.keepPrepared: the row writes); the oldest is closed past this.
      maxPreparedStatements: 100,
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
    });
  }

  async query(sql: string, params: readonly unknown[], options?: QueryOptions): Promise<QueryResult> {
    const connection = await connect(this.pool);
    try {
      return await runOn(connection, sql, params, options);
    } finally {
      connection.release();
    }
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
