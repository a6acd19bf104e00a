import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { freshUserId, type HostileBuilder, hostileBuilder } from './trust-boundary/hostile';

const engines = await availableEngines();
const PASSWORD = 'open-app-password-1';

/** A builder signed in to main opens the application he administers (issue 15, item 2). */
describe.each(engines)('opening an application from main on %s', (engine) => {
  let server: TestServer;
  let builder: HostileBuilder;
  let hostile: HostileBuilder;
  let memberToken: string;
  let outsiderToken: string;
  beforeAll(async () => {
    server = await buildTestServer(engine);
    builder = await hostileBuilder(server, 'Toko Builder');
    hostile = await hostileBuilder(server);
    const groups = (await server.call('GET', `/auth/listgroup/${builder.appId}`, undefined, builder.token)).json().data as { groupId: number; groupSlug: string }[];
    const memberGroup = groups.find((g) => g.groupSlug !== 'admin');
    if (memberGroup === undefined) throw new Error('the application has no member group');
    const member = freshUserId();
    await server.register(member, PASSWORD);
    await server.addToGroup(member, memberGroup.groupId);
    memberToken = await server.login(member, PASSWORD, 'main');
    const outsider = freshUserId();
    await server.register(outsider, PASSWORD);
    outsiderToken = await server.login(outsider, PASSWORD, 'main');
  });
  afterAll(async () => { await server.close(); });

  const open = (appId: number, token?: string) => server.call('POST', '/auth/openApp', { appId }, token);

  it('answers the builder a session of his application, as the login would', async () => {
    const answer = await open(builder.appId, builder.mainToken);
    expect(answer.statusCode).toBe(200);
    const [session] = answer.json().data as { userId: string; token: string; expired: number; userGroup: { groupSlug: string; groupAppId: string }[] }[];
    expect(session?.userId).toBe(builder.userId);
    expect(session?.expired).toBeGreaterThan(Date.now());
    expect(session?.userGroup).toEqual([expect.objectContaining({ groupSlug: 'admin', groupAppId: String(builder.appId) })]);
    // The session is the application's: it administers it, as a signed-in administrator does.
    const groups = await server.call('GET', `/auth/listgroup/${builder.appId}`, undefined, session?.token);
    expect(groups.statusCode).toBe(200);
  });

  it('refuses a member of the application, an outsider and another builder with 403', async () => {
    for (const token of [memberToken, outsiderToken, hostile.mainToken, hostile.token]) {
      const answer = await open(builder.appId, token);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().data).toBeUndefined();
    }
  });

  it('opens it for an administrator who is also in another group of the application, as every admin call lets him', async () => {
    // One rule (core's administersApp): his admin group makes him administrator whichever of his groups it is.
    const second = await hostileBuilder(server, 'Toko Kedua');
    const groups = (await server.call('GET', `/auth/listgroup/${second.appId}`, undefined, second.token)).json().data as { groupId: number; groupSlug: string }[];
    const staff = groups.find((g) => g.groupSlug !== 'admin');
    const adminGroup = groups.find((g) => g.groupSlug === 'admin');
    if (staff === undefined || adminGroup === undefined) throw new Error('the application has no member group');
    const coAdmin = freshUserId();
    await server.register(coAdmin, PASSWORD);
    await server.addToGroup(coAdmin, staff.groupId);
    await server.addToGroup(coAdmin, adminGroup.groupId);
    const mainToken = await server.login(coAdmin, PASSWORD, 'main');
    const appSession = await server.login(coAdmin, PASSWORD, second.appSlug);
    expect((await server.call('GET', `/auth/listgroup/${second.appId}`, undefined, appSession)).statusCode).toBe(200);
    const answer = await open(second.appId, mainToken);
    expect(answer.statusCode).toBe(200);
  });

  it('answers a missing application like a refused one, and the anonymous 401', async () => {
    expect((await open(999_999, builder.mainToken)).statusCode).toBe(403);
    expect((await open(builder.appId)).statusCode).toBe(401);
  });
});
