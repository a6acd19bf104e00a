import { Messages, passwordTooShortMessage, ROOT_APP_SLUG } from '@rakit/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/security/passwords';
import { findGroupBySlug } from '../../src/store/repositories/groups';
import { findUser, isMemberOfApp } from '../../src/store/repositories/users';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from '../support/build';
import { availableEngines } from '../support/engines';
import { freshUserId, type HostileBuilder, hostileBuilder } from './hostile';

const engines = await availableEngines();

/**
 * Issue 10 item 6: a builder reaches no account that did not join his application, and
 * learns nothing of ids elsewhere. Item 12: one password rule, and one's own password
 * changes only with the current one.
 */
describe.each(engines)('accounts of other applications on %s', (engine) => {
  let server: TestServer;
  let hostile: HostileBuilder;
  let root: string;
  let rootAppId: number;
  let hostileGroupId: number;

  beforeAll(async () => {
    server = await buildTestServer(engine);
    hostile = await hostileBuilder(server);
    root = await server.login('admin', ADMIN_PASSWORD, ROOT_APP_SLUG);
    rootAppId = (await server.store.selectFrom('apps').select('appId').where('appSlug', '=', ROOT_APP_SLUG).executeTakeFirstOrThrow()).appId;
    hostileGroupId = (await findGroupBySlug(server.store, String(hostile.appId), 'member'))!.groupId;
  });
  afterAll(async () => { await server.close(); });

  const addToHostileGroup = (userId: string) =>
    server.call('POST', '/auth/addUserToGroup', { userId, groupId: hostileGroupId }, hostile.token);
  const passwordStill = async (userId: string, password: string) =>
    verifyPassword((await findUser(server.store, userId))!.passwordHash, password);
  /** Opens the builder's application for registration (saveApp needs its name beside the flag). */
  const openRegistration = async (builder: HostileBuilder) => {
    const { appName } = (await server.call('GET', `/get/getApp/slug/${builder.appSlug}`)).json().data as { appName: string };
    const saved = await server.call('POST', '/save/saveApp', { appId: builder.appId, appName, appOpenRegistration: true }, builder.token);
    expect(saved.statusCode).toBe(200);
  };
  const answerOf = (response: LightMyRequestResponse) => ({ statusCode: response.statusCode, body: response.json() as unknown });

  /** Every way the builder could set the account's password, each refused; the password still opens it. */
  async function expectTakeoverRefused(userId: string, password: string) {
    const added = await addToHostileGroup(userId);
    const nobody = await addToHostileGroup(freshUserId());
    expect(answerOf(added)).toEqual(answerOf(nobody));
    expect(added.statusCode).toBe(404);
    expect(await isMemberOfApp(server.store, hostile.appId, userId)).toBe(false);

    const resetToken = await server.call('POST', '/forgot_password/getToken', { userId }, hostile.token);
    expect(resetToken.statusCode).toBeGreaterThanOrEqual(400);
    expect(resetToken.statusCode).toBeLessThan(500);
    expect(resetToken.json().data).toBeUndefined();
    const changed = await server.call('PUT', '/auth/changePassword',
      { data: { userId, password: 'hijacked-password', confirm_password: 'hijacked-password', appId: hostile.appId } }, hostile.token);
    expect(changed.statusCode).toBeGreaterThanOrEqual(400);
    expect(changed.statusCode).toBeLessThan(500);
    expect(await passwordStill(userId, password)).toBe(true);
  }

  it('cannot take over the super administrator', async () => {
    await expectTakeoverRefused('admin', ADMIN_PASSWORD);
    await server.login('admin', ADMIN_PASSWORD, ROOT_APP_SLUG);
  });

  it('cannot take over a user the super administrator created in _root, who belongs to no application', async () => {
    const userId = freshUserId();
    const created = await server.call('POST', '/auth/adduser', { data: { userId, password: 'operator-made-1', confirm_password: 'operator-made-1', appId: rootAppId } }, root);
    expect(created.statusCode).toBe(201);
    await expectTakeoverRefused(userId, 'operator-made-1');
  });

  it('cannot take over a user of another builder\'s application, registered or created there', async () => {
    const other = await hostileBuilder(server);
    await openRegistration(other);
    const registered = freshUserId();
    await server.register(registered, 'registered-pass-1', other.appId);
    const created = freshUserId();
    expect((await server.call('POST', '/auth/adduser', { data: { userId: created, password: 'created-pass-1', confirm_password: 'created-pass-1', appId: other.appId } }, other.token)).statusCode).toBe(201);
    await expectTakeoverRefused(registered, 'registered-pass-1');
    await expectTakeoverRefused(created, 'created-pass-1');
    // Nor the other builder himself, a user of main.
    await expectTakeoverRefused(other.userId, other.password);
  });

  it('cannot take over a user left over from a deleted application', async () => {
    const other = await hostileBuilder(server);
    const leftover = freshUserId();
    await server.call('POST', '/auth/adduser', { data: { userId: leftover, password: 'leftover-pass-1', confirm_password: 'leftover-pass-1', appId: other.appId } }, other.token);
    expect((await server.call('DELETE', '/delete/deleteApp', { appId: other.appId }, other.mainToken)).statusCode).toBe(200);
    expect(await findUser(server.store, leftover)).toBeDefined();
    await expectTakeoverRefused(leftover, 'leftover-pass-1');
  });

  it('still administers the accounts that joined his application: created by him or registered into it', async () => {
    const created = freshUserId();
    await server.call('POST', '/auth/adduser', { data: { userId: created, password: 'created-pass-1', confirm_password: 'created-pass-1', appId: hostile.appId } }, hostile.token);
    await openRegistration(hostile);
    const registered = freshUserId();
    await server.register(registered, 'registered-pass-1', hostile.appId);
    const crew = (await server.call('POST', '/auth/addgroup', { data: { groupId: null, groupName: 'Crew', groupAppId: hostile.appId } }, hostile.token)).json().data.groupId as number;

    for (const userId of [created, registered]) {
      expect((await server.call('POST', '/auth/addUserToGroup', { userId, groupId: crew }, hostile.token)).statusCode).toBe(200);
      const resetToken = await server.call('POST', '/forgot_password/getToken', { userId }, hostile.token);
      expect(resetToken.statusCode).toBe(200);
      const reset = await server.call('POST', '/forgot_password/changePassword', { token: resetToken.json().data.token, password: 'reset-by-admin-1' });
      expect(reset.statusCode).toBe(200);
      await server.login(userId, 'reset-by-admin-1', hostile.appSlug);
    }
  });

  it('lets the super administrator add any user to any group', async () => {
    const userId = freshUserId();
    await server.register(userId, 'main-user-pass-1');
    const added = await server.call('POST', '/auth/addUserToGroup', { userId, groupId: hostileGroupId }, root);
    expect(added.statusCode).toBe(200);
    expect(await isMemberOfApp(server.store, hostile.appId, userId)).toBe(true);
    // Being a member now does not put his account in the builder's hands.
    const resetToken = await server.call('POST', '/forgot_password/getToken', { userId }, hostile.token);
    expect(resetToken.statusCode).toBe(403);
  });

  it('answers registration the same whether or not the id exists, and changes nothing of an existing account', async () => {
    const existing = freshUserId();
    await server.register(existing, 'existing-pass-1');
    const register = (userId: string, password: string) =>
      server.call('POST', '/auth/register', { data: { userId, password, confirm_password: password, defaultGroupAppId: [1] } });
    const fresh = freshUserId();
    const forNew = await register(fresh, 'attacker-pass-1');
    const forExisting = await register(existing, 'attacker-pass-1');
    expect(forExisting.statusCode).toBe(forNew.statusCode);
    expect(forExisting.json()).toEqual({ ...forNew.json(), data: { userId: existing } });
    expect(await passwordStill(existing, 'existing-pass-1')).toBe(true);
  });

  it('lets an existing user join an open application by registering with his own password', async () => {
    await openRegistration(hostile);
    const userId = freshUserId();
    await server.register(userId, 'own-password-1');
    await server.register(userId, 'wrong-password-1', hostile.appId);
    expect(await isMemberOfApp(server.store, hostile.appId, userId)).toBe(false);
    await server.register(userId, 'own-password-1', hostile.appId);
    expect(await isMemberOfApp(server.store, hostile.appId, userId)).toBe(true);
    await server.login(userId, 'own-password-1', hostile.appSlug);
    // He joined, but his account stays his: he registered in main first.
    expect((await server.call('POST', '/forgot_password/getToken', { userId }, hostile.token)).statusCode).toBe(403);
  });
});

