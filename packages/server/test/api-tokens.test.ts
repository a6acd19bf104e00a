import { type ApiToken, type Component, createComponent, Messages, TOKEN_PREFIX } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushAudit } from '../src/audit/record';
import { buildTestServer, type TestServer } from './support/build';
import { type DataWidgetApp, dataWidgetApp, furnishDataWidgetApp } from './support/data-widget-app';
import { availableEngines, type EngineName } from './support/engines';
import { freshUserId, type HostileBuilder, hostileBuilder } from './trust-boundary/hostile';

/**
 * Tokens for machines (issue 36): an application's administrator makes a token for a script,
 * with a few abilities on a few pages, until it expires; the token is shown once and kept
 * hashed; it reaches those calls on those pages of its application and nothing else, each use
 * in the audit log, counted per token; revoking it refuses its next call.
 */
const engines = await availableEngines();

const itemsSql = (quoted: string) => `CREATE TABLE ${quoted} (id INTEGER PRIMARY KEY, name VARCHAR(100) NOT NULL);
  INSERT INTO ${quoted} (id, name) VALUES (1, 'Beras'), (2, 'Gula'), (3, 'Minyak');`;

function widgets(dbId: number, table: string): Component[] {
  return [{
    ...createComponent('table', 'items', 'Barang'),
    options: 'Name', mapping_table: 'name', table_used: table, database_used: dbId, primaryKey: 'id',
    custom_action: [{ name: 'EDIT', action: 'EDIT', cause: '', show: true, raw: { editFields: [{ name: 'name', type: 'text', options: '' }] } }],
  }];
}

