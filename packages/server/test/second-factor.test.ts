import { Messages, type SecondFactorStatus } from '@rakit/core';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushAudit } from '../src/audit/record';
import { secondFactorHolds, secondFactorRequiredOf } from '../src/accounts/second-factor';
import { groupsOfUser } from '../src/store/repositories/groups';
import { findUser, NO_PASSWORD } from '../src/store/repositories/users';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { freshUserId, type HostileBuilder, hostileBuilder } from './trust-boundary/hostile';

/**
 * A second factor (issue 36): TOTP turned on with a code and the password, asked for at every
 * password sign-in, each code good once; recovery codes good once; an application requiring one
 * of its administrators gives one who has none a session that may only set it up; a password
 * reset leaves it as it was; the hostile author reaches no one else's.
 */
const engines = await availableEngines();
const PASSWORD = 'factor-password-1';

/** The authenticator app's code for the secret, now or `offsetSeconds` away. */
const codeOf = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

describe.each(engines)('a second factor on a %s store', (engine) => {
  let server: TestServer;
  let owner: HostileBuilder;

  beforeAll(async () => {
    server = await buildTestServer(engine);
    owner = await hostileBuilder(server);
  });
  afterAll(async () => { await server?.close(); });

  const signIn = (userId: string, appSlug: string, extra: Record<string, unknown> = {}, password = PASSWORD) =>
    server.call('POST', '/auth/login', { userId, password, appSlug, ...extra });
  const tokenOf = async (answer: Awaited<ReturnType<typeof signIn>>) => {
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data[0].token as string;
  };
  const status = async (token: string) => (await server.call('GET', '/auth/secondFactor', undefined, token)).json().data as SecondFactorStatus;

  /** A member of the owner's application, signed in. */
  async function member(): Promise<{ userId: string; token: string }> {
    const userId = freshUserId();
    const added = await server.call('POST', '/auth/adduser', { data: { userId, password: PASSWORD, confirm_password: PASSWORD, appId: owner.appId } }, owner.token);
    expect(added.statusCode, added.body).toBeLessThan(300);
    return { userId, token: await tokenOf(await signIn(userId, owner.appSlug)) };
  }

  /** Turns TOTP on for the signed-in person: the secret and recovery codes. */
  async function turnOn(token: string, password = PASSWORD): Promise<{ secret: string; recoveryCodes: string[] }> {
    const started = await server.call('POST', '/auth/secondFactor/start', {}, token);
    expect(started.statusCode, started.body).toBe(200);
    const { secret, uri } = started.json().data as { secret: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\/Rakit:/);
    expect(uri).toContain(`secret=${secret}`);
    const confirmed = await server.call('POST', '/auth/secondFactor/confirm', { password, code: await codeOf(secret) }, token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, recoveryCodes: confirmed.json().data.recoveryCodes as string[] };
  }

  it('turns on with a code of the new secret and the password, sealed at rest, with ten recovery codes', async () => {
    const { userId, token } = await member();
    expect(await status(token)).toEqual({ totp: false, enabledAt: null, recoveryCodesLeft: 0, requiredHere: false, mustSetUp: false, passwordAccount: true });
    const started = (await server.call('POST', '/auth/secondFactor/start', {}, token)).json().data as { secret: string };
    // A wrong password, a wrong code: nothing turns on.
    expect((await server.call('POST', '/auth/secondFactor/confirm', { password: 'wrong-password', code: await codeOf(started.secret) }, token)).statusCode).toBe(403);
    const wrongCode = await server.call('POST', '/auth/secondFactor/confirm', { password: PASSWORD, code: await codeOf(started.secret, -600) }, token);
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error).toEqual([Messages.secondFactorWrong]);
    expect((await status(token)).totp).toBe(false);

    const { secret, recoveryCodes } = await turnOn(token);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = (await findUser(server.store, userId))!;
    expect(stored.totpSecretEnc).not.toContain(secret);
    expect(stored.totpPendingEnc).toBeNull();
    const codes = await server.store.selectFrom('recoveryCodes').select('codeHash').where('userId', '=', userId).execute();
    expect(codes.map((c) => c.codeHash).some((hash) => recoveryCodes.some((code) => hash.includes(code.replace('-', ''))))).toBe(false);
    expect(await status(token)).toMatchObject({ totp: true, recoveryCodesLeft: 10, requiredHere: false });
    // A session and a password alone cannot re-key it: starting again is refused while it is on.
    const again = await server.call('POST', '/auth/secondFactor/start', {}, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual([Messages.secondFactorAlreadyOn]);
    expect((await findUser(server.store, userId))!.totpPendingEnc).toBeNull();
    await flushAudit(server.store);
    const entries = await server.store.selectFrom('auditLog').select(['action', 'summary', 'details']).where('entityId', '=', userId).where('action', '=', 'confirmSecondFactor').execute();
    expect(entries.map((e) => e.summary)).toEqual(['Turned on two-step verification']);
    // Neither the password nor the code is kept in the log.
    expect(JSON.stringify(entries)).not.toContain(PASSWORD);
  });

  it('asks a password sign-in for a code, takes each code once, and takes a recovery code once', async () => {
    const { userId, token } = await member();
    const { secret, recoveryCodes } = await turnOn(token);
    const without = await signIn(userId, owner.appSlug);
    expect(without.statusCode).toBe(401);
    expect(without.json().error).toEqual([Messages.secondFactorRequired]);
    // A wrong password says only that, whatever the code.
    const wrongPassword = await signIn(userId, owner.appSlug, { code: '123456' }, 'not-the-password');
    expect(wrongPassword.json().error).toEqual([Messages.loginFailed]);
    const wrong = await signIn(userId, owner.appSlug, { code: await codeOf(secret, -600) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual([Messages.secondFactorWrong]);

    // The confirming code's step is taken: the next step's code signs in, once.
    const next = await codeOf(secret, 30);
    await tokenOf(await signIn(userId, owner.appSlug, { code: next }));
    const replayed = await signIn(userId, owner.appSlug, { code: next });
    expect(replayed.json().error).toEqual([Messages.secondFactorWrong]);

    // A recovery code, as typed (upper case, no dash), once.
    const [first] = recoveryCodes;
    const typed = first!.toUpperCase().replace('-', ' ');
    await tokenOf(await signIn(userId, owner.appSlug, { code: typed }));
    expect((await signIn(userId, owner.appSlug, { code: first })).json().error).toEqual([Messages.secondFactorWrong]);
    expect((await status(token)).recoveryCodesLeft).toBe(9);
    await flushAudit(server.store);
    const refused = await server.store.selectFrom('auditLog').select('summary').where('entityId', '=', userId).where('action', '=', 'loginFailed').execute();
    expect(refused.length).toBeGreaterThanOrEqual(3);
  });

  it('lets one of two sign-ins racing with the same code through, and one of two with the same recovery code', async () => {
    const { userId, token } = await member();
    const { secret, recoveryCodes } = await turnOn(token);
    const code = await codeOf(secret, 30);
    const racing = await Promise.all([signIn(userId, owner.appSlug, { code }), signIn(userId, owner.appSlug, { code })]);
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    const recovery = await Promise.all([signIn(userId, owner.appSlug, { code: recoveryCodes[2] }), signIn(userId, owner.appSlug, { code: recoveryCodes[2] })]);
    expect(recovery.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('checks codes against a fixed clock: a step before and after are taken, further ones not', async () => {
    const { userId, token } = await member();
    const { secret } = await turnOn(token);
    const at = new Date(Date.UTC(2031, 0, 1, 8, 0, 10));
    const epoch = Math.floor(at.getTime() / 1000);
    const user = async () => (await findUser(server.store, userId))!;
    const holds = async (offset: number) => secondFactorHolds(server.app.services, await user(), await generate({ secret, epoch: epoch + offset }), at);
    expect(await holds(-90)).toBe(false);
    expect(await holds(90)).toBe(false);
    expect(await holds(-30)).toBe(true);
    // The step taken and any before it are spent.
    expect(await holds(-30)).toBe(false);
    expect(await holds(0)).toBe(true);
    expect(await holds(0)).toBe(false);
    expect(await holds(30)).toBe(true);
  });

  it('turns off, and renews recovery codes, only with the password and a current code', async () => {
    const { userId, token } = await member();
    const { secret, recoveryCodes } = await turnOn(token);
    const renewed = await server.call('POST', '/auth/secondFactor/recoveryCodes', { password: PASSWORD, code: await codeOf(secret, 30) }, token);
    expect(renewed.statusCode, renewed.body).toBe(200);
    // The earlier codes are void.
    expect((await signIn(userId, owner.appSlug, { code: recoveryCodes[0] })).json().error).toEqual([Messages.secondFactorWrong]);
    const fresh = renewed.json().data.recoveryCodes as string[];
    expect((await server.call('POST', '/auth/secondFactor/disable', { password: 'wrong-password', code: fresh[0] }, token)).statusCode).toBe(403);
    const off = await server.call('POST', '/auth/secondFactor/disable', { password: PASSWORD, code: fresh[0] }, token);
    expect(off.statusCode, off.body).toBe(200);
    await tokenOf(await signIn(userId, owner.appSlug));
    expect(await server.store.selectFrom('recoveryCodes').select('codeHash').where('userId', '=', userId).execute()).toEqual([]);
  });

  it('gives an administrator of an application that requires one, who has none, a session that may only set it up', async () => {
    const required = await server.call('PUT', '/save/adminSecondFactor', { appId: owner.appId, required: true }, owner.token);
    expect(required.statusCode, required.body).toBe(200);
    expect((await server.call('GET', `/get/identityProviders/${owner.appId}`, undefined, owner.token)).json().data.adminSecondFactor).toBe(true);
    try {
      // Members are not asked.
      const { token: memberToken } = await member();
      expect((await server.call('GET', `/get/listMenu/${owner.appId}`, undefined, memberToken)).statusCode).toBe(200);

      const answer = await signIn(owner.userId, owner.appSlug, {}, owner.password);
      expect(answer.json().data[0].mustSetUpSecondFactor).toBe(true);
      const limited = await tokenOf(answer);
      const refused = await server.call('GET', `/get/listMenu/${owner.appId}`, undefined, limited);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual([Messages.secondFactorSetupRequired]);
      expect((await server.call('PUT', '/save/adminSecondFactor', { appId: owner.appId, required: false }, limited)).statusCode).toBe(403);
      expect(await status(limited)).toMatchObject({ totp: false, requiredHere: true, mustSetUp: true });
      // Opened from main, the same.
      const opened = await server.call('POST', '/auth/openApp', { appId: owner.appId }, owner.mainToken);
      expect(opened.json().data[0].mustSetUpSecondFactor).toBe(true);

      const { secret } = await turnOn(limited, owner.password);
      expect((await server.call('GET', `/get/listMenu/${owner.appId}`, undefined, limited)).statusCode).toBe(200);
      // Required here: it stays on.
      const kept = await server.call('POST', '/auth/secondFactor/disable', { password: owner.password, code: await codeOf(secret, 30) }, limited);
      expect(kept.statusCode).toBe(403);
      expect(kept.json().error).toEqual([Messages.secondFactorKeptHere]);
      // From main, whose session was made without a code: sign in again with one.
      const again = await server.call('POST', '/auth/openApp', { appId: owner.appId }, owner.mainToken);
      expect(again.statusCode).toBe(403);
      expect(again.json().error).toEqual([Messages.secondFactorSignInAgain]);
      const mainWithCode = await tokenOf(await signIn(owner.userId, 'main', { code: await codeOf(secret, 30) }, owner.password));
      const openedWithCode = await server.call('POST', '/auth/openApp', { appId: owner.appId }, mainWithCode);
      expect(openedWithCode.statusCode, openedWithCode.body).toBe(200);
      expect(openedWithCode.json().data[0].mustSetUpSecondFactor).toBeUndefined();
      owner.token = openedWithCode.json().data[0].token as string;
      owner.mainToken = mainWithCode;
      // An administrator whose account a provider made has no password to set one up with: never required (his provider's factors apply).
      const groups = await groupsOfUser(server.store, owner.userId);
      const requiring = { appId: owner.appId, appSlug: owner.appSlug, appAdminSecondFactor: 1 };
      expect(secondFactorRequiredOf({ totpSecretEnc: null, passwordHash: 'hash' }, groups, requiring)).toBe(true);
      expect(secondFactorRequiredOf({ totpSecretEnc: null, passwordHash: NO_PASSWORD }, groups, requiring)).toBe(false);
    } finally {
      await server.call('PUT', '/save/adminSecondFactor', { appId: owner.appId, required: false }, owner.token);
    }
  });

  it('keeps the super administrator\'s once set up, and a password reset never removes it', async () => {
    const root = await tokenOf(await signIn('admin', '_root', {}, ADMIN_PASSWORD));
    expect((await status(root)).requiredHere).toBe(false);
    const { secret } = await turnOn(root, ADMIN_PASSWORD);
    try {
      expect((await signIn('admin', '_root', {}, ADMIN_PASSWORD)).json().error).toEqual([Messages.secondFactorRequired]);
      const kept = await server.call('POST', '/auth/secondFactor/disable', { password: ADMIN_PASSWORD, code: await codeOf(secret, 30) }, root);
      expect(kept.json().error).toEqual([Messages.secondFactorKeptHere]);

      // A member's password reset by his administrator leaves his second factor on.
      const { userId, token } = await member();
      const his = await turnOn(token);
      const reset = await server.call('PUT', '/auth/changePassword', { data: { userId, password: 'factor-password-2', confirm_password: 'factor-password-2', appId: owner.appId } }, owner.token);
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await signIn(userId, owner.appSlug, {}, 'factor-password-2')).json().error).toEqual([Messages.secondFactorRequired]);
      await tokenOf(await signIn(userId, owner.appSlug, { code: his.recoveryCodes[1] }, 'factor-password-2'));
    } finally {
      // Off again for the other tests of this store, as its owner would (straight in the store: _root keeps it on).
      await server.store.updateTable('users').set({ totpSecretEnc: null, totpLastStep: null, totpEnabledAt: null }).where('userId', '=', 'admin').execute();
    }
  });

  it('lets an administrator turn off the second factor of a user who lost it, told and recorded, his sessions ended', async () => {
    const { userId, token } = await member();
    await turnOn(token);
    const hostile = await hostileBuilder(server);
    const reset = (caller: string, appId: number, who: string) => server.call('POST', '/auth/resetSecondFactor', { appId, userId: who }, caller);
    // Another application's administrator, naming his own application or the owner's; the member himself.
    expect((await reset(hostile.token, hostile.appId, userId)).statusCode).toBe(404);
    expect((await reset(hostile.token, owner.appId, userId)).statusCode).toBe(403);
    expect((await reset(token, owner.appId, userId)).statusCode).toBe(403);
    expect((await findUser(server.store, userId))!.totpSecretEnc).not.toBeNull();
    // Never one's own this way.
    const own = await reset(owner.token, owner.appId, owner.userId);
    expect(own.statusCode).toBe(400);
    expect(own.json().error).toEqual([Messages.secondFactorOwnReset]);

    const done = await reset(owner.token, owner.appId, userId);
    expect(done.statusCode, done.body).toBe(200);
    expect((await findUser(server.store, userId))!.totpSecretEnc).toBeNull();
    expect((await server.call('GET', '/auth/secondFactor', undefined, token)).statusCode).toBe(401);
    await tokenOf(await signIn(userId, owner.appSlug));
    await flushAudit(server.store);
    const entries = await server.store.selectFrom('auditLog').select(['actorId', 'summary']).where('action', '=', 'resetUserSecondFactor').where('entityId', '=', userId).execute();
    expect(entries).toEqual([{ actorId: owner.userId, summary: `Turned off the two-step verification of ${userId}` }]);
  });

  it('keeps the hostile author to his own second factor', async () => {
    const { userId, token } = await member();
    await turnOn(token);
    const hostile = await hostileBuilder(server);
    // His calls act on his own account only, whatever he names.
    expect(await status(hostile.token)).toMatchObject({ totp: false });
    const named = await server.call('POST', '/auth/secondFactor/disable', { password: PASSWORD, code: '000000', userId }, hostile.token);
    expect(named.statusCode).toBeGreaterThanOrEqual(400);
    expect((await findUser(server.store, userId))!.totpSecretEnc).not.toBeNull();
    // Another application's rule is not his to set.
    expect((await server.call('PUT', '/save/adminSecondFactor', { appId: owner.appId, required: true }, hostile.token)).statusCode).toBe(403);
    // Bad bodies: a clear 400, nothing changed.
    for (const body of [{}, { password: 'x' }, { password: 'x', code: '1' }, { password: 'x', code: 'x'.repeat(21) }, { password: '', code: '123456' }]) {
      expect((await server.call('POST', '/auth/secondFactor/confirm', body, hostile.token)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await server.call('POST', '/auth/secondFactor/confirm', { password: hostile.password, code: '123456' }, hostile.token)).json().error).toEqual([Messages.secondFactorNotPending]);
    // Anonymous callers get nothing.
    expect((await server.call('GET', '/auth/secondFactor')).statusCode).toBe(401);
    expect((await server.call('POST', '/auth/secondFactor/start', {})).statusCode).toBe(401);
  });
});
