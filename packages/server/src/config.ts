import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultSandboxLimits, type SandboxLimits } from './functions/sandbox-pool';
import { type LifecycleSettings, readLifecycleSettings } from './lifecycle/settings';
import { API_TOKEN_RATE_LIMIT, LOOKUP_RATE_LIMIT } from './http/rate-limit';
import { AllowedHosts } from './outbound/addresses';
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
  /** Attempts per minute per client address for sign-in, registration and password reset. */
  authRateLimit: number;
  /**
   * Attempts per 15 minutes at one account (RAKIT_AUTH_ACCOUNT_RATE_LIMIT): sign-in, registration,
   * reset tokens and password changes, whatever address they come from.
   */
  authAccountRateLimit: number;
  /** Address and school lookups per minute per signed-in user (RAKIT_LOOKUP_RATE_LIMIT). */
  lookupRateLimit: number;
  /** Calls per minute of one token for machines, whatever it calls (RAKIT_API_TOKEN_RATE_LIMIT). */
  apiTokenRateLimit: number;
  /** Calls per minute of one incoming webhook (RAKIT_HOOK_RATE_LIMIT). */
  hookRateLimit: number;
  /** The largest body an incoming webhook takes, in bytes (RAKIT_HOOK_BODY_LIMIT_BYTES). */
  hookBodyLimitBytes: number;
  /**
   * Which proxies' X-Forwarded-For to believe (RAKIT_TRUST_PROXY), in Fastify's trustProxy forms:
   * addresses/CIDRs, or true (any). Off by default: the client address is the peer's.
   */
  trustProxy: boolean | string[];
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
  /** RAKIT_STATEMENT_LOG: a file each data-widget statement is appended to, one JSON line each (off when unset). */
  statementLog: string | undefined;
  /**
   * RAKIT_ALLOW_PRIVATE_URLS=true lets the server's request test call loopback, private,
   * link-local and other reserved addresses (an intranet API); refused by default.
   */
  allowPrivateUrls: boolean;
  /**
   * RAKIT_ALLOWED_OIDC_ISSUERS: the only identity providers' issuers applications may sign in
   * through (issue 36), comma-separated URLs; empty: any whose address the outbound rules allow.
   */
  allowedOidcIssuers: string[];
  /**
   * RAKIT_ALLOWED_URL_HOSTS: the private hosts the workflows' HTTP request steps and the applications' identity providers may call, without
   * opening every private address (RAKIT_ALLOW_PRIVATE_URLS): comma-separated addresses, CIDR
   * ranges and host names (`10.1.2.3,api.intranet,*.corp.lan`). Cloud metadata host names stay refused.
   */
  allowedUrlHosts: string[];
  /**
   * RAKIT_ALLOW_PRIVATE_SMTP=true lets the Third Parties' SMTP server be on a loopback, private
   * or reserved address (a relay on the same machine or network); refused by default, as is
   * any private URL (RAKIT_ALLOW_PRIVATE_URLS allows it too).
   */
  allowPrivateSmtp: boolean;
  /**
   * RAKIT_ALLOW_PRIVATE_DATABASES=true lets application administrators connect their
   * applications to databases on loopback, private, link-local and other reserved addresses;
   * refused by default (the super administrator may always add such a connection).
   */
  allowPrivateDatabases: boolean;
  /**
   * RAKIT_ALLOWED_DATABASE_HOSTS: the private hosts application administrators may connect to,
   * comma-separated addresses, CIDR ranges and host names (`10.0.0.0/8,db.internal,*.corp.lan`).
   */
  allowedDatabaseHosts: string[];
  /** LibreOffice's command for printing to PDF (RAKIT_SOFFICE): a name looked up in PATH or a path. */
  soffice: string;
  /** REDIS_URL: the workflow queue runs on BullMQ there, worked by `npm run worker`; unset: the embedded queue. */
  redisUrl: string | undefined;
  /** RAKIT_WORKFLOW_QUEUE: the BullMQ queue's name in Redis (several installations may share one Redis). */
  workflowQueueName: string;
  /**
   * RAKIT_REDIS_PREFIX: what the replicas share in Redis (the limits' counts, the read cache's
   * channel) is named from it: several installations may share one Redis. Default `rakit:`.
   */
  redisPrefix: string;
  /** RAKIT_WORKFLOW_WORKERS: runs the embedded queue works at once in this process (0: none; ignored with REDIS_URL). */
  workflowWorkers: number;
  /** RAKIT_TRIGGER_WAIT_MS: how long runTrigger, runWorkflow, runChains and re-runs wait for their runs before answering 'started'. */
  triggerWaitMs: number;
  /** RAKIT_WORKFLOW_RUN_RETENTION_DAYS: finished runs older than this are pruned. */
  workflowRunRetentionDays: number;
  /** RAKIT_PAGE_VERSION_FOLD_SECONDS: one person's saves of a page this close together fold into one version (0: never). */
  pageVersionFoldSeconds: number;
  /** RAKIT_PAGE_VERSION_KEEP: the unnamed versions kept per page (named ones are never pruned by count). */
  pageVersionKeep: number;
  /** RAKIT_PAGE_VERSION_DAYS: unnamed versions older than this are pruned, and deleted pages' history (0: no age limit). */
  pageVersionDays: number;
  /** RAKIT_AUDIT_RETENTION_DAYS: audit log entries older than this are pruned (0: kept for ever). */
  auditRetentionDays: number;
  /** RAKIT_WORKFLOW_LEASE_MS: how long a worker's hold on a run lasts without renewal (a dead worker's run is reclaimed after it). */
  workflowLeaseMs: number;
  /** RAKIT_WORKFLOW_BACKOFF_MS: the wait before a step's first retry; it doubles with each next one (at most 60 s). */
  workflowBackoffMs: number;
  /**
   * Custom functions' sandbox: RAKIT_FUNCTION_TIMEOUT_MS (1000), RAKIT_FUNCTION_MEMORY_MB (32),
   * RAKIT_FUNCTION_STACK_KB (256 at most, so no recursion reaches Node's stack),
   * RAKIT_FUNCTION_OUTPUT_BYTES (1 MB), RAKIT_FUNCTION_WORKERS (cores − 1, 1 to 4).
   */
  functionLimits: SandboxLimits;
  /** Pool sizes, draining and the start-up lock of a replica (src/lifecycle/settings.ts). */
  lifecycle: LifecycleSettings;
}

