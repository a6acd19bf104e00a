import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sqliteFile } from '../../src/datasources/sqlite';
import type { Store } from '../../src/store/db';

/** An application's own SQLite database file, created with the given statements. */
export function createSqliteDatabase(dataDir: string, appId: number, name: string, createSql: string): void {
  const file = sqliteFile(dataDir, appId, name);
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new SqliteDatabase(file);
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
