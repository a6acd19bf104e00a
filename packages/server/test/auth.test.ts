import { Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUser } from '../src/store/repositories/users';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';

const engines = await availableEngines();

describe.each(engines)('sign-in and registration on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => { server = await buildTestServer(engine); });
  afterAll(async () => { await server.close(); });

  const register = (userId: string, password: string, confirm = password, appId = 1) =>
    server.call('POST', '/auth/register', { data: { userId, password, confirm_password: confirm, defaultGroupAppId: [appId] } });

  it('registers a WhatsApp number into main\'s default group and signs it in', async () => {
    const created = await register('081200000001', 'password-1');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ status: true, data: { userId: '081200000001' } });

    const login = await server.call('POST', '/auth/login', { userId: '081200000001', password: 'password-1', appSlug: 'main' });
    expect(login.statusCode).toBe(200);
    const session = login.json().data[0];
    expect(session.userId).toBe('081200000001');
    expect(session.userGroup).toEqual([expect.objectContaining({ groupAppId: '1', groupSlug: 'member', groupIsDefault: '1' })]);
    expect(session.defaultGroupAppId).toEqual([1]);
    expect(session.expired).toBeGreaterThan(Date.now());
    expect(typeof session.token).toBe('string');
    const stored = await findUser(server.store, '081200000001');
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('checks registration in the order of the spec and writes nothing on refusal', async () => {
    const cases: [string, string, string, string][] = [
      ['', 'password-1', 'password-1', Messages.registerUsernameEmpty],
      ['081200000002', 'short', 'short', Messages.registerPasswordShort],
      ['081200000002', 'password-1', 'password-2', Messages.registerPasswordMismatch],
      ['1234567890', 'password-1', 'password-1', Messages.registerPhonePrefix],
    ];
    for (const [userId, password, confirm, message] of cases) {
      const response = await register(userId, password, confirm);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: false, error: [message], code: expect.any(String) });
    }
    expect(await findUser(server.store, '081200000002')).toBeUndefined();
    expect(await findUser(server.store, '1234567890')).toBeUndefined();
  });

  it('answers a second registration of the same number as the first, and keeps the account as it was', async () => {
    await register('081200000003', 'password-1');
    const again = await register('081200000003', 'password-2');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ status: true, data: { userId: '081200000003' } });
    await server.login('081200000003', 'password-1', 'main');
  });

  it('refuses registration into an application that is closed or missing', async () => {
    expect((await register('081200000004', 'password-1', 'password-1', 2)).statusCode).toBe(403);
    expect((await register('081200000004', 'password-1', 'password-1', 999)).statusCode).toBe(404);
    expect(await findUser(server.store, '081200000004')).toBeUndefined();
  });

  it('answers malformed, mistyped, incomplete and oversized bodies with 4xx and a message', async () => {
    const malformed = await server.app.inject({ method: 'POST', url: '/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"data":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().status).toBe(false);
    const wrongType = await server.call('POST', '/auth/register', { data: { userId: 81200000005, password: 'password-1', confirm_password: 'password-1', defaultGroupAppId: [1] } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error[0]).toMatch(/userId/);
    const missing = await server.call('POST', '/auth/register', { data: { userId: '081200000005' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error[0]).toMatch(/password/);
    const huge = await server.call('POST', '/auth/register', { data: { userId: '081200000005', password: 'x'.repeat(100_000), confirm_password: 'x', defaultGroupAppId: [1] } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().status).toBe(false);
    expect(await findUser(server.store, '081200000005')).toBeUndefined();
  });

  it('rejects wrong and blank credentials with the same message', async () => {
    for (const body of [
      { userId: 'admin', password: 'wrong', appSlug: '_root' },
      { userId: 'nobody', password: 'whatever', appSlug: 'main' },
      { userId: '', password: '', appSlug: 'main' },
    ]) {
      const response = await server.call('POST', '/auth/login', body);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: false, error: [Messages.loginFailed], code: 'loginFailed' });
    }
  });

  it('lets the super administrator enter _root only', async () => {
    const token = await server.login('admin', ADMIN_PASSWORD, '_root');
    expect(token).toBeTruthy();
    const intoMain = await server.call('POST', '/auth/login', { userId: 'admin', password: ADMIN_PASSWORD, appSlug: 'main' });
    expect(intoMain.statusCode).toBe(403);
    expect(intoMain.json().error).toEqual([Messages.loginFailed]);
  });

  it('keeps members of main out of _root and out of applications without their group', async () => {
    await server.register('081200000006', 'password-1');
    const builder = await server.login('081200000006', 'password-1', 'main');
    const created = await server.call('POST', '/save/saveApp', { appId: null, appName: 'Gudang', appDescription: 'Stock' }, builder);
    expect(created.statusCode).toBe(201);
    const slug = created.json().data.appSlug;
    // The creator administers his application and can enter it.
    const session = await server.call('POST', '/auth/login', { userId: '081200000006', password: 'password-1', appSlug: slug });
    expect(session.json().data[0].userGroup.map((g: { groupSlug: string }) => g.groupSlug)).toEqual(['admin']);

    await server.register('081200000007', 'password-1');
    for (const appSlug of ['_root', slug]) {
      const response = await server.call('POST', '/auth/login', { userId: '081200000007', password: 'password-1', appSlug });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual([Messages.loginFailed]);
    }
  });

  it('rejects calls without a valid token and tokens issued before a password change', async () => {
    expect((await server.call('GET', '/get/listApp')).statusCode).toBe(401);
    expect((await server.call('GET', '/get/listApp', undefined, 'not-a-jwt')).statusCode).toBe(401);
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiIsImFwcCI6Il9yb290IiwiaWF0IjoxLCJleHAiOjk5OTk5OTk5OTl9.c2lnbmF0dXJl';
    expect((await server.call('GET', '/get/listApp', undefined, forged)).statusCode).toBe(401);

    await server.register('081200000008', 'password-1');
    const token = await server.login('081200000008', 'password-1', 'main');
    const reset = await server.call('POST', '/forgot_password/getToken', { userId: '081200000008' }, token);
    expect(reset.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const changed = await server.call('POST', '/forgot_password/changePassword', { token: reset.json().data.token, password: 'password-2' });
    expect(changed.json()).toEqual({ status: true, data: Messages.passwordChanged });
    expect((await server.call('GET', '/get/listAppUser/081200000008', undefined, token)).statusCode).toBe(401);
    await server.login('081200000008', 'password-2', 'main');
    // A reset token works once.
    const reused = await server.call('POST', '/forgot_password/changePassword', { token: reset.json().data.token, password: 'password-3' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toEqual([Messages.resetTokenInvalid]);
  });

  it('hands reset tokens only to the user himself or his administrators', async () => {
    await server.register('081200000009', 'password-1');
    await server.register('081200000010', 'password-1');
    const stranger = await server.login('081200000010', 'password-1', 'main');
    expect((await server.call('POST', '/forgot_password/getToken', { userId: '081200000009' })).statusCode).toBe(401);
    expect((await server.call('POST', '/forgot_password/getToken', { userId: '081200000009' }, stranger)).statusCode).toBe(403);
    const root = await server.login('admin', ADMIN_PASSWORD, '_root');
    expect((await server.call('POST', '/forgot_password/getToken', { userId: '081200000009' }, root)).statusCode).toBe(200);
    expect((await server.call('POST', '/forgot_password/changePassword', { token: 'made-up', password: 'password-9' })).statusCode).toBe(400);
  });
});

describe('rate limit of sign-in', () => {
  let server: TestServer;
  beforeAll(async () => { server = await buildTestServer('sqlite', { authRateLimit: 3 }); });
  afterAll(async () => { await server.close(); });

  it('answers 429 after too many attempts from one address', async () => {
    const attempt = () => server.call('POST', '/auth/login', { userId: 'admin', password: 'guess', appSlug: '_root' });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: false, error: [Messages.tooManyRequests], code: 'tooManyRequests' });
  });
});