function readFunctionLimits(env: NodeJS.ProcessEnv): SandboxLimits {
  const defaults = defaultSandboxLimits();
  const memoryBytes = readInt(env.RAKIT_FUNCTION_MEMORY_MB, defaults.memoryBytes / 1024 / 1024) * 1024 * 1024;
  return {
    ...defaults,
    timeoutMs: readInt(env.RAKIT_FUNCTION_TIMEOUT_MS, defaults.timeoutMs, 10),
    memoryBytes,
    stackBytes: Math.min(256, readInt(env.RAKIT_FUNCTION_STACK_KB, defaults.stackBytes / 1024, 16)) * 1024,
    outputBytes: readInt(env.RAKIT_FUNCTION_OUTPUT_BYTES, defaults.outputBytes, 1024),
    heapMaxBytes: Math.max(defaults.heapMaxBytes, memoryBytes * 4),
    workers: readInt(env.RAKIT_FUNCTION_WORKERS, defaults.workers),
  };
}

const readFlag = (value: string | undefined): boolean => value === 'true' || value === '1';

const readList = (value: string | undefined): string[] => (value ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');

const readInt = (value: string | undefined, fallback: number, min = 1): number => {
  const parsed = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(parsed) && parsed >= min ? parsed : fallback;
};

/**
 * RAKIT_TRUST_PROXY: unset, '' or 'false' trusts no proxy; 'true' trusts any (only when nothing
 * but the proxy can reach the server); otherwise a comma-separated list of the proxies' addresses,
 * CIDRs or proxy-addr's names (loopback, linklocal, uniquelocal). A hop count is refused: Fastify
 * cannot tell a proxy from a client by it and ignores the header.
 */
export function parseTrustProxy(value: string | undefined): boolean | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) throw new Error('RAKIT_TRUST_PROXY takes the proxies\' addresses or CIDRs (or true), not a hop count');
  return text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
}

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
  const config: Config = {
    // 0 asks the system for a free port; the start line prints the one bound (the tests use it).
    port: readInt(env.PORT, 8080, 0),
    host: env.HOST !== undefined && env.HOST !== '' ? env.HOST : '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL !== undefined && env.DATABASE_URL !== '' ? env.DATABASE_URL : undefined,
    secret: loadSecret(dataDir, env.RAKIT_SECRET),
    adminPassword: env.RAKIT_ADMIN_PASSWORD !== undefined && env.RAKIT_ADMIN_PASSWORD !== '' ? env.RAKIT_ADMIN_PASSWORD : undefined,
    tokenTtlSeconds: readInt(env.RAKIT_TOKEN_TTL_SECONDS, 12 * 60 * 60),
    authRateLimit: readInt(env.RAKIT_AUTH_RATE_LIMIT, 20),
    authAccountRateLimit: readInt(env.RAKIT_AUTH_ACCOUNT_RATE_LIMIT, 100),
    lookupRateLimit: readInt(env.RAKIT_LOOKUP_RATE_LIMIT, LOOKUP_RATE_LIMIT),
    apiTokenRateLimit: readInt(env.RAKIT_API_TOKEN_RATE_LIMIT, API_TOKEN_RATE_LIMIT),
    hookRateLimit: readInt(env.RAKIT_HOOK_RATE_LIMIT, 1200),
    hookBodyLimitBytes: readInt(env.RAKIT_HOOK_BODY_LIMIT_BYTES, 1024 * 1024),
    trustProxy: parseTrustProxy(env.RAKIT_TRUST_PROXY),
    bodyLimitBytes: readInt(env.RAKIT_BODY_LIMIT_BYTES, 5 * 1024 * 1024),
    webDir: env.RAKIT_WEB_DIR,
    logLevel: env.RAKIT_LOG_LEVEL ?? 'info',
    noDemo: env.RAKIT_NO_DEMO === '1',
    readCacheMs: readInt(env.RAKIT_READ_CACHE_MS, DEFAULT_READ_CACHE_MS, 0),
    statementLog: env.RAKIT_STATEMENT_LOG !== undefined && env.RAKIT_STATEMENT_LOG !== '' ? path.resolve(env.RAKIT_STATEMENT_LOG) : undefined,
    allowPrivateUrls: readFlag(env.RAKIT_ALLOW_PRIVATE_URLS),
    allowedOidcIssuers: readList(env.RAKIT_ALLOWED_OIDC_ISSUERS),
    allowedUrlHosts: readList(env.RAKIT_ALLOWED_URL_HOSTS),
    allowPrivateSmtp: readFlag(env.RAKIT_ALLOW_PRIVATE_SMTP),
    allowPrivateDatabases: readFlag(env.RAKIT_ALLOW_PRIVATE_DATABASES),
    allowedDatabaseHosts: readList(env.RAKIT_ALLOWED_DATABASE_HOSTS),
    soffice: env.RAKIT_SOFFICE !== undefined && env.RAKIT_SOFFICE !== '' ? env.RAKIT_SOFFICE : 'soffice',
    redisUrl: env.REDIS_URL !== undefined && env.REDIS_URL !== '' ? env.REDIS_URL : undefined,
    workflowQueueName: env.RAKIT_WORKFLOW_QUEUE !== undefined && env.RAKIT_WORKFLOW_QUEUE !== '' ? env.RAKIT_WORKFLOW_QUEUE : 'rakit-workflow-runs',
    redisPrefix: env.RAKIT_REDIS_PREFIX !== undefined && env.RAKIT_REDIS_PREFIX !== '' ? env.RAKIT_REDIS_PREFIX : 'rakit:',
    workflowWorkers: readInt(env.RAKIT_WORKFLOW_WORKERS, 2, 0),
    triggerWaitMs: readInt(env.RAKIT_TRIGGER_WAIT_MS, 5000, 0),
    workflowRunRetentionDays: readInt(env.RAKIT_WORKFLOW_RUN_RETENTION_DAYS, 30),
    pageVersionFoldSeconds: readInt(env.RAKIT_PAGE_VERSION_FOLD_SECONDS, 300, 0),
    pageVersionKeep: readInt(env.RAKIT_PAGE_VERSION_KEEP, 100),
    pageVersionDays: readInt(env.RAKIT_PAGE_VERSION_DAYS, 365, 0),
    auditRetentionDays: readInt(env.RAKIT_AUDIT_RETENTION_DAYS, 365, 0),
    workflowLeaseMs: readInt(env.RAKIT_WORKFLOW_LEASE_MS, 30_000, 500),
    workflowBackoffMs: readInt(env.RAKIT_WORKFLOW_BACKOFF_MS, 1000, 0),
    functionLimits: readFunctionLimits(env),
    lifecycle: readLifecycleSettings(env),
    ...overrides,
  };
  // A mistyped entry stops the start rather than leaving a host silently refused.
  try {
    new AllowedHosts(config.allowedDatabaseHosts);
  } catch (error) {
    throw new Error(`RAKIT_ALLOWED_DATABASE_HOSTS: ${(error as Error).message}`, { cause: error });
  }
  try {
    new AllowedHosts(config.allowedUrlHosts);
  } catch (error) {
    throw new Error(`RAKIT_ALLOWED_URL_HOSTS: ${(error as Error).message}`, { cause: error });
  }
  return config;
}
