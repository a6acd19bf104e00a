import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
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
}

/** The real server on a fresh store of the given engine, migrated and seeded. */
export async function buildTestServer(engine: EngineName, overrides: { authRateLimit?: number; allowPrivateUrls?: boolean; soffice?: string; bodyLimitBytes?: number } = {}): Promise<TestServer> {
  const database = await createTestDatabase(engine);
  const config = loadConfig({}, {
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    secret: 'test-secret-that-is-long-enough-for-hs256',
    authRateLimit: overrides.authRateLimit ?? 10_000,
    bodyLimitBytes: overrides.bodyLimitBytes ?? 64 * 1024,
    webDir: '/nonexistent',
    allowPrivateUrls: overrides.allowPrivateUrls ?? false,
    ...(overrides.soffice === undefined ? {} : { soffice: overrides.soffice }),
  });
  const store = openStore(config.databaseUrl, config.dataDir);
  await migrateToLatest(store);
  await seed(store, ADMIN_PASSWORD);
  const app = await buildApp(config, store, { logger: false });

  const call: TestServer['call'] = (method, url, body, token) =>
    app.inject({
      method,
      url,
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  return {
    app,
    store,
    call,
    async close() {
      await app.close();
      await store.destroy();
      await database.drop();
    },
    async login(userId, password, appSlug) {
      const response = await call('POST', '/auth/login', { userId, password, appSlug });
      if (response.statusCode !== 200) throw new Error(`login ${userId}@${appSlug} failed: ${response.body}`);
      return response.json().data[0].token as string;
    },
    async register(userId, password, appId = 1) {
      const response = await call('POST', '/auth/register', { data: { userId, password, confirm_password: password, defaultGroupAppId: [appId] } });
      if (response.statusCode !== 201) throw new Error(`register ${userId} failed: ${response.body}`);
    },
  };
}
