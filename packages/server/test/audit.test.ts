import { type AuditEntry, type AuditPage, LOGIN_FAILED_ACTION } from '@rakit/core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneAudit } from '../src/audit/log';
import { flushAudit } from '../src/audit/record';
import { insertAuditEntry } from '../src/store/repositories/audit-log';
import { AUDIT_PASSWORD, type ItemsApp, itemsApp } from './support/audit-app';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';

/**
 * The audit log (issue 17) on each metadata store: who did what, a member's row edits with
 * their old and new values, sign-ins, who reads which application's log, the Excel export,
 * retention, and that no secret is ever written into it.
 */
const engines = await availableEngines();

describe.each(engines)('the audit log on a %s store', (engine) => {
  let server: TestServer;
  let fx: ItemsApp;
  let root: string;
  let smtp: TestSmtpServer;

  const list = async (query: Record<string, string | number>, token = fx.admin, path = '/audit/list') => {
    const answer = await server.call('GET', `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`, undefined, token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as AuditPage;
  };
  const appLog = (query: Record<string, string | number> = {}) => list({ appId: fx.appId, ...query });

  beforeAll(async () => {
    server = await buildTestServer(engine, { allowPrivateSmtp: true });
    fx = await itemsApp(server);
    root = await server.login('admin', ADMIN_PASSWORD, '_root');
    smtp = await startSmtpServer({ user: 'robot', password: 'smtp-secret-3f9a' });
  });
  afterAll(async () => {
    await smtp?.close();
    await fx?.items.drop();
    await server?.close();
  });

  it('records a member\'s row edit with the old and new values, and a deleted row', async () => {
    const edit = await server.call('POST', '/action/editRow', { pageId: fx.pageId, componentId: 'items', actionName: 'EDIT', key: 1, values: { name: 'Uno' } }, fx.member);
    expect(edit.statusCode, edit.body).toBe(200);
    const [entry] = (await appLog({ action: 'editRow' })).entries as [AuditEntry];
    expect(entry).toMatchObject({
      actorId: fx.memberId, appId: fx.appId, action: 'editRow', entityType: 'row', entityId: `${fx.items.table}:1`,
      details: { table: fx.items.table, key: 1, changes: { name: { old: 'One', new: 'Uno' } } },
    });
    expect(entry.sourceAddress).not.toBeNull();
    expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);

    const removed = await server.call('POST', '/action/deleteRow', { pageId: fx.pageId, componentId: 'items', actionName: 'DELETE', key: 2 }, fx.member);
    expect(removed.statusCode, removed.body).toBe(200);
    const [deleted] = (await appLog({ action: 'deleteRow' })).entries as [AuditEntry];
    expect(deleted.details).toMatchObject({ key: 2, deleted: { id: 2, name: 'Two', status: 2 } });
  });

  it('records nothing of a change that did not happen', async () => {
    const before = (await appLog()).total;
    const missing = await server.call('POST', '/action/editRow', { pageId: fx.pageId, componentId: 'items', actionName: 'EDIT', key: 99, values: { name: 'Ghost' } }, fx.member);
    expect(missing.statusCode).toBe(404);
    const taken = await server.call('POST', '/auth/adduser', { data: { userId: fx.memberId, password: AUDIT_PASSWORD, confirm_password: AUDIT_PASSWORD, appId: fx.appId } }, fx.admin);
    expect(taken.statusCode).toBe(409);
    expect((await appLog()).total).toBe(before);
  });

  it('records sign-ins and refused sign-ins in the application signed into, never the password', async () => {
    await server.login(fx.memberId, AUDIT_PASSWORD, fx.appSlug);
    const refused = await server.call('POST', '/auth/login', { userId: fx.memberId, password: 'wrong-guess-77', appSlug: fx.appSlug });
    expect(refused.statusCode).toBe(401);
    const [signIn] = (await appLog({ action: 'login', actor: fx.memberId })).entries as [AuditEntry];
    expect(signIn).toMatchObject({ entityType: 'user', entityId: fx.memberId });
    const [failed] = (await appLog({ action: LOGIN_FAILED_ACTION })).entries as [AuditEntry];
    // Anyone may type any id: a refused sign-in has no actor, the id typed is its entity.
    expect(failed).toMatchObject({ actorId: null, entityType: 'user', entityId: fx.memberId });
    expect(JSON.stringify(failed)).not.toContain('wrong-guess-77');
  });

  it('records administrative changes by their author, inside the change', async () => {
    const menu = await server.call('POST', '/save/saveMenu', { menuName: 'Reports', menuAppId: fx.appId }, fx.admin);
    expect(menu.statusCode, menu.body).toBe(201);
    const [entry] = (await appLog({ action: 'saveMenu', entityId: menu.json().data.menuId })).entries as [AuditEntry];
    expect(entry).toMatchObject({ actorId: fx.adminId, entityType: 'menu', summary: 'Added menu Reports', details: { body: { menuName: 'Reports' } } });
    // The page saves of the setup, named, without the components' text.
    const [pages] = (await appLog({ action: 'saveApp', entityType: 'page' })).entries as [AuditEntry];
    expect(JSON.stringify(pages.details)).toMatch(/\(\d+ characters\)/);
  });

  it('filters by who, what, entity and time, and pages on the server', async () => {
    const all = await appLog({ pageSize: 200 });
    expect(all.total).toBe(all.entries.length);
    expect(all.entries.map((e) => e.auditId)).toEqual([...all.entries.map((e) => e.auditId)].sort((a, b) => b - a));
    const mine = await appLog({ actor: fx.memberId, pageSize: 200 });
    expect(mine.entries.length).toBeGreaterThan(0);
    expect(mine.entries.every((e) => e.actorId === fx.memberId)).toBe(true);
    const [first, second] = [await appLog({ pageSize: 2, page: 1 }), await appLog({ pageSize: 2, page: 2 })];
    expect(first.entries).toHaveLength(2);
    expect(first.total).toBe(all.total);
    expect(second.entries[0]?.auditId).toBe(all.entries[2]?.auditId);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await appLog({ to: yesterday })).total).toBe(0);
    expect((await appLog({ from: yesterday })).total).toBe(all.total);
    expect((await appLog({ entityType: 'row', entityId: `${fx.items.table}:1` })).entries.map((e) => e.action)).toEqual(['editRow']);
    const bad = await server.call('GET', `/audit/list?appId=${fx.appId}&from=yesterday`, undefined, fx.admin);
    expect(bad.statusCode).toBe(400);
  });

  it('shows an application\'s administrators their application only; the super administrator every one', async () => {
    const other = await itemsApp(server);
    try {
      expect((await server.call('GET', `/audit/list?appId=${other.appId}`, undefined, fx.admin)).statusCode).toBe(403);
      expect((await server.call('GET', `/audit/list?appId=${fx.appId}`, undefined, fx.member)).statusCode).toBe(403);
      expect((await server.call('GET', '/audit/listAll', undefined, fx.admin)).statusCode).toBe(403);
      expect((await appLog({ pageSize: 200 })).entries.every((e) => e.appId === fx.appId)).toBe(true);
      const everything = await list({ pageSize: 200 }, root, '/audit/listAll');
      expect(new Set(everything.entries.map((e) => e.appId))).toEqual(expect.objectContaining({ size: expect.any(Number) }));
      expect(everything.entries.some((e) => e.appId === other.appId)).toBe(true);
      expect(everything.entries.some((e) => e.appId === fx.appId)).toBe(true);
      const one = await list({ appId: other.appId, pageSize: 200 }, root, '/audit/listAll');
      expect(one.entries.length).toBeGreaterThan(0);
      expect(one.entries.every((e) => e.appId === other.appId && e.appName !== null)).toBe(true);
    } finally {
      await other.items.drop();
    }
  });

  it('exports the filtered log to Excel', async () => {
    const answer = await server.call('GET', `/audit/export?appId=${fx.appId}&action=editRow`, undefined, fx.admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const rows = (book.worksheets[0]?.getSheetValues() ?? []).filter(Array.isArray).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['When (UTC)', 'Who', 'Application', 'Action', 'Entity', 'Entity id', 'Summary', 'Details', 'Address']);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[1]).toBe(fx.memberId);
    expect(String(rows[1]?.[7])).toContain('"new":"Uno"');
    // The export itself is recorded.
    expect((await appLog({ action: 'exportAuditLog' })).total).toBe(1);
  });

  it('names each call\'s own author when calls run at once', async () => {
    // The audit context is handed on by each call (audit/context.ts), not held ambiently: interleaved calls keep theirs.
    const names = Array.from({ length: 6 }, (_, i) => `Concurrent ${i}`);
    const answers = await Promise.all(names.flatMap((menuName, i) => [
      server.call('POST', '/save/saveMenu', { menuName, menuAppId: fx.appId }, fx.admin),
      server.call('POST', '/action/editRow', { pageId: fx.pageId, componentId: 'items', actionName: 'EDIT', key: 3, values: { name: `Three ${i}` } }, fx.member),
    ]));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(300);
    await flushAudit(server.store);
    const menus = (await appLog({ action: 'saveMenu', pageSize: 100 })).entries.filter((e) => names.some((n) => e.summary === `Added menu ${n}`));
    expect(menus).toHaveLength(names.length);
    for (const entry of menus) expect(entry).toMatchObject({ actorId: fx.adminId, appId: fx.appId, entityType: 'menu' });
    const edits = (await appLog({ action: 'editRow', pageSize: 100 })).entries.filter((e) => JSON.stringify(e.details).includes('Three '));
    expect(edits).toHaveLength(names.length);
    for (const entry of edits) expect(entry).toMatchObject({ actorId: fx.memberId, appId: fx.appId, entityType: 'row' });
  });

  it('never writes a password, token or secret', async () => {
    const secrets = ['member-new-pass-41', 'conn-secret-8c2e', 'smtp-secret-3f9a', 'root-new-pass-93'];
    const changed = await server.call('PUT', '/auth/changePassword', { data: { userId: fx.memberId, password: secrets[0], confirm_password: secrets[0], current_password: AUDIT_PASSWORD, appId: fx.appId } }, fx.member);
    expect(changed.statusCode, changed.body).toBe(200);
    // A new password ends the member's sessions: he signs in again.
    const member = await server.login(fx.memberId, secrets[0] as string, fx.appSlug);
    const db = await server.call('POST', '/save/saveDbConfig', { dbId: fx.dbId, dbAppId: fx.appId, ...fx.items.dbBody, dbPassword: secrets[1] }, fx.admin);
    expect(db.statusCode, db.body).toBe(200);
    const service = { serviceId: null, name: 'Relay', host: '127.0.0.1', port: smtp.port, security: 'none', username: 'robot', password: secrets[2], fromAddress: 'robot@example.com' };
    expect((await server.call('POST', '/save/saveThirdParty', service, root)).statusCode).toBe(201);
    const reset = await server.call('POST', '/forgot_password/getToken', { userId: fx.memberId }, member);
    expect(reset.statusCode, reset.body).toBe(200);
    const token = reset.json().data.token as string;
    expect((await server.call('POST', '/forgot_password/changePassword', { token, password: secrets[3] })).statusCode).toBe(200);
    const hashes = (await server.store.selectFrom('users').select('passwordHash').execute()).map((u) => u.passwordHash);

    await flushAudit(server.store);
    const log = JSON.stringify(await server.store.selectFrom('auditLog').selectAll().execute());
    for (const secret of [...secrets, token, member, fx.member, fx.admin, root, ...hashes]) expect(log).not.toContain(secret);
    expect(log).toContain('[redacted]');
    expect((await list({ action: 'saveThirdParty' }, root, '/audit/listAll')).entries[0]?.details).toMatchObject({ body: { password: '[redacted]', host: '127.0.0.1' } });
  });

  it('prunes what is older than the operator\'s retention', async () => {
    const old = new Date(Date.now() - (server.app.services.config.auditRetentionDays + 1) * 86_400_000).toISOString();
    await insertAuditEntry(server.store, { at: old, actorId: 'ghost', appId: fx.appId, action: 'saveMenu', entityType: 'menu', summary: 'old', details: '{}', sourceAddress: null });
    const before = (await appLog()).total;
    expect(await pruneAudit(server.app.services)).toBe(1);
    expect((await appLog()).total).toBe(before - 1);
    expect((await appLog({ actor: 'ghost' })).total).toBe(0);
  });

});

