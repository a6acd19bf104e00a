import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildOptions, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { migrateToLatest, openStore, type Store } from '../../src/store/db';
import { seed } from '../../src/store/seed';
import { createTestDatabase, type EngineName } from './engines';

export const ADMIN_PASSWORD = 'root-admin-password';

export interface TestServer {
  app: FastifyInstance;
  store: Store;
  close(): Promise<void>;
  /** A JSON call through Fastify's inject, with an optional bearer token. */
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token?: string): Promise<LightMyRequestResponse>;
  /** Signs in and answers the token; throws when sign-in fails. */
  login(userId: string, password: string, appSlug: string): Promise<string>;
  /** Registers a user in an open application (main by default). */
  register(userId: string, password: string, appId?: number): Promise<void>;
  /**
   * Puts any user into a group as the super administrator: an application's own administrator
   * may add only users of his application (a user registered in main is not one).
   */
  addToGroup(userId: string, groupId: number): Promise<void>;
}

/** The real server on a fresh store of the given engine, migrated and seeded. */
export async function buildTestServer(
  engine: EngineName,
  overrides: Partial<Pick<Config, 'authRateLimit' | 'authAccountRateLimit' | 'trustProxy' | 'allowPrivateUrls' | 'allowedOidcIssuers' | 'allowedUrlHosts' | 'allowPrivateSmtp' | 'allowPrivateDatabases' | 'allowedDatabaseHosts' | 'soffice' | 'webDir' | 'bodyLimitBytes'
    | 'lookupRateLimit' | 'triggerWaitMs' | 'workflowBackoffMs' | 'workflowLeaseMs' | 'workflowWorkers' | 'workflowRunRetentionDays' | 'redisUrl' | 'workflowQueueName' | 'functionLimits'
    | 'pageVersionFoldSeconds' | 'pageVersionKeep' | 'pageVersionDays' | 'redisPrefix' | 'readCacheMs' | 'statementLog' | 'apiTokenRateLimit' | 'hookRateLimit' | 'hookBodyLimitBytes'>> = {},
  appOptions: Omit<BuildOptions, 'logger'> = {},
): Promise<TestServer> {
  const database = await createTestDatabase(engine);
  const config = loadConfig({}, {
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    secret: 'test-secret-that-is-long-enough-for-hs256',
    authRateLimit: overrides.authRateLimit ?? 10_000,
    authAccountRateLimit: overrides.authAccountRateLimit ?? 10_000,
    trustProxy: overrides.trustProxy ?? false,
    bodyLimitBytes: overrides.bodyLimitBytes ?? 64 * 1024,
    // Limits' counts in Redis (REDIS_URL) are this server's and its other processes' alone.
    redisPrefix: overrides.redisPrefix ?? `rakit-test-${randomBytes(4).toString('hex')}:`,
    ...(overrides.lookupRateLimit === undefined ? {} : { lookupRateLimit: overrides.lookupRateLimit }),
    webDir: overrides.webDir ?? '/nonexistent',
    allowPrivateUrls: overrides.allowPrivateUrls ?? false,
    allowedUrlHosts: overrides.allowedUrlHosts ?? [],
    allowPrivateSmtp: overrides.allowPrivateSmtp ?? false,
    // The operator's defaults: application administrators reach no private database.
    allowPrivateDatabases: overrides.allowPrivateDatabases ?? false,
    allowedDatabaseHosts: overrides.allowedDatabaseHosts ?? [],
    ...(overrides.soffice === undefined ? {} : { soffice: overrides.soffice }),
    ...Object.fromEntries((['triggerWaitMs', 'workflowBackoffMs', 'workflowLeaseMs', 'workflowWorkers', 'workflowRunRetentionDays', 'redisUrl', 'workflowQueueName', 'functionLimits',
    'pageVersionFoldSeconds', 'pageVersionKeep', 'pageVersionDays', 'readCacheMs', 'statementLog', 'allowedOidcIssuers', 'apiTokenRateLimit', 'hookRateLimit', 'hookBodyLimitBytes'] as const)
      .filter((key) => overrides[key] !== undefined).map((key) => [key, overrides[key]])),
  });
  const store = openStore(config.databaseUrl, config.dataDir);
  await migrateToLatest(store);
  await seed(store, ADMIN_PASSWORD);
  const app = await buildApp(config, store, { ...appOptions, logger: false });

  return testServer(app, store, async () => {
    await app.close();
    await store.destroy();
    await database.drop();
  });
}

/**
 * A second server process on the store of `server` (its own connections, caches and indexes),
 * as another machine behind the balancer; closing it leaves the store to `server`. With
 * `dataDir`, it has its own data folder, as on another machine (the embedded SQLite store is
 * still opened where `server` keeps it); `appOptions` are its own build options.
 */
export async function anotherProcess(server: TestServer, options: { dataDir?: string; appOptions?: Omit<BuildOptions, 'logger'> } = {}): Promise<TestServer> {
  const { config } = server.app.services;
  const store = openStore(config.databaseUrl, config.dataDir);
  const app = await buildApp({ ...config, dataDir: options.dataDir ?? config.dataDir }, store, { ...options.appOptions, logger: false });
  return testServer(app, store, async () => {
    await app.close();
    await store.destroy();
  });
}

function testServer(app: FastifyInstance, store: Store, close: () => Promise<void>): TestServer {
  const call: TestServer['call'] = (method, url, body, token) =>
    app.inject({
      method,
      url,
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  let rootToken: string | undefined;
  const server: TestServer = {
    app,
    store,
    call,
    close,
    async login(userId, password, appSlug) {
      const response = await call('POST', '/auth/login', { userId, password, appSlug });
      if (response.statusCode !== 200) throw new Error(`login ${userId}@${appSlug} failed: ${response.body}`);
      return response.json().data[0].token as string;
    },
    async register(userId, password, appId = 1) {
      const response = await call('POST', '/auth/register', { data: { userId, password, confirm_password: password, defaultGroupAppId: [appId] } });
      if (response.statusCode !== 201) throw new Error(`register ${userId} failed: ${response.body}`);
    },
    async addToGroup(userId, groupId) {
      rootToken ??= await server.login('admin', ADMIN_PASSWORD, '_root');
      const response = await call('POST', '/auth/addUserToGroup', { userId, groupId }, rootToken);
      if (response.statusCode !== 200) throw new Error(`adding ${userId} to group ${groupId} failed: ${response.body}`);
    },
  };
  return server;
}
