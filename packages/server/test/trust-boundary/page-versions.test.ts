import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../support/build';
import { type HostileBuilder, hostileBuilder } from './hostile';

/**
 * Page versions hold every page's past (issue 17). A hostile author administers his own
 * application only: he can neither read, name, restore nor undelete another application's page
 * history, nor make one of his versions write into another application's page, even when a page
 * id he once used now names a page elsewhere.
 */
describe('page versions: a hostile author and other applications\' history', () => {
  let server: TestServer;
  let victim: HostileBuilder;
  let hostile: HostileBuilder;

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    victim = await hostileBuilder(server, 'Victim app');
    hostile = await hostileBuilder(server, 'Hostile app');
  });
  afterAll(async () => { await server.close(); });

  const newPage = async (who: HostileBuilder, pageName: string, title: string) => {
    const created = await server.call('POST', '/save/saveApp', { appId: who.appId, pages: [{ pageId: null, pageName }] }, who.token);
    const pageId = (created.json().data as { pages: { pageId: number }[] }).pages[0]!.pageId;
    const components = JSON.stringify([{ id: 't', type: 'text', version: 1, title, active: true }]);
    expect((await server.call('POST', '/save/saveApp', { appId: who.appId, pages: [{ pageId, pageComponents: components }] }, who.token)).statusCode).toBe(200);
    return pageId;
  };
  const versionsOf = async (who: HostileBuilder, pageId: number) =>
    (await server.call('GET', `/page/versions/${pageId}`, undefined, who.token)).json().data as { versions: { versionId: number; summary: string }[] };
  const pageTitle = async (pageId: number) =>
    (JSON.parse((await server.store.selectFrom('pages').select('pageComponents').where('pageId', '=', pageId).executeTakeFirstOrThrow()).pageComponents) as { title: string }[])[0]?.title;

  it('cannot read, name, restore, delete or undelete another application\'s page history', async () => {
    const pageId = await newPage(victim, 'Payroll', 'Salaries');
    const versionId = (await versionsOf(victim, pageId)).versions[0]!.versionId;
    const doomed = await newPage(victim, 'Doomed', 'Old');
    expect((await server.call('DELETE', `/page/${doomed}`, undefined, victim.token)).statusCode).toBe(200);

    const attempts = [
      server.call('GET', `/page/versions/${pageId}`, undefined, hostile.token),
      server.call('GET', `/page/version/${versionId}`, undefined, hostile.token),
      server.call('PUT', `/page/version/${versionId}/name`, { versionName: 'pwned' }, hostile.token),
      server.call('POST', `/page/version/${versionId}/restore`, undefined, hostile.token),
      server.call('DELETE', `/page/${pageId}`, undefined, hostile.token),
      server.call('GET', `/page/versions/${doomed}`, undefined, hostile.token),
      server.call('POST', `/page/undelete/${doomed}`, undefined, hostile.token),
      server.call('GET', `/page/deleted?appId=${victim.appId}`, undefined, hostile.token),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.body).not.toContain('Salaries');
    }
    const history = await versionsOf(victim, pageId);
    expect(history.versions.every((v) => !JSON.stringify(v).includes('pwned'))).toBe(true);
    expect((await server.call('GET', `/page/deleted?appId=${victim.appId}`, undefined, victim.token)).json().data).toHaveLength(1);
  });

  it('cannot make his version write into a page that is now another application\'s', async () => {
    const own = await newPage(hostile, 'Mine', 'Hostile content');
    const ownVersion = (await versionsOf(hostile, own)).versions[0]!.versionId;
    expect((await server.call('DELETE', `/page/${own}`, undefined, hostile.token)).statusCode).toBe(200);
    // Were the id to come back under the victim's application (a store that reuses ids):
    await server.store.insertInto('pages').values({
      pageId: own, pageAppId: victim.appId, pageName: 'Victim page', pageSlug: 'victim-page',
      pageComponents: JSON.stringify([{ id: 'v', type: 'text', version: 1, title: 'Victim content', active: true }]), updatedAt: new Date().toISOString(),
    }).execute();
    const versionsBefore = await server.store.selectFrom('pageVersions').select('versionId').where('pageId', '=', own).execute();

    const restore = await server.call('POST', `/page/version/${ownVersion}/restore`, undefined, hostile.token);
    expect(restore.statusCode).toBe(409);
    const undelete = await server.call('POST', `/page/undelete/${own}`, undefined, hostile.token);
    expect(undelete.statusCode).toBe(403);
    expect(await pageTitle(own)).toBe('Victim content');
    expect(await server.store.selectFrom('pageVersions').select('versionId').where('pageId', '=', own).execute()).toEqual(versionsBefore);
    // The victim's administrator sees none of the hostile author's versions under that id.
    expect((await versionsOf(victim, own)).versions).toEqual([]);
  });

  it('takes an application\'s history with it when the application is deleted, and nobody else\'s', async () => {
    const leaving = await hostileBuilder(server, 'Leaving app');
    const pageId = await newPage(leaving, 'Short-lived', 'Bye');
    const count = async (appId: number) => Number((await server.store.selectFrom('pageVersions').select((eb) => eb.fn.countAll().as('n')).where('appId', '=', appId).executeTakeFirstOrThrow()).n);
    expect(await count(leaving.appId)).toBeGreaterThan(0);
    const victimCount = await count(victim.appId);
    expect((await server.call('DELETE', '/delete/deleteApp', { appId: leaving.appId }, leaving.token)).statusCode).toBe(200);
    expect(await count(leaving.appId)).toBe(0);
    expect(await count(victim.appId)).toBe(victimCount);
    const after = await server.call('GET', `/page/versions/${pageId}`, undefined, leaving.token);
    expect(after.statusCode, after.body).toBe(404);
  });
});
