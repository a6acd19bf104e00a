import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { readLifecycleSettings } from '../src/lifecycle/settings';
import { openStore, type Store } from '../src/store/db';
import { withStartupLock } from '../src/store/startup-lock';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines, createTestDatabase } from './support/engines';

/** /healthz and /readyz as a balancer polls them, and the start-up lock replicas take turns under. */
const engines = await availableEngines();

describe('GET /healthz and /readyz', () => {
  let server: TestServer;
  beforeAll(async () => { server = await buildTestServer('sqlite'); });
  afterAll(async () => { await server.close(); });

  it('answer 200 on a migrated store, without a token', async () => {
    expect((await server.call('GET', '/healthz')).json()).toEqual({ status: true, data: { live: true } });
    const ready = await server.call('GET', '/readyz');
    expect({ code: ready.statusCode, body: ready.json() }).toEqual({ code: 200, body: { status: true, data: { ready: true } } });
  });

  it('are listed in the OpenAPI document', async () => {
    const doc = (await server.call('GET', '/openapi.json')).json() as { paths: Record<string, { get: { responses: Record<string, unknown> } }> };
    expect(Object.keys(doc.paths['/readyz']?.get.responses ?? {}).sort()).toEqual(['200', '503']);
    expect(doc.paths['/healthz']?.get.responses).toHaveProperty('200');
  });

  it('/readyz answers 503 "draining" once the replica drains, while /healthz still lives', async () => {
    const other = await buildApp(server.app.services.config, server.store, { logger: false });
    try {
      other.services.readiness.startDraining();
      const answer = await other.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ status: false, data: { ready: false, reason: 'draining' } });
      expect(answer.headers.connection).toBe('close');
      expect((await other.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('/readyz on a store that cannot serve', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-readyz-'));
  let silent: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // Accepts connections and never answers: a store that hangs.
    silent = createServer((socket) => { sockets.push(socket); });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    silent.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function readyz(store: Store, readyTimeoutMs = 2_000) {
    const config = loadConfig({}, { dataDir, webDir: '/nonexistent' });
    const app = await buildApp({ ...config, lifecycle: { ...config.lifecycle, readyTimeoutMs } }, store, { logger: false, workflowWorkers: 0 });
    try {
      const started = Date.now();
      const answer = await app.inject({ method: 'GET', url: '/readyz' });
      const live = await app.inject({ method: 'GET', url: '/healthz' });
      return { code: answer.statusCode, body: answer.json() as { data: { reason: string }; error: string[] }, ms: Date.now() - started, live: live.statusCode };
    } finally {
      // The hanging store's connections fail once it hangs up, so the pool can close.
      for (const socket of sockets) socket.destroy();
      await app.close();
      await store.destroy();
    }
  }

  it('says "migrations-pending" before the migrations ran', async () => {
    const answer = await readyz(openStore(undefined, dataDir));
    expect([answer.code, answer.body.data.reason]).toEqual([503, 'migrations-pending']);
  });

  it('says "store-unreachable" when nothing listens at the store\'s address', async () => {
    const answer = await readyz(openStore('postgres://postgres@127.0.0.1:1/none', dataDir));
    expect([answer.code, answer.body.data.reason, answer.live]).toEqual([503, 'store-unreachable', 200]);
  });

  it('gives up after RAKIT_READY_TIMEOUT_MS when the store does not answer', async () => {
    const { port } = silent.address() as { port: number };
    const answer = await readyz(openStore(`postgres://postgres@127.0.0.1:${port}/none`, dataDir), 300);
    expect([answer.code, answer.body.data.reason, answer.body.error]).toEqual([503, 'store-unreachable', ['The metadata store did not answer within 300 ms.']]);
    expect(answer.ms).toBeLessThan(2_000);
  });
});

describe('the pool and drain settings', () => {
  it('have defaults and refuse a mistyped value rather than ignore it', () => {
    expect(readLifecycleSettings({})).toMatchObject({ storePoolMax: 10, dataSourcePoolMax: 5, shutdownGraceMs: 25_000 });
    expect(readLifecycleSettings({ RAKIT_STORE_POOL_MAX: '4', RAKIT_DATASOURCE_POOL_MAX: '2' })).toMatchObject({ storePoolMax: 4, dataSourcePoolMax: 2 });
    expect(() => readLifecycleSettings({ RAKIT_STORE_POOL_MAX: '1' })).toThrow(/RAKIT_STORE_POOL_MAX: expected a whole number of at least 2/);
    expect(() => readLifecycleSettings({ RAKIT_SHUTDOWN_GRACE_MS: '25s' })).toThrow(/RAKIT_SHUTDOWN_GRACE_MS/);
  });
});

describe.each(engines)('the start-up lock on %s', (engine) => {
  it('lets one process at a time in, across separate pools', async () => {
    const database = await createTestDatabase(engine);
    // Two processes' stores: separate pools (SQLite: separate connections to one file).
    const stores = [0, 1, 2].map(() => openStore(database.databaseUrl, database.dataDir, { poolMax: 2 }));
    const spans: [number, number][] = [];
    try {
      await Promise.all(stores.map((store) => withStartupLock(store, 10_000, async () => {
        const entered = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 150));
        spans.push([entered, performance.now()]);
      })));
      spans.sort((a, b) => a[0] - b[0]);
      expect(spans).toHaveLength(3);
      for (let i = 1; i < spans.length; i++) expect((spans[i] as [number, number])[0]).toBeGreaterThanOrEqual((spans[i - 1] as [number, number])[1]);
      // Released: a later start takes it at once.
      expect(await withStartupLock(stores[0] as Store, 1_000, async () => 'again')).toBe('again');
    } finally {
      for (const store of stores) await store.destroy();
      await database.drop();
    }
  });

  it('gives up with a clear message when another holds it too long', async () => {
    const database = await createTestDatabase(engine);
    const [holder, waiter] = [0, 1].map(() => openStore(database.databaseUrl, database.dataDir, { poolMax: 2 })) as [Store, Store];
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => { release = resolve; });
      let entered = () => {};
      const inside = new Promise<void>((resolve) => { entered = resolve; });
      const holding = withStartupLock(holder, 10_000, async () => { entered(); await held; });
      await inside;
      await expect(withStartupLock(waiter, 1_000, async () => 'never')).rejects.toThrow(/held the store's start-up lock for over 1000 ms/);
      // Another installation's store on the same server has its own lock (MySQL's are server-wide by name).
      const elsewhere = await createTestDatabase(engine);
      const stranger = openStore(elsewhere.databaseUrl, elsewhere.dataDir, { poolMax: 2 });
      try {
        expect(await withStartupLock(stranger, 1_000, async () => 'own lock')).toBe('own lock');
      } finally {
        await stranger.destroy();
        await elsewhere.drop();
      }
      release();
      await holding;
    } finally {
      await holder.destroy();
      await waiter.destroy();
      await database.drop();
    }
  });
});