describe.each(engines)('passwords on %s', (engine) => {
  let server: TestServer;
  let hostile: HostileBuilder;
  beforeAll(async () => {
    server = await buildTestServer(engine);
    hostile = await hostileBuilder(server);
  });
  afterAll(async () => { await server.close(); });

  const userBody = (userId: string, password: string, extra: Record<string, unknown> = {}) =>
    ({ data: { userId, password, confirm_password: password, appId: hostile.appId, ...extra } });

  it('needs at least 8 characters when an administrator creates a user or sets his password', async () => {
    const userId = freshUserId();
    const short = await server.call('POST', '/auth/adduser', userBody(userId, 'x'), hostile.token);
    expect(short.statusCode).toBe(400);
    expect(short.json().error[0]).toBe(passwordTooShortMessage());
    expect(await findUser(server.store, userId)).toBeUndefined();

    expect((await server.call('POST', '/auth/adduser', userBody(userId, 'long-enough'), hostile.token)).statusCode).toBe(201);
    const shortChange = await server.call('PUT', '/auth/changePassword', userBody(userId, '1234567'), hostile.token);
    expect(shortChange.statusCode).toBe(400);
    expect(shortChange.json().error[0]).toBe(passwordTooShortMessage());
    await server.login(userId, 'long-enough', hostile.appSlug);
  });

  it('asks for the current password when one changes his own', async () => {
    const change = (extra: Record<string, unknown>) =>
      server.call('PUT', '/auth/changePassword', userBody(hostile.userId, 'new-own-password', extra), hostile.token);
    const without = await change({});
    expect(without.statusCode).toBe(400);
    expect(without.json().error).toEqual([Messages.currentPasswordRequired]);
    const wrong = await change({ current_password: 'not-my-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toEqual([Messages.currentPasswordWrong]);
    expect(await verifyPassword((await findUser(server.store, hostile.userId))!.passwordHash, hostile.password)).toBe(true);

    const right = await change({ current_password: hostile.password });
    expect(right.statusCode).toBe(200);
    await server.login(hostile.userId, 'new-own-password', hostile.appSlug);
  });
});
