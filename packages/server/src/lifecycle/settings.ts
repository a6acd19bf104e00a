import { DEFAULT_DATASOURCE_POOL_MAX } from '../datasources/types';
import { DEFAULT_STORE_POOL_MAX } from '../store/db';

/**
 * What a replica behind a balancer is told by its operator: how big its pools are (so that N
 * replicas stay under the store's connection limit, README "Scaling out") and how it drains.
 */
export interface LifecycleSettings {
  /** RAKIT_STORE_POOL_MAX: connections to the metadata store (PostgreSQL/MySQL) this process opens at most (2 or more: the start-up lock holds one). */
  storePoolMax: number;
  /** RAKIT_DATASOURCE_POOL_MAX: connections this process opens at most to each application connection (MySQL/PostgreSQL). */
  dataSourcePoolMax: number;
  /** RAKIT_SHUTDOWN_DELAY_MS: after SIGTERM, how long /readyz answers 503 while everything is still served, so the balancer stops sending first. */
  shutdownDelayMs: number;
  /** RAKIT_SHUTDOWN_GRACE_MS: after SIGTERM, how long the requests in flight may take before the process stops anyway. */
  shutdownGraceMs: number;
  /** RAKIT_READY_TIMEOUT_MS: how long /readyz waits for the store before answering that it is unreachable. */
  readyTimeoutMs: number;
  /** RAKIT_STARTUP_LOCK_TIMEOUT_MS: how long a starting replica waits for another one's migrations and seeding. */
  startupLockTimeoutMs: number;
}


const readInt = (value: string | undefined, fallback: number, min: number): number => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) throw new Error(`expected a whole number of at least ${min}, got '${value}'`);
  return parsed;
};

/** Reads the settings; a mistyped one stops the start rather than leaving a default in place unnoticed. */
export function readLifecycleSettings(env: NodeJS.ProcessEnv): LifecycleSettings {
  const read = (name: string, fallback: number, min: number): number => {
    try {
      return readInt(env[name], fallback, min);
    } catch (error) {
      throw new Error(`${name}: ${(error as Error).message}`, { cause: error });
    }
  };
  return {
    storePoolMax: read('RAKIT_STORE_POOL_MAX', DEFAULT_STORE_POOL_MAX, 2),
    dataSourcePoolMax: read('RAKIT_DATASOURCE_POOL_MAX', DEFAULT_DATASOURCE_POOL_MAX, 1),
    shutdownDelayMs: read('RAKIT_SHUTDOWN_DELAY_MS', 5_000, 0),
    shutdownGraceMs: read('RAKIT_SHUTDOWN_GRACE_MS', 25_000, 0),
    readyTimeoutMs: read('RAKIT_READY_TIMEOUT_MS', 2_000, 50),
    startupLockTimeoutMs: read('RAKIT_STARTUP_LOCK_TIMEOUT_MS', 120_000, 1_000),
  };
}
