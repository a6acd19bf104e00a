import { Messages, ROOT_APP_SLUG } from '@rakit/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from '../support/build';
import { availableEngines } from '../support/engines';
import { freshUserId, hostileBuilder } from './hostile';

const engines = await availableEngines();

let forwardedCounter = 0;
/** A new made-up client address for each call, as a guesser behind X-Forwarded-For would send. */
const forwardedFor = () => ({ 'x-forwarded-for': `203.0.113.${(++forwardedCounter % 250) + 1}` });

/** Issue 10 item 7: guesses are limited per address and per account, whatever headers say. */
describe.each(engines)('sign-in limits on %s', (engine) => {
  let untrusting: TestServer;
  let behindProxy: TestServer;
  beforeAll(async () => {
    untrusting = await buildTestServer(engine, { authRateLimit: 3 });
    // The operator names the loopback proxy (inject's address): each call then comes from the address it forwards.
    behindProxy = await buildTestServer(engine, { authRateLimit: 1000, authAccountRateLimit: 3, trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await untrusting.close();
    await behindProxy.close();
  });

  const post = (server: TestServer, url: string, payload: object, headers: Record<string, string> = forwardedFor()) =>
    server.app.inject({ method: 'POST', url, payload, headers });

  it('does not trust X-Forwarded-For unless the operator names the proxy', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await post(untrusting, '/auth/login', { userId: 'admin', password: `guess-${i}`, appSlug: ROOT_APP_SLUG })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const registrations = [];
    for (let i = 0; i < 4; i++) {
      const password = 'password-1';
      registrations.push((await post(untrusting, '/auth/register', { data: { userId: freshUserId(), password, confirm_password: password, defaultGroupAppId: [1] } })).statusCode);
    }
    expect(registrations).toEqual([201, 201, 201, 429]);
  });

  it('limits guesses at one account from changing addresses, in any spelling of its id', async () => {
    const spellings = engine === 'mysql' ? ['admin', 'ADMIN', 'admin ', 'Admin'] : ['admin', 'admin', 'admin', 'admin'];
    const statuses = [];
    for (const userId of spellings) statuses.push((await post(behindProxy, '/auth/login', { userId, password: 'guess', appSlug: ROOT_APP_SLUG })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await post(behindProxy, '/auth/login', { userId: 'admin', password: ADMIN_PASSWORD, appSlug: ROOT_APP_SLUG });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: false, error: [Messages.tooManyRequests], code: 'tooManyRequests' });
    // Another account is not held up by it.
    const builder = await hostileBuilder(behindProxy);
    expect((await post(behindProxy, '/auth/login', { userId: builder.userId, password: builder.password, appSlug: 'main' })).statusCode).toBe(200);
  });

  it('limits registrations of one id and reset tokens of one account from changing addresses', async () => {
    const userId = freshUserId();
    const password = 'password-1';
    const registrations = [];
    for (let i = 0; i < 4; i++) registrations.push((await post(behindProxy, '/auth/register', { data: { userId, password, confirm_password: password, defaultGroupAppId: [1] } })).statusCode);
    expect(registrations).toEqual([201, 201, 201, 429]);

    const builder = await hostileBuilder(behindProxy);
    const created = freshUserId();
    await behindProxy.call('POST', '/auth/adduser', { data: { userId: created, password, confirm_password: password, appId: builder.appId } }, builder.token);
    const tokens = [];
    for (let i = 0; i < 4; i++) {
      const response = await behindProxy.app.inject({ method: 'POST', url: '/forgot_password/getToken', payload: { userId: created }, headers: { ...forwardedFor(), authorization: `Bearer ${builder.token}` } });
      tokens.push(response);
    }
    expect(tokens.map((t) => t.statusCode)).toEqual([200, 200, 200, 429]);
    const reset = tokens[0]!.json().data.token as string;
    const changes = [];
    for (let i = 0; i < 4; i++) changes.push((await post(behindProxy, '/forgot_password/changePassword', { token: i === 3 ? reset : `made-up-${i}`, password: 'password-2' })).statusCode);
    // Made-up tokens belong to no account: only the address limit (1000 here) holds them; the real one still works.
    expect(changes).toEqual([400, 400, 400, 200]);
  });
});

describe('RAKIT_TRUST_PROXY', () => {
  const trustOf = (value: string | undefined) => loadConfig({ RAKIT_TRUST_PROXY: value, RAKIT_SECRET: 'x'.repeat(40) }, { dataDir: '/tmp/rakit-trust-proxy-test' }).trustProxy;
  it('is off unless set, and takes true or the proxies\' addresses and CIDRs, never a hop count', () => {
    expect(trustOf(undefined)).toBe(false);
    expect(trustOf('')).toBe(false);
    expect(trustOf('false')).toBe(false);
    expect(trustOf('true')).toBe(true);
    expect(() => trustOf('2')).toThrow(/hop count/);
    expect(trustOf('10.0.0.0/8, 127.0.0.1,::1')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
  });
});

/** Issue 10 item 9: a revoked token stays revoked. */
describe.each(engines)('token revocation on %s', (engine) => {
  let server: TestServer;
  let root: string;
  let rootAppId: number;
  beforeAll(async () => {
    server = await buildTestServer(engine);
    root = await server.login('admin', ADMIN_PASSWORD, ROOT_APP_SLUG);
    rootAppId = (await server.store.selectFrom('apps').select('appId').where('appSlug', '=', ROOT_APP_SLUG).executeTakeFirstOrThrow()).appId;
  });
  afterAll(async () => { await server.close(); });
  afterEach(() => { vi.useRealTimers(); });

  const listMyApps = (userId: string, token: string) => server.call('GET', `/get/listAppUser/${userId}`, undefined, token);

  it('refuses a token issued in the same second as the password change, and accepts the one issued after', async () => {
    const builder = await hostileBuilder(server);
    // Every clock read of this test falls in the same millisecond.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const before = await server.login(builder.userId, builder.password, 'main');
    const reset = await server.call('POST', '/forgot_password/getToken', { userId: builder.userId }, before);
    const changed = await server.call('POST', '/forgot_password/changePassword', { token: reset.json().data.token, password: 'password-new-1' });
    expect(changed.statusCode).toBe(200);
    const after = await server.login(builder.userId, 'password-new-1', 'main');
    expect((await listMyApps(builder.userId, before)).statusCode).toBe(401);
    expect((await listMyApps(builder.userId, builder.mainToken)).statusCode).toBe(401);
    expect((await listMyApps(builder.userId, after)).statusCode).toBe(200);
  });

  it('refuses a deleted user\'s token when the same id registers again', async () => {
    const userId = freshUserId();
    await server.register(userId, 'password-1');
    const token = await server.login(userId, 'password-1', 'main');
    expect((await listMyApps(userId, token)).statusCode).toBe(200);
    expect((await server.call('DELETE', '/auth/deleteuser', { data: { userId, appId: rootAppId } }, root)).statusCode).toBe(200);
    expect((await listMyApps(userId, token)).statusCode).toBe(401);
    await server.register(userId, 'password-1');
    expect((await listMyApps(userId, token)).statusCode).toBe(401);
    expect((await listMyApps(userId, await server.login(userId, 'password-1', 'main'))).statusCode).toBe(200);
  });
});
