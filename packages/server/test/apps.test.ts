import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Messages, SERVER_PATH_SEGMENTS } from '@rakit/core';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAppById } from '../src/store/repositories/apps';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';

const engines = await availableEngines();

/**
 * The callers every application route is tried with: anonymous, a member of another
 * application, a plain member, the application's administrator and the super administrator.
 */
interface Callers { anonymous: undefined; outsider: string; member: string; admin: string; root: string }

describe.each(engines)('applications on %s', (engine) => {
  let server: TestServer;
  let callers: Callers;
  let appId: number;
  let appSlug: string;

  beforeAll(async () => {
    server = await buildTestServer(engine);
    await server.register('081300000001', 'password-1'); // becomes the application's admin
    await server.register('081300000002', 'password-1'); // a member of it
    await server.register('081300000003', 'password-1'); // admin of another application
    const adminMain = await server.login('081300000001', 'password-1', 'main');
    const created = await server.call('POST', '/save/saveApp', { appId: null, appName: 'Kasir', appDescription: 'Point of sale', appOpenRegistration: true }, adminMain);
    ({ appId, appSlug } = created.json().data);
    // Group management arrives with the administration screens; join the member group directly.
    const memberGroup = await server.store.selectFrom('userGroups').select('groupId').where('groupAppId', '=', String(appId)).where('groupSlug', '=', 'member').executeTakeFirstOrThrow();
    await server.store.insertInto('groupMembers').values({ groupId: memberGroup.groupId, userId: '081300000002' }).execute();
    const outsiderMain = await server.login('081300000003', 'password-1', 'main');
    const other = await server.call('POST', '/save/saveApp', { appId: null, appName: 'Other', appDescription: '' }, outsiderMain);
    callers = {
      anonymous: undefined,
      outsider: await server.login('081300000003', 'password-1', other.json().data.appSlug),
      member: await server.login('081300000002', 'password-1', appSlug),
      admin: await server.login('081300000001', 'password-1', appSlug),
      root: await server.login('admin', ADMIN_PASSWORD, '_root'),
    };
  });
  afterAll(async () => { await server.close(); });

  it('answers the public facts of an application by slug to anyone', async () => {
    const response = await server.call('GET', `/get/getApp/slug/${appSlug}`);
    expect(response.json()).toEqual({ status: true, data: { appId, appName: 'Kasir', appSlug, appOpenRegistration: true, appLanguage: 'spec', appTimeZone: 'Asia/Jakarta', signIn: { password: true, providers: [] } } });
    const missing = await server.call('GET', '/get/getApp/slug/no-such-app');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: false, error: [Messages.appNotFound], code: 'appNotFound' });
  });

  it('lists every application to the super administrator only', async () => {
    expect((await server.call('GET', '/get/listApp', undefined, callers.anonymous)).statusCode).toBe(401);
    for (const token of [callers.outsider, callers.member, callers.admin]) {
      expect((await server.call('GET', '/get/listApp', undefined, token)).statusCode).toBe(403);
    }
    const all = await server.call('GET', '/get/listApp', undefined, callers.root);
    expect(all.json().data.map((a: { appSlug: string }) => a.appSlug)).toEqual(expect.arrayContaining(['main', '_root', appSlug]));
    // Each card names the application's groups (spec 1 screen 3).
    expect(all.json().data).toEqual(expect.arrayContaining([
      expect.objectContaining({ appSlug, groupName: 'Admin, Member' }),
      expect.objectContaining({ appSlug: 'main', groupName: 'Member' }),
      expect.objectContaining({ appSlug: '_root', groupName: 'Super Admin' }),
    ]));
  });

  it('lists a user\'s own applications with his group name, to himself or the super administrator', async () => {
    const own = await server.call('GET', '/get/listAppUser/081300000001', undefined, callers.admin);
    expect(own.json().data).toEqual([expect.objectContaining({ appId, appName: 'Kasir', groupName: 'Admin' })]);
    const asMember = await server.call('GET', '/get/listAppUser/081300000002', undefined, callers.member);
    expect(asMember.json().data).toEqual([expect.objectContaining({ appId, groupName: 'Member' })]);
    expect((await server.call('GET', '/get/listAppUser/081300000001', undefined, callers.anonymous)).statusCode).toBe(401);
    expect((await server.call('GET', '/get/listAppUser/081300000001', undefined, callers.outsider)).statusCode).toBe(403);
    expect((await server.call('GET', '/get/listAppUser/081300000001', undefined, callers.root)).statusCode).toBe(200);
  });

  it('lets only the application\'s administrators edit it', async () => {
    const edit = (token: string | undefined, appName: string) =>
      server.call('POST', '/save/saveApp', { appId, appName, appDescription: 'changed' }, token);
    expect((await edit(callers.anonymous, 'Hijack')).statusCode).toBe(401);
    expect((await edit(callers.outsider, 'Hijack')).statusCode).toBe(403);
    expect((await edit(callers.member, 'Hijack')).statusCode).toBe(403);
    expect((await findAppById(server.store, appId))?.appName).toBe('Kasir');
    expect((await edit(callers.admin, 'Kasir Toko')).json()).toEqual({ status: true, data: { appId, appSlug, revision: 2 } });
    expect((await edit(callers.root, 'Kasir')).statusCode).toBe(200);
    expect((await findAppById(server.store, appId))?.appDescription).toBe('changed');
  });

  it('answers status false on a duplicate name and writes nothing', async () => {
    const before = await server.store.selectFrom('apps').select('appId').execute();
    const duplicate = await server.call('POST', '/save/saveApp', { appId: null, appName: 'Kasir', appDescription: '' }, callers.root);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ status: false, error: [Messages.appDuplicate], code: 'appDuplicate' });
    const renameClash = await server.call('POST', '/save/saveApp', { appId, appName: 'Other', appDescription: '' }, callers.admin);
    expect(renameClash.json().status).toBe(false);
    expect(await server.store.selectFrom('apps').select('appId').execute()).toHaveLength(before.length);
  });

  it('refuses a blank name and wrong types with a message', async () => {
    const blank = await server.call('POST', '/save/saveApp', { appId: null, appName: '   ', appDescription: '' }, callers.root);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error[0]).toContain(Messages.appNameRequired);
    const wrongType = await server.call('POST', '/save/saveApp', { appId: 'one', appName: 'X' }, callers.root);
    expect(wrongType.statusCode).toBe(400);
  });

  it('lets only signed-in builders of main and the super administrator create applications', async () => {
    const body = { appId: null, appName: 'Created By Member', appDescription: '' };
    expect((await server.call('POST', '/save/saveApp', body)).statusCode).toBe(401);
    expect((await server.call('POST', '/save/saveApp', body, callers.member)).statusCode).toBe(403);
    const byRoot = await server.call('POST', '/save/saveApp', body, callers.root);
    expect(byRoot.statusCode).toBe(201);
    expect(byRoot.json().data.appSlug).toBe('created-by-member');
  });

  it('never gives an application a slug the server answers itself (a hostile builder names his app after a route)', async () => {
    const builder = await server.login('081300000003', 'password-1', 'main');
    for (const name of ['Healthz', 'Readyz', 'Hook', 'Task', 'Audit', 'Collab', 'Page', 'Auth', 'API']) {
      const made = await server.call('POST', '/save/saveApp', { appId: null, appName: name, appDescription: '' }, builder);
      expect(made.statusCode, made.body).toBe(201);
      const slug = made.json().data.appSlug as string;
      expect(SERVER_PATH_SEGMENTS as readonly string[], `${name} → ${slug}`).not.toContain(slug);
      expect(slug.startsWith(name.toLowerCase())).toBe(true);
    }
    // /healthz still answers the server's health, not an application.
    expect((await server.call('GET', '/healthz')).statusCode).toBe(200);
  });

  it('removes an application only for its administrators, never main or _root', async () => {
    const target = await server.call('POST', '/save/saveApp', { appId: null, appName: 'Temporary', appDescription: '' }, callers.root);
    const tempId = target.json().data.appId as number;
    // Files the application holds: an upload and a print template in the file storage, an embedded database.
    const held = await Promise.all((['upload', 'print-template'] as const).map((kind) =>
      server.app.services.files.put(Buffer.from('x'), { appId: tempId, kind, name: 'held-file', contentType: 'application/octet-stream' })));
    const database = path.join(server.app.services.config.dataDir, 'databases', String(tempId), 'held-file');
    mkdirSync(path.dirname(database), { recursive: true });
    writeFileSync(database, 'x');
    for (const token of [callers.outsider, callers.member, callers.admin]) {
      expect((await server.call('DELETE', '/delete/deleteApp', { appId: tempId }, token)).statusCode).toBe(403);
    }
    expect((await server.call('DELETE', '/delete/deleteApp', { appId: tempId })).statusCode).toBe(401);
    expect((await server.call('DELETE', '/delete/deleteApp', { appId: 1 }, callers.root)).json()).toEqual({ status: false, error: [Messages.appProtected], code: 'appProtected' });
    expect((await server.call('DELETE', '/delete/deleteApp', { appId: tempId }, callers.root)).json()).toEqual({ status: true, data: { appId: tempId } });
    expect(await findAppById(server.store, tempId)).toBeUndefined();
    expect(await server.store.selectFrom('userGroups').select('groupId').where('groupAppId', '=', String(tempId)).execute()).toEqual([]);
    // Its uploads and templates go with it; its databases are its owner's data and stay.
    expect(await Promise.all(held.map((file) => server.app.services.files.exists(tempId, file.id)))).toEqual([false, false]);
    expect(await server.app.services.files.list(tempId)).toEqual([]);
    expect(existsSync(database)).toBe(true);
  });

  it('lets an application\'s administrator remove it with its groups', async () => {
    const builder = await server.login('081300000001', 'password-1', 'main');
    const created = await server.call('POST', '/save/saveApp', { appId: null, appName: 'Mine', appDescription: '' }, builder);
    const mineId = created.json().data.appId as number;
    expect((await server.call('DELETE', '/delete/deleteApp', { appId: mineId }, builder)).statusCode).toBe(200);
    expect(await findAppById(server.store, mineId)).toBeUndefined();
  });

  it('publishes an OpenAPI document of the routes', async () => {
    const doc = (await server.call('GET', '/openapi.json')).json();
    for (const path of ['/auth/login', '/auth/register', '/forgot_password/getToken', '/forgot_password/changePassword',
      '/get/getApp/slug/{slug}', '/get/listApp', '/get/listAppUser/{userId}', '/save/saveApp', '/delete/deleteApp']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const body = doc.paths['/save/saveApp'].post.requestBody.content['application/json'].schema as { $ref: string };
    expect(doc.components.schemas[body.$ref.replace('#/components/schemas/', '')].properties).toHaveProperty('appName');
  });
});

