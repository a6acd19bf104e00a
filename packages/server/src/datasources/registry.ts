import { mkdirSync } from 'node:fs';
import { ensureOwnerOnlyFile, OWNER_ONLY_FOLDERS } from '../security/owner-only';
import { MysqlDataSource } from './mysql';
import { PostgresDataSource } from './postgres';
import { SqliteDataSource, sqliteFile, sqliteFolder } from './sqlite';
import { type ConnectionSettings, type DataSource, DEFAULT_DATASOURCE_POOL_MAX } from './types';

/**
 * Opens a connection of any type; a sqlite file is created when `create` is set. `poolMax`
 * (RAKIT_DATASOURCE_POOL_MAX) bounds a MySQL or PostgreSQL connection's pool.
 */
export function openDataSource(settings: ConnectionSettings, dataDir: string, options: { create?: boolean; poolMax?: number } = {}): DataSource {
  if (settings.dbType === 'mysql') return new MysqlDataSource(settings, options.poolMax);
  if (settings.dbType === 'postgres') return new PostgresDataSource(settings, options.poolMax);
  const file = sqliteFile(dataDir, settings.dbAppId, settings.dbDatabase);
  if (options.create === true) {
    mkdirSync(sqliteFolder(dataDir, settings.dbAppId), OWNER_ONLY_FOLDERS);
    // SQLite would create it readable to others; its -wal and -shm files take its permissions.
    ensureOwnerOnlyFile(file);
  }
  return new SqliteDataSource(file, { mustExist: options.create !== true, timeLimitMs: settings.timeLimitMs });
}

/** Connects with the settings and runs a trivial query, then lets go. Throws when unreachable. */
export async function testConnection(settings: ConnectionSettings, dataDir: string): Promise<void> {
  const source = openDataSource(settings, dataDir);
  try {
    await source.query('SELECT 1', []);
  } finally {
    await source.close();
  }
}

/**
 * Pools of the applications' databases, one per connection id, opened on first use and
 * closed when the connection is edited or removed.
 */
export class DataSourceRegistry {
  private readonly sources = new Map<number, DataSource>();

  constructor(private readonly dataDir: string, private readonly poolMax = DEFAULT_DATASOURCE_POOL_MAX) {}

  get(dbId: number, settings: () => Promise<ConnectionSettings>): Promise<DataSource> | DataSource {
    const cached = this.sources.get(dbId);
    if (cached !== undefined) return cached;
    return settings().then((resolved) => {
      const raced = this.sources.get(dbId);
      if (raced !== undefined) return raced;
      const source = openDataSource(resolved, this.dataDir, { poolMax: this.poolMax });
      this.sources.set(dbId, source);
      return source;
    });
  }

  async invalidate(dbId: number): Promise<void> {
    const source = this.sources.get(dbId);
    this.sources.delete(dbId);
    await source?.close();
  }

  async closeAll(): Promise<void> {
    const all = [...this.sources.values()];
    this.sources.clear();
    await Promise.all(all.map((s) => s.close()));
  }
}
