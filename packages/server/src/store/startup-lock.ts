import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Store } from './db';
import { engineOf } from './dialect';

/**
 * One lock per store for what a starting process does once (migrations, the first seeding), so
 * that replicas started together take turns: the first does the work, the others find it done.
 *
 * PostgreSQL: a session advisory lock (scoped to the database); MySQL/MariaDB: GET_LOCK under a
 * name holding the database's digest (its locks are server-wide); both are held on one connection of
 * the pool and die with it, so a replica killed while holding the lock frees it. SQLite (several
 * processes sharing one data folder): a lock row taken by an upsert under SQLite's write lock,
 * with a lease, since a process killed while holding it cannot release it.
 */
const POSTGRES_LOCK_KEY = 726_348_201;
const LOCK_NAME = 'rakit-startup';
const POLL_MS = 100;

export class StartupLockTimeout extends Error {}

const timedOut = (timeoutMs: number) =>
  new StartupLockTimeout(`Another process has held the store's start-up lock for over ${timeoutMs} ms (RAKIT_STARTUP_LOCK_TIMEOUT_MS): is a migration still running there?`);

const pause = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));

export async function withStartupLock<T>(store: Store, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  const engine = engineOf(store as never);
  if (engine === 'sqlite') return withLockRow(store, timeoutMs, work);
  // The lock's connection stays out of the pool for the work's duration: the work uses others.
  return store.connection().execute(async (connection) => {
    if (engine === 'postgres') {
      const deadline = Date.now() + timeoutMs;
      // Polled rather than pg_advisory_lock: a session setting (lock_timeout) would stay on the pooled connection.
      for (;;) {
        const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${POSTGRES_LOCK_KEY}) AS locked`.execute(connection);
        if (rows[0]?.locked === true) break;
        if (Date.now() > deadline) throw timedOut(timeoutMs);
        await pause();
      }
      try {
        return await work();
      } finally {
        await sql`SELECT pg_advisory_unlock(${POSTGRES_LOCK_KEY})`.execute(connection);
      }
    }
    // Lock names are at most 64 characters; a database's name may be as long.
    const name = sql`CONCAT(${LOCK_NAME + ':'}, MD5(DATABASE()))`;
    const { rows } = await sql<{ locked: number | null }>`SELECT GET_LOCK(${name}, ${Math.ceil(timeoutMs / 1000)}) AS locked`.execute(connection);
    if (Number(rows[0]?.locked) !== 1) throw timedOut(timeoutMs);
    try {
      return await work();
    } finally {
      await sql`SELECT RELEASE_LOCK(${name})`.execute(connection);
    }
  });
}

async function withLockRow<T>(store: Store, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  // Outside the migrations: it must exist before they run. Not in the schema's types for the same reason.
  await sql`CREATE TABLE IF NOT EXISTS rakit_startup_lock (name TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at INTEGER NOT NULL)`.execute(store);
  const holder = randomUUID();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = Date.now();
    await sql`INSERT INTO rakit_startup_lock (name, holder, expires_at) VALUES (${LOCK_NAME}, ${holder}, ${now + timeoutMs})
      ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at WHERE rakit_startup_lock.expires_at < ${now}`.execute(store);
    const { rows } = await sql<{ holder: string }>`SELECT holder FROM rakit_startup_lock WHERE name = ${LOCK_NAME}`.execute(store);
    if (rows[0]?.holder === holder) break;
    if (now > deadline) throw timedOut(timeoutMs);
    await pause();
  }
  try {
    return await work();
  } finally {
    await sql`DELETE FROM rakit_startup_lock WHERE name = ${LOCK_NAME} AND holder = ${holder}`.execute(store);
  }
}
