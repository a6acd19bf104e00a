import { Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushAudit } from '../src/audit/record';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { freshUserId, type HostileBuilder, hostileBuilder } from './trust-boundary/hostile';

/**
 * An administrator ends every session of a user of his application (issue 36): each of the
 * user's tokens is refused on its next call, the administrator's own stay good, and the user
 * signs in again. Whose sessions he may end is whose password he may set: never an account
 * that is also another builder's, nor one in another application.
 */
const engines = await availableEngines();

describe.each(engines)('ending a user\'s sessions on a %s store', (engine) => {
  let server: TestServer;
  let owner: HostileBuilder;
  let other: HostileBuilder;
  let root: string;
  const PASSWORD = 'member-password-1';

  beforeAll(async () => {
    server = await buildTestServer(engine);
    owner = await hostileBuilder(server);
    other = await hostileBuilder(server);
    root = await server.login('admin', ADMIN_PASSWORD, '_root');
  });
  afterAll(async () => { await server?.close(); });

  /** A member the owner's application made, signed in twice (a phone and a desk). */
  async function memberWithTwoSessions(): Promise<{ userId: string; phone: string; desk: string }> {
    const userId = freshUserId();
    const added = await server.call('POST', '/auth/adduser', { data: { userId, password: PASSWORD, confirm_password: PASSWORD, appId: owner.appId } }, owner.token);
    expect(added.statusCode, added.body).toBeLessThan(300);
    return { userId, phone: await server.login(userId, PASSWORD, owner.appSlug), desk: await server.login(userId, PASSWORD, owner.appSlug) };
  }
  const reaches = async (token: string) => (await server.call('GET', `/get/listMenu/${owner.appId}`, undefined, token)).statusCode;
  const end = (token: string, appId: number, userId: string) => server.call('POST', '/auth/endSessions', { appId, userId }, token);

  it('refuses every token of the user on its next call, keeps the administrator\'s, and lets the user sign in again', async () => {
    const member = await memberWithTwoSessions();
    expect(await reaches(member.phone)).toBe(200);
    const ended = await end(owner.token, owner.appId, member.userId);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toEqual({ userId: member.userId });
    expect(await reaches(member.phone)).toBe(401);
    expect(await reaches(member.desk)).toBe(401);
    expect(await reaches(owner.token)).toBe(200);
    expect(await reaches(await server.login(member.userId, PASSWORD, owner.appSlug))).toBe(200);
    await flushAudit(server.store);
    const entries = await server.store.selectFrom('auditLog').select(['actorId', 'summary']).where('action', '=', 'endUserSessions').where('entityId', '=', member.userId).execute();
    expect(entries).toEqual([{ actorId: owner.userId, summary: `Ended every session of ${member.userId}` }]);
  });

  it('keeps an account out of reach that is another builder\'s too, and a user of another application', async () => {
    // The other builder is made a member of the owner's application too (by the super administrator): his home is main.
    const groups = (await server.call('GET', `/auth/listgroup/${owner.appId}`, undefined, owner.token)).json().data as { groupId: number; groupSlug: string }[];
    await server.addToGroup(other.userId, groups.find((group) => group.groupSlug !== 'admin')!.groupId);
    const refused = await end(owner.token, owner.appId, other.userId);
    expect(refused.statusCode).toBe(403);
    expect(await reaches(other.mainToken)).not.toBe(401);

    const member = await memberWithTwoSessions();
    // Another application's administrator, naming his own application or the owner's.
    expect((await end(other.token, other.appId, member.userId)).statusCode).toBe(404);
    expect((await end(other.token, owner.appId, member.userId)).statusCode).toBe(403);
    // A member may not end others' sessions.
    expect((await end(member.phone, owner.appId, owner.userId)).statusCode).toBe(403);
    expect(await reaches(member.phone)).toBe(200);
    // Nobody by that id: answered as missing, and nothing written.
    expect((await end(owner.token, owner.appId, 'no-such-user')).statusCode).toBe(404);
    const bad = await end(owner.token, owner.appId, '');
    expect(bad.statusCode).toBe(400);
  });

  it('lets the super administrator end any member\'s sessions from _root', async () => {
    const member = await memberWithTwoSessions();
    const rootApp = (await server.call('GET', '/get/getApp/slug/_root')).json().data.appId as number;
    const ended = await end(root, rootApp, member.userId);
    expect(ended.statusCode, ended.body).toBe(200);
    const refused = await server.call('GET', `/get/listMenu/${owner.appId}`, undefined, member.desk);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toEqual([Messages.unauthenticated]);
  });
});
