import { calls } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushAudit } from '../../src/audit/record';
import { type ItemsApp, itemsApp } from '../support/audit-app';
import { buildTestServer, type TestServer } from '../support/build';
import { type HostileBuilder, hostileBuilder } from './hostile';

/**
 * The hostile author and the audit log (issue 17): he reads his own application's log only,
 * and no call of his, however it names another application's things, writes into its log.
 * Nothing in the API writes, edits or deletes an entry.
 */
describe('the audit log against a hostile author', () => {
  let server: TestServer;
  let victim: ItemsApp;
  let hostile: HostileBuilder;

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    victim = await itemsApp(server);
    hostile = await hostileBuilder(server);
  });
  afterAll(async () => {
    await victim?.items.drop();
    await server?.close();
  });

  const victimEntriesBy = async (actorId: string) => {
    await flushAudit(server.store);
    return server.store.selectFrom('auditLog').selectAll().where('appId', '=', victim.appId).where('actorId', '=', actorId).execute();
  };

  it('reads his own application\'s log only', async () => {
    for (const token of [hostile.token, hostile.mainToken]) {
      for (const path of [`/audit/list?appId=${victim.appId}`, `/audit/export?appId=${victim.appId}`, '/audit/listAll', `/audit/listAll?appId=${victim.appId}`, '/audit/exportAll']) {
        expect((await server.call('GET', path, undefined, token)).statusCode, path).toBe(403);
      }
    }
    const own = await server.call('GET', `/audit/list?appId=${hostile.appId}&pageSize=200`, undefined, hostile.token);
    expect(own.statusCode).toBe(200);
    const entries = own.json().data.entries as { appId: number; actorId: string }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.appId === hostile.appId)).toBe(true);
  });

  it('has no call that writes, edits or deletes an entry', async () => {
    const auditCalls = Object.values(calls).filter((call) => call.path.startsWith('/audit'));
    expect(auditCalls.length).toBeGreaterThan(0);
    expect(auditCalls.every((call) => call.method === 'GET')).toBe(true);
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      for (const path of ['/audit/list', '/audit/listAll', '/audit/export']) {
        expect((await server.call(method, path, { appId: victim.appId }, hostile.token)).statusCode, `${method} ${path}`).toBe(404);
      }
    }
  });

  it('writes nothing into another application\'s log through calls naming its things', async () => {
    const attempts: [string, string, unknown][] = [
      ['POST', '/action/editRow', { pageId: victim.pageId, componentId: 'items', actionName: 'EDIT', key: 1, values: { name: 'Owned' } }],
      ['POST', '/action/deleteRow', { pageId: victim.pageId, componentId: 'items', actionName: 'DELETE', key: 1 }],
      ['POST', '/save/saveMenu', { menuName: 'Planted', menuAppId: victim.appId }],
      ['POST', '/save/saveApp', { appId: victim.appId, appName: 'Renamed by a stranger' }],
      ['POST', '/print/blob/excelFromTable', { pageId: victim.pageId, componentId: 'items' }],
      ['POST', '/print/blob/excelFromTable', { dbId: victim.dbId, query: 'SELECT 1' }],
      ['POST', `/print/blob/pdf/anything.docx?appId=${victim.appId}`, { data: {} }],
      ['POST', '/action/runAction', { pageId: victim.pageId, componentId: 'items', actionName: 'EDIT', params: {} }],
      ['POST', '/auth/openApp', { appId: victim.appId }],
      ['POST', '/auth/adduser', { data: { userId: '081299990000', password: 'x-password-1', confirm_password: 'x-password-1', appId: victim.appId } }],
      // His own password, naming the victim's application: allowed, and recorded in no application's log.
      ['PUT', '/auth/changePassword', { data: { userId: hostile.userId, password: hostile.password, confirm_password: hostile.password, current_password: hostile.password, appId: victim.appId } }],
    ];
    for (const token of [hostile.token, hostile.mainToken]) {
      for (const [method, url, body] of attempts) {
        const answer = await server.call(method as 'POST' | 'PUT', url, body, token);
        expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBeLessThan(500);
      }
    }
    expect(await victimEntriesBy(hostile.userId)).toEqual([]);
    // His own password change is in the log, in no application (it ended his sessions: the second try was refused).
    const own = await server.store.selectFrom('auditLog').selectAll().where('actorId', '=', hostile.userId).where('action', '=', 'changePassword').execute();
    expect(own.map((e) => e.appId)).toEqual([null]);
  });
});
