import { createHash } from 'node:crypto';
import pg from 'pg';
import { groupColumns } from './mysql';
import { toNumberedPlaceholders } from './placeholders';
import { throwIfAbandoned, watchCancel } from './cancel';
import { postgresFailure } from './errors';
import {
  cancelled, capRows, CONNECT_TIMEOUT_MS, type ConnectionSettings, type DataSource, DataSourceError, DEFAULT_DATASOURCE_POOL_MAX, DEFAULT_TIME_LIMIT_MS,
  type Queryable, type QueryOptions, quoteAnsi, type QueryResult, QUERY_TIMEOUT_MS, type TableInfo, TIME_LIMIT_GRACE_MS,
  timeLimitReached,
} from './types';

/** A client of the pool; opening the session and running a statement fail in different ways (see postgresFailure). */
async function connect(pool: pg.Pool): Promise<pg.PoolClient> {
  try {
    return await pool.connect();
  } catch (error) {
    throw postgresFailure(error, 'connect');
  }
}

/** The names of statements kept prepared (QueryOptions.keepPrepared), by text: the same text has the same name on every client. */
const preparedNames = new Map<string, string>();
const PREPARED_NAMES_KEPT = 1000;

function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (name === undefined) {
    name = `rakit_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    if (preparedNames.size >= PREPARED_NAMES_KEPT) preparedNames.delete(preparedNames.keys().next().value as string);
    preparedNames.set(text, name);
  }
  return name;
}

/** Clients whose kept statement failed: one whose table changed under it would fail again, so it is not reused. */
const spoiled = new WeakSet<pg.PoolClient>();

/** One statement on a held client. */
async function runOn(client: pg.PoolClient, sql: string, params: readonly unknown[], options?: QueryOptions): Promise<QueryResult> {
  try {
    const text = toNumberedPlaceholders(sql);
    const result = options?.keepPrepared === true
      ? await client.query({ name: preparedName(text), text, values: params as unknown[] }).catch((error: unknown) => {
        spoiled.add(client);
        throw error;
      })
      // The server's own text (a table widget's read) leaves nothing to DISCARD.
      : await (options?.limited?.serverText === true ? client : sentByAuthor(client)).query(text, params as unknown[]);
    if (result.command === 'SELECT' || result.fields.length > 0) {
      return { ...capRows(result.rows, options?.maxRows), affectedRows: result.command === 'SELECT' ? 0 : result.rowCount ?? 0 };
    }
    return { kind: 'write', rows: [], truncated: false, affectedRows: result.rowCount ?? 0 };
  } catch (error) {
    throw postgresFailure(error, 'statement');
  }
}

/** Clients that ran a statement not kept prepared (an author's text, or one that may carry it) since they were taken. */
const authored = new WeakSet<pg.PoolClient>();

function sentByAuthor(client: pg.PoolClient): pg.PoolClient {
  authored.add(client);
  return client;
}

/**
 * Gives a client back to the pool with nothing of an author's session left: a client inside a
 * transaction (pg keeps the transaction status of the server's last ReadyForQuery) is dropped,
 * which rolls it back. One that ran anything but the server's kept statements and own text
 * (QueryOptions.limited.serverText) runs DISCARD ALL
 * (settings, role, LISTEN, advisory locks, prepared statements, cursors, temporary tables) and
 * forgets which statements pg had prepared on it; it is dropped if that fails. One that ran only
 * kept statements changed nothing and keeps them prepared. The caller has its answer already:
 * the reset costs the pool a round trip, not the caller.
 */
function releaseClean(client: pg.PoolClient): void {
  if (client.getTransactionStatus() !== 'I') {
    client.release(new Error('The session was left inside a transaction'));
    return;
  }
  if (!authored.has(client)) {
    client.release();
    return;
  }
  authored.delete(client);
  client.query('DISCARD ALL').then(() => {
    // pg's record of the statements it prepared on this session (not in its types): DISCARD ALL closed them all.
    (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements = {};
    client.release();
  }, (failure: unknown) => client.release(failure as Error));
}

/** The server's error for a statement stopped by statement_timeout or a cancel request. */
const isCancelledOnServer = (error: unknown) => error instanceof DataSourceError && (error.cause as { code?: unknown } | undefined)?.code === '57014';

/**
 * PostgreSQL through pg; `?` placeholders become `$n`. An author's statement must not leave
 * its session to the next user of the client: see releaseClean.
 *
 * The connection's time limit is every session's statement_timeout, given when it opens: a
 * data widget's statement pays no round trip for it (a SET LOCAL would cost three: BEGIN, SET,
 * COMMIT), and DISCARD ALL (releaseClean) puts back this value, not the server's default. So it
 * also bounds the author's own SQL and the row writes on this connection.
 */
export class PostgresDataSource implements DataSource {
  private readonly pool: pg.Pool;

  constructor(private readonly settings: ConnectionSettings, poolMax = DEFAULT_DATASOURCE_POOL_MAX) {
    this.pool = new pg.Pool(this.poolOptions(poolMax));
    // An idle client that loses its server must not crash the process.
    this.pool.on('error', () => undefined);
  }

  private poolOptions(max: number): pg.PoolConfig {
    const settings = this.settings;
    const limit = settings.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
    return {
      host: settings.dbHost,
      port: settings.dbPort,
      user: settings.dbUser,
      password: settings.dbPassword,
      database: settings.dbDatabase,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: limit,
      query_timeout: Math.max(limit + TIME_LIMIT_GRACE_MS, QUERY_TIMEOUT_MS),
      max,
      idleTimeoutMillis: 60_000,
    };
  }

  /**
   * A small pool of its own for pg_cancel_backend: the statements' pool may be full of the
   * very statements to stop. Opened on the first cancel.
   */
  private control: pg.Pool | undefined;

  /**
   * Stops the statement of the backend `pid` (the same role may cancel its own backends). The
   * client is held by its caller until this settles and is then dropped, so the pid never
   * names another caller's statement.
   */
  private async cancel(pid: number): Promise<void> {
    if (this.control === undefined) {
      this.control = new pg.Pool({ ...this.poolOptions(2), idleTimeoutMillis: 10_000 });
      this.control.on('error', () => undefined);
    }
    await this.control.query('SELECT pg_cancel_backend($1)', [pid]);
  }

  /** A data widget's statement: under the session's time limit, cancelled when its caller goes away (QueryOptions.limited). */
  private async limitedQuery(sql: string, params: readonly unknown[], options: QueryOptions, signal: AbortSignal | undefined): Promise<QueryResult> {
    throwIfAbandoned(signal);
    const client = await connect(this.pool);
    const pid = (client as unknown as { processID: number }).processID;
    const watch = watchCancel(signal, () => this.cancel(pid));
    let result: QueryResult;
    try {
      result = await runOn(client, sql, params, options);
    } catch (error) {
      watch.stop();
      await watch.cancelling;
      client.release(error as Error);
      if (watch.cancelling !== undefined) throw cancelled(error);
      throw isCancelledOnServer(error) ? timeLimitReached(error) : error;
    }
    watch.stop();
    if (watch.cancelling !== undefined) {
      // A cancel that came after the answer must not meet the client's next statement.
      await watch.cancelling;
      client.release(new Error('Cancelled'));
    } else releaseClean(client);
    return result;
  }

  async query(sql: string, params: readonly unknown[], options?: QueryOptions): Promise<QueryResult> {
    if (options?.limited !== undefined) return this.limitedQuery(sql, params, options, options.limited.signal);
    const client = await connect(this.pool);
    let result: QueryResult;
    try {
      result = await runOn(client, sql, params, options);
    } catch (error) {
      // As pool.query does: a client that failed is not reused.
      client.release(error as Error);
      throw error;
    }
    releaseClean(client);
    return result;
  }

  async transaction<T>(body: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await connect(this.pool);
    try {
      await client.query('BEGIN').catch((error: unknown) => { throw postgresFailure(error, 'statement'); });
      const result = await body({ query: (sql, params, options) => runOn(client, sql, params, options) });
      await client.query('COMMIT').catch((error: unknown) => { throw postgresFailure(error, 'statement'); });
      releaseClean(client);
      return result;
    } catch (error) {
      // A client that cannot even roll back is dropped instead of going back to the pool.
      await client.query('ROLLBACK').then(
        () => (spoiled.has(client) ? client.release(error as Error) : releaseClean(client)),
        (failure: unknown) => client.release(failure as Error),
      );
      throw error;
    }
  }

  async tables(): Promise<TableInfo[]> {
    const { rows } = await this.query(
      `SELECT c.table_name, c.column_name, c.data_type,
              CASE WHEN k.column_name IS NULL THEN '' ELSE 'PRI' END AS column_key
         FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
         LEFT JOIN information_schema.table_constraints tc
           ON tc.table_schema = c.table_schema AND tc.table_name = c.table_name AND tc.constraint_type = 'PRIMARY KEY'
         LEFT JOIN information_schema.key_column_usage k
           ON k.constraint_name = tc.constraint_name AND k.table_schema = c.table_schema
          AND k.table_name = c.table_name AND k.column_name = c.column_name
        WHERE c.table_schema = current_schema()
        ORDER BY c.table_name, c.ordinal_position`,
      [],
      { maxRows: 100_000 },
    );
    return groupColumns(rows.map((r) => ({
      table: String(r.table_name), name: String(r.column_name), key: String(r.column_key), type: String(r.data_type),
    })));
  }

  quote(identifier: string): string {
    return quoteAnsi(identifier);
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.end().catch(() => undefined), this.control?.end().catch(() => undefined)]);
  }
}
