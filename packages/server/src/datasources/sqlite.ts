import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sqliteFailure } from './errors';
import { groupColumns } from './mysql';
import { type DataSource, DataSourceError, DEFAULT_MAX_ROWS, type QueryOptions, type QueryResult, quoteAnsi, type TableInfo } from './types';

/** The folder under the data directory that holds one application's SQLite databases. */
export const sqliteFolder = (dataDir: string, appId: number) => path.join(dataDir, 'databases', String(appId));

/**
 * The file of a sqlite connection: a plain file name inside the application's own folder
 * `<dataDir>/databases/<appId>`, so that a connection can never reach another
 * application's database or any other file of the machine.
 */
export function sqliteFile(dataDir: string, appId: number, name: string): string {
  if (!/^[\w.-]{1,100}$/.test(name) || name.startsWith('.')) {
    throw new DataSourceError('A SQLite database is a file name of letters, digits, dots, dashes and underscores');
  }
  return path.join(sqliteFolder(dataDir, appId), name);
}

/** An application database in an embedded SQLite file (the seeded demo uses one). */
export class SqliteDataSource implements DataSource {
  private readonly db: SqliteDatabase.Database;

  constructor(file: string, options: { mustExist: boolean }) {
    try {
      this.db = new SqliteDatabase(file, { fileMustExist: options.mustExist, timeout: 5000 });
      this.db.pragma('journal_mode = WAL');
    } catch (error) {
      throw sqliteFailure(error, 'open');
    }
  }

  async query(sql: string, params: readonly unknown[], options?: QueryOptions): Promise<QueryResult> {
    try {
      const statement = this.db.prepare(sql);
      const bound = params.map((p) => (typeof p === 'boolean' ? Number(p) : p));
      if (statement.reader) {
        const cap = options?.maxRows ?? DEFAULT_MAX_ROWS;
        const rows: Record<string, unknown>[] = [];
        for (const row of statement.iterate(...bound)) {
          if (rows.length === cap) return { kind: 'read', rows, truncated: true, affectedRows: 0 };
          rows.push(row as Record<string, unknown>);
        }
        return { kind: 'read', rows, truncated: false, affectedRows: 0 };
      }
      const info = statement.run(...bound);
      return { kind: 'write', rows: [], truncated: false, affectedRows: info.changes, insertId: Number(info.lastInsertRowid) };
    } catch (error) {
      throw sqliteFailure(error, 'statement');
    }
  }

  async tables(): Promise<TableInfo[]> {
    const names = this.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as { name: string }[];
    const columns = names.flatMap(({ name }) =>
      (this.db.prepare('SELECT name, type, pk FROM pragma_table_info(?)').all(name) as { name: string; type: string; pk: number }[])
        .map((c) => ({ table: name, name: c.name, key: c.pk > 0 ? 'PRI' : '', type: c.type.toLowerCase() })));
    return groupColumns(columns);
  }

  quote(identifier: string): string {
    return quoteAnsi(identifier);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