describe('the OpenAPI document for people (issue 31)', () => {
  it('is valid OpenAPI 3, names core\'s schemas as components and documents every answer', async () => {
    const server = await buildTestServer('sqlite');
    try {
      const doc = (await server.call('GET', '/openapi.json')).json() as OpenAPIV3.Document;
      // swagger-parser checks it against the OpenAPI 3 schema and resolves every reference.
      await SwaggerParser.validate(structuredClone(doc) as never);
      const schemas = doc.components?.schemas ?? {};
      expect(schemas).toHaveProperty('ErrorEnvelope');
      expect(schemas).toHaveProperty('Menu');
      const operations = Object.values(doc.paths).flatMap((item) => Object.values(item ?? {}).filter((op): op is OpenAPIV3.OperationObject => typeof op === 'object' && op !== null && 'responses' in op));
      expect(operations.length).toBeGreaterThan(150);
      for (const operation of operations) {
        const label = `${operation.operationId ?? operation.summary}`;
        expect(operation.tags?.length, label).toBe(1);
        for (const [code, response] of Object.entries(operation.responses)) expect((response as OpenAPIV3.ResponseObject).description, `${label} ${code}`).not.toBe('Default Response');
        // The balancer's probes (/healthz, /readyz) list their own answers.
        if (operation.tags?.[0] !== 'health') expect(Object.keys(operation.responses), label).toContain('503');
        if (operation.security === undefined) expect(Object.keys(operation.responses), label).toEqual(expect.arrayContaining(['401', '403', '429']));
        if (operation.requestBody !== undefined) expect(Object.keys(operation.responses), label).toEqual(expect.arrayContaining(['400', '413']));
      }
      // A call's stored object comes back by name where the call answers it.
      const menus = doc.paths['/get/listMenu/{appId}']?.get?.responses['200'] as OpenAPIV3.ResponseObject | undefined;
      expect(JSON.stringify(menus?.content)).toContain('#/components/schemas/Menu');
      const refused = doc.paths['/auth/login']?.post?.responses['400'] as OpenAPIV3.ResponseObject | undefined;
      expect(refused?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    } finally {
      await server.close();
    }
  });
});

describe('the committed OpenAPI document', () => {
  it('matches the routes\' schemas (run `npm run openapi` after changing a route)', async () => {
    const { readFileSync } = await import('node:fs');
    const server = await buildTestServer('sqlite');
    try {
      const committed = JSON.parse(readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'));
      expect((await server.call('GET', '/openapi.json')).json()).toEqual(committed);
    } finally {
      await server.close();
    }
  });
});