/**
 * The old values of a member's row write come with the write in each engine's own way (a
 * locked read before it, a common table expression, RETURNING): each records what it did.
 */
describe.each(engines)('a member\'s row writes on a %s table', (tableEngine) => {
  let server: TestServer;
  let fx: ItemsApp;

  beforeAll(async () => {
    server = await buildTestServer('sqlite', { allowPrivateDatabases: true });
    fx = await itemsApp(server, tableEngine);
  });
  afterAll(async () => {
    await fx?.items.drop();
    await server?.close();
  });

  const rowLog = async (action: string) => {
    await flushAudit(server.store);
    const answer = await server.call('GET', `/audit/list?appId=${fx.appId}&action=${action}`, undefined, fx.admin);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().data as AuditPage).entries;
  };

  it('records a changed column\'s old and new value, and a deleted row\'s every column', async () => {
    const edit = await server.call('POST', '/action/editRow', { pageId: fx.pageId, componentId: 'items', actionName: 'EDIT', key: 3, values: { name: 'Tres' } }, fx.member);
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toEqual([{ affectedRows: 1 }]);
    expect(await rowLog('editRow')).toMatchObject([{
      entityId: `${fx.items.table}:3`,
      details: { table: fx.items.table, key: 3, changes: { name: { old: 'Three', new: 'Tres' } } },
    }]);

    const removed = await server.call('POST', '/action/deleteRow', { pageId: fx.pageId, componentId: 'items', actionName: 'DELETE', key: 1 }, fx.member);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await rowLog('deleteRow')).toMatchObject([{ details: { key: 1, deleted: { id: 1, name: 'One', status: 1 } } }]);
    // The row is gone: deleting it again finds none, and records nothing.
    const again = await server.call('POST', '/action/deleteRow', { pageId: fx.pageId, componentId: 'items', actionName: 'DELETE', key: 1 }, fx.member);
    expect(again.statusCode).toBe(404);
    expect(await rowLog('deleteRow')).toHaveLength(1);
  });
});
