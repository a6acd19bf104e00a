import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import {
  CamelCasePlugin, CompiledQuery, type DatabaseConnection, type Dialect, type Driver, Kysely, MysqlDialect, PostgresDialect,
  type SqliteDatabase, SqliteDialect, type SqliteDialectConfig, SqliteDriver, type SqliteStatement,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import { createPool as createMysqlPool } from 'mysql2';
import pg from 'pg';
import { ensureOwnerOnlyFile } from '../security/owner-only';
import { loadMigrations, MIGRATION_NAMES } from './migration-folder';
import { DEFAULT_READ_CACHE_MS, InvalidateOnWrite, ReadCache } from './read-cache';
import type { Database } from './schema';
import { registerEmbeddedFile } from './sqlite-writer';

export type Store = Kysely<Database>;

/**
 * Node's built-in SQLite (node:sqlite) as Kysely's SQLite driver expects a database: values as
 * an array, and whether a statement returns rows (`reader`: it names result columns).
 *
 * Kysely prepares every query anew; compiled statements are reusable, and the store runs the same
 * few dozen queries all day, so each text is compiled once. Kysely's SQLite driver hands its one
 * connection out under a mutex, so a cached statement is never run twice at once.
 */
export function kyselySqliteDatabase(database: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  const statementOf = (statement: StatementSync): SqliteStatement => ({
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...(parameters as SqliteValue[])),
    run: (parameters) => statement.run(...(parameters as SqliteValue[])),
    iterate: (parameters) => statement.iterate(...(parameters as SqliteValue[])),
  });
  return {
    prepare: (sql) => {
      let statement = cache.get(sql);
      if (statement === undefined) {
        statement = statementOf(database.prepare(sql));
        if (cache.size > 500) cache.clear();
        cache.set(sql, statement);
      }
      return statement;
    },
    close: () => {
      cache.clear();
      if (database.isOpen) database.close();
    },
  };
}

/** What node:sqlite binds: Kysely's parameters are the store's values, which are all of these. */
type SqliteValue = null | number | bigint | string | NodeJS.ArrayBufferView;

const embeddedStoreFile = (dataDir: string) => path.join(dataDir, 'rakit.db');

/**
 * Transactions that take the write lock when they begin (BEGIN IMMEDIATE). The file has a second
 * writer, the audit log's thread (sqlite-writer.ts): a deferred transaction that read before it
 * wrote would keep a snapshot that thread's commit makes stale, and its write would then fail at
 * once ("database is locked", SQLITE_BUSY_SNAPSHOT, no busy wait). An immediate one waits its
 * turn (busy_timeout) and never holds a stale snapshot.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class EmbeddedSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

/** The metadata store's dialect from DATABASE_URL; the embedded SQLite file when unset. */
function dialectFor(databaseUrl: string | undefined, dataDir: string, poolMax: number): Dialect {
  if (databaseUrl === undefined) {
    const storeFile = embeddedStoreFile(dataDir);
    // SQLite gives its -wal and -shm files the database file's permissions.
    ensureOwnerOnlyFile(storeFile);
    const file = new DatabaseSync(storeFile, { timeout: 5000 });
    file.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL');
    return new EmbeddedSqliteDialect({ database: kyselySqliteDatabase(file) });
  }
  const protocol = new URL(databaseUrl).protocol;
  if (protocol === 'postgres:' || protocol === 'postgresql:') {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax });
    // An idle connection the server drops (a restart, an administrator's terminate) must not
    // crash the process: the pool opens a new one for the next query.
    pool.on('error', () => undefined);
    return new PostgresDialect({ pool });
  }
  if (protocol === 'mysql:' || protocol === 'mariadb:') {
    const uri = databaseUrl.replace(/^mariadb:/, 'mysql:');
    return new MysqlDialect({ pool: createMysqlPool({ uri, connectionLimit: poolMax, charset: 'utf8mb4' }) });
  }
  throw new Error(`DATABASE_URL must start with postgres://, mysql:// or mariadb:// (got ${protocol})`);
}

/** Connections one process opens at most to a PostgreSQL/MySQL store (RAKIT_STORE_POOL_MAX). */
export const DEFAULT_STORE_POOL_MAX = 10;

const readCaches = new WeakMap<Store, ReadCache>();

/**
 * The metadata store. `poolMax` (RAKIT_STORE_POOL_MAX) bounds the connections to PostgreSQL or
 * MySQL this process opens: N replicas open at most N × poolMax (README "Scaling out").
 */
export function openStore(databaseUrl: string | undefined, dataDir: string, options: { poolMax?: number } = {}): Store {
  const cache = new ReadCache(DEFAULT_READ_CACHE_MS);
  const store = new Kysely<Database>({ dialect: dialectFor(databaseUrl, dataDir, options.poolMax ?? DEFAULT_STORE_POOL_MAX), plugins: [new CamelCasePlugin(), new InvalidateOnWrite(cache)] });
  readCaches.set(store, cache);
  if (databaseUrl === undefined) registerEmbeddedFile(store, embeddedStoreFile(dataDir));
  return store;
}

/** The read cache emptied by every write through `store`, which must come from openStore. */
export function readCacheOf(store: Store): ReadCache {
  const cache = readCaches.get(store);
  if (cache === undefined) throw new Error('The store was not opened with openStore: it has no read cache emptied by its writes');
  return cache;
}

/** The newest migration this code knows: a store without it is not ready for this code (see /readyz). */
export const LATEST_MIGRATION = MIGRATION_NAMES.at(-1) as string;

export async function migrateToLatest(db: Store): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: loadMigrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
