import { BUNDLE_FORMAT_NAME, BUNDLE_FORMAT_VERSION, createComponent, Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildTestServer, type TestServer } from '../support/build';
import { type LocalHttpServer, listenLocal } from '../support/local-http';
import { specPrefix } from '../support/texts';
import { type HostileBuilder, hostileBuilder } from './hostile';

/**
 * Issue 40 under the trust boundary (ARCHITECTURE.md §2): a self-registered builder's API must
 * not become a way into the operator's machine or network, nor into another application's
 * APIs. Under the default rules no API reaches a private address, whatever the address is
 * written as, whatever a name resolves to, wherever a redirect or a Link header points; cloud
 * metadata hosts are refused by name even where the operator opens private addresses.
 */

const PRIVATE_BASES = [
  'http://127.0.0.1:9', 'http://localhost:9', 'http://api.localhost/', 'http://[::1]:9/', 'http://[::ffff:127.0.0.1]/', 'http://10.0.0.5/',
  'http://192.168.1.10/', 'http://169.254.169.254/latest/meta-data/', 'http://0.0.0.0/', 'http://2130706433/', 'http://0x7f.1/',
];
const METADATA_BASES = ['http://metadata.google.internal/computeMetadata/v1/', 'http://metadata/', 'http://instance-data.ec2.internal/'];

describe('a hostile author\'s APIs under the default outbound rules', () => {
  let server: TestServer;
  let hostile: HostileBuilder;

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    hostile = await hostileBuilder(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses a base URL or an OAuth token URL on a private, loopback, link-local or metadata address, and stores nothing', async () => {
    for (const baseUrl of [...PRIVATE_BASES, ...METADATA_BASES]) {
      const answer = await server.call('POST', '/save/saveApiSource', { sourceId: null, appId: hostile.appId, name: 'Inside', baseUrl }, hostile.token);
      expect(answer.statusCode, baseUrl).toBe(400);
      expect(answer.json().error?.[0], baseUrl).toMatch(new RegExp(`^(${specPrefix('requestHostRefusedAt')}|${specPrefix('requestAddressRefusedAt')})`));
    }
    const token = await server.call('POST', '/save/saveApiSource', {
      sourceId: null, appId: hostile.appId, name: 'Token inside', baseUrl: 'https://1.1.1.1/', auth: { kind: 'oauth2', tokenUrl: 'http://127.0.0.1:9/token', clientId: 'c' }, secret: 's',
    }, hostile.token);
    expect([token.statusCode, token.json().error?.[0]]).toEqual([400, `${specPrefix('requestAddressRefusedAt')}: 127.0.0.1`]);
    expect(await server.store.selectFrom('apiSources').selectAll().execute()).toEqual([]);
  });

  it('refuses a bundle whose API points inside, and writes nothing', async () => {
    const bundle = {
      format: BUNDLE_FORMAT_NAME, formatVersion: BUNDLE_FORMAT_VERSION, app: { appName: 'Smuggled' },
      apis: [{ id: 1, name: 'Inside', baseUrl: 'http://169.254.169.254/latest/meta-data/', auth: { kind: 'none' }, endpoints: [{ id: 2, name: 'Keys', path: '/iam' }] }],
    };
    const apps = await server.store.selectFrom('apps').select('appId').execute();
    const answer = await server.call('POST', '/save/importApp', { bundle, target: { kind: 'new', appName: 'Smuggled' } }, hostile.mainToken);
    expect([answer.statusCode, answer.json().error?.[0]]).toEqual([400, `${specPrefix('requestAddressRefusedAt')}: 169.254.169.254`]);
    expect(await server.store.selectFrom('apps').select('appId').execute()).toEqual(apps);
    expect(await server.store.selectFrom('apiSources').selectAll().execute()).toEqual([]);
  });

  it('checks the address again on every call: an API row that points inside (written some other way) is refused before any request', async () => {
    let reached = 0;
    const inside = await listenLocal((_request, response) => {
      reached++;
      response.end('[]');
    });
    try {
      const { sourceId } = (await server.call('POST', '/save/saveApiSource', { sourceId: null, appId: hostile.appId, name: 'Public', baseUrl: 'https://1.1.1.1/' }, hostile.token)).json().data as { sourceId: number };
      await server.store.updateTable('apiSources').set({ baseUrl: inside.base }).where('sourceId', '=', sourceId).execute();
      const preview = await server.call('POST', '/action/previewApiEndpoint', { sourceId, endpoint: { name: 'E', path: '/' } }, hostile.token);
      expect([preview.statusCode, preview.json().error?.[0]]).toEqual([400, `${specPrefix('requestAddressRefusedAt')}: 127.0.0.1`]);
      expect(reached).toBe(0);
    } finally {
      await inside.close();
    }
  });
});

