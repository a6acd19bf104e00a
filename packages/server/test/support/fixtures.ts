import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
// The driver the server opens applications' SQLite files with: two SQLite libraries in one
// process do not see each other's file locks.
import { DatabaseSync } from 'node:sqlite';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { sqliteFile } from '../../src/datasources/sqlite';
import type { Store } from '../../src/store/db';
import type { EngineName } from './engines';

/** An application's own SQLite database file, created with the given statements. */
export function createSqliteDatabase(dataDir: string, appId: number, name: string, createSql: string): void {
  const file = sqliteFile(dataDir, appId, name);
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec(createSql);
  db.close();
}

/** Every row the administration routes read or write, in a stable order: to show a refused call changed nothing. */
export async function storeRows(store: Store) {
  return {
    users: await store.selectFrom('users').selectAll().orderBy('userId').execute(),
    userGroups: await store.selectFrom('userGroups').selectAll().orderBy('groupId').execute(),
    groupMembers: await store.selectFrom('groupMembers').selectAll().orderBy('groupId').orderBy('userId').execute(),
    groupMenuAccess: await store.selectFrom('groupMenuAccess').selectAll().orderBy('groupId').orderBy('menuId').execute(),
    menus: await store.selectFrom('menus').selectAll().orderBy('menuId').execute(),
    pages: await store.selectFrom('pages').selectAll().orderBy('pageId').execute(),
    dbConfigs: await store.selectFrom('dbConfigs').selectAll().orderBy('dbId').execute(),
  };
}

/** A test table on one application database engine: the connection body for saveDbConfig, and raw access for setup. */
export interface AppTable {
  table: string;
  dbBody: Record<string, unknown>;
  /** Runs statements (setup only: never with caller-supplied text). */
  exec(sql: string): Promise<void>;
  drop(): Promise<void>;
}

export const MYSQL_TEST_DB = 'mysql://root@127.0.0.1:3306/test';
export const POSTGRES_TEST_DB = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A uniquely named table on the engine's test database (SQLite: a file of the application),
 * created with `createSql(quotedName)`; `drop` removes it.
 */
export async function createAppTable(
  engine: EngineName, dataDir: string, appId: number, prefix: string, createSql: (quoted: string, engine: EngineName) => string,
): Promise<AppTable> {
  const table = `${prefix}_${randomBytes(4).toString('hex')}`;
  let exec: (sql: string) => Promise<void>;
  let dbBody: Record<string, unknown>;
  if (engine === 'mysql') {
    exec = async (sql) => { const c = await createConnection({ uri: MYSQL_TEST_DB, multipleStatements: true }); await c.query(sql); await c.end(); };
    dbBody = { dbType: 'mysql', dbHost: '127.0.0.1', dbPort: 3306, dbUser: 'root', dbPassword: '', dbDatabase: 'test' };
  } else if (engine === 'postgres') {
    exec = async (sql) => { const c = new pg.Client({ connectionString: POSTGRES_TEST_DB }); await c.connect(); await c.query(sql); await c.end(); };
    dbBody = { dbType: 'postgres', dbHost: '127.0.0.1', dbPort: 5432, dbUser: 'postgres', dbPassword: '', dbDatabase: 'test' };
  } else {
    const file = `${prefix}.db`;
    createSqliteDatabase(dataDir, appId, file, 'SELECT 1');
    exec = async (sql) => { const db = new DatabaseSync(sqliteFile(dataDir, appId, file)); db.exec(sql); db.close(); };
    dbBody = { dbType: 'sqlite', dbDatabase: file };
  }
  const quoted = engine === 'mysql' ? `\`${table}\`` : `"${table}"`;
  await exec(createSql(quoted, engine));
  return { table, dbBody, exec, drop: () => (engine === 'sqlite' ? Promise.resolve() : exec(`DROP TABLE IF EXISTS ${quoted}`)) };
}