describe.each(engines)('tokens for machines on a %s store', (engine: EngineName) => {
  let server: TestServer;
  let shop: DataWidgetApp;
  let hostile: HostileBuilder;

  beforeAll(async () => {
    server = await buildTestServer(engine, { apiTokenRateLimit: 40 });
    // The store is the engine's; the application's own table is SQLite (what a token reaches does not depend on it).
    shop = await dataWidgetApp(server, 'sqlite', {
      users: [freshUserId(), freshUserId(), freshUserId()], appName: `Toko ${engine}`, pageName: 'Barang',
      table: { prefix: 'barang', createSql: itemsSql }, widgets,
    });
    hostile = await hostileBuilder(server);
  });
  afterAll(async () => { await server?.close(); });

  const create = (token: string, body: Record<string, unknown>) => server.call('POST', '/save/createApiToken', body, token);
  async function tokenFor(abilities: string[], pageIds = [shop.pageId], name = `Skrip ${Math.random().toString(36).slice(2, 8)}`): Promise<{ token: ApiToken; secret: string }> {
    const answer = await create(shop.admin, { appId: shop.appId, tokenName: name, abilities, pageIds, expiresInDays: 30 });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().data as { token: ApiToken; secret: string };
  }
  const load = (bearer: string, pageId = shop.pageId) => server.call('POST', '/get/loadTableContent', { pageId, componentId: 'items' }, bearer);

  it('is shown once and kept hashed: the list never answers its secret', async () => {
    const { token, secret } = await tokenFor(['readTables'], [shop.pageId], 'Laporan harian');
    expect(secret.startsWith(TOKEN_PREFIX)).toBe(true);
    expect(token).toMatchObject({ tokenName: 'Laporan harian', abilities: ['readTables'], pageIds: [shop.pageId], lastUsedAt: null });
    const list = await server.call('GET', `/get/listApiTokens/${shop.appId}`, undefined, shop.admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((t: ApiToken) => t.tokenName)).toContain('Laporan harian');
    expect(list.body).not.toContain(secret.slice(-43));
    const row = await server.store.selectFrom('apiTokens').selectAll().where('tokenId', '=', token.tokenId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.slice(-43));
    // Neither the creation's audit entry.
    await flushAudit(server.store);
    const entries = await server.store.selectFrom('auditLog').select(['details', 'actorId']).where('entityId', '=', token.tokenId).execute();
    expect(entries.length).toBeGreaterThan(0);
    expect(JSON.stringify(entries)).not.toContain(secret.slice(-43));
  });

  it('reads the tables of its pages, and no other page', async () => {
    const { secret } = await tokenFor(['readTables']);
    const rows = await load(secret);
    expect(rows.statusCode, rows.body).toBe(200);
    expect(rows.json().data[0].filteredResult.map((r: { name: string }) => r.name)).toEqual(['Beras', 'Gula', 'Minyak']);
    expect((await load(secret, shop.hiddenPageId)).statusCode).toBe(403);
  });

  it('makes only the calls its abilities open: no other kind of call, no administration, no account call', async () => {
    const { token, secret } = await tokenFor(['readTables'], [shop.pageId], 'Hanya baca');
    const edit = await server.call('POST', '/action/editRow', { pageId: shop.pageId, componentId: 'items', actionName: 'EDIT', key: 1, values: { name: 'Beras merah' } }, secret);
    expect(edit.statusCode, edit.body).toBe(403);
    expect(edit.json().error[0]).toBe(Messages.apiTokenRefused);
    for (const [method, url] of [['GET', `/get/listMenu/${shop.appId}`], ['GET', `/get/listApiTokens/${shop.appId}`], ['GET', '/auth/sessions'], ['GET', `/get/getPage/${shop.pageId}`]] as const) {
      expect((await server.call(method, url, undefined, secret)).statusCode, url).toBe(403);
    }
    // What it tried is in the application's log, so its administrator sees a script reach beyond its abilities.
    await flushAudit(server.store);
    const refused = await server.store.selectFrom('auditLog').selectAll().where('entityType', '=', 'apiToken').where('entityId', '=', token.tokenId).where('action', '=', 'editRow').execute();
    expect(refused.map((e) => [e.actorId, e.appId])).toEqual([['token:Hanya baca', shop.appId]]);
    expect(refused[0]!.summary).toContain('editRow');
    // Nor does it make another token, whatever it names.
    expect((await create(secret, { appId: shop.appId, tokenName: 'Anak', abilities: ['editTables'], pageIds: [shop.pageId], expiresInDays: 1 })).statusCode).toBe(403);
    const editor = await tokenFor(['editTables']);
    const edited = await server.call('POST', '/action/editRow', { pageId: shop.pageId, componentId: 'items', actionName: 'EDIT', key: 3, values: { name: 'Minyak goreng' } }, editor.secret);
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await server.call('POST', '/action/editRow', { pageId: shop.hiddenPageId, componentId: 'items', actionName: 'EDIT', key: 3, values: { name: 'x' } }, editor.secret)).statusCode).toBe(403);
  });

  it('records each use in the application\'s audit log, its reads too, by the token\'s name', async () => {
    const { secret } = await tokenFor(['readTables'], [shop.pageId], 'Pembaca stok');
    await flushAudit(server.store);
    const before = Number((await server.store.selectFrom('auditLog').select((eb) => eb.fn.max('auditId').as('id')).executeTakeFirst())?.id ?? 0);
    for (let i = 0; i < 3; i++) expect((await load(secret)).statusCode).toBe(200);
    await flushAudit(server.store);
    const uses = await server.store.selectFrom('auditLog').selectAll().where('auditId', '>', before).where('actorId', '=', 'token:Pembaca stok').execute();
    expect(uses.map((e) => [e.action, e.appId])).toEqual(Array(3).fill(['loadTableContent', shop.appId]));
    // The administrator finds them by the token's name, as the log reads them.
    const read = await server.call('GET', `/audit/list?appId=${shop.appId}&actor=${encodeURIComponent('token:Pembaca stok')}`, undefined, shop.admin);
    expect(read.statusCode, read.body).toBe(200);
    const listed = read.json().data as { entries: { action: string; summary: string }[] };
    expect(listed.entries.map((e) => e.action)).toEqual(Array(3).fill('loadTableContent'));
    expect(listed.entries[0]!.summary).toContain('loadTableContent');
  });

  it('keeps its last use to the minute', async () => {
    const { token, secret } = await tokenFor(['readTables']);
    expect((await load(secret)).statusCode).toBe(200);
    await expect.poll(async () => (await server.store.selectFrom('apiTokens').select('lastUsedAt').where('tokenId', '=', token.tokenId).executeTakeFirstOrThrow()).lastUsedAt).not.toBeNull();
  });

  it('is refused once revoked, expired, or with a wrong secret', async () => {
    const revoked = await tokenFor(['readTables']);
    expect((await load(revoked.secret)).statusCode).toBe(200);
    const revoke = await server.call('DELETE', '/delete/revokeApiToken', { tokenId: revoked.token.tokenId }, shop.admin);
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((await load(revoked.secret)).statusCode).toBe(401);
    expect((await server.call('DELETE', '/delete/revokeApiToken', { tokenId: revoked.token.tokenId }, shop.admin)).statusCode).toBe(404);

    const expired = await tokenFor(['readTables']);
    await server.store.updateTable('apiTokens').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('tokenId', '=', expired.token.tokenId).execute();
    expect((await load(expired.secret)).statusCode).toBe(401);

    const good = await tokenFor(['readTables']);
    const forged = `${good.secret.slice(0, -43)}${'A'.repeat(43)}`;
    expect((await load(forged)).statusCode).toBe(401);
    expect((await load(`${TOKEN_PREFIX}nonsense`)).statusCode).toBe(401);
  });

  it('is counted per token like a person: past its limit a minute, 429', async () => {
    const { secret } = await tokenFor(['readTables']);
    const codes: number[] = [];
    for (let i = 0; i < 45; i++) codes.push((await load(secret)).statusCode);
    expect(codes.slice(0, 40).every((code) => code === 200)).toBe(true);
    expect(codes.slice(40)).toEqual(Array(5).fill(429));
    // Another token of the application is not slowed by it.
    expect((await load((await tokenFor(['readTables'])).secret)).statusCode).toBe(200);
  });

  it('refuses bad input with a clear 4xx and makes nothing', async () => {
    const count = async () => (await server.store.selectFrom('apiTokens').select((eb) => eb.fn.countAll().as('n')).where('appId', '=', shop.appId).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    const base = { appId: shop.appId, tokenName: 'Buruk', abilities: ['readTables'], pageIds: [shop.pageId], expiresInDays: 30 };
    for (const body of [
      { ...base, expiresInDays: 0 }, { ...base, expiresInDays: 1000 }, { ...base, pageIds: [] }, { ...base, abilities: [] },
      { ...base, abilities: ['administer'] }, { ...base, tokenName: '' }, { ...base, abilities: ['readTables', 'readTables'] },
    ]) {
      const answer = await create(shop.admin, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    await tokenFor(['readTables'], [shop.pageId], 'Kembar');
    const twin = await create(shop.admin, { ...base, tokenName: 'Kembar' });
    expect(twin.statusCode, twin.body).toBe(409);
    expect(twin.json().error[0]).toBe(Messages.apiTokenNameTaken);
    expect(Number(await count())).toBe(before + 1);
  });

  it('makes one of two tokens of one name asked for at once, and answers the other 409', async () => {
    const body = { appId: shop.appId, tokenName: 'Serentak', abilities: ['readTables'], pageIds: [shop.pageId], expiresInDays: 30 };
    const answers = await Promise.all([create(shop.admin, body), create(shop.admin, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = await server.store.selectFrom('apiTokens').select('tokenId').where('appId', '=', shop.appId).where('tokenName', '=', 'Serentak').execute();
    expect(rows).toHaveLength(1);
  });

  it('is an application\'s own: members, outsiders and anonymous callers manage none; main and _root have none', async () => {
    const body = { appId: shop.appId, tokenName: 'Bukan milikmu', abilities: ['readTables'], pageIds: [shop.pageId], expiresInDays: 30 };
    expect((await create(shop.member, body)).statusCode).toBe(403);
    expect((await create(shop.outsider, body)).statusCode).toBe(403);
    expect((await server.call('POST', '/save/createApiToken', body)).statusCode).toBe(401);
    expect((await server.call('GET', `/get/listApiTokens/${shop.appId}`, undefined, shop.member)).statusCode).toBe(403);
    const root = await server.login('admin', 'root-admin-password', '_root');
    const main = (await server.call('GET', '/get/getApp/slug/main', undefined, root)).json().data.appId as number;
    const inMain = await create(root, { ...body, appId: main });
    expect(inMain.statusCode, inMain.body).toBe(403);
    expect(inMain.json().error[0]).toBe(Messages.apiTokenNotHere);
  });

  describe('the hostile author', () => {
    it('cannot make a token of another application, nor name its pages in his own', async () => {
      const body = { appId: shop.appId, tokenName: 'Curian', abilities: ['readTables'], pageIds: [shop.pageId], expiresInDays: 30 };
      expect((await create(hostile.token, body)).statusCode).toBe(403);
      const ownWithTheirs = await create(hostile.token, { ...body, appId: hostile.appId });
      expect(ownWithTheirs.statusCode, ownWithTheirs.body).toBe(400);
      expect(ownWithTheirs.json().error[0]).toBe(Messages.apiTokenPageOutside);
      const theirs = await tokenFor(['readTables']);
      expect((await server.call('DELETE', '/delete/revokeApiToken', { tokenId: theirs.token.tokenId }, hostile.token)).statusCode).toBe(403);
      expect((await load(theirs.secret)).statusCode).toBe(200);
    });

    it('cannot reach another application with a token of his own, whatever it is allowed', async () => {
      const memberId = freshUserId();
      await server.register(memberId, 'password-1');
      const own = await furnishDataWidgetApp(server, 'sqlite', { appId: hostile.appId, appSlug: hostile.appSlug, admin: hostile.token }, memberId,
        { pageName: 'Umpan', table: { prefix: 'umpan', createSql: itemsSql }, widgets });
      const answer = await create(hostile.token, {
        appId: hostile.appId, tokenName: 'Semua', abilities: ['readPages', 'readTables', 'editTables', 'runActions', 'runWorkflows', 'runFunctions'], pageIds: [own.pageId], expiresInDays: 30,
      });
      expect(answer.statusCode, answer.body).toBe(201);
      const secret = answer.json().data.secret as string;
      expect((await load(secret, own.pageId)).statusCode).toBe(200);
      expect((await load(secret, shop.pageId)).statusCode).toBe(403);
      expect((await server.call('GET', `/get/getPage/${shop.pageId}`, undefined, secret)).statusCode).toBe(403);
      const edit = await server.call('POST', '/action/editRow', { pageId: shop.pageId, componentId: 'items', actionName: 'EDIT', key: 1, values: { name: 'Dicuri' } }, secret);
      expect(edit.statusCode).toBe(403);
      const run = await server.call('POST', '/action/runQuery', { dbId: shop.dbId, query: 'SELECT 1', params: [] }, secret);
      expect(run.statusCode).toBe(403);
      // Nor his own application's administration.
      expect((await server.call('GET', `/get/listApiTokens/${hostile.appId}`, undefined, secret)).statusCode).toBe(403);
      expect((await server.call('POST', '/save/saveApp', { appId: hostile.appId, appName: 'Diubah' }, secret)).statusCode).toBe(403);
    });
  });
});
