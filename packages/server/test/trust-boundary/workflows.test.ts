import { randomBytes } from 'node:crypto';
import { Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../support/build';
import { createSqliteDatabase } from '../support/fixtures';
import { type HostileBuilder, hostileBuilder } from './hostile';

/**
 * Workflow definitions (issue 12): every id an author sends — workflow, action, trigger, the
 * ends of a flow's edges, the stored query or connection an action names — must be of his own
 * application. A hostile builder naming another application's gets 403 or 404, and nothing of
 * the victim's changes.
 */
describe('workflow definitions across applications', () => {
  let server: TestServer;
  let victim: HostileBuilder;
  let hostile: HostileBuilder;
  const ids = { chain: 0, action: 0, second: 0, trigger: 0, db: 0, query: 0, ownChain: 0, ownAction: 0 };

  const post = (path: string, body: Record<string, unknown>, token = hostile.token) => server.call('POST', path, body, token);
  const victimRows = async () => ({
    chains: await server.store.selectFrom('chains').selectAll().where('chainAppId', '=', victim.appId).execute(),
    actions: await server.store.selectFrom('chainActions').selectAll().where('actionChainId', '=', ids.chain).execute(),
    edges: await server.store.selectFrom('flowEdges').selectAll().where('workflowId', '=', ids.chain).execute(),
    versions: await server.store.selectFrom('workflowVersions').selectAll().where('chainId', '=', ids.chain).execute(),
  });
  const must = async (answer: Promise<{ statusCode: number; body: string; json(): { data: Record<string, unknown> } }>) => {
    const done = await answer;
    if (done.statusCode >= 300) throw new Error(done.body);
    return done.json().data;
  };

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    victim = await hostileBuilder(server, `Victim ${randomBytes(3).toString('hex')}`);
    hostile = await hostileBuilder(server);
    const as = victim.token;
    ids.trigger = ((await must(post('/action/saveTrigger', { triggerId: null, triggerAppId: victim.appId, triggerAlias: 'pay', triggerParams: '[]' }, as))).action as { actionId: number }).actionId;
    ids.chain = (await must(post('/save/saveWorkflow', { chainId: null, chainAppId: victim.appId, chainName: 'Pay', chainTrigger: ids.trigger }, as))).chainId as number;
    const http = { addonName: 'http', actionParams: '{"method":"GET","url":"https://example.com"}' };
    ids.action = (await must(post('/save/saveAction', { actionId: null, actionChainId: ids.chain, actionAlias: 'a', ...http }, as))).actionId as number;
    ids.second = (await must(post('/save/saveAction', { actionId: null, actionChainId: ids.chain, actionAlias: 'b', ...http }, as))).actionId as number;
    await must(post('/save/saveFlow', { workflowId: ids.chain, flow: [[ids.action, ids.second]], triggerActionId: ids.action }, as));
    await must(post(`/action/buildWorkflow/${ids.chain}`, {}, as));
    createSqliteDatabase(server.app.services.config.dataDir, victim.appId, 'pay.db', 'CREATE TABLE t (id INTEGER PRIMARY KEY)');
    ids.db = (await must(post('/save/saveDbConfig', { dbAppId: victim.appId, dbType: 'sqlite', dbDatabase: 'pay.db' }, as))).dbId as number;
    ids.query = (await must(post('/save/saveQuery', { actionId: null, actionDbId: ids.db, actionName: 'q', actionSQLQuery: 'SELECT 1' }, as))).actionId as number;

    ids.ownChain = (await must(post('/save/saveWorkflow', { chainId: null, chainAppId: hostile.appId, chainName: 'Mine', chainTrigger: null }))).chainId as number;
    ids.ownAction = (await must(post('/save/saveAction', { actionId: null, actionChainId: ids.ownChain, actionAlias: 'm', ...http }))).actionId as number;
  });
  afterAll(async () => {
    await server.close();
  });

  it('cannot read, rename, re-trigger or delete another application\'s workflow', async () => {
    const before = await victimRows();
    expect((await server.call('GET', `/action/listWorkflow/${victim.appId}`, undefined, hostile.token)).statusCode).toBe(403);
    const renamed = await post('/save/saveWorkflow', { chainId: ids.chain, chainAppId: hostile.appId, chainName: 'Stolen', chainTrigger: null });
    expect([renamed.statusCode, renamed.json().error]).toEqual([404, [Messages.workflowNotFound]]);
    expect((await post('/save/saveWorkflow', { chainId: ids.chain, chainAppId: victim.appId, chainName: 'Stolen', chainTrigger: null })).statusCode).toBe(403);
    // Another application's trigger cannot start his workflow.
    const borrowed = await post('/save/saveWorkflow', { chainId: ids.ownChain, chainAppId: hostile.appId, chainName: 'Mine', chainTrigger: ids.trigger });
    expect([borrowed.statusCode, borrowed.json().error]).toEqual([404, [Messages.triggerNotFound]]);
    expect((await post('/save/saveWorkflow', { chainId: null, chainAppId: hostile.appId, chainName: 'New', chainTrigger: ids.trigger })).statusCode).toBe(404);
    expect((await server.call('DELETE', '/delete/deleteWorkflow', { chainId: ids.chain }, hostile.token)).statusCode).toBe(403);
    expect((await post(`/action/buildWorkflow/${ids.chain}`, {})).statusCode).toBe(403);
    expect(await victimRows()).toEqual(before);
    expect((await server.store.selectFrom('chains').selectAll().where('chainId', '=', ids.ownChain).executeTakeFirstOrThrow()).chainTrigger).toBe('');
  });

  it('cannot read, edit, take over or delete another application\'s action', async () => {
    const before = await victimRows();
    expect((await server.call('GET', `/action/getNode/${ids.action}`, undefined, hostile.token)).statusCode).toBe(403);
    const takeover = await post('/save/saveAction', { actionId: ids.action, actionChainId: ids.ownChain, actionAlias: 'x', addonName: 'http', actionParams: '{}' });
    expect([takeover.statusCode, takeover.json().error]).toEqual([404, [Messages.workflowActionNotFound]]);
    expect((await post('/save/saveAction', { actionId: ids.action, actionChainId: ids.chain, actionAlias: 'x', addonName: 'http', actionParams: '{}' })).statusCode).toBe(403);
    expect((await post('/save/saveAction', { actionId: null, actionChainId: ids.chain, actionAlias: 'x', addonName: 'http', actionParams: '{}' })).statusCode).toBe(403);
    expect((await server.call('DELETE', '/delete/deleteWorkflowAction', { actionId: ids.action }, hostile.token)).statusCode).toBe(403);
    expect(await victimRows()).toEqual(before);
  });

  it('cannot name another application\'s query or connection in his action\'s parameters', async () => {
    const count = async () => (await server.store.selectFrom('chainActions').selectAll().where('actionChainId', '=', ids.ownChain).execute()).length;
    const before = await count();
    const query = await post('/save/saveAction', { actionId: null, actionChainId: ids.ownChain, actionAlias: 'q', addonName: 'query', actionParams: JSON.stringify({ queryId: String(ids.query) }) });
    expect([query.statusCode, query.json().error]).toEqual([404, [Messages.actionNotFound]]);
    for (const addonName of ['insert', 'update']) {
      const answer = await post('/save/saveAction', { actionId: null, actionChainId: ids.ownChain, actionAlias: 'w', addonName, actionParams: JSON.stringify({ dbId: String(ids.db) }) });
      expect([answer.statusCode, answer.json().error]).toEqual([404, [Messages.databaseNotFound]]);
    }
    // The same ids of the victim's own application are accepted for the victim.
    const own = await post('/save/saveAction', { actionId: null, actionChainId: ids.chain, actionAlias: 'q', addonName: 'query', actionParams: JSON.stringify({ queryId: String(ids.query) }) }, victim.token);
    expect(own.statusCode).toBe(201);
    await server.call('DELETE', '/delete/deleteWorkflowAction', { actionId: own.json().data.actionId }, victim.token);
    expect(await count()).toBe(before);
  });

  it('cannot draw edges to another application\'s actions nor attach one as his trigger action', async () => {
    const before = await victimRows();
    for (const flow of [[[ids.ownAction, ids.action]], [[ids.action, ids.ownAction]], [[ids.action, ids.second]]]) {
      const answer = await post('/save/saveFlow', { workflowId: ids.ownChain, flow });
      expect([answer.statusCode, answer.json().error]).toEqual([404, [Messages.flowActionForeign]]);
    }
    const trigger = await post('/save/saveFlow', { workflowId: ids.ownChain, flow: [], triggerActionId: ids.action });
    expect([trigger.statusCode, trigger.json().error]).toEqual([404, [Messages.flowActionForeign]]);
    expect((await post('/save/saveFlow', { workflowId: ids.chain, flow: [] })).statusCode).toBe(403);
    expect(await victimRows()).toEqual(before);
    expect(await server.store.selectFrom('flowEdges').selectAll().where('workflowId', '=', ids.ownChain).execute()).toEqual([]);
    expect((await server.store.selectFrom('chains').selectAll().where('chainId', '=', ids.ownChain).executeTakeFirstOrThrow()).chainTriggerActionId).toBe(0);
  });
});
