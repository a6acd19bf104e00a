import type { AppBundle } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentOf } from '../src/storage/file-storage';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './support/build';
import { buildDocx } from './support/docx';
import { availableEngines } from './support/engines';
import { createSqliteDatabase } from './support/fixtures';
import { samplePdf } from './support/pdf-sample';

/**
 * Every kind of entity through export and import (issue 17): connections (a password asked
 * again, never exported), stored queries, functions, triggers, a published workflow, print and
 * extraction templates, and the references between them and from a page, all remapped.
 */
const engines = await availableEngines();
const PG_PASSWORD = 'sekret-pw-4711';

describe.each(engines)('bundle entities on a %s store', (engine) => {
  let server: TestServer;
  let base: string;
  let root: string;
  let appId: number;
  const ids = { sqliteDb: 0, pgDb: 0, page: 0, other: 0, query: 0, fn: 0, fnSlug: '', trigger: 0, chain: 0, pdf: 0 };
  let bundle: AppBundle;

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const answer = await server.call(method, url, body, root);
    if (answer.statusCode >= 300) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
    return answer.json().data;
  };
  const upload = async (url: string, content: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([content], { type }), name);
    const response = await fetch(`${base}${url}`, { method: 'POST', headers: { authorization: `Bearer ${root}` }, body: form });
    if (response.status >= 300) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: unknown }).data;
  };

  beforeAll(async () => {
    server = await buildTestServer(engine);
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    root = await server.login('admin', ADMIN_PASSWORD, '_root');
    ({ appId } = await call('POST', '/save/saveApp', { appId: null, appName: 'Gudang' }));
    createSqliteDatabase(server.app.services.config.dataDir, appId, 'stock.db', 'CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)');
    ids.sqliteDb = (await call('POST', '/save/saveDbConfig', { dbAppId: appId, dbType: 'sqlite', dbDatabase: 'stock.db' })).dbId;
    // PostgreSQL trusts 127.0.0.1, so any password connects: the super administrator may reach a private host.
    ids.pgDb = (await call('POST', '/save/saveDbConfig', {
      dbAppId: appId, dbType: 'postgres', dbHost: '127.0.0.1', dbPort: 5432, dbUser: 'postgres', dbPassword: PG_PASSWORD, dbDatabase: 'postgres',
    })).dbId;
    const pages = (await call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: 'Stock' }, { pageId: null, pageName: 'Other' }] })).pages;
    [ids.page, ids.other] = pages.map((p: { pageId: number }) => p.pageId);
    ids.query = (await call('POST', '/save/saveQuery', { actionId: null, actionDbId: ids.sqliteDb, actionPageId: ids.page, actionName: 'All items', actionSQLQuery: 'SELECT * FROM items' })).actionId;
    const fn = await call('POST', '/function/saveFunction', { appId, name: 'Double', parameter: [{ name: 'value', type: 'int' }], content: 'return rows ?? value * 2;' });
    [ids.fn, ids.fnSlug] = [fn.id, fn.slug];
    ids.trigger = (await call('POST', '/action/saveTrigger', { triggerId: null, triggerAppId: appId, triggerAlias: 'restock', triggerParams: '["name"]' })).action.actionId;
    ids.chain = (await call('POST', '/save/saveWorkflow', { chainId: null, chainAppId: appId, chainName: 'Restock', chainTrigger: ids.trigger })).chainId;
    const step = async (alias: string, addonName: string, params: Record<string, string>) =>
      (await call('POST', '/save/saveAction', { actionId: null, actionChainId: ids.chain, actionAlias: alias, addonName, actionParams: JSON.stringify(params) })).actionId as number;
    const insert = await step('insert', 'insert', { dbId: String(ids.sqliteDb), table: 'items', values: '{"name": "{{$0.name}}"}' });
    const fnStep = await step('double', 'function', { functionId: ids.fnSlug, params: '{"value": "2"}' });
    const queryStep = await step('list', 'query', { queryId: String(ids.query) });
    await call('POST', '/save/saveFlow', { workflowId: ids.chain, flow: [[insert, fnStep], [fnStep, queryStep]], triggerActionId: insert });
    expect((await call('POST', `/action/buildWorkflow/${ids.chain}`)).built).toBe(true);
    await upload(`/print/uploadTemplate?appId=${appId}`, buildDocx(['Stock of {name}']), 'stock.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    ids.pdf = ((await upload(`/file/template?appId=${appId}`, await samplePdf(), 'Faktur.pdf', 'application/pdf')) as { templateId: number }).templateId;
    const components = [
      { id: 'items', type: 'table', database_used: ids.sqliteDb, table_used: 'items', primaryKey: 'id', options: 'Name', mapping_table: 'name', functionId: ids.fn },
      {
        id: 'go', type: 'button', title: 'Go',
        custom_action: [
          { name: 'Restock', action: 'TRIGGER', raw: { id: ids.trigger, alias: 'restock', params: [] } },
          { name: 'Next', action: 'REDIRECT', cause: 'Restock', raw: { pageId: ids.other, pageSlug: 'other' } },
          { name: 'Query', action: 'QUERY', stored: { database: ids.sqliteDb, query: 'SELECT * FROM items', params: [], id: ids.query, pageId: ids.page } },
        ],
      },
      { id: 'pdf', type: 'pdfextractor', templateId: ids.pdf },
    ];
    await call('POST', '/save/saveApp', { appId, pages: [{ pageId: ids.page, pageComponents: JSON.stringify(components) }] });
    bundle = await call('GET', `/get/exportApp/${appId}`);
  });
  afterAll(async () => { await server.close(); });

  it('exports connections without their passwords, and every other kind', () => {
    const text = JSON.stringify(bundle);
    expect(text).not.toContain(PG_PASSWORD);
    expect(bundle.connections.find((c) => c.dbType === 'postgres')).toMatchObject({ dbHost: '127.0.0.1', dbUser: 'postgres', hadPassword: true });
    expect(bundle.queries).toHaveLength(1);
    expect(bundle.functions.map((f) => f.slug)).toEqual([ids.fnSlug]);
    expect(bundle.triggers.map((t) => t.params)).toEqual([['name']]);
    expect(bundle.workflows[0]).toMatchObject({ name: 'Restock', triggerId: ids.trigger, published: true });
    expect(bundle.workflows[0]?.actions).toHaveLength(3);
    expect(bundle.printTemplates.map((t) => t.filename)).toEqual(['stock.docx']);
    expect(bundle.pdfTemplates).toHaveLength(1);
  });

  it('previews the connections that need a password', async () => {
    const preview = await call('POST', '/save/previewImport', { bundle, target: { kind: 'new', appName: 'Gudang Preview' } });
    expect(preview.connections.map((c: { dbType: string; needsPassword: boolean }) => [c.dbType, c.needsPassword])).toEqual([['sqlite', false], ['postgres', true]]);
    expect(preview.changes.find((c: { kind: string }) => c.kind === 'workflows').added).toEqual(['Restock']);
  });

  it('imports every kind with new ids, the references between them rewritten, the password as typed', async () => {
    const imported = await call('POST', '/save/importApp', { bundle, target: { kind: 'new', appName: 'Gudang Copy' }, passwords: { [String(ids.pgDb)]: PG_PASSWORD } });
    expect(imported.unpublished).toEqual([]);
    const copy = imported.appId as number;
    const store = server.store;
    const dbs = await store.selectFrom('dbConfigs').selectAll().where('dbAppId', '=', copy).orderBy('dbId').execute();
    const [sqliteDb, pgDb] = dbs;
    expect(pgDb?.dbPasswordEnc).not.toBe('');
    expect(server.app.services.secretBox.open(pgDb?.dbPasswordEnc ?? '')).toBe(PG_PASSWORD);
    const pages = await store.selectFrom('pages').selectAll().where('pageAppId', '=', copy).orderBy('pageId').execute();
    const [page, other] = pages;
    const query = await store.selectFrom('queries').selectAll().where('actionDbId', '=', sqliteDb?.dbId ?? 0).executeTakeFirstOrThrow();
    expect(query.actionPageId).toBe(page?.pageId);
    const fn = await store.selectFrom('functions').selectAll().where('appId', '=', copy).executeTakeFirstOrThrow();
    expect(fn.slug).not.toBe(ids.fnSlug);
    const trigger = await store.selectFrom('triggers').selectAll().where('triggerAppId', '=', copy).executeTakeFirstOrThrow();
    const pdf = await store.selectFrom('pdfTemplates').selectAll().where('templateAppId', '=', copy).executeTakeFirstOrThrow();

    const [table, button, extractor] = JSON.parse(page?.pageComponents ?? '[]') as Record<string, never>[];
    expect(table).toMatchObject({ database_used: sqliteDb?.dbId, functionId: fn.id });
    expect(button?.custom_action).toMatchObject([
      { raw: { id: trigger.triggerId } }, { raw: { pageId: other?.pageId } }, { stored: { database: sqliteDb?.dbId, id: query.actionId, pageId: page?.pageId } },
    ]);
    expect(extractor).toMatchObject({ templateId: pdf.templateId });

    const chain = await store.selectFrom('chains').selectAll().where('chainAppId', '=', copy).executeTakeFirstOrThrow();
    expect(chain.chainTrigger).toBe(String(trigger.triggerId));
    const steps = await store.selectFrom('chainActions').selectAll().where('actionChainId', '=', chain.chainId).orderBy('actionId').execute();
    expect(steps.map((s) => JSON.parse(s.actionParams))).toMatchObject([{ dbId: String(sqliteDb?.dbId) }, { functionId: fn.slug }, { queryId: String(query.actionId) }]);
    expect(chain.chainTriggerActionId).toBe(steps[0]?.actionId);
    expect(await store.selectFrom('flowEdges').select('fromActionId').where('workflowId', '=', chain.chainId).execute()).toHaveLength(2);
    // Published again, with the same checks as Build.
    expect(await store.selectFrom('workflowVersions').select('versionId').where('chainId', '=', chain.chainId).execute()).toHaveLength(1);

    const print = await store.selectFrom('printTemplates').selectAll().where('templateAppId', '=', copy).executeTakeFirstOrThrow();
    expect(print.templateFilename).toBe('stock.docx');
    // Their files came along into the store, byte for byte, under the copy.
    const original = await store.selectFrom('printTemplates').select('templateId').where('templateAppId', '=', appId).executeTakeFirstOrThrow();
    expect((await contentOf(server.app.services.files, copy, print.templateId))?.equals(await contentOf(server.app.services.files, appId, original.templateId) as Buffer)).toBe(true);
    const originalPdf = await store.selectFrom('pdfTemplates').select('sampleFileId').where('templateAppId', '=', appId).executeTakeFirstOrThrow();
    expect((await contentOf(server.app.services.files, copy, pdf.sampleFileId as string))?.equals(await contentOf(server.app.services.files, appId, originalPdf.sampleFileId as string) as Buffer)).toBe(true);
    const listed = await call('GET', `/print/listTemplates?appId=${copy}`);
    expect(listed.map((t: { templateFilename: string }) => t.templateFilename)).toEqual(['stock.docx']);
  });

  it('imports a published workflow that no longer builds, unpublished, and says why', async () => {
    const broken = { id: 77, name: 'Broken', triggerId: null, triggerActionId: null, published: true, edges: [], actions: [{ id: 78, alias: 'v', name: '', addonName: 'variable', script: '', params: { values: '{"a": "{{$9.x}}"}' }, x: null, y: null }] };
    const imported = await call('POST', '/save/importApp', { bundle: { ...bundle, workflows: [...bundle.workflows, broken] }, target: { kind: 'new', appName: 'Gudang Broken' }, passwords: { [String(ids.pgDb)]: PG_PASSWORD } });
    expect(imported.unpublished).toHaveLength(1);
    expect(imported.unpublished[0].name).toBe('Broken');
    const chains = await server.store.selectFrom('chains').select(['chainId', 'chainName']).where('chainAppId', '=', imported.appId).orderBy('chainId').execute();
    expect(chains.map((c) => c.chainName)).toEqual(['Restock', 'Broken']);
    const versions = await server.store.selectFrom('workflowVersions').select('chainId').where('appId', '=', imported.appId).execute();
    expect(versions.map((v) => v.chainId)).toEqual([chains[0]?.chainId]);
  });

  it('refuses a connection that does not connect with the password typed, and writes nothing', async () => {
    const mysql = { ...bundle, connections: [...bundle.connections, { id: 999, dbType: 'mysql', dbHost: '127.0.0.1', dbPort: 3306, dbUser: 'root', dbDatabase: 'mysql' }] };
    const before = await server.store.selectFrom('apps').select('appId').execute();
    const answer = await server.call('POST', '/save/importApp', { bundle: mysql, target: { kind: 'new', appName: 'Wrong Password' }, passwords: { 999: 'not-the-password' } }, root);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error[0]).toBe('Incorrect Config');
    expect(await server.store.selectFrom('apps').select('appId').execute()).toEqual(before);
  });
});