describe('a hostile author where the operator allows one intranet host', () => {
  let server: TestServer;
  let api: TestApi;
  let elsewhere: LocalHttpServer;
  let elsewhereHits = 0;
  let hostile: HostileBuilder;
  let victim: HostileBuilder;
  let victimSource: number;
  let victimEndpoint: number;

  beforeAll(async () => {
    api = await startTestApi();
    elsewhere = await listenLocal((_request, response) => {
      elsewhereHits++;
      response.writeHead(200, { 'content-type': 'application/json' }).end('[{"secret":"from inside"}]');
    });
    // The operator opens 127.0.0.1 (where the test API runs) for authors, by address; nothing else.
    server = await buildTestServer('sqlite', { allowedUrlHosts: ['127.0.0.1'] });
    hostile = await hostileBuilder(server);
    victim = await hostileBuilder(server, 'Victim shop');
    victimSource = (await server.call('POST', '/save/saveApiSource', {
      sourceId: null, appId: victim.appId, name: 'Victim API', baseUrl: api.base, auth: { kind: 'bearer' }, secret: 'victim-bearer-secret',
    }, victim.token)).json().data.sourceId as number;
    victimEndpoint = (await server.call('POST', '/save/saveApiEndpoint', { endpointId: null, sourceId: victimSource, name: 'Orders', path: '/orders', rowsPath: 'data' }, victim.token)).json().data.endpointId as number;
  });
  afterAll(async () => {
    await server.close();
    await api.close();
    await elsewhere.close();
  });

  it('follows no redirect: a 302 to another address is the API\'s answer, and the other address is never reached', async () => {
    const { sourceId } = (await server.call('POST', '/save/saveApiSource', { sourceId: null, appId: hostile.appId, name: 'Redirecting', baseUrl: api.base }, hostile.token)).json().data as { sourceId: number };
    for (const target of [`http://localhost:${elsewhere.port}/`, 'http://169.254.169.254/latest/meta-data/', `http://[::1]:${elsewhere.port}/`]) {
      api.redirectTo = target;
      const answer = await server.call('POST', '/action/previewApiEndpoint', { sourceId, endpoint: { name: 'E', path: '/redirect' } }, hostile.token);
      expect([answer.statusCode, answer.json().error], target).toEqual([502, [`${specPrefix('apiAnswerStatus')} 302`]]);
    }
    expect(elsewhereHits).toBe(0);
  });

  it('keeps a Link header\'s next page on the API\'s own origin', async () => {
    const { sourceId } = (await server.call('POST', '/save/saveApiSource', { sourceId: null, appId: hostile.appId, name: 'Linking', baseUrl: api.base }, hostile.token)).json().data as { sourceId: number };
    // The operator allowed 127.0.0.1, not localhost (which is ::1 too).
    const other = await server.call('POST', '/save/saveApiSource', { sourceId: null, appId: hostile.appId, name: 'Same address by name', baseUrl: `http://localhost:${api.port}` }, hostile.token);
    expect(other.statusCode).toBe(400);
    const answer = await server.call('POST', '/action/previewApiEndpoint', { sourceId, endpoint: { name: 'E', path: '/orders-link', paging: { scheme: 'link', sizeParam: 'per_page' } } }, hostile.token);
    expect(answer.statusCode).toBe(200);
    expect(elsewhereHits).toBe(0);
  });

  it('keeps a table filter\'s value inside its one query parameter, and takes no parameter name that could end it', async () => {
    const call = async (url: string, body: unknown) => {
      const answer = await server.call('POST', url, body, hostile.token);
      expect(answer.statusCode, `${url} ${answer.body}`).toBeLessThan(300);
      return answer.json().data;
    };
    const { sourceId } = await call('/save/saveApiSource', { sourceId: null, appId: hostile.appId, name: 'Filtering', baseUrl: api.base });
    for (const param of ['state\r\nX-Injected: 1', 'a=b', 'a b', 'a/b']) {
      const refused = await server.call('POST', '/save/saveApiEndpoint', { endpointId: null, sourceId, name: 'Bad', path: '/echo', filterParams: [{ field: 'status', param }] }, hostile.token);
      expect(refused.statusCode, JSON.stringify(param)).toBe(400);
    }
    const { endpointId } = await call('/save/saveApiEndpoint', {
      endpointId: null, sourceId, name: 'Echo', path: '/echo', rowsPath: 'rows', filterParams: [{ field: 'status', param: 'state', choices: ['open'] }],
    });
    const { pages } = await call('/save/saveApp', { appId: hostile.appId, pages: [{ pageId: null, pageName: 'Filtered echo' }] }) as { pages: { pageId: number }[] };
    const pageId = pages[0]?.pageId as number;
    const table = { ...createComponent('table', 'echo', 'Echo'), apiEndpointId: endpointId, options: 'query', mapping_table: 'query', filters: [{ field: 'status', type: 'select', column: 'Status' }] };
    await call('/save/saveApp', { appId: hostile.appId, pages: [{ pageId, pageComponents: JSON.stringify([table]) }] });
    const before = api.seen.length;
    const value = 'open&state=closed#http://169.254.169.254/';
    const answer = await server.call('POST', '/get/loadTableContent', { pageId, componentId: 'echo', filterColumn: { status: value } }, hostile.token);
    expect(answer.statusCode, answer.body).toBe(200);
    const reached = api.seen.slice(before);
    expect(reached.map((request) => new URL(request.url, api.base).pathname)).toEqual(['/echo']);
    expect(new URL(reached[0]?.url ?? '', api.base).searchParams.getAll('state')).toEqual([value]);
    expect(elsewhereHits).toBe(0);
  });

  it('cannot list, read, call, edit, move or delete another application\'s APIs', async () => {
    const calls = [
      server.call('GET', `/get/listApiSources/${victim.appId}`, undefined, hostile.token),
      server.call('POST', '/action/previewApiEndpoint', { sourceId: victimSource, endpoint: { name: 'E', path: '/orders', rowsPath: 'data' } }, hostile.token),
      server.call('POST', '/save/saveApiEndpoint', { endpointId: null, sourceId: victimSource, name: 'Mine', path: '/orders' }, hostile.token),
      server.call('DELETE', '/delete/deleteApiSource', { sourceId: victimSource }, hostile.token),
      server.call('DELETE', '/delete/deleteApiEndpoint', { endpointId: victimEndpoint }, hostile.token),
      server.call('POST', '/save/saveApiSource', { sourceId: victimSource, appId: victim.appId, name: 'Taken', baseUrl: api.base }, hostile.token),
    ];
    for (const answer of await Promise.all(calls)) {
      expect([answer.statusCode, answer.json().error]).toEqual([403, [Messages.forbidden]]);
      expect(answer.body).not.toContain('victim-bearer-secret');
    }
    // Naming his own application with the victim's API id: not found in his application.
    const moved = await server.call('POST', '/save/saveApiSource', { sourceId: victimSource, appId: hostile.appId, name: 'Moved', baseUrl: api.base }, hostile.token);
    expect([moved.statusCode, moved.json().error]).toEqual([404, [Messages.apiSourceNotFound]]);
    // His own API with the victim's endpoint id: the endpoint stays with its API.
    const { sourceId } = (await server.call('POST', '/save/saveApiSource', { sourceId: null, appId: hostile.appId, name: 'Own', baseUrl: api.base }, hostile.token)).json().data as { sourceId: number };
    const taken = await server.call('POST', '/save/saveApiEndpoint', { endpointId: victimEndpoint, sourceId, name: 'Orders', path: '/admin' }, hostile.token);
    expect([taken.statusCode, taken.json().error]).toEqual([404, [Messages.apiEndpointNotFound]]);
    const stored = await server.store.selectFrom('apiEndpoints').selectAll().where('endpointId', '=', victimEndpoint).executeTakeFirstOrThrow();
    expect([stored.sourceId, JSON.parse(stored.definition).path]).toEqual([victimSource, '/orders']);
  });

  it('reads an OpenAPI document without following a $ref out of it (a file, an address), and refuses a YAML bomb', async () => {
    const { sourceId } = (await server.call('POST', '/save/saveApiSource', { sourceId: null, appId: hostile.appId, name: 'Documented', baseUrl: api.base }, hostile.token)).json().data as { sourceId: number };
    const hits = elsewhereHits;
    const document = JSON.stringify({
      openapi: '3.0.3', info: { title: 'Probe', version: '1' },
      paths: {
        '/a': { get: { parameters: [{ $ref: '/etc/passwd' }, { $ref: `http://localhost:${elsewhere.port}/param.json` }, { $ref: 'file:///etc/hostname' }], responses: { 200: { description: 'ok' } } } },
        '/b': { $ref: `http://127.0.0.1:${elsewhere.port}/path-item.json` },
      },
    });
    const answer = await server.call('POST', '/action/readOpenApi', { sourceId, document }, hostile.token);
    expect(elsewhereHits).toBe(hits);
    expect(answer.body).not.toContain('root:');
    if (answer.statusCode === 200) expect(answer.json().data.operations.flatMap((o: { parameters: unknown[] }) => o.parameters)).toEqual([]);
    else expect(answer.statusCode).toBe(400);
    const bomb = ['openapi: 3.0.3', 'a: &a ["x","x","x","x","x","x","x","x","x"]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`)].join('\n');
    const started = Date.now();
    const exploded = await server.call('POST', '/action/readOpenApi', { sourceId, document: bomb }, hostile.token);
    expect([exploded.statusCode, Date.now() - started < 2_000]).toEqual([400, true]);
  });

  it('never sends the victim\'s secret to the hostile author\'s API, nor answers it', async () => {
    const start = api.seen.length;
    const { sourceId } = (await server.call('POST', '/save/saveApiSource', { sourceId: null, appId: hostile.appId, name: 'Echo', baseUrl: api.base }, hostile.token)).json().data as { sourceId: number };
    const answer = await server.call('POST', '/action/previewApiEndpoint', { sourceId, endpoint: { name: 'E', path: '/echo', rowsPath: 'rows' } }, hostile.token);
    expect(answer.statusCode).toBe(200);
    expect(JSON.stringify(api.seen.slice(start))).not.toContain('victim-bearer-secret');
    expect((await server.call('GET', `/get/listApiSources/${victim.appId}`, undefined, victim.token)).body).not.toContain('victim-bearer-secret');
  });
});
