import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type BundleSqliteTable, hasStackedStatements, MAX_BUNDLE_SQLITE_ROWS } from '@rakit/core';
import { DatabaseSync } from 'node:sqlite';
import { SqliteDataSource, sqliteFile, sqliteFolder } from '../datasources/sqlite';
import { quoteAnsi } from '../datasources/types';
import { badRequest, local } from '../errors/http-errors';
import { ensureOwnerOnlyFile, OWNER_ONLY_FOLDERS } from '../security/owner-only';

/*
 * An application's embedded SQLite databases travel in its bundle as tables and rows (the
 * seeded demo's shop), so that a copy's data widgets have data. Reading is ours (the file is
 * opened read-only); writing is an author's: every statement of a bundle runs through the same
 * SqliteDataSource, authorizer and one-file lock as his own SQL, into a file of the new
 * application's folder.
 */

type Cell = string | number | boolean | null;

function cellOf(value: unknown): Cell {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  // BLOBs are not carried (docs/bundle-format.md).
  return null;
}

/**
 * The tables of a connection's SQLite file, with their rows when `withRows`; none when the file
 * is missing. A table of more rows than a bundle carries is refused (400), naming it.
 */
export function dumpSqlite(dataDir: string, appId: number, name: string, withRows: boolean): BundleSqliteTable[] {
  const file = sqliteFile(dataDir, appId, name);
  if (!existsSync(file)) return [];
  const db = new DatabaseSync(file);
  try {
    const tables = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid`).all() as unknown as { name: string; sql: string }[];
    return tables.map(({ name: table, sql }) => {
      const statement = db.prepare(`SELECT * FROM ${quoteAnsi(table)} LIMIT ${withRows ? MAX_BUNDLE_SQLITE_ROWS + 1 : 0}`);
      const columns = statement.columns().map((c) => c.name);
      const rows = (statement.all() as Record<string, unknown>[]).map((row) => columns.map((c) => cellOf(row[c])));
      if (rows.length > MAX_BUNDLE_SQLITE_ROWS) {
        throw badRequest(local('bundleSqliteTooManyRows', { table, name, max: MAX_BUNDLE_SQLITE_ROWS.toLocaleString('en') }));
      }
      return { name: table, sql, columns, rows };
    });
  } finally {
    db.close();
  }
}

/** Refuses what a bundle's table may not be: anything but one CREATE TABLE statement. */
export function sqliteTableProblem(table: BundleSqliteTable): string | undefined {
  if (!/^\s*CREATE\s+TABLE\s/i.test(table.sql) || hasStackedStatements(table.sql)) return `SQLite table ${table.name}: only one CREATE TABLE statement is allowed`;
  if (table.rows.some((row) => row.length !== table.columns.length)) return `SQLite table ${table.name}: every row needs one value per column`;
  return undefined;
}

const ROWS_PER_INSERT = 50;

/** A staged database: built before the import's transaction, moved into the application's folder after it. */
export interface StagedSqlite {
  file: string;
  name: string;
}

/**
 * Builds a database from a bundle's tables in a staging folder; 400 (and nothing left behind)
 * when SQLite or its authorizer refuses a statement.
 */
export async function stageSqlite(dataDir: string, stagingId: string, name: string, tables: readonly BundleSqliteTable[]): Promise<StagedSqlite> {
  try {
    // Checks the name as a connection's file name, in whatever application it ends up.
    sqliteFile(dataDir, 0, name);
  } catch (error) {
    throw badRequest(local('bundleSqliteProblem', { name, detail: (error as Error).message }));
  }
  const folder = path.join(dataDir, 'databases', `import-${stagingId}`);
  await mkdir(folder, OWNER_ONLY_FOLDERS);
  const file = path.join(folder, name);
  ensureOwnerOnlyFile(file);
  const source = new SqliteDataSource(file, { mustExist: false });
  try {
    await source.transaction(async (tx) => {
      for (const table of tables) {
        const problem = sqliteTableProblem(table);
        if (problem !== undefined) throw badRequest(problem);
        await tx.query(table.sql, []);
        const insert = (count: number) => `INSERT INTO ${quoteAnsi(table.name)} (${table.columns.map(quoteAnsi).join(', ')}) VALUES `
          + Array.from({ length: count }, () => `(${table.columns.map(() => '?').join(', ')})`).join(', ');
        for (let i = 0; i < table.rows.length; i += ROWS_PER_INSERT) {
          const slice = table.rows.slice(i, i + ROWS_PER_INSERT);
          await tx.query(insert(slice.length), slice.flat());
        }
      }
    });
  } catch (error) {
    await source.close();
    await rm(folder, { recursive: true, force: true });
    if (error instanceof Error && error.name === 'DataSourceError') throw badRequest(local('bundleSqliteProblem', { name, detail: error.message }));
    throw error;
  }
  await source.close();
  return { file, name };
}

/** Moves a staged database into the application's folder; one already there is kept (its data is the application's). */
export async function placeSqlite(dataDir: string, appId: number, staged: StagedSqlite): Promise<void> {
  const target = sqliteFile(dataDir, appId, staged.name);
  if (!existsSync(target)) {
    await mkdir(sqliteFolder(dataDir, appId), OWNER_ONLY_FOLDERS);
    // A WAL database is its file and its log together.
    for (const suffix of ['-wal', '-shm', '']) if (existsSync(`${staged.file}${suffix}`)) await rename(`${staged.file}${suffix}`, `${target}${suffix}`);
  }
}

/** Removes a staging folder. */
export async function discardStaging(dataDir: string, stagingId: string): Promise<void> {
  await rm(path.join(dataDir, 'databases', `import-${stagingId}`), { recursive: true, force: true });
}
