import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sqliteFile } from '../../src/datasources/sqlite';

/** An application's own SQLite database file, created with the given statements. */
export function createSqliteDatabase(dataDir: string, appId: number, name: string, createSql: string): void {
  const file = sqliteFile(dataDir, appId, name);
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new SqliteDatabase(file);
  db.exec(createSql);
  db.close();
}
