import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sqliteFile } from '../src/datasources/sqlite';
import { openStore } from '../src/store/db';
import { availableEngines, createTestDatabase, type TestDatabase } from './support/engines';
import { type ServerProcess, startServerProcess } from './support/server-process';

/**
 * Issue 20, "Start-up": three replicas started at the same moment on one empty store, each with
 * its own data folder as on three machines. Without the start-up lock two of them seeded at once
 * and one crashed on a unique key. All three must serve, and the store must hold one demo
 * application and one super administrator.
 */
const engines = (await availableEngines()).filter((engine) => engine !== 'sqlite');
const PASSWORD = 'replica-admin-password';

describe.runIf(engines.length > 0)('three replicas starting together on an empty store', () => {
  // Both engines at once: MariaDB's migrations mostly wait on its disk, PostgreSQL's do not.
  it.concurrent.each(engines)('on %s: all serve; the store is migrated and seeded once', { timeout: 120_000 }, async (engine) => {
    const database: TestDatabase = await createTestDatabase(engine);
    const databaseUrl = database.databaseUrl as string;
    const folders = [0, 1, 2].map((i) => mkdtempSync(path.join(os.tmpdir(), `rakit-replica-${engine}-${i}-`)));
    const replicas: ServerProcess[] = [];
    try {
      replicas.push(...await Promise.all(folders.map((folder) => startServerProcess({
        DATABASE_URL: databaseUrl, RAKIT_DATA_DIR: folder, RAKIT_SECRET: 'one-secret-for-every-replica-of-this-test',
        RAKIT_ADMIN_PASSWORD: PASSWORD, RAKIT_STORE_POOL_MAX: '3', RAKIT_SHUTDOWN_DELAY_MS: '0', RAKIT_WORKFLOW_WORKERS: '0',
      }, 110_000))));

      for (const replica of replicas) {
        expect((await fetch(`${replica.base}/readyz`)).status).toBe(200);
        for (const [userId, appSlug] of [['admin', '_root'], ['demo-admin', 'demo']]) {
          const login = await fetch(`${replica.base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId, password: PASSWORD, appSlug }) });
          expect(login.status, `${userId}@${appSlug} through ${replica.base}`).toBe(200);
        }
      }
      // The replica that seeded says so; the others found the work done.
      expect(replicas.filter((replica) => replica.output().includes('the demo application was created on this start'))).toHaveLength(1);

      const store = openStore(databaseUrl, folders[0] as string, { poolMax: 2 });
      try {
        const demoApps = await store.selectFrom('apps').select('appId').where('appSlug', '=', 'demo').execute();
        expect(demoApps).toHaveLength(1);
        expect(await store.selectFrom('apps').select('appSlug').orderBy('appSlug').execute()).toEqual([{ appSlug: '_root' }, { appSlug: 'demo' }, { appSlug: 'main' }]);
        expect(await store.selectFrom('users').select('userId').where('userId', '=', 'admin').execute()).toHaveLength(1);
        // Each replica holds the demo shop's SQLite file in its own data folder, so its pages work through any of them.
        const demoAppId = (demoApps[0] as { appId: number }).appId;
        for (const folder of folders) expect(existsSync(sqliteFile(folder, demoAppId, 'demo-shop.db')), folder).toBe(true);
      } finally {
        await store.destroy();
      }

      for (const replica of replicas) replica.child.kill('SIGTERM');
      expect(await Promise.all(replicas.map((replica) => replica.exited))).toEqual([0, 0, 0]);
    } finally {
      for (const replica of replicas) if (replica.child.exitCode === null) replica.child.kill('SIGKILL');
      await database.drop();
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    }
  });
});
