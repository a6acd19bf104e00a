import { randomBytes } from 'node:crypto';
import { createComponent, Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFunctionForApp } from '../src/functions/functions';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { createAppTable } from './support/fixtures';
import { freshUserId } from './trust-boundary/hostile';

const engines = await availableEngines();
const PASSWORD = 'functions-password-1';

/**
 * Custom functions (spec 1 screen 9, §7 /function/*; issue 13) on each store: the five spec
 * calls, typed parameters, the run call for administrators and members, the Test call, the
 * table transform (load and Excel export) and the refusal to delete a function in use.
 */
describe.each(engines)('custom functions on a %s store', (engine) => {
  let server: TestServer;
  let admin: string;
  let member: string;
  let appId: number;
  let pageId: number;
  let dbId: number;
  let items: Awaited<ReturnType<typeof createAppTable>>;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin) => server.call(method, url, body, token);
  const must = async (answer: Promise<{ statusCode: number; body: string; json(): { data: unknown } }>) => {
    const done = await answer;
    if (done.statusCode >= 300) throw new Error(done.body);
    return done.json().data as Record<string, unknown>;
  };
  const saveFunction = (name: string, content: string, parameter: { name: string; type: 'int' | 'string' }[] = []) =>
    must(call('POST', '/function/saveFunction', { appId, name, parameter, content })) as Promise<{ id: number; slug: string; appId: number }>;
  const usePage = async (components: unknown[]) =>
    must(call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] }));
  const table = (functionId: number) => ({
    ...createComponent('table', 'items', 'Items'),
    options: 'Name,Qty', mapping_table: 'name,qty', table_used: items.table, database_used: dbId, primaryKey: 'id', toExcel: true, functionId,
  });

  beforeAll(async () => {
    // The application's own database runs on this machine (MariaDB, PostgreSQL on 127.0.0.1).
    server = await buildTestServer(engine, { allowPrivateDatabases: true });
    const adminId = freshUserId();
    const memberId = freshUserId();
    await server.register(adminId, PASSWORD);
    const mainToken = await server.login(adminId, PASSWORD, 'main');
    const created = (await must(server.call('POST', '/save/saveApp', { appId: null, appName: `Fn ${randomBytes(3).toString('hex')}`, appOpenRegistration: true }, mainToken))) as { appId: number; appSlug: string };
    appId = created.appId;
    admin = await server.login(adminId, PASSWORD, created.appSlug);
    await server.register(memberId, PASSWORD, appId);
    member = await server.login(memberId, PASSWORD, created.appSlug);
    const saved = (await must(call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: 'Stock' }] }))) as { pages: { pageId: number }[] };
    pageId = (saved.pages[0] as { pageId: number }).pageId;
    const menuId = ((await must(call('POST', '/save/saveMenu', { menuName: 'Stock', menuAppId: appId }))) as { menuId: number }).menuId;
    await must(call('PUT', '/save/updateMenu', { menuId, menuAppId: appId, menuPageId: pageId }));
    const groups = (await must(call('GET', `/auth/listgroup/${appId}`))) as unknown as { groupId: number; groupSlug: string }[];
    const memberGroup = groups.find((g) => g.groupSlug !== 'admin') as { groupId: number };
    await must(call('PUT', '/auth/updategroup', { groupId: memberGroup.groupId, groupAppId: appId, groupAccess: { menuId: [menuId] } }));
    items = await createAppTable(engine, server.app.services.config.dataDir, appId, 'stock', (q) => `CREATE TABLE ${q} (id INTEGER PRIMARY KEY, name VARCHAR(100) NOT NULL, qty INTEGER NOT NULL);
      INSERT INTO ${q} (id, name, qty) VALUES (1, 'Pens', 3), (2, 'Ink', 5);`);
    dbId = ((await must(call('POST', '/save/saveDbConfig', { dbAppId: appId, ...items.dbBody }))) as { dbId: number }).dbId;
  });
  afterAll(async () => {
    await items.drop();
    await server.close();
  });

  it('creates, lists, reads, updates and deletes a function with typed parameters', async () => {
    const parameter = [{ name: 'count', type: 'int' }, { name: 'label', type: 'string' }] as const;
    const created = await call('POST', '/function/saveFunction', { appId, name: 'Repeat label', parameter, content: 'return label.repeat(count);' });
    expect(created.statusCode).toBe(201);
    const fn = created.json().data as { id: number; slug: string; appId: number };
    expect(fn).toMatchObject({ appId, name: 'Repeat label', slug: 'repeat-label', parameter });
    const twin = await saveFunction('Repeat label', 'return 1;');
    expect(twin.slug).not.toBe(fn.slug);

    expect((await must(call('GET', `/function/listFunction/${appId}`))) as unknown as { id: number }[]).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: fn.id }), expect.objectContaining({ id: twin.id })]),
    );
    expect(await must(call('GET', `/function/getFunction/${fn.slug}`))).toMatchObject({ id: fn.id, content: 'return label.repeat(count);' });

    const run = await must(call('POST', `/function/runFunction/${fn.slug}`, { params: { count: '3', label: 'ab' } }));
    expect(run).toMatchObject({ ok: true, result: 'ababab' });
    expect(typeof run.ms).toBe('number');
    const badType = await call('POST', `/function/runFunction/${fn.slug}`, { params: { count: 'three', label: 'ab' } });
    expect([badType.statusCode, badType.json().error]).toEqual([400, ['count must be an integer']]);
    const unknown = await call('POST', `/function/runFunction/${fn.slug}`, { params: { cnt: 1 } });
    expect(unknown.statusCode).toBe(400);

    const updated = await must(call('PUT', '/function/updateFunction', { id: fn.id, name: 'Shout', parameter: [{ name: 'label', type: 'string' }], content: 'return label.toUpperCase();' }));
    expect(updated).toMatchObject({ id: fn.id, slug: fn.slug, name: 'Shout', appId });
    expect(await must(call('POST', `/function/runFunction/${fn.slug}`, { params: { label: 'hi' } }))).toMatchObject({ result: 'HI' });

    const badName = await call('POST', '/function/saveFunction', { appId, name: ' ', parameter: [], content: '' });
    expect(badName.statusCode).toBe(400);
    const badParam = await call('POST', '/function/saveFunction', { appId, name: 'x', parameter: [{ name: 'not valid', type: 'int' }], content: '' });
    expect(badParam.statusCode).toBe(400);

    expect((await call('DELETE', `/function/deleteFunction/${fn.slug}`)).statusCode).toBe(200);
    expect((await call('GET', `/function/getFunction/${fn.slug}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/function/deleteFunction/${twin.slug}`)).statusCode).toBe(200);
  });

  it('answers a failing function 422 with the author\'s error and line to administrators', async () => {
    const fn = await saveFunction('Broken', 'const a = 1;\nthrow new Error("no stock");');
    const failed = await call('POST', `/function/runFunction/${fn.slug}`, { params: {} });
    expect([failed.statusCode, failed.json().error]).toEqual([422, ['Error: no stock (line 2)']]);
    await call('DELETE', `/function/deleteFunction/${fn.slug}`);
  });

  it('tests unsaved code: the result, or a syntax error with its line, with time and memory', async () => {
    const parameter = [{ name: 'a', type: 'int' }, { name: 'b', type: 'int' }];
    const ok = await must(call('POST', '/function/testFunction', { appId, parameter, content: 'return a + b;', params: { a: 2, b: '40' } }));
    expect(ok).toMatchObject({ ok: true, result: 42 });
    expect(ok.memoryBytes).toBeGreaterThan(0);
    const syntax = await must(call('POST', '/function/testFunction', { appId, parameter, content: 'const x = 1;\nreturn a +;', params: {} }));
    expect(syntax).toMatchObject({ ok: false, line: 2 });
    expect(String(syntax.error)).toMatch(/SyntaxError/);
    const rows = await must(call('POST', '/function/testFunction', {
      appId, parameter: [], content: 'return rows.map((r) => ({ ...r, double: r.qty * 2 }));', params: {}, rows: [{ qty: 2 }, { qty: 5 }],
    }));
    expect(rows).toMatchObject({ ok: true, result: [{ qty: 2, double: 4 }, { qty: 5, double: 10 }] });
  });

  it('transforms a table\'s rows before they reach a member or an export, and keeps members to functions their pages use', async () => {
    const fn = await saveFunction('Stock value', 'if (rows === null) return price;\nreturn rows.map((row) => ({ ...row, value: row.qty * price }));', [{ name: 'price', type: 'int' }]);
    const notUsed = await call('POST', `/function/runFunction/${fn.slug}`, { params: { price: 1 } }, member);
    expect([notUsed.statusCode, notUsed.json().error]).toEqual([403, [Messages.functionNotReachable]]);

    await usePage([table(fn.id)]);
    const loaded = await must(call('POST', '/get/loadTableContent', { pageId, componentId: 'items', params: { price: 10 } }, member)) as unknown as [{ columns: { field: string }[]; filteredResult: Record<string, unknown>[] }];
    expect(loaded[0].filteredResult.map((r) => [r.name, r.value])).toEqual([['Pens', 30], ['Ink', 50]]);
    expect(loaded[0].columns.map((c) => c.field)).toEqual(['name', 'qty', 'value']);
    const board = await must(call('POST', '/get/loadQueryContent', { pageId, componentId: 'items', params: { price: 1 } }, member)) as unknown as [{ filteredResult: Record<string, unknown>[] }];
    expect(board[0].filteredResult.map((r) => r.value)).toEqual([3, 5]);
    expect(await must(call('POST', `/function/runFunction/${fn.slug}`, { params: { price: 1 } }, member))).toMatchObject({ ok: true, result: 1 });

    expect((await must(call('GET', `/function/getFunction/${fn.slug}`))).usedBy).toEqual([{ pageId, pageName: 'Stock', componentId: 'items', title: 'Items', type: 'table' }]);
    const sampled = await must(call('POST', '/function/testFunction', {
      appId, parameter: [{ name: 'price', type: 'int' }], content: 'return rows.map((r) => r.qty * price);', params: { price: 2 }, sample: { pageId, componentId: 'items' },
    }));
    // The sample is the widget's rows as loaded, before its own function.
    expect(sampled).toMatchObject({ ok: true, result: [6, 10] });

    const exported = await call('POST', '/print/blob/excelFromTable', { pageId, componentId: 'items' }, member);
    expect(exported.statusCode).toBe(200);

    const used = await call('DELETE', `/function/deleteFunction/${fn.slug}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().error[0]).toContain('page "Stock", table "Items"');
  });

  it('shows administrators the author\'s error and members a plain failure, never a half-transformed table', async () => {
    const fn = await saveFunction('Half', 'return rows.map((row, i) => { if (i === 1) throw new Error("row " + i); return row; });');
    await usePage([table(fn.id)]);
    const asAdmin = await call('POST', '/get/loadTableContent', { pageId, componentId: 'items' });
    expect([asAdmin.statusCode, asAdmin.json().error]).toEqual([422, ['Error: row 1 (line 1)']]);
    const asMember = await call('POST', '/get/loadTableContent', { pageId, componentId: 'items' }, member);
    expect([asMember.statusCode, asMember.json().error]).toEqual([422, [Messages.functionFailed]]);
    const notRows = await saveFunction('Not rows', 'return 5;');
    await usePage([table(notRows.id)]);
    const wrong = await call('POST', '/get/loadTableContent', { pageId, componentId: 'items' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error[0]).toMatch(/list of rows/);
    const exportFails = await call('POST', '/print/blob/excelFromTable', { pageId, componentId: 'items' });
    expect(exportFails.statusCode).toBe(422);
    await usePage([]);
  });

  it('refuses to delete a function a workflow step uses, naming the step; runs it for the step', async () => {
    const fn = await saveFunction('Greeting', 'return "Hello " + name;', [{ name: 'name', type: 'string' }]);
    const chainId = ((await must(call('POST', '/save/saveWorkflow', { chainId: null, chainAppId: appId, chainName: 'Welcome', chainTrigger: null }))) as { chainId: number }).chainId;
    // The Function step is saved by the workflow editor once the engine runs it (workflows issue).
    await server.store.insertInto('chainActions').values({
      actionChainId: chainId, actionAlias: 'greet', actionName: 'greet', addonName: 'function', actionScript: '', actionParams: JSON.stringify({ functionId: String(fn.id) }),
    }).execute();
    const refused = await call('DELETE', `/function/deleteFunction/${fn.slug}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error[0]).toContain('workflow "Welcome", step "greet"');
    const result = await runFunctionForApp(server.app.services, appId, String(fn.id), { name: 'Ana' });
    expect(result).toMatchObject({ ok: true, value: 'Hello Ana' });
    await expect(runFunctionForApp(server.app.services, appId + 1000, fn.id, { name: 'Ana' })).rejects.toThrow(Messages.functionNotFound);
  });
});
