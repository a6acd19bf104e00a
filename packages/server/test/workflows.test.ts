import { ADDONS, LANGUAGE_HEADER, Messages } from '@rakit/core';
import { translate } from '@rakit/core/translate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { createSqliteDatabase } from './support/fixtures';

/** Workflow definitions on each metadata store engine (spec 1 §3, §5, §7; issue 12). */
const engines = await availableEngines();

describe.each(engines)('workflow definitions on a %s store', (engine) => {
  let server: TestServer;
  let appId: number;
  let admin: string;
  let member: string;
  let triggerId: number;
  const MEMBER = '081700000022';

  const post = (path: string, body: Record<string, unknown>, token = admin) => server.call('POST', path, body, token);
  const saveAction = (body: Record<string, unknown>, token = admin) => post('/save/saveAction', { actionId: null, actionAlias: 'step', ...body }, token);
  const edges = (workflowId: number) => server.store.selectFrom('flowEdges').select(['fromActionId', 'toActionId']).where('workflowId', '=', workflowId)
    .orderBy('fromActionId').orderBy('toActionId').execute();

  async function newWorkflow(name = 'Kirim'): Promise<number> {
    const answer = await post('/save/saveWorkflow', { chainId: null, chainAppId: appId, chainName: name, chainTrigger: null });
    expect(answer.statusCode).toBe(201);
    return answer.json().data.chainId as number;
  }
  async function newAction(chainId: number, params: Record<string, string> = { method: 'POST', url: 'https://example.com/{{$0.id[0]}}' }): Promise<number> {
    const answer = await saveAction({ actionChainId: chainId, addonName: 'http', actionParams: JSON.stringify(params) });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().data.actionId as number;
  }

  beforeAll(async () => {
    server = await buildTestServer(engine);
    await server.register('081700000021', 'password-1');
    await server.register(MEMBER, 'password-1');
    const builder = await server.login('081700000021', 'password-1', 'main');
    const created = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Alur', appDescription: '' }, builder)).json().data;
    appId = created.appId;
    admin = await server.login('081700000021', 'password-1', created.appSlug);
    await server.call('POST', '/auth/adduser', { data: { userId: '081700000023', password: 'password-1', confirm_password: 'password-1', appId } }, admin);
    member = await server.login('081700000023', 'password-1', created.appSlug);
    triggerId = (await post('/action/saveTrigger', { triggerId: null, triggerAppId: appId, triggerAlias: 'kirim', triggerParams: '["nama"]' })).json().data.action.actionId;
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists the add-ons with their forms, every one available', async () => {
    const answer = await server.call('GET', '/addon/listAddOn', undefined, member);
    expect(answer.statusCode).toBe(200);
    const addons = answer.json().data as { name: string; available: boolean; input: { required: { name: string; parameters: { type: string }[] }[] } }[];
    expect(addons.map((a) => a.name)).toEqual(ADDONS.map((a) => a.name));
    expect(addons.every((a) => a.available)).toBe(true);
    const http = addons.find((a) => a.name === 'http');
    expect(http?.input.required.map((p) => [p.name, p.parameters[0]?.type])).toEqual([['method', 'select'], ['url', 'text']]);
  });

  it('creates, renames with a trigger of the application, and lists workflows', async () => {
    const chainId = await newWorkflow('Daftar');
    const renamed = await post('/save/saveWorkflow', { chainId, chainAppId: appId, chainName: 'Daftar ulang', chainTrigger: triggerId });
    expect(renamed.statusCode).toBe(200);
    const listed = await server.call('GET', `/action/listWorkflow/${appId}`, undefined, admin);
    expect(listed.json().data).toContainEqual({ chainId, chainAppId: appId, chainName: 'Daftar ulang', chainTrigger: triggerId, triggerActionId: null, revision: 2 });
    expect((await post('/save/saveWorkflow', { chainId, chainAppId: appId, chainName: 'x', chainTrigger: 999_999 })).statusCode).toBe(404);
    expect((await post('/save/saveWorkflow', { chainId: null, chainAppId: appId, chainName: '  ', chainTrigger: null })).statusCode).toBe(400);
    expect((await server.call('GET', `/action/listWorkflow/${appId}`, undefined, member)).statusCode).toBe(403);
  });

  it('saves actions checked against their add-on\'s form', async () => {
    const chainId = await newWorkflow();
    for (const [addonName, actionParams, message] of [
      ['nope', '{}', `${Messages.addonUnknown} nope`],
      ['http', 'not json', 'actionParams must be the JSON text of an object of parameter values'],
      ['http', '{"verb":"GET"}', 'The add-on HTTP Request has no parameter named verb'],
      ['http', '{"method":"TRACE"}', 'The parameter method must be one of GET, POST, PUT, PATCH, DELETE'],
      ['http', '{"method":"GET","headers":"{oops"}', 'The parameter headers must be JSON'],
      ['http', '{"url":5}', 'The parameter url must be text'],
    ] as const) {
      const answer = await saveAction({ actionChainId: chainId, addonName, actionParams });
      expect(answer.statusCode, actionParams).toBe(400);
      expect(answer.json().error).toEqual([message]);
    }
    const actionId = await newAction(chainId);
    const edited = await saveAction({ actionId, actionChainId: chainId, actionAlias: 'kirim', addonName: 'condition', actionParams: '{"left":"{{$1.total[0]}}","operator":"empty"}' });
    expect(edited.statusCode).toBe(200);
    const node = (await server.call('GET', `/action/getNode/${actionId}`, undefined, admin)).json().data;
    expect(node).toMatchObject({ id: actionId, actionId, actionChainId: chainId, actionAlias: 'kirim', addonName: 'condition', source: [], destination: [] });
    expect(node.addonDetails.input.required.map((p: { name: string; parameters: { value: string }[] }) => [p.name, p.parameters[0]?.value]))
      .toEqual([['left', '{{$1.total[0]}}'], ['operator', 'empty']]);
    // An action is not moved into another workflow.
    const other = await newWorkflow('Lain');
    const moved = await saveAction({ actionId, actionChainId: other, addonName: 'http', actionParams: '{}' });
    expect(moved.statusCode).toBe(404);
    expect(moved.json().error).toEqual([Messages.workflowActionNotFound]);
  });

  it('replaces the flow, refusing missing ids, foreign actions and cycles', async () => {
    const chainId = await newWorkflow();
    const [a, b, c] = [await newAction(chainId), await newAction(chainId), await newAction(chainId)];
    const saved = await post('/save/saveFlow', { workflowId: chainId, flow: [[a, b], [b, c], [a, b]], triggerActionId: a });
    expect(saved.statusCode).toBe(200);
    // Its revision: created, three actions added, the flow saved (issue 33).
    expect(saved.json().data).toEqual({ workflowId: chainId, edges: 2, triggerActionId: a, revision: 5 });
    const node = (await server.call('GET', `/action/getNode/${b}`, undefined, admin)).json().data;
    expect([node.source, node.destination]).toEqual([[a], [c]]);

    const before = await edges(chainId);
    for (const flow of [[[a, null]], [[a]], [[0, b]], [[null, null]]]) {
      const answer = await post('/save/saveFlow', { workflowId: chainId, flow });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toEqual([Messages.flowIdsMissing]);
    }
    const cycle = await post('/save/saveFlow', { workflowId: chainId, flow: [[a, b], [b, c], [c, b]] });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().error).toEqual([`${Messages.flowCycle}: ${b} → ${c} → ${b}`]);
    const self = await post('/save/saveFlow', { workflowId: chainId, flow: [[c, c]] });
    expect(self.json().error).toEqual([`${Messages.flowCycle}: ${c} → ${c}`]);
    const otherAction = await newAction(await newWorkflow('Lain'));
    const foreign = await post('/save/saveFlow', { workflowId: chainId, flow: [[a, otherAction]] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toEqual([Messages.flowActionForeign]);
    const intoTrigger = await post('/save/saveFlow', { workflowId: chainId, flow: [[b, a]] });
    expect(intoTrigger.statusCode).toBe(400);
    expect(await edges(chainId)).toEqual(before);
  });

  it('builds: reports what is wrong, then publishes a version', async () => {
    const chainId = await newWorkflow();
    const empty = (await post(`/action/buildWorkflow/${chainId}`, {})).json().data;
    expect(empty).toMatchObject({ built: false, versionId: null, problems: [{ actionId: null, message: 'The workflow has no actions' }] });

    const a = await newAction(chainId);
    const b = await newAction(chainId, { method: 'GET' });
    const c = await newAction(chainId);
    await post('/save/saveFlow', { workflowId: chainId, flow: [[a, b]], triggerActionId: a });
    const found = await post(`/action/buildWorkflow/${chainId}`, {});
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toMatchObject({
      built: false, versionId: null, entryActionIds: [a],
      problems: [{ actionId: c, message: 'Not reachable from the trigger action' }, { actionId: b, message: 'Required parameters are empty: url' }],
    });
    // In the catalog of the builder who asks (issue 35).
    const inIndonesian = await server.app.inject({ method: 'POST', url: `/action/buildWorkflow/${chainId}`, payload: {}, headers: { authorization: `Bearer ${admin}`, [LANGUAGE_HEADER]: 'id' } });
    expect(inIndonesian.json().data.problems).toEqual([
      { actionId: c, message: translate('id', 'workflow.build.unreachable') }, { actionId: b, message: translate('id', 'workflow.build.requiredEmpty', { names: 'url' }) },
    ]);
    expect(translate('id', 'workflow.build.unreachable')).not.toBe('Not reachable from the trigger action');

    await saveAction({ actionId: b, actionChainId: chainId, addonName: 'http', actionParams: '{"method":"GET","url":"https://example.com"}' });
    await post('/save/saveFlow', { workflowId: chainId, flow: [[a, b], [a, c], [b, c]] });
    const built = (await post(`/action/buildWorkflow/${chainId}`, {})).json().data;
    expect(built).toMatchObject({ built: true, problems: [], entryActionIds: [a], order: [a, b, c] });
    const version = await server.store.selectFrom('workflowVersions').selectAll().where('versionId', '=', built.versionId).executeTakeFirstOrThrow();
    expect(JSON.parse(version.definition)).toMatchObject({ chainId, triggerActionId: a, edges: [[a, b], [a, c], [b, c]], order: [a, b, c] });
  });

  it('reports a query or connection an action names that is gone since it was saved', async () => {
    createSqliteDatabase(server.app.services.config.dataDir, appId, 'alur.db', 'CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    const dbId = (await post('/save/saveDbConfig', { dbAppId: appId, dbType: 'sqlite', dbDatabase: 'alur.db' })).json().data.dbId as number;
    const queryId = (await post('/save/saveQuery', { actionId: null, actionDbId: dbId, actionName: 'q', actionSQLQuery: 'SELECT * FROM t' })).json().data.actionId as number;
    const chainId = await newWorkflow();
    const query = (await saveAction({ actionChainId: chainId, addonName: 'query', actionParams: JSON.stringify({ queryId: String(queryId) }) })).json().data.actionId as number;
    const insert = (await saveAction({ actionChainId: chainId, addonName: 'insert', actionParams: JSON.stringify({ dbId: String(dbId), table: 't', values: '{"name":"{{$1.name[0]}}"}' }) })).json().data.actionId as number;
    await post('/save/saveFlow', { workflowId: chainId, flow: [[query, insert]] });
    expect((await post(`/action/buildWorkflow/${chainId}`, {})).json().data).toMatchObject({ built: true, entryActionIds: [query], order: [query, insert] });
    expect((await saveAction({ actionChainId: chainId, addonName: 'query', actionParams: '{"queryId":"abc"}' })).json().error).toEqual(['The parameter queryId must be an id']);

    expect((await server.call('DELETE', '/delete/deleteDbConfig', { dbId }, admin)).statusCode).toBe(200);
    expect((await post(`/action/buildWorkflow/${chainId}`, {})).json().data).toMatchObject({
      built: false, versionId: null,
      problems: [{ actionId: query, message: Messages.actionNotFound }, { actionId: insert, message: Messages.databaseNotFound }],
    });
  });

  it('deletes an action with its edges, and a workflow with everything it holds', async () => {
    const chainId = await newWorkflow();
    const [a, b, c] = [await newAction(chainId), await newAction(chainId), await newAction(chainId)];
    await post('/save/saveFlow', { workflowId: chainId, flow: [[a, b], [b, c]], triggerActionId: b });
    const removed = await server.call('DELETE', '/delete/deleteWorkflowAction', { actionId: b }, admin);
    expect(removed.statusCode).toBe(200);
    expect(await edges(chainId)).toEqual([]);
    expect((await server.call('GET', `/action/listWorkflow/${appId}`, undefined, admin)).json().data.find((w: { chainId: number }) => w.chainId === chainId).triggerActionId).toBeNull();
    expect((await server.call('GET', `/action/getNode/${b}`, undefined, admin)).statusCode).toBe(404);

    await post('/save/saveFlow', { workflowId: chainId, flow: [[a, c]] });
    expect((await post(`/action/buildWorkflow/${chainId}`, {})).json().data.built).toBe(true);
    const gone = await server.call('DELETE', '/delete/deleteWorkflow', { chainId }, admin);
    expect(gone.statusCode).toBe(200);
    expect(await edges(chainId)).toEqual([]);
    expect(await server.store.selectFrom('chainActions').selectAll().where('actionChainId', '=', chainId).execute()).toEqual([]);
    expect(await server.store.selectFrom('workflowVersions').selectAll().where('chainId', '=', chainId).execute()).toEqual([]);
    expect((await server.call('DELETE', '/delete/deleteWorkflow', { chainId }, admin)).statusCode).toBe(404);
  });

  it('removes the workflows, their actions, flow and versions with the application', async () => {
    await server.register('081700000024', 'password-1');
    const builder = await server.login('081700000024', 'password-1', 'main');
    const doomed = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Hapus', appDescription: '' }, builder)).json().data;
    const token = await server.login('081700000024', 'password-1', doomed.appSlug);
    const chainId = (await post('/save/saveWorkflow', { chainId: null, chainAppId: doomed.appId, chainName: 'w', chainTrigger: null }, token)).json().data.chainId;
    const ids = [];
    for (let i = 0; i < 2; i += 1) ids.push((await saveAction({ actionChainId: chainId, addonName: 'http', actionParams: '{"method":"GET","url":"https://e.com"}' }, token)).json().data.actionId);
    await post('/save/saveFlow', { workflowId: chainId, flow: [ids] }, token);
    expect((await post(`/action/buildWorkflow/${chainId}`, {}, token)).json().data.built).toBe(true);
    expect((await server.call('DELETE', '/delete/deleteApp', { appId: doomed.appId }, builder)).statusCode).toBe(200);
    expect(await edges(chainId)).toEqual([]);
    expect(await server.store.selectFrom('chainActions').selectAll().where('actionChainId', '=', chainId).execute()).toEqual([]);
    expect(await server.store.selectFrom('workflowVersions').selectAll().where('chainId', '=', chainId).execute()).toEqual([]);
  });
});
