import { Worker } from 'node:worker_threads';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { mysqlFailure, postgresFailure, sqliteFailure } from './errors';
import { sqliteCodeName } from './sqlite';
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

/** A DDL session on a PostgreSQL database: its own client, outside the pool. */
export async function openPostgresDdlSession(settings: ConnectionSettings): Promise<DdlSession> {
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

/** A DDL session on a MariaDB/MySQL database: its own connection, outside the pool. */
export async function openMysqlDdlSession(settings: ConnectionSettings): Promise<DdlSession> {
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

/**
 * The SQLite driver is synchronous: filling an FTS5 table over a big table would hold the
 * server's one thread for seconds (4 s for 300,000 rows on a loaded machine). The statements
 * run in a worker thread of their own instead, on its own connection to the file, with the
 * data source's limits (defensive, no extensions, nothing attached).
 */
const SQLITE_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
let db;
try {
  db = new DatabaseSync(workerData.file, { timeout: 5000, allowExtension: false, defensive: true, limits: { attach: 0 } });
  parentPort.postMessage({ opened: true });
} catch (error) {
  parentPort.postMessage({ opened: false, message: String(error && error.message), errcode: error && error.errcode });
}
parentPort.on('message', (sql) => {
  if (sql === null) { if (db && db.isOpen) db.close(); parentPort.close(); return; }
  try { db.exec(sql); parentPort.postMessage({ ok: true }); }
  catch (error) { parentPort.postMessage({ ok: false, message: String(error && error.message), errcode: error && error.errcode }); }
});
`;

interface WorkerAnswer { opened?: boolean; ok?: boolean; message?: string; errcode?: number }

/**
 * A DDL session on a SQLite file: a second connection to the application's file (SQLite's locks
 * keep the two apart), with the same limits as the data source's but without the authorizer,
 * which is there for an author's SQL; it lets a trigger body hold several statements, which the
 * data source refuses to an author.
 */
export async function openSqliteDdlSession(file: string): Promise<DdlSession> {
  const worker = new Worker(SQLITE_WORKER, { eval: true, workerData: { file } });
  const next = () => new Promise<WorkerAnswer>((resolve, reject) => {
    const onError = (error: Error) => { worker.off('message', onMessage); reject(error); };
    const onMessage = (answer: WorkerAnswer) => { worker.off('error', onError); resolve(answer); };
    worker.once('message', onMessage);
    worker.once('error', onError);
  });
  const opened = await next().catch((error: unknown) => ({ opened: false, message: String(error) }) as WorkerAnswer);
  if (opened.opened !== true) {
    await worker.terminate();
    throw sqliteFailure(new Error(opened.message), sqliteCodeName(opened.errcode), 'open');
  }
  return {
    sessionId: 0,
    run: async (sql) => {
      const answer = next();
      worker.postMessage(sql);
      const { ok, message, errcode } = await answer.catch((error: unknown) => ({ ok: false, message: String(error) }) as WorkerAnswer);
      if (ok !== true) throw sqliteFailure(new Error(message), sqliteCodeName(errcode), 'statement');
    },
    close: async () => {
      worker.postMessage(null);
      await new Promise((resolve) => { worker.once('exit', resolve); });
    },
  };
}

