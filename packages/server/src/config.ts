import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { OWNER_ONLY_FILE_MODE, OWNER_ONLY_FOLDERS, tightenDataDir } from './security/owner-only';
import { DEFAULT_READ_CACHE_MS } from './store/read-cache';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Metadata store: undefined means the embedded SQLite file `<dataDir>/rakit.db`. */
  databaseUrl: string | undefined;
  secret: string;
  adminPassword: string | undefined;
  tokenTtlSeconds: number;
  /** Attempts per minute per client address for login and registration. */
  authRateLimit: number;
  bodyLimitBytes: number;
  /** Folder of the built web app; not served when missing (API only). */
  webDir: string | undefined;
  logLevel: string;
  /** RAKIT_NO_DEMO=1 starts without seeding the demo application. */
  noDemo: boolean;
  /**
   * How long a process reuses a metadata read (the caller's groups, a page, a connection);
   * its own writes empty the cache at once, other processes' writes show within this time.
   */
  readCacheMs: number;
  /**
   * RAKIT_ALLOW_PRIVATE_URLS=true lets the server's request test call loopback, private,
   * link-local and other reserved addresses (an intranet API); refused by default.
   */
  allowPrivateUrls: boolean;
  /** LibreOffice's command for printing to PDF (RAKIT_SOFFICE): a name looked up in PATH or a path. */
  soffice: string;
}

const readInt = (value: string | undefined, fallback: number, min = 1): number => {
  const parsed = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(parsed) && parsed >= min ? parsed : fallback;
};

/**
 * The JWT secret: RAKIT_SECRET, or one generated once into the data directory so that
 * tokens survive restarts (and are shared by processes that share the directory).
 */
function loadSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const file = path.join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: OWNER_ONLY_FILE_MODE, flag: 'wx' });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(overrides.dataDir ?? env.RAKIT_DATA_DIR ?? './data');
  mkdirSync(dataDir, OWNER_ONLY_FOLDERS);
  tightenDataDir(dataDir);
  return {
    port: readInt(env.PORT, 8080),
    host: env.HOST !== undefined && env.HOST !== '' ? env.HOST : '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL !== undefined && env.DATABASE_URL !== '' ? env.DATABASE_URL : undefined,
    secret: loadSecret(dataDir, env.RAKIT_SECRET),
    adminPassword: env.RAKIT_ADMIN_PASSWORD !== undefined && env.RAKIT_ADMIN_PASSWORD !== '' ? env.RAKIT_ADMIN_PASSWORD : undefined,
    tokenTtlSeconds: readInt(env.RAKIT_TOKEN_TTL_SECONDS, 12 * 60 * 60),
    authRateLimit: readInt(env.RAKIT_AUTH_RATE_LIMIT, 20),
    bodyLimitBytes: readInt(env.RAKIT_BODY_LIMIT_BYTES, 5 * 1024 * 1024),
    webDir: env.RAKIT_WEB_DIR,
    logLevel: env.RAKIT_LOG_LEVEL ?? 'info',
    noDemo: env.RAKIT_NO_DEMO === '1',
    readCacheMs: readInt(env.RAKIT_READ_CACHE_MS, DEFAULT_READ_CACHE_MS, 0),
    allowPrivateUrls: env.RAKIT_ALLOW_PRIVATE_URLS === 'true' || env.RAKIT_ALLOW_PRIVATE_URLS === '1',
    soffice: env.RAKIT_SOFFICE !== undefined && env.RAKIT_SOFFICE !== '' ? env.RAKIT_SOFFICE : 'soffice',
    ...overrides,
  };
}
