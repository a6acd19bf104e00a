import { randomBytes } from 'node:crypto';
import { createComponent } from '@rakit/core';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCursorStore, sharedCursorStore } from '../src/apis/cursor-store';
import { startTestApi, type TestApi } from './support/api-server';
import { anotherProcess, buildTestServer, type TestServer } from './support/build';
import { hostileBuilder, type HostileBuilder } from './trust-boundary/hostile';

/*
 * A cursor-paged API table behind two replicas (issue 40): the member's Next reaches whichever
 * replica the balancer picks, and the cursor the page before gave must be known there. With
 * REDIS_URL the replicas keep the cursors in Redis; with Redis gone, each its own meanwhile.
 */

const REDIS_URL = process.env.RAKIT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `rakit-test-${randomBytes(4).toString('hex')}:`;
const PAGE = 100;

describe('an API table\'s cursors across replicas', () => {
  let api: TestApi;
  let first: TestServer;
  let second: TestServer;
  let owner: HostileBuilder;
  let pageId: number;
  const admin = new Redis(REDIS_URL, { lazyConnect: true });

  beforeAll(async () => {
    api = await startTestApi();
    first = await buildTestServer('sqlite', { allowPrivateUrls: true, redisUrl: REDIS_URL, redisPrefix: PREFIX });
    second = await anotherProcess(first);
    owner = await hostileBuilder(first, 'Orders across replicas');
    const call = async (url: string, body: unknown) => {
      const answer = await first.call('POST', url, body, owner.token);
      expect(answer.statusCode, `${url} ${answer.body}`).toBeLessThan(300);
      return answer.json().data;
    };
    const { sourceId } = await call('/save/saveApiSource', { sourceId: null, appId: owner.appId, name: 'Orders', baseUrl: api.base });
    const { endpointId } = await call('/save/saveApiEndpoint', {
      endpointId: null, sourceId, name: 'By cursor', path: '/orders-cursor', rowsPath: 'results', paging: { scheme: 'cursor', sizeParam: 'limit', nextCursorPath: 'next' },
    });
    pageId = ((await call('/save/saveApp', { appId: owner.appId, pages: [{ pageId: null, pageName: 'Orders' }] })).pages as { pageId: number }[])[0]?.pageId as number;
    const table = { ...createComponent('table', 'orders', 'Orders'), apiEndpointId: endpointId, options: 'id', mapping_table: 'id' };
    await call('/save/saveApp', { appId: owner.appId, pages: [{ pageId, pageComponents: JSON.stringify([table]) }] });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await api?.close();
    const keys = await admin.keys(`${PREFIX}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  const firstId = async (server: TestServer, page: number) => {
    const answer = await server.call('POST', '/get/loadTableContent', { pageId, componentId: 'orders', page, limit: PAGE }, owner.token);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().data[0] as { filteredResult: { id: number }[] }).filteredResult[0]?.id;
  };

  it('takes Next on the other replica with the cursor this one was given: one request, however deep', async () => {
    for (let page = 1; page <= 25; page++) expect(await firstId(first, page)).toBe((page - 1) * PAGE + 1);
    const before = api.seen.length;
    // Page 26 on the replica that read none: 25 pages past the start, more than it would walk.
    expect(await firstId(second, 26)).toBe(25 * PAGE + 1);
    expect(api.seen.length - before).toBe(1);
    // And back on the first, the cursor the second learnt.
    expect(await firstId(first, 27)).toBe(26 * PAGE + 1);
    expect(api.seen.length - before).toBe(2);
    expect(await admin.ttl((await admin.keys(`${PREFIX}api-cursors:*`))[0] ?? '')).toBeGreaterThan(3000);
  });

  it('keeps its own cursors while Redis does not answer', async () => {
    // A Redis nobody listens on: every command fails at once.
    const gone = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    const failures: unknown[] = [];
    const store = sharedCursorStore(gone, PREFIX, (error) => failures.push(error));
    await store.remember('list', 1, 'cursor-1');
    await store.remember('list', 2, 'cursor-2');
    expect([...(await store.known('list'))]).toEqual([[1, 'cursor-1'], [2, 'cursor-2']]);
    // Reported once, not once per page.
    expect(failures).toHaveLength(1);
    gone.disconnect();
    const local = localCursorStore();
    await local.remember('a', 3, 'x');
    expect([[...(await local.known('a'))], (await local.known('b')).size]).toEqual([[[3, 'x']], 0]);
  });
});
