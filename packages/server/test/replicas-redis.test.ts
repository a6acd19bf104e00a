import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LIMITS_UNAVAILABLE } from '../src/http/rate-limit';
import { readCacheChannel, sharedStateNotice } from '../src/replicas/shared-state';
import { openStore } from '../src/store/db';
import { removeMember } from '../src/store/repositories/groups';
import { ADMIN_PASSWORD, anotherProcess, buildTestServer, type TestServer } from './support/build';
import { type DataWidgetApp, dataWidgetApp } from './support/data-widget-app';
import { availableEngines, type EngineName } from './support/engines';
import { type TcpProxy, tcpProxy } from './support/tcp-proxy';

/*
 * Two replicas (two servers, each its own store connections and read cache) on one store and one
 * Redis, used alternately as a round-robin balancer does.
 */

/** Users are named by WhatsApp numbers. */
const [BUILDER, MEMBER, OUTSIDER, SECOND] = ['081277700001', '081277700002', '081277700003', '081277700004'];
const REDIS_URL = process.env.RAKIT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const engines = await availableEngines();
/** Each test's keys and channel live under a prefix of its own; afterAll removes only those keys. */
const prefixes: string[] = [];
const newPrefix = () => {
  const prefix = `rakit-test-${randomBytes(4).toString('hex')}:`;
  prefixes.push(prefix);
  return prefix;
};
const admin = new Redis(REDIS_URL, { lazyConnect: true });

afterAll(async () => {
  for (const prefix of prefixes) {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
  }
  await admin.quit();
});

const redisAt = (port: number) => {
  const url = new URL(REDIS_URL);
  url.port = String(port);
  return url.toString();
};

const signIn = (server: TestServer, userId: string, password: string, forwardedFor?: string) => server.app.inject({
  method: 'POST',
  url: '/auth/login',
  headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  payload: { userId, password, appSlug: '_root' },
});

/**
 * How long from now calls keep being answered otherwise than `refused`: the time at which the
 * first call answered `refused` was sent (the window in which a stale answer was given, not how
 * long a call takes on a loaded machine). Throws past `limitMs`.
 */
