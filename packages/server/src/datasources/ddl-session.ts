import { DatabaseSync } from '@photostructure/sqlite';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { mysqlFailure, postgresFailure, sqliteFailure } from './errors';
import { sqliteFile } from './sqlite';
import { CONNECT_TIMEOUT_MS, type ConnectionSettings } from './types';

/**
 * A connection of its own for a long statement of the server's (building an index on a big
 * table): outside the pool, so it neither holds one of the pool's few connections for
 * minutes nor runs under the pool's statement time limit, and with the session's id, by
 * which the engine's progress views name it. Only for statements the server built from
 * checked identifiers, never an author's text.
 */
export interface DdlSession {
  /** The engine's id of the session (pg_backend_pid(), CONNECTION_ID()). */
  sessionId: number;
  run(sql: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A DDL session on the connection's database. SQLite: a second connection to the
 * application's file (SQLite's locks keep the two apart), with the same limits as the
 * data source's but without the authorizer, which is there for an author's SQL; it lets a
 * trigger body hold several statements, which the data source refuses to an author.
 */
export async function openDdlSession(settings: ConnectionSettings, dataDir: string): Promise<DdlSession> {
  if (settings.dbType === 'postgres') {
    const client = new pg.Client({
      host: settings.dbHost, port: settings.dbPort, user: settings.dbUser, password: settings.dbPassword,
      database: settings.dbDatabase, connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client.on('error', () => undefined);
    await client.connect().catch((error: unknown) => { throw postgresFailure(error, 'connect'); });
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return {
      sessionId: Number(rows[0]?.pid),
      run: async (sql) => { await client.query(sql).catch((error: unknown) => { throw postgresFailure(error, 'statement'); }); },
      close: () => client.end().catch(() => undefined),
    };
  }
  if (settings.dbType === 'mysql') {
    const connection = await createConnection({
      host: settings.dbHost, port: settings.dbPort, user: settings.dbUser, password: settings.dbPassword,
      database: settings.dbDatabase, connectTimeout: CONNECT_TIMEOUT_MS, multipleStatements: false,
    }).catch((error: unknown) => { throw mysqlFailure(error, 'connect'); });
    connection.on('error', () => undefined);
    const [rows] = await connection.query('SELECT CONNECTION_ID() AS id');
    return {
      sessionId: Number((rows as { id: number }[])[0]?.id),
      run: async (sql) => { await connection.query(sql).catch((error: unknown) => { throw mysqlFailure(error, 'statement'); }); },
      close: () => connection.end().catch(() => undefined),
    };
  }
  let db: InstanceType<typeof DatabaseSync>;
  try {
    db = new DatabaseSync(sqliteFile(dataDir, settings.dbAppId, settings.dbDatabase), { timeout: 5000, allowExtension: false, defensive: true, limits: { attach: 0 } });
  } catch (error) {
    throw sqliteFailure(error, undefined, 'open');
  }
  return {
    sessionId: 0,
    run: async (sql) => {
      try {
        db.exec(sql);
      } catch (error) {
        throw sqliteFailure(error, (error as { sqliteCodeName?: string }).sqliteCodeName, 'statement');
      }
    },
    close: async () => { if (db.isOpen) db.close(); },
  };
}
