import { afterEach, describe, expect, it } from 'vitest';
import { openStore, readCacheOf, type Store } from '../src/store/db';
import { ReadCache } from '../src/store/read-cache';
import { deleteUserCascade, findUser } from '../src/store/repositories/users';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';

const PASSWORD = 'member-password-1';
/** Stores with a connection pool, where another request can read between a transaction's statements and its COMMIT. */
const pooledEngines = (await availableEngines()).filter((engine) => engine !== 'sqlite');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ReadCache', () => {
  it('shares one load between callers until the entry expires, and forgets failed loads', async () => {
    const cache = new ReadCache(60);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    expect(await cache.get('k', load)).toBe(1);
    await sleep(80);
    expect(await cache.get('k', load)).toBe(2);

    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 'up')).toBe('up');
  });

  it('reads through when its life is 0', async () => {
    const cache = new ReadCache(0);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });
});

describe('the server\'s read cache', () => {
  let server: TestServer;
  let otherProcess: Store | undefined;
  afterEach(async () => {
    await otherProcess?.destroy();
    otherProcess = undefined;
    await server.close();
  });

  it('is emptied by any write through the store, so a deleted user is refused on his next call', async () => {
    server = await buildTestServer('sqlite');
    await server.register('081200000001', PASSWORD);
    const token = await server.login('081200000001', PASSWORD, 'main');
    const ownApps = '/get/listAppUser/081200000001';
    expect((await server.call('GET', ownApps, undefined, token)).statusCode).toBe(200);

    let reads = 0;
    const cache = readCacheOf(server.store);
    await cache.get('probe', async () => ++reads);
    await deleteUserCascade(server.store, '081200000001');
    await cache.get('probe', async () => ++reads);
    expect(reads).toBe(2);
    expect((await server.call('GET', ownApps, undefined, token)).statusCode).toBe(401);
  });

  it('sees a write of another process sharing the store within its life', async () => {
    server = await buildTestServer('sqlite');
    server.app.services.readCache.ttlMs = 300;
    await server.register('081200000002', PASSWORD);
    const token = await server.login('081200000002', PASSWORD, 'main');
    const ownApps = '/get/listAppUser/081200000002';
    expect((await server.call('GET', ownApps, undefined, token)).statusCode).toBe(200);

    // A second server process: its own connection and cache on the same store.
    otherProcess = openStore(undefined, server.app.services.config.dataDir);
    await deleteUserCascade(otherProcess, '081200000002');
    expect(await findUser(server.store, '081200000002')).toBeUndefined();
    expect((await server.call('GET', ownApps, undefined, token)).statusCode).toBe(200);
    await sleep(350);
    expect((await server.call('GET', ownApps, undefined, token)).statusCode).toBe(401);
  });
});

describe.each(pooledEngines)('the read cache on a %s store', (engine) => {
  let server: TestServer;
  afterEach(async () => { await server.close(); });

  it('does not keep what a request read while another request\'s transaction was not yet committed', async () => {
    server = await buildTestServer(engine);
    const ownApps = '/get/listAppUser/081200000003';
    let token = '';
    // A route that removes the user in a transaction and, before committing, lets the user's
    // own call through: that call reads (and caches) the row the transaction is deleting.
    server.app.post('/test/remove-slowly', { config: { public: true } }, async () => {
      let during = 0;
      await server.store.transaction().execute(async (trx) => {
        await deleteUserCascade(trx, '081200000003');
        during = (await server.call('GET', ownApps, undefined, token)).statusCode;
      });
      return { during };
    });
    await server.register('081200000003', PASSWORD);
    token = await server.login('081200000003', PASSWORD, 'main');
    const removed = await server.app.inject({ method: 'POST', url: '/test/remove-slowly' });
    expect(removed.json()).toEqual({ during: 200 });
    expect((await server.call('GET', ownApps, undefined, token)).statusCode).toBe(401);
  });
});
