import { Messages, type OwnSession } from '@rakit/core';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushAudit } from '../src/audit/record';
import { LAST_USE_STEP_MS } from '../src/auth/sessions';
import { pruneExpiredSessions } from '../src/store/repositories/user-sessions';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { freshUserId, type HostileBuilder, hostileBuilder } from './trust-boundary/hostile';

/**
 * Sessions one can see (issue 36): a person lists his sessions (device, address, when started and
 * last used) and ends any one of them, every other one, or the current one; an ended session's
 * token is refused on its next call. Nobody reaches another's sessions.
 */
const engines = await availableEngines();

const PHONE = 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESK = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const PASSWORD = 'member-password-1';

describe.each(engines)('own sessions on a %s store', (engine) => {
  let server: TestServer;
  let owner: HostileBuilder;

  beforeAll(async () => {
    // X-Forwarded-For is believed (as behind the deployment's nginx), so each sign-in names its address.
    server = await buildTestServer(engine, { trustProxy: true });
    owner = await hostileBuilder(server);
  });
  afterAll(async () => { await server?.close(); });

  /** Signs in from a device and an address. */
  async function signIn(userId: string, userAgent: string, address: string): Promise<string> {
    const response = await server.app.inject({
      method: 'POST', url: '/auth/login', payload: { userId, password: PASSWORD, appSlug: owner.appSlug },
      headers: { 'user-agent': userAgent, 'x-forwarded-for': address },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data[0].token as string;
  }
  async function member(): Promise<string> {
    const userId = freshUserId();
    const added = await server.call('POST', '/auth/adduser', { data: { userId, password: PASSWORD, confirm_password: PASSWORD, appId: owner.appId } }, owner.token);
    expect(added.statusCode, added.body).toBeLessThan(300);
    return userId;
  }
  const sessionsOf = async (token: string): Promise<OwnSession[]> => {
    const answer = await server.call('GET', '/auth/sessions', undefined, token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data.sessions as OwnSession[];
  };
  const end = (token: string, body: unknown) => server.call('POST', '/auth/sessions/end', body, token);
  const reaches = async (token: string) => (await server.call('GET', `/get/listMenu/${owner.appId}`, undefined, token)).statusCode;

  it('lists where and when each session was started and last used, this one marked', async () => {
    const userId = await member();
    const started = Date.now();
    await signIn(userId, PHONE, '203.0.113.7');
    const desk = await signIn(userId, DESK, '198.51.100.20');
    const sessions = await sessionsOf(desk);
    expect(sessions).toHaveLength(2);
    const [current, phone] = [sessions.find((s) => s.current)!, sessions.find((s) => !s.current)!];
    expect(current).toMatchObject({ appSlug: owner.appSlug, method: 'password', browser: 'Firefox 133', system: 'Windows 10', device: 'desktop', address: '198.51.100.20' });
    expect(phone).toMatchObject({ current: false, browser: 'Chrome 131', system: 'Android 14', device: 'mobile', address: '203.0.113.7' });
    for (const session of sessions) {
      expect(Date.parse(session.signedInAt)).toBeGreaterThanOrEqual(started - 1000);
      expect(session.lastUsedAt).toBe(session.signedInAt);
      // The token's life (12 hours by default) from the sign-in.
      expect(Date.parse(session.expiresAt) - Date.parse(session.signedInAt)).toBeGreaterThan(11 * 3600_000);
    }
  });

  it('ends one session: its token is refused on its next call, the others stay good', async () => {
    const userId = await member();
    const phone = await signIn(userId, PHONE, '203.0.113.7');
    const desk = await signIn(userId, DESK, '198.51.100.20');
    const phoneId = (await sessionsOf(desk)).find((s) => !s.current)!.sessionId;
    const ended = await end(desk, { end: 'one', sessionId: phoneId });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toEqual({ ended: 1 });
    expect(await reaches(phone)).toBe(401);
    expect(await reaches(desk)).toBe(200);
    expect((await sessionsOf(desk)).map((s) => s.sessionId)).not.toContain(phoneId);
    // Ended already: answered as missing.
    const again = await end(desk, { end: 'one', sessionId: phoneId });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toEqual([Messages.sessionNotFound]);
    await flushAudit(server.store);
    const entries = await server.store.selectFrom('auditLog').select(['actorId', 'appId', 'summary']).where('action', '=', 'endOwnSessions').where('entityId', '=', userId).execute();
    expect(entries).toEqual([{ actorId: userId, appId: owner.appId, summary: 'Ended one of their own sessions' }]);
  });

  it('ends every other session, or the current one (signing out)', async () => {
    const userId = await member();
    const others = [await signIn(userId, PHONE, '203.0.113.7'), await signIn(userId, PHONE, '203.0.113.8')];
    const desk = await signIn(userId, DESK, '198.51.100.20');
    const ended = await end(desk, { end: 'others' });
    expect(ended.json().data).toEqual({ ended: 2 });
    for (const token of others) expect(await reaches(token)).toBe(401);
    expect((await sessionsOf(desk)).map((s) => s.current)).toEqual([true]);
    // With none left to end, "others" ends none.
    expect((await end(desk, { end: 'others' })).json().data).toEqual({ ended: 0 });

    const signedOut = await end(desk, { end: 'current' });
    expect(signedOut.json().data).toEqual({ ended: 1 });
    expect(await reaches(desk)).toBe(401);
  });

  it('ends a session once when two devices end it at the same moment', async () => {
    const userId = await member();
    await signIn(userId, PHONE, '203.0.113.7');
    const desk = await signIn(userId, DESK, '198.51.100.20');
    const tablet = await signIn(userId, DESK, '198.51.100.21');
    const phoneId = (await sessionsOf(desk)).find((s) => s.browser === 'Chrome 131')!.sessionId;
    const both = await Promise.all([end(desk, { end: 'one', sessionId: phoneId }), end(tablet, { end: 'one', sessionId: phoneId })]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    expect(await reaches(desk)).toBe(200);
    expect(await reaches(tablet)).toBe(200);
  });

  it('keeps last use to the minute without a write per call', async () => {
    const userId = await member();
    const desk = await signIn(userId, DESK, '198.51.100.20');
    const [session] = await sessionsOf(desk);
    const anHourAgo = new Date(Date.now() - 3600_000).toISOString();
    const setLastUse = (at: string) => server.store.updateTable('userSessions').set({ lastUsedAt: at }).where('sessionId', '=', session!.sessionId).execute();
    const lastUse = async () => (await server.store.selectFrom('userSessions').select('lastUsedAt').where('sessionId', '=', session!.sessionId).executeTakeFirstOrThrow()).lastUsedAt;
    // Written through another statement: the server reads the row again (the write empties its cache).
    await setLastUse(anHourAgo);
    server.app.services.readCache.invalidate();
    expect(await reaches(desk)).toBe(200);
    await expect.poll(lastUse).not.toBe(anHourAgo);
    expect(Date.now() - Date.parse(await lastUse())).toBeLessThan(LAST_USE_STEP_MS);
    // Within the step, this process writes it no more.
    await setLastUse(anHourAgo);
    server.app.services.readCache.invalidate();
    expect(await reaches(desk)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await lastUse()).toBe(anHourAgo);
  });

  it('does not empty the read cache to start a session or note its use', async () => {
    const userId = await member();
    const desk = await signIn(userId, DESK, '198.51.100.20');
    await reaches(desk);
    const writes = server.app.services.readCache.writes;
    await signIn(userId, PHONE, '203.0.113.7');
    expect(server.app.services.readCache.writes).toBe(writes);
  });

  it('forgets expired sessions at the next sign-in and never lists them', async () => {
    const userId = await member();
    const old = await signIn(userId, PHONE, '203.0.113.7');
    const oldId = (await sessionsOf(old))[0]!.sessionId;
    await server.store.updateTable('userSessions').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('sessionId', '=', oldId).execute();
    // Nothing of the server's updates a session but its last use, which leaves the cache alone.
    server.app.services.readCache.invalidate();
    // The row says it is over, whatever the token says.
    expect(await reaches(old)).toBe(401);
    const desk = await signIn(userId, DESK, '198.51.100.20');
    expect((await sessionsOf(desk)).map((s) => s.sessionId)).not.toContain(oldId);
    expect(await server.store.selectFrom('userSessions').select('sessionId').where('sessionId', '=', oldId).executeTakeFirst()).toBeUndefined();
  });

  it('forgets, at its hourly upkeep, the expired sessions of people who never came back', async () => {
    const userId = await member();
    const phone = await signIn(userId, PHONE, '203.0.113.7');
    const phoneId = (await sessionsOf(phone))[0]!.sessionId;
    const desk = await signIn(userId, DESK, '198.51.100.20');
    await server.store.updateTable('userSessions').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('sessionId', '=', phoneId).execute();
    expect(await pruneExpiredSessions(server.store, new Date().toISOString())).toBeGreaterThanOrEqual(1);
    const left = await server.store.selectFrom('userSessions').select('sessionId').where('userId', '=', userId).execute();
    expect(left.map((row) => row.sessionId)).not.toContain(phoneId);
    expect(await reaches(desk)).toBe(200);
  });

  it('ends every session at a password change and when an administrator ends them', async () => {
    const userId = await member();
    const phone = await signIn(userId, PHONE, '203.0.113.7');
    await signIn(userId, DESK, '198.51.100.20');
    const ended = await server.call('POST', '/auth/endSessions', { appId: owner.appId, userId }, owner.token);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await reaches(phone)).toBe(401);
    expect(await server.store.selectFrom('userSessions').select('sessionId').where('userId', '=', userId).execute()).toEqual([]);

    const desk = await signIn(userId, DESK, '198.51.100.20');
    const changed = await server.call('PUT', '/auth/changePassword', { data: { userId, password: 'member-password-2', confirm_password: 'member-password-2', appId: owner.appId } }, owner.token);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await reaches(desk)).toBe(401);
    expect(await server.store.selectFrom('userSessions').select('sessionId').where('userId', '=', userId).execute()).toEqual([]);
  });

  it('keeps the session a person changes his own password from, and ends his others', async () => {
    const userId = await member();
    const phone = await signIn(userId, PHONE, '203.0.113.7');
    const desk = await signIn(userId, DESK, '198.51.100.20');
    const changed = await server.call('PUT', '/auth/changePassword', {
      data: { userId, password: 'member-password-3', confirm_password: 'member-password-3', current_password: PASSWORD, appId: owner.appId },
    }, desk);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await reaches(desk)).toBe(200);
    expect(await reaches(phone)).toBe(401);
    expect((await sessionsOf(desk)).map((s) => s.current)).toEqual([true]);
    // The old password is gone all the same.
    const old = await server.call('POST', '/auth/login', { userId, password: PASSWORD, appSlug: owner.appSlug });
    expect(old.statusCode).toBe(401);
  });

  it('keeps every person to his own sessions (the hostile author included)', async () => {
    const userId = await member();
    const phone = await signIn(userId, PHONE, '203.0.113.7');
    const phoneId = (await sessionsOf(phone))[0]!.sessionId;
    const hostile = await hostileBuilder(server);
    // He sees his own sessions only, in every application he signed into.
    const his = await sessionsOf(hostile.token);
    expect(his.map((s) => s.appSlug).sort()).toEqual([hostile.appSlug, 'main'].sort());
    expect(his.map((s) => s.sessionId)).not.toContain(phoneId);
    // Another's session id is answered as one that does not exist, and stays good.
    const refused = await end(hostile.token, { end: 'one', sessionId: phoneId });
    expect(refused.statusCode).toBe(404);
    expect(await reaches(phone)).toBe(200);
    // Nor does the owner of the member's application end it this way.
    expect((await end(owner.token, { end: 'one', sessionId: phoneId })).statusCode).toBe(404);
    expect(await reaches(phone)).toBe(200);
    // Anonymous callers get nothing.
    expect((await server.call('GET', '/auth/sessions')).statusCode).toBe(401);
    expect((await server.call('POST', '/auth/sessions/end', { end: 'others' })).statusCode).toBe(401);
    // Bad bodies: a clear 400, nothing ended.
    for (const body of [{}, { end: 'all' }, { end: 'one' }, { end: 'one', sessionId: '' }, { end: 'one', sessionId: 'x'.repeat(65) }, { end: 'one', sessionId: 42 }]) {
      const bad = await end(hostile.token, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await server.call('GET', `/get/listMenu/${hostile.appId}`, undefined, hostile.token)).statusCode).toBe(200);
    expect(await reaches(phone)).toBe(200);
  });

  it('refuses a token that names no session, or another person\'s', async () => {
    const userId = await member();
    const phone = await signIn(userId, PHONE, '203.0.113.7');
    const phoneId = (await sessionsOf(phone))[0]!.sessionId;
    const user = await server.store.selectFrom('users').select(['userId', 'sessionKey']).where('userId', '=', owner.userId).executeTakeFirstOrThrow();
    // Signed with the server's own key, as only the server could: still refused.
    const key = new TextEncoder().encode(server.app.services.config.secret);
    const token = (claims: Record<string, string>) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(user.userId)
      .setIssuedAt().setExpirationTime('1h').setIssuer('rakit').sign(key);
    // A token of before sessions had rows.
    expect(await reaches(await token({ app: owner.appSlug, sk: user.sessionKey }))).toBe(401);
    // The owner's name on the member's session.
    expect(await reaches(await token({ app: owner.appSlug, sk: user.sessionKey, sid: phoneId }))).toBe(401);
    expect(await reaches(phone)).toBe(200);
  });
});
