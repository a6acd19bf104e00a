import type { DdlSession } from './ddl-session';
import { dialectFor } from './dialects';
import { type ConnectionSettings, type DataSource, DEFAULT_DATASOURCE_POOL_MAX } from './types';

/**
 * Opens a connection of any type; a sqlite file is created when `create` is set. `poolMax`
 * (RAKIT_DATASOURCE_POOL_MAX) bounds a MySQL or PostgreSQL connection's pool.
 */
export function openDataSource(settings: ConnectionSettings, dataDir: string, options: { create?: boolean; poolMax?: number } = {}): DataSource {
  return dialectFor(settings.dbType).connections.open(settings, dataDir, options);
}

/**
 * A connection of its own for a long statement of the server's (building an index on a big
 * table), outside the pool: see ddl-session.ts.
 */
export function openDdlSession(settings: ConnectionSettings, dataDir: string): Promise<DdlSession> {
  return dialectFor(settings.dbType).connections.openDdlSession(settings, dataDir);
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