async function msUntilRefused(call: () => Promise<number>, refused: number, limitMs = 2000): Promise<number> {
  const start = performance.now();
  for (;;) {
    const sentAt = performance.now() - start;
    const status = await call();
    if (status === refused) return sentAt;
    if (sentAt > limitMs) throw new Error(`still answering ${status} after ${Math.round(sentAt)} ms`);
    // Injected calls on SQLite never wait for I/O: let the loop read the sockets (Redis's
    // message among them) between two calls, as calls arriving over the network do.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe.each(engines)('replicas sharing Redis on a %s store', (engine: EngineName) => {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    // The second replica first: the first one drops the store.
    for (const closing of open.reverse().splice(0)) await closing.close();
  });

  async function replicas(overrides: Parameters<typeof buildTestServer>[1]): Promise<[TestServer, TestServer]> {
    const first = await buildTestServer(engine, { redisUrl: REDIS_URL, redisPrefix: newPrefix(), allowPrivateDatabases: true, ...overrides });
    open.push(first);
    const second = await anotherProcess(first);
    open.push(second);
    return [first, second];
  }

  it('limit failed sign-ins per address over both: 30 spread alternately are refused after the configured 20', async () => {
    const [a, b] = await replicas({ authRateLimit: 20 });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt++) statuses.push((await signIn(attempt % 2 === 0 ? a : b, 'admin', 'wrong-password')).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
    // The right password is refused too now, on either replica.
    expect((await signIn(a, 'admin', ADMIN_PASSWORD)).statusCode).toBe(429);
    expect((await signIn(b, 'admin', ADMIN_PASSWORD)).statusCode).toBe(429);
  });

  it('limit attempts at one account from many addresses over both, apart from other accounts', async () => {
    const [a, b] = await replicas({ authAccountRateLimit: 6, trustProxy: true });
    // Signing in counts as an attempt too.
    const root = await a.login('admin', ADMIN_PASSWORD, '_root');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      statuses.push((await signIn(attempt % 2 === 0 ? a : b, 'admin', 'wrong-password', `198.51.100.${attempt + 1}`)).statusCode);
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
    // Another account is counted on its own, and so are the same account's reset tokens.
    expect((await signIn(b, 'nobody-here', 'wrong-password', '198.51.100.99')).statusCode).toBe(401);
    const resetToken = await b.call('POST', '/forgot_password/getToken', { userId: 'admin' }, root);
    expect(resetToken.statusCode, resetToken.body).toBe(200);
  });

  it('limit a user\'s request tests over both replicas', async () => {
    const [a, b] = await replicas({});
    const app = await dataWidgetApp(a, engine, widgetAppOptions('lim'));
    const statuses: number[] = [];
    // A private address: refused at once (400), and counted all the same.
    for (let call = 0; call < 31; call++) {
      const server = call % 2 === 0 ? a : b;
      statuses.push((await server.call('POST', '/action/testRequest', { appId: app.appId, url: 'http://127.0.0.1:9/', method: 'GET' }, app.admin)).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('refuse a member removed through one replica on the other within 100 ms, though reads are cached for 30 s', async () => {
    const [a, b] = await replicas({ readCacheMs: 30_000 });
    const { app, secondMember, memberGroup } = await twoMembers(a, engine);
    const page = (token: string) => async () => (await b.call('GET', `/get/getPage/${app.pageId}`, undefined, token)).statusCode;
    expect(await page(app.member)()).toBe(200);
    expect(await page(secondMember)()).toBe(200);

    // A process that announces nothing (no REDIS_URL) removes the first member: replica B keeps
    // its cached answer, which shows it does cache for 30 s. (The messages of the setup's writes
    // are let arrive first, on a loaded machine.)
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await page(app.member)()).toBe(200);
    const silent = openStore(a.app.services.config.databaseUrl, a.app.services.config.dataDir);
    try {
      await removeMember(silent, memberGroup, MEMBER);
    } finally {
      await silent.destroy();
    }
    expect(await page(app.member)()).toBe(200);

    // Through replica A: B hears of it at once.
    const removed = await a.call('DELETE', '/auth/removeUserFromGroup', { userId: SECOND, groupId: memberGroup }, app.admin);
    expect(removed.statusCode, removed.body).toBe(200);
    const elapsed = await msUntilRefused(page(secondMember), 403);
    if (process.env.RAKIT_TEST_REPORT === '1') console.log(`[${engine}] member removed through A refused on B after ${elapsed.toFixed(1)} ms`);
    expect(elapsed).toBeLessThan(100);
    // The message emptied B's whole cache: the first member's removal is seen too.
    expect(await page(app.member)()).toBe(403);
  });

  it('refuse the sessions ended through one replica on the other within 100 ms (issue 36)', async () => {
    const [a, b] = await replicas({ readCacheMs: 30_000 });
    const { app, secondMember } = await twoMembers(a, engine);
    const page = (token: string) => async () => (await b.call('GET', `/get/getPage/${app.pageId}`, undefined, token)).statusCode;
    expect(await page(secondMember)()).toBe(200);
    const root = await a.login('admin', ADMIN_PASSWORD, '_root');
    const rootApp = (await a.call('GET', '/get/getApp/slug/_root')).json().data.appId as number;
    const ended = await a.call('POST', '/auth/endSessions', { appId: rootApp, userId: SECOND }, root);
    expect(ended.statusCode, ended.body).toBe(200);
    const elapsed = await msUntilRefused(page(secondMember), 401);
    if (process.env.RAKIT_TEST_REPORT === '1') console.log(`[${engine}] sessions ended through A refused on B after ${elapsed.toFixed(1)} ms`);
    expect(elapsed).toBeLessThan(100);
    // Everyone else's sessions stay good.
    expect(await page(app.member)()).toBe(200);
  });

  it('refuse one session its owner ended through one replica on the other within 100 ms, and keep his others (issue 36)', async () => {
    const [a, b] = await replicas({ readCacheMs: 30_000 });
    const { app, secondMember } = await twoMembers(a, engine);
    const desk = await b.login(SECOND, 'password-1', app.appSlug);
    const page = (token: string) => async () => (await b.call('GET', `/get/getPage/${app.pageId}`, undefined, token)).statusCode;
    expect(await page(secondMember)()).toBe(200);
    expect(await page(desk)()).toBe(200);
    const sessions = (await a.call('GET', '/auth/sessions', undefined, desk)).json().data.sessions as { sessionId: string; current: boolean }[];
    const phone = sessions.find((session) => !session.current)!.sessionId;
    const ended = await a.call('POST', '/auth/sessions/end', { end: 'one', sessionId: phone }, desk);
    expect(ended.statusCode, ended.body).toBe(200);
    const elapsed = await msUntilRefused(page(secondMember), 401);
    if (process.env.RAKIT_TEST_REPORT === '1') console.log(`[${engine}] one session ended through A refused on B after ${elapsed.toFixed(1)} ms`);
    expect(elapsed).toBeLessThan(100);
    expect(await page(desk)()).toBe(200);
  });

  it('stop caching while Redis cannot be heard, refuse sign-in then, and resume once it answers', async () => {
    const proxy: TcpProxy = await tcpProxy({ host: new URL(REDIS_URL).hostname, port: Number(new URL(REDIS_URL).port || 6379) });
    open.push(proxy);
    const [a, b] = await replicas({ readCacheMs: 30_000, redisUrl: redisAt(proxy.port) });
    const { app, secondMember, memberGroup } = await twoMembers(a, engine);
    const page = (token: string) => async () => (await b.call('GET', `/get/getPage/${app.pageId}`, undefined, token)).statusCode;
    expect(await page(app.member)()).toBe(200);

    await proxy.cut();
    await expect.poll(() => b.app.services.readCache.isSuspended, { timeout: 5000 }).toBe(true);
    // A's announcement cannot go out; B reads the store on every call instead.
    const removed = await a.call('DELETE', '/auth/removeUserFromGroup', { userId: MEMBER, groupId: memberGroup }, app.admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await page(app.member)()).toBe(403);
    // Attempts cannot be counted: sign-in fails closed, a signed-in user's request test fails open.
    const refused = await signIn(b, 'admin', ADMIN_PASSWORD);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toEqual([LIMITS_UNAVAILABLE]);
    expect((await b.call('POST', '/action/testRequest', { appId: app.appId, url: 'http://127.0.0.1:9/', method: 'GET' }, app.admin)).statusCode).toBe(400);

    await proxy.mend();
    await expect.poll(() => b.app.services.readCache.isSuspended, { timeout: 10_000 }).toBe(false);
    await expect.poll(async () => (await signIn(a, 'admin', ADMIN_PASSWORD)).statusCode, { timeout: 10_000 }).toBe(200);
    // Subscribed again: caching, and told of A's writes.
    expect(await page(secondMember)()).toBe(200);
    const removedAgain = await a.call('DELETE', '/auth/removeUserFromGroup', { userId: SECOND, groupId: memberGroup }, app.admin);
    expect(removedAgain.statusCode, removedAgain.body).toBe(200);
    expect(await msUntilRefused(page(secondMember), 403)).toBeLessThan(100);
  });

  it('stop caching when the link to Redis goes silent without closing', async () => {
    const proxy: TcpProxy = await tcpProxy({ host: new URL(REDIS_URL).hostname, port: Number(new URL(REDIS_URL).port || 6379) });
    open.push(proxy);
    const [a, b] = await replicas({ readCacheMs: 30_000, redisUrl: redisAt(proxy.port) });
    const { app, memberGroup } = await twoMembers(a, engine);
    const page = async () => (await b.call('GET', `/get/getPage/${app.pageId}`, undefined, app.member)).statusCode;
    expect(await page()).toBe(200);

    proxy.freeze();
    // The subscription's heartbeat goes unanswered.
    await expect.poll(() => b.app.services.readCache.isSuspended, { timeout: 5000 }).toBe(true);
    const silent = openStore(a.app.services.config.databaseUrl, a.app.services.config.dataDir);
    try {
      await removeMember(silent, memberGroup, MEMBER);
    } finally {
      await silent.destroy();
    }
    expect(await page()).toBe(403);
    // The network comes back (new connections): B subscribes again.
    await proxy.cut();
    await proxy.mend();
    await expect.poll(() => b.app.services.readCache.isSuspended, { timeout: 10_000 }).toBe(false);
  });

  it('empty the cache on a message, whatever it says, and take nothing else from it', async () => {
    const [a, b] = await replicas({ readCacheMs: 30_000 });
    const { app } = await twoMembers(a, engine);
    const page = async () => (await b.call('GET', `/get/getPage/${app.pageId}`, undefined, app.member)).statusCode;
    expect(await page()).toBe(200);
    let loads = 0;
    const probe = () => b.app.services.readCache.get('probe', async () => ++loads);
    await probe();
    // Earlier writes' messages may still be arriving (a loaded machine): what counts is that one more empties the cache.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await probe();
    const before = loads;
    // Anyone who can publish on the channel can only make the replicas reread the store.
    const publisher = new Redis(REDIS_URL);
    try {
      await publisher.publish(readCacheChannel(a.app.services.config), JSON.stringify({ grant: { userId: OUTSIDER, groupId: 1 } }));
    } finally {
      await publisher.quit();
    }
    await expect.poll(async () => { await probe(); return loads; }, { timeout: 2000 }).toBeGreaterThan(before);
    expect(await page()).toBe(200);
    expect((await b.call('GET', `/get/getPage/${app.pageId}`, undefined, app.outsider)).statusCode).toBe(403);
  });
});

describe('the start message', () => {
  it('says, on a shared store without REDIS_URL, that limits and caches are per process', () => {
    const line = sharedStateNotice({ databaseUrl: 'postgres://rakit@db.internal/rakit', redisUrl: undefined, readCacheMs: 2000 });
    expect(line).toContain('limits are counted per process');
    expect(line).toContain('RAKIT_READ_CACHE_MS (2000 ms)');
    expect(sharedStateNotice({ databaseUrl: 'mysql://rakit@db.internal/rakit', redisUrl: 'redis://cache.internal:6379', readCacheMs: 2000 }))
      .toContain('through Redis at cache.internal:6379');
    // One process on its own SQLite file has nothing to share.
    expect(sharedStateNotice({ databaseUrl: undefined, redisUrl: undefined, readCacheMs: 2000 })).toBeUndefined();
  });
});

function widgetAppOptions(tag: string) {
  return {
    users: [BUILDER, MEMBER, OUTSIDER] as const,
    appName: `Replicas ${tag}`,
    pageName: 'Bersama',
    table: { prefix: 'rdm', createSql: (quoted: string) => `CREATE TABLE ${quoted} (id INTEGER PRIMARY KEY)` },
    widgets: () => [],
  };
}

/** dataWidgetApp's application with a second member in the member's group. */
async function twoMembers(server: TestServer, engine: EngineName): Promise<{ app: DataWidgetApp; secondMember: string; memberGroup: number }> {
  const app = await dataWidgetApp(server, engine, widgetAppOptions('page'));
  const groups = (await server.call('GET', `/auth/listgroup/${app.appId}`, undefined, app.admin)).json().data as { groupId: number; groupSlug: string }[];
  const memberGroup = groups.find((group) => group.groupSlug === 'member')?.groupId as number;
  await server.register(SECOND, 'password-1');
  await server.addToGroup(SECOND, memberGroup);
  return { app, secondMember: await server.login(SECOND, 'password-1', app.appSlug), memberGroup };
}
