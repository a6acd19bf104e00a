import { Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushAudit } from '../src/audit/record';
import { startTestApi, type TestApi } from './support/api-server';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { specPrefix } from './support/texts';
import { hostileBuilder, type HostileBuilder } from './trust-boundary/hostile';

/**
 * APIs as data sources (issue 40): an application's administrator keeps HTTP APIs with their
 * secret sealed, and endpoints whose answers become rows. Against a real HTTP API started here
 * (each paging scheme, each way of signing in, an OAuth token endpoint, 5xx, slowness, size).
 * This operator lets authors reach 127.0.0.1 (RAKIT_ALLOW_PRIVATE_URLS), where the API runs;
 * trust-boundary/api-sources.test.ts plays the hostile author under the default rules.
 */
const engines = await availableEngines();

const BEARER = 'bearer-secret-token-value';

describe.each(engines)('APIs and endpoints on a %s store', (engine) => {
  let server: TestServer;
  let api: TestApi;
  let owner: HostileBuilder;

  const saveSource = (body: Record<string, unknown>, token = owner.token) => server.call('POST', '/save/saveApiSource', { sourceId: null, appId: owner.appId, ...body }, token);
  const saveEndpoint = (body: Record<string, unknown>, token = owner.token) => server.call('POST', '/save/saveApiEndpoint', { endpointId: null, ...body }, token);
  const list = async () => (await server.call('GET', `/get/listApiSources/${owner.appId}`, undefined, owner.token)).json().data as Record<string, unknown>[];

  beforeAll(async () => {
    api = await startTestApi();
    server = await buildTestServer(engine, { allowPrivateUrls: true });
    owner = await hostileBuilder(server, 'Orders desk');
  });
  afterAll(async () => {
    await server.close();
    await api.close();
  });

  it('keeps an API with its secret sealed, never answered, kept by an empty secret while the way of signing in stays', async () => {
    const created = await saveSource({ name: 'Shop', baseUrl: api.base, auth: { kind: 'bearer' }, secret: BEARER, headers: [{ name: 'X-Shop', value: 'north' }] });
    expect(created.statusCode, created.body).toBe(201);
    const { sourceId, revision } = created.json().data as { sourceId: number; revision: number };
    expect(revision).toBe(1);
    const listed = await list();
    expect(listed).toEqual([expect.objectContaining({
      sourceId, appId: owner.appId, name: 'Shop', baseUrl: api.base, hasSecret: true, headers: [{ name: 'X-Shop', value: 'north' }], timeLimitS: 15, maxKb: 2048, revision: 1, endpoints: [],
    })]);
    expect(JSON.stringify(listed)).not.toContain(BEARER);
    const row = await server.store.selectFrom('apiSources').selectAll().where('sourceId', '=', sourceId).executeTakeFirstOrThrow();
    expect(row.secretEnc).not.toContain(BEARER);
    expect(server.app.services.secretBox.open(row.secretEnc)).toBe(BEARER);

    const kept = await saveSource({ sourceId, name: 'Shop', baseUrl: api.base, auth: { kind: 'bearer' }, secret: '', revision: 1 });
    expect([kept.statusCode, kept.json().data]).toEqual([200, { sourceId, revision: 2 }]);
    expect(server.app.services.secretBox.open((await server.store.selectFrom('apiSources').select('secretEnc').where('sourceId', '=', sourceId).executeTakeFirstOrThrow()).secretEnc)).toBe(BEARER);

    // Another way of signing in does not inherit the old secret.
    const switched = await saveSource({ sourceId, name: 'Shop', baseUrl: api.base, auth: { kind: 'apiKey', keyName: 'X-Key' }, secret: '' });
    expect([switched.statusCode, switched.json().error]).toEqual([400, [Messages.apiSecretNewPlace]]);
    // Nor does another server: a co-administrator re-pointing the API types the secret himself.
    const elsewhere = new URL(api.base);
    elsewhere.hostname = elsewhere.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const repointed = await saveSource({ sourceId, name: 'Shop', baseUrl: elsewhere.toString(), auth: { kind: 'bearer' }, secret: '', revision: 2 });
    expect([repointed.statusCode, repointed.json().error]).toEqual([400, [Messages.apiSecretNewPlace]]);
    // Another path on the same server keeps it.
    const samePlace = await saveSource({ sourceId, name: 'Shop', baseUrl: new URL('v2/', api.base.endsWith('/') ? api.base : `${api.base}/`).toString(), auth: { kind: 'bearer' }, secret: '', revision: 2 });
    expect(samePlace.statusCode, samePlace.body).toBe(200);
    const restored = await saveSource({ sourceId, name: 'Shop', baseUrl: api.base, auth: { kind: 'bearer' }, secret: '', revision: 3 });
    expect(restored.statusCode, restored.body).toBe(200);
    const stale = await saveSource({ sourceId, name: 'Shop renamed', baseUrl: api.base, auth: { kind: 'bearer' }, revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).not.toContain(BEARER);
    expect(stale.json().data).toMatchObject({ name: 'Shop', revision: 4 });

    await flushAudit(server.store);
    const entries = await server.store.selectFrom('auditLog').select(['details', 'summaryText']).where('appId', '=', owner.appId).execute();
    expect(entries.length).toBeGreaterThan(0);
    expect(JSON.stringify(entries)).not.toContain(BEARER);
  });

  it('refuses bad settings with a clear message and stores nothing', async () => {
    const before = await server.store.selectFrom('apiSources').selectAll().execute();
    for (const [body, field] of [
      [{ name: ' ', baseUrl: api.base }, 'name'],
      [{ name: 'X', baseUrl: 'ftp://example.com' }, 'baseUrl'],
      [{ name: 'X', baseUrl: 'http://user:pw@example.com' }, 'baseUrl'],
      [{ name: 'X', baseUrl: api.base, auth: { kind: 'apiKey' }, secret: 's' }, 'keyName'],
      [{ name: 'X', baseUrl: api.base, auth: { kind: 'oauth2', tokenUrl: 'nope', clientId: 'c' }, secret: 's' }, 'tokenUrl'],
      [{ name: 'X', baseUrl: api.base, headers: [{ name: 'X-A', value: 'a\r\nInjected: 1' }] }, 'headers'],
      [{ name: 'X', baseUrl: api.base, headers: [{ name: 'Bad Name', value: 'a' }] }, 'headers'],
      [{ name: 'X', baseUrl: api.base, timeLimitS: 0 }, 'timeLimitS'],
      [{ name: 'X', baseUrl: api.base, maxKb: 1_000_000 }, 'maxKb'],
    ] as const) {
      const answer = await saveSource(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.body).toContain(field);
    }
    expect((await saveSource({ name: 'Basic', baseUrl: api.base, auth: { kind: 'basic', username: 'u' } })).json().error).toEqual([Messages.apiSecretRequired]);
    expect(await server.store.selectFrom('apiSources').selectAll().execute()).toEqual(before);
    const taken = await saveSource({ name: 'shop', baseUrl: api.base });
    expect([taken.statusCode, taken.json().error]).toEqual([409, [Messages.apiSourceNameTaken]]);
  });

  it('keeps endpoints, refuses an expression that is not JMESPath, and removes them with their API', async () => {
    const { sourceId } = (await saveSource({ name: 'Endpoints', baseUrl: api.base })).json().data as { sourceId: number };
    const bad = await saveEndpoint({ sourceId, name: 'Orders', path: '/orders', rowsPath: 'data[' });
    expect([bad.statusCode, bad.json().error?.[0]]).toEqual([400, expect.stringContaining(specPrefix('apiExpressionInvalid'))]);
    const badColumn = await saveEndpoint({ sourceId, name: 'Orders', path: '/orders', columns: [{ name: 'id', path: 'a..b' }] });
    expect(badColumn.statusCode).toBe(400);
    const saved = await saveEndpoint({ sourceId, name: 'Orders', path: '/orders', rowsPath: 'data', paging: { scheme: 'page', totalPath: 'meta.total' }, columns: [{ name: 'id', type: 'number' }] });
    expect(saved.statusCode, saved.body).toBe(201);
    const { endpointId } = saved.json().data as { endpointId: number };
    const again = await saveEndpoint({ sourceId, name: 'ORDERS', path: '/x' });
    expect([again.statusCode, again.json().error]).toEqual([409, [Messages.apiEndpointNameTaken]]);
    const source = (await list()).find((each) => each.sourceId === sourceId) as { endpoints: Record<string, unknown>[] };
    expect(source.endpoints).toEqual([expect.objectContaining({
      endpointId, sourceId, name: 'Orders', method: 'GET', path: '/orders', rowsPath: 'data', columns: [{ name: 'id', path: '', type: 'number' }], revision: 1,
      paging: expect.objectContaining({ scheme: 'page', pageParam: 'page', sizeParam: 'size', firstPage: 1, totalPath: 'meta.total' }),
    })]);
    const edited = await saveEndpoint({ endpointId, sourceId, name: 'Orders', path: '/orders', rowsPath: 'data', revision: 1 });
    expect([edited.statusCode, edited.json().data]).toEqual([200, { endpointId, revision: 2 }]);
    expect((await saveEndpoint({ endpointId, sourceId, name: 'Orders', path: '/orders', revision: 1 })).statusCode).toBe(409);

    const deleted = await server.call('DELETE', '/delete/deleteApiSource', { sourceId }, owner.token);
    expect([deleted.statusCode, deleted.json().data]).toEqual([200, { sourceId }]);
    expect(await server.store.selectFrom('apiEndpoints').selectAll().where('sourceId', '=', sourceId).execute()).toEqual([]);
    expect((await server.call('DELETE', '/delete/deleteApiEndpoint', { endpointId }, owner.token)).statusCode).toBe(404);
  });
});

describe('an endpoint called through its API (SQLite store)', () => {
  let server: TestServer;
  let api: TestApi;
  let owner: HostileBuilder;

  const saveSource = async (body: Record<string, unknown>): Promise<number> => {
    const answer = await server.call('POST', '/save/saveApiSource', { sourceId: null, appId: owner.appId, ...body }, owner.token);
    if (answer.statusCode >= 300) throw new Error(answer.body);
    return (answer.json().data as { sourceId: number }).sourceId;
  };
  let counter = 0;
  const openSource = (body: Record<string, unknown> = {}) => saveSource({ name: `Open ${++counter}`, baseUrl: api.base, ...body });
  const preview = (sourceId: number, endpoint: Record<string, unknown>, params: Record<string, unknown> = {}) =>
    server.call('POST', '/action/previewApiEndpoint', { sourceId, endpoint: { name: 'Preview', ...endpoint }, params }, owner.token);
  const previewed = async (sourceId: number, endpoint: Record<string, unknown>, params: Record<string, unknown> = {}) => {
    const answer = await preview(sourceId, endpoint, params);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as { status: number; columns: unknown[]; rows: Record<string, unknown>[]; rowCount: number; total: number | null; hasNext: boolean };
  };
  const seenSince = (start: number) => api.seen.slice(start);

  beforeAll(async () => {
    api = await startTestApi();
    server = await buildTestServer('sqlite', { allowPrivateUrls: true });
    owner = await hostileBuilder(server, 'Orders API');
  });
  afterAll(async () => {
    await server.close();
    await api.close();
  });

  it('reads rows by each paging scheme, with typed columns, totals and whether a next page exists', async () => {
    const sourceId = await openSource();
    const columns = [{ name: 'id', type: 'number' }, { name: 'customer' }, { name: 'amount', type: 'number' }, { name: 'paid', type: 'boolean' }, { name: 'created', type: 'date' }];
    const start = api.seen.length;
    const byPage = await previewed(sourceId, { path: '/orders', rowsPath: 'data', columns, paging: { scheme: 'page', totalPath: 'meta.total' } });
    expect(byPage.rows[0]).toEqual({ id: 1, customer: 'Customer 00001', amount: 0.5, paid: true, created: '2026-01-01T00:00:00.000Z' });
    expect([byPage.rows.length, byPage.total, byPage.hasNext]).toEqual([20, 10_000, true]);
    expect(seenSince(start).map((request) => request.url)).toEqual(['/orders?page=1&size=20']);

    const byOffset = await previewed(sourceId, { path: '/orders-offset', rowsPath: 'items', paging: { scheme: 'offset', totalPath: 'count' } });
    expect([byOffset.rows[19]?.id, byOffset.total]).toEqual([20, 10_000]);
    // No columns named: guessed from the rows, typed by their first values.
    expect(byOffset.columns).toEqual([
      { name: 'id', path: '', type: 'number' }, { name: 'customer', path: '', type: 'text' }, { name: 'amount', path: '', type: 'text' },
      { name: 'paid', path: '', type: 'boolean' }, { name: 'created', path: '', type: 'text' },
    ]);

    const byCursor = await previewed(sourceId, { path: '/orders-cursor', rowsPath: 'results', paging: { scheme: 'cursor', sizeParam: 'limit', nextCursorPath: 'next' } });
    expect([byCursor.rows.length, byCursor.hasNext, byCursor.total]).toEqual([20, true, null]);
    const byLink = await previewed(sourceId, { path: '/orders-link', paging: { scheme: 'link', sizeParam: 'per_page' } });
    expect([byLink.rows.length, byLink.hasNext]).toEqual([20, true]);
    expect(api.seen.at(-1)?.url).toBe('/orders-link?per_page=20');

    // A column read by its own expression, and a key JMESPath would not take bare.
    const nested = await previewed(sourceId, { path: '/orders/{{orderId}}', rowsPath: '[order]', columns: [{ name: 'who', path: 'customer' }, { name: 'when day', path: 'created', type: 'date' }] }, { orderId: 42 });
    expect(nested.rows).toEqual([{ who: 'Customer 00042', 'when day': '2026-01-02T17:00:00.000Z' }]);
  });

  it('signs in as the API wants: bearer, basic, API key in a header or the query', async () => {
    try {
      api.guard = { authorization: `Bearer ${BEARER}` };
      const endpoint = { path: '/orders', rowsPath: 'data' };
      const open = await openSource();
      expect((await preview(open, endpoint)).json().error).toEqual([`${specPrefix('apiAnswerStatus')} 401`]);
      expect((await previewed(await openSource({ auth: { kind: 'bearer' }, secret: BEARER }), endpoint)).rowCount).toBe(20);

      api.guard = { authorization: `Basic ${Buffer.from('clerk:pa:ss').toString('base64')}` };
      expect((await previewed(await openSource({ auth: { kind: 'basic', username: 'clerk' }, secret: 'pa:ss' }), endpoint)).rowCount).toBe(20);

      api.guard = { apiKeyHeader: ['X-Api-Key', 'key-in-header'] };
      expect((await previewed(await openSource({ auth: { kind: 'apiKey', keyName: 'X-Api-Key' }, secret: 'key-in-header' }), endpoint)).rowCount).toBe(20);

      api.guard = { apiKeyQuery: ['api_key', 'key-in-query'] };
      expect((await previewed(await openSource({ auth: { kind: 'apiKey', keyName: 'api_key', keyIn: 'query' }, secret: 'key-in-query' }), endpoint)).rowCount).toBe(20);
      // The author's own header cannot replace the signing in.
      api.guard = { authorization: `Bearer ${BEARER}` };
      const overridden = await openSource({ auth: { kind: 'bearer' }, secret: BEARER, headers: [{ name: 'Authorization', value: 'Bearer forged' }] });
      expect((await previewed(overridden, endpoint)).rowCount).toBe(20);
    } finally {
      api.guard = {};
    }
  });

  it('asks the OAuth token endpoint once, keeps the token, asks again when it expires or the API refuses it', async () => {
    try {
      api.guard = { bearerFromOauth: true };
      api.oauth.expiresIn = 3600;
      const sourceId = await openSource({
        auth: { kind: 'oauth2', tokenUrl: `${api.base}/oauth/token`, clientId: api.oauth.clientId, scope: 'orders:read' }, secret: api.oauth.clientSecret,
      });
      const endpoint = { path: '/orders', rowsPath: 'data' };
      const issuedBefore = api.oauth.issued.length;
      await previewed(sourceId, endpoint);
      await previewed(sourceId, endpoint);
      expect(api.oauth.issued.length - issuedBefore).toBe(1);
      const tokenRequest = api.seen.find((request) => request.url === '/oauth/token');
      expect(new URLSearchParams(tokenRequest?.body).get('scope')).toBe('orders:read');

      // The API revokes the token: one new token, and the call goes through.
      api.oauth.revoked.add(api.oauth.issued.at(-1) ?? '');
      await previewed(sourceId, endpoint);
      expect(api.oauth.issued.length - issuedBefore).toBe(2);

      // A token that expires at once is asked for again on the next call.
      api.oauth.expiresIn = 1;
      const shortLived = await openSource({ auth: { kind: 'oauth2', tokenUrl: `${api.base}/oauth/token`, clientId: api.oauth.clientId }, secret: api.oauth.clientSecret });
      const issued = api.oauth.issued.length;
      await previewed(shortLived, endpoint);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await previewed(shortLived, endpoint);
      expect(api.oauth.issued.length - issued).toBe(2);

      const wrongSecret = await openSource({ auth: { kind: 'oauth2', tokenUrl: `${api.base}/oauth/token`, clientId: api.oauth.clientId }, secret: 'not-the-secret' });
      const refused = await preview(wrongSecret, endpoint);
      expect([refused.statusCode, refused.json().error]).toEqual([502, [`${specPrefix('apiOauthTokenFailed')}: 401 invalid_client`]]);
      expect(refused.body).not.toContain('not-the-secret');
    } finally {
      api.guard = {};
      api.oauth.expiresIn = 3600;
    }
  });

  it('tries an idempotent request once more after a 5xx, never a POST, and says what the API answered', async () => {
    const sourceId = await openSource();
    api.flakyFailures = 1;
    let start = api.seen.length;
    expect((await previewed(sourceId, { path: '/flaky' })).rows).toEqual([{ ok: true }]);
    expect(seenSince(start)).toHaveLength(2);

    api.flakyFailures = 5;
    start = api.seen.length;
    const failed = await preview(sourceId, { path: '/flaky' });
    expect([failed.statusCode, failed.json().error]).toEqual([502, [`${specPrefix('apiAnswerStatus')} 503`]]);
    expect(seenSince(start)).toHaveLength(2);

    start = api.seen.length;
    const posted = await preview(sourceId, { method: 'POST', path: '/flaky', body: '{}' });
    expect(posted.statusCode).toBe(502);
    expect(seenSince(start)).toHaveLength(1);
    api.flakyFailures = 0;
  });

  it('gives up on a slow API at its time limit and on an answer over its size limit', async () => {
    const slow = await openSource({ timeLimitS: 1 });
    const started = Date.now();
    // GET is tried twice: two time limits at most.
    const timedOut = await preview(slow, { path: '/slow' });
    expect(timedOut.statusCode).toBe(502);
    expect(Date.now() - started).toBeLessThan(2_900);
    const small = await openSource({ maxKb: 1 });
    const tooLarge = await preview(small, { path: '/big' });
    expect([tooLarge.statusCode, tooLarge.json().error]).toEqual([502, [Messages.apiAnswerTooLarge.replace('{kb}', '1')]]);
    const notRows = await preview(await openSource(), { path: '/orders', rowsPath: 'meta' });
    expect([notRows.statusCode, notRows.json().error]).toEqual([502, [Messages.apiRowsNotList]]);
  });

  it('fills parameters so that none leaves its place, and --userId-- with the caller\'s own id', async () => {
    const sourceId = await openSource({ baseUrl: `${api.base}/` });
    const start = api.seen.length;
    const echoed = await previewed(sourceId, {
      method: 'POST', path: '/echo', query: [{ name: 'who', value: '{{name}}' }], headers: [{ name: 'X-User', value: '--userId--' }],
      body: '{"note": "{{note}}", "qty": {{qty}}, "by": "--userId--"}', rowsPath: 'rows',
    }, { name: 'a&b=c', note: 'say "hi"\n}', qty: 3, userId: 'someone-else' });
    const [row] = echoed.rows;
    expect(row?.query).toBe('?who=a%26b%3Dc');
    expect(JSON.parse(String(row?.body))).toEqual({ note: 'say "hi"\n}', qty: 3, by: owner.userId });
    expect(row?.user).toBe(owner.userId);
    expect(seenSince(start)[0]?.headers['content-type']).toBe('application/json');

    // A path parameter cannot climb out of the endpoint's path nor change the host.
    const before = api.seen.length;
    const climbing = await preview(sourceId, { path: '/orders/{{id}}', rowsPath: '[order]' }, { id: '..' });
    expect([climbing.statusCode, climbing.json().error, api.seen.length - before]).toEqual([400, [Messages.requestUrlInvalid], 0]);
    for (const value of ['../../admin', '@evil.example', '//evil.example/x', '%2e%2e', '.%2e']) {
      const before = api.seen.length;
      const answer = await preview(sourceId, { path: '/orders/{{id}}', rowsPath: '[order]' }, { id: value });
      expect(answer.statusCode, value).toBe(502);
      expect(api.seen.slice(before).map((request) => request.url.startsWith('/orders/')), value).toEqual([true]);
    }
    const notJson = await preview(sourceId, { method: 'POST', path: '/echo', body: '{"qty": {{qty}}}' }, { qty: '1, "x": 2' });
    expect([notJson.statusCode, notJson.json().error]).toEqual([400, [Messages.apiBodyNotJson]]);
  });

  it('reads an OpenAPI 3 document (YAML or JSON) into endpoints that work as they are', async () => {
    const sourceId = await openSource();
    const yaml = `openapi: 3.0.3
info: { title: Orders API, version: '2.1' }
components:
  parameters:
    Size: { name: size, in: query, required: true, schema: { type: integer } }
paths:
  /orders:
    get:
      operationId: listOrders
      summary: All orders, a page at a time
      parameters:
        - { $ref: '#/components/parameters/Size' }
        - { name: page, in: query, schema: { type: integer } }
        - { name: paid, in: query, schema: { type: string, enum: ['true', 'false'] } }
      responses: { '200': { description: ok } }
    post:
      summary: Add an order
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses: { '201': { description: made } }
  /orders/{orderId}:
    parameters:
      - { name: orderId, in: path, required: true, schema: { type: integer } }
    get:
      parameters:
        - { name: X-Trace, in: header, required: true, schema: { type: string } }
      responses: { '200': { description: ok } }
`;
    const answer = await server.call('POST', '/action/readOpenApi', { sourceId, document: yaml }, owner.token);
    expect(answer.statusCode, answer.body).toBe(200);
    const read = answer.json().data as { title: string; version: string; operations: { method: string; path: string; summary: string; parameters: unknown[]; draft: Record<string, unknown> }[] };
    expect([read.title, read.version]).toEqual(['Orders API', '2.1']);
    expect(read.operations.map((o) => [o.method, o.path, o.draft.name])).toEqual([
      ['GET', '/orders', 'listOrders'], ['POST', '/orders', 'Add an order'], ['GET', '/orders/{orderId}', 'GET /orders/{orderId}'],
    ]);
    const [list, add, one] = read.operations;
    expect(list?.parameters).toEqual([{ name: 'size', in: 'query', required: true }, { name: 'page', in: 'query', required: false }, { name: 'paid', in: 'query', required: false }]);
    // An optional parameter with listed values: a filter of the column of its name, offering them.
    expect([list?.draft.filterParams, add?.draft.filterParams]).toEqual([[{ field: 'paid', param: 'paid', maxParam: '', choices: ['true', 'false'] }], []]);
    expect([list?.draft.query, add?.draft.body, one?.draft.path, one?.draft.headers]).toEqual([
      [{ name: 'size', value: '{{size}}' }], '{}', '/orders/{{orderId}}', [{ name: 'X-Trace', value: '{{X-Trace}}' }],
    ]);
    // The draft as read, with the rows' expression added, is an endpoint that works.
    const preview = await previewed(sourceId, { ...list?.draft, rowsPath: 'data' }, { size: 3 });
    expect(preview.rows.map((row) => row.id)).toEqual([1, 2, 3]);
    const asJson = await server.call('POST', '/action/readOpenApi', { sourceId, document: JSON.stringify({ openapi: '3.1.0', info: { title: 'J', version: '1' }, paths: {} }) }, owner.token);
    expect([asJson.statusCode, asJson.json().data?.operations]).toEqual([200, []]);
    for (const document of ['not: [valid', '{"swagger": "2.0"}', 'openapi: 3.0.3\ninfo: 7\npaths: {}', '[]']) {
      const refused = await server.call('POST', '/action/readOpenApi', { sourceId, document }, owner.token);
      expect([refused.statusCode, refused.json().error?.[0]], document).toEqual([400, expect.stringContaining(specPrefix('apiOpenApiInvalid'))]);
    }
  });
});
