/** The server parts the benchmarks in bench/ drive directly. */
export { buildApp } from './app';
export { loadConfig } from './config';
export { migrateToLatest, openStore } from './store/db';
export { seed } from './store/seed';
export { seedDemo } from './store/demo';
export { listMenuTree } from './store/repositories/menus';
export { forgetCounts } from './tables/run';
export { createPool as createMysqlPool } from 'mysql2/promise';
export { SandboxPool, defaultSandboxLimits } from './functions/sandbox-pool';
