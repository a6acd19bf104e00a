/** The server parts the benchmarks in bench/ drive directly. */
export { buildApp } from './app';
export { loadConfig } from './config';
export { migrateToLatest, openStore } from './store/db';
export { seed } from './store/seed';
export { seedDemo } from './store/demo';
export { listMenuTree } from './store/repositories/menus';
export { forgetCounts } from './tables/run';
export { createPool as createMysqlPool } from 'mysql2/promise';
import pg from 'pg';
/** A PostgreSQL pool, for a benchmark's own tables. */
export const PostgresPool = pg.Pool;
export { startRun } from './workflows/runs';
export { executorFor } from './workflows/addons';
export type { AddonExecutor } from './workflows/addons/executor';
export { loadDefinition } from './workflows/engine/definition';
export { latestWorkflowVersion } from './store/repositories/workflows';
export { resolveStepParameters, addonByName } from '@rakit/core';
export { CHUNK_BYTES, StoreFileStorage } from './storage/store-file-storage';

/** An application's own SQLite database file, created with the given statements (as the tests' fixture). */
export async function createAppSqliteFile(dataDir: string, appId: number, name: string, createSql: string): Promise<void> {
  const { mkdirSync } = await import('node:fs');
  const path = await import('node:path');
  const { DatabaseSync } = await import('node:sqlite');
  const { sqliteFile } = await import('./datasources/sqlite');
  const file = sqliteFile(dataDir, appId, name);
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec(createSql);
  db.close();
}
export { SandboxPool, defaultSandboxLimits } from './functions/sandbox-pool';
export { savePages } from './pages/save-pages';
export { findPage, updatePage } from './store/repositories/pages';
export { insertApp } from './store/repositories/apps';
export { addressIndexFile, buildAddressIndex, loadOrBuildAddressIndex } from './lookups/address-index';
export { setAuditRecording } from './audit/record';
