import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { Messages } from '@rakit/core';
import { sqliteFile } from '../../src/datasources/sqlite';
import { buildTestServer, type TestServer } from '../support/build';
import { createSqliteDatabase } from '../support/fixtures';
import { type HostileBuilder, hostileBuilder } from './hostile';

/**
 * Workflow runs (issue 12) across applications: a hostile builder cannot read, re-run or start
 * another application's runs, workflows, chains or triggers, and nothing of the victim's
 * changes when he tries; his own workflow's templates read data only, never prototypes.
 */
describe('workflow runs across applications', () => {
  let server: TestServer;
  let victim: HostileBuilder;
  let hostile: HostileBuilder;
  const ids = { chain: 0, action: 0, trigger: 0, run: 0, failedRun: 0, ownChain: 0, victimDb: 0, victimQuery: 0, ownDb: 0, ownQuery: 0 };

  const post = (path: string, body: unknown, token = hostile.token) => server.call('POST', path, body, token);
  const must = async (answer: Promise<{ statusCode: number; body: string; json(): { data: Record<string, unknown> } }>) => {
    const done = await answer;
    if (done.statusCode >= 300) throw new Error(done.body);
    return done.json().data;
  };
  const victimRuns = () => server.store.selectFrom('workflowRuns').selectAll().where('appId', '=', victim.appId).orderBy('runId').execute();
  const victimSteps = () => server.store.selectFrom('workflowStepRuns').selectAll()
    .where('runId', 'in', (eb) => eb.selectFrom('workflowRuns').select('runId').where('appId', '=', victim.appId)).orderBy('runId').orderBy('stepNumber').execute();

  async function builtWorkflow(as: HostileBuilder, values: Record<string, string>, chainTrigger: number | null = null) {
    const chainId = (await must(post('/save/saveWorkflow', { chainId: null, chainAppId: as.appId, chainName: `W ${randomBytes(2).toString('hex')}`, chainTrigger }, as.token))).chainId as number;
    const actionId = (await must(post('/save/saveAction', {
      actionId: null, actionChainId: chainId, actionAlias: 'Set', addonName: 'variable', actionParams: JSON.stringify({ values: JSON.stringify(values) }),
    }, as.token))).actionId as number;
    expect((await must(post(`/action/buildWorkflow/${chainId}`, {}, as.token))).built).toBe(true);
    return { chainId, actionId };
  }

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    victim = await hostileBuilder(server, `Victim ${randomBytes(3).toString('hex')}`);
    hostile = await hostileBuilder(server);
    ids.trigger = ((await must(post('/action/saveTrigger', { triggerId: null, triggerAppId: victim.appId, triggerAlias: 'pay', triggerParams: '["amount"]' }, victim.token))).action as { actionId: number }).actionId;
    const built = await builtWorkflow(victim, { secret: 'victim-secret {{$0.amount}}' }, ids.trigger);
    ids.chain = built.chainId;
    ids.action = built.actionId;
    ids.run = (await must(post(`/action/runWorkflow/${ids.chain}`, { params: { amount: 5 } }, victim.token))).runId as number;
    // A failed run of the victim's: its template would fill in more than a template may.
    const failing = await builtWorkflow(victim, { big: '{{$0.x}}'.repeat(256) });
    const failed = await must(post(`/action/runWorkflow/${failing.chainId}`, { params: { x: 'x'.repeat(20_000) } }, victim.token));
    expect(failed.status).toBe('failed');
    ids.failedRun = failed.runId as number;
    ids.ownChain = (await builtWorkflow(hostile, { mine: 'yes' })).chainId;
    createSqliteDatabase(server.app.services.config.dataDir, victim.appId, 'pay.db', "CREATE TABLE pay (id INTEGER PRIMARY KEY, amount INTEGER); INSERT INTO pay VALUES (1, 73519);");
    ids.victimDb = (await must(post('/save/saveDbConfig', { dbAppId: victim.appId, dbType: 'sqlite', dbDatabase: 'pay.db' }, victim.token))).dbId as number;
    ids.victimQuery = (await must(post('/save/saveQuery', { actionId: null, actionDbId: ids.victimDb, actionName: 'all', actionSQLQuery: 'SELECT * FROM pay' }, victim.token))).actionId as number;
    createSqliteDatabase(server.app.services.config.dataDir, hostile.appId, 'mine.db', 'CREATE TABLE pay (id INTEGER PRIMARY KEY, amount INTEGER);');
    ids.ownDb = (await must(post('/save/saveDbConfig', { dbAppId: hostile.appId, dbType: 'sqlite', dbDatabase: 'mine.db' }))).dbId as number;
    ids.ownQuery = (await must(post('/save/saveQuery', { actionId: null, actionDbId: ids.ownDb, actionName: 'all', actionSQLQuery: 'SELECT * FROM pay' }))).actionId as number;
  });
  afterAll(async () => {
    await server.close();
  });

  it('cannot read another application\'s runs', async () => {
    for (const path of [`/action/workflowRun/${ids.run}`, `/action/workflowRuns/${ids.chain}`, `/action/getFlow/${ids.chain}`]) {
      const answer = await server.call('GET', path, undefined, hostile.token);
      expect([path, answer.statusCode]).toEqual([path, 403]);
      expect(answer.body).not.toContain('victim-secret');
    }
    // His own workflow's runs list holds only his.
    const own = await server.call('GET', `/action/workflowRuns/${ids.ownChain}`, undefined, hostile.token);
    expect(own.json().data).toEqual([]);
  });

  it('cannot re-run, run, run a chain of or trigger another application\'s workflow, and nothing of the victim\'s changes', async () => {
    const [runsBefore, stepsBefore] = [await victimRuns(), await victimSteps()];
    const attempts = [
      await post(`/action/rerunWorkflowRun/${ids.failedRun}`, {}),
      await post(`/action/runWorkflow/${ids.chain}`, { params: { amount: 1 } }),
      await post('/action/runChains', { actionId: ids.action, params: { amount: 1 } }),
      await post(`/action/runTrigger/${ids.trigger}`, { amount: 1 }),
    ];
    expect(attempts.map((a) => a.statusCode)).toEqual([403, 403, 403, 403]);
    expect(await victimRuns()).toEqual(runsBefore);
    expect(await victimSteps()).toEqual(stepsBefore);
  });

  it('cannot move another application\'s cards through his own flow', async () => {
    const before = await server.store.selectFrom('chainActions').select(['cardX', 'cardY']).where('actionId', '=', ids.action).executeTakeFirst();
    const moved = await post('/save/saveFlow', { workflowId: ids.ownChain, flow: [], layout: [{ actionId: ids.action, x: 1, y: 2 }] });
    expect(moved.statusCode).toBe(404);
    expect(await server.store.selectFrom('chainActions').select(['cardX', 'cardY']).where('actionId', '=', ids.action).executeTakeFirst()).toEqual(before);
  });

  it('reads only data through his templates: prototypes and steps that do not run before are refused at build', async () => {
    const chainId = (await must(post('/save/saveWorkflow', { chainId: null, chainAppId: hostile.appId, chainName: 'Probe', chainTrigger: null }))).chainId as number;
    const values = { proto: '{{$0.constructor}}', viaProto: '{{$0.__proto__.polluted}}', other: `{{$${ids.run + 5}}}`, fine: '{{$0.a}}' };
    const actionId = (await must(post('/save/saveAction', { actionId: null, actionChainId: chainId, actionAlias: 'Probe', addonName: 'variable', actionParams: JSON.stringify({ values: JSON.stringify(values) }) }))).actionId as number;
    const build = await must(post(`/action/buildWorkflow/${chainId}`, {}));
    expect(build).toMatchObject({ built: false, versionId: null });
    expect((build.problems as { actionId: number; message: string }[]).map((p) => p.message)).toEqual([
      "values: {{$0.constructor}}: the field name 'constructor' cannot be used in a template",
      "values: {{$0.__proto__.polluted}}: the field name '__proto__' cannot be used in a template",
      `values: {{$${ids.run + 5}}}: step ${ids.run + 5} does not run before this step`,
    ]);
    expect((await post(`/action/runWorkflow/${chainId}`, { params: { a: 'ok' } })).statusCode).toBe(400);
    await must(post('/save/saveAction', { actionId, actionChainId: chainId, actionAlias: 'Probe', addonName: 'variable', actionParams: JSON.stringify({ values: JSON.stringify({ fine: '{{$0.a}}', missing: '{{$0.nothing.deeper}}' }) }) }));
    expect((await must(post(`/action/buildWorkflow/${chainId}`, {}))).built).toBe(true);
    const outcome = await must(post(`/action/runWorkflow/${chainId}`, { params: { a: 'ok' } }));
    expect(outcome).toMatchObject({ status: 'succeeded', output: { fine: 'ok' } });
    expect(Object.keys(outcome.output as object)).toEqual(['fine']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('cannot reach another application\'s connection even when his stored version names it', async () => {
    // Built on his own query and connection, then the published definition is edited in the
    // store to name the victim's: the executors check the run's application at run time.
    const chainId = (await must(post('/save/saveWorkflow', { chainId: null, chainAppId: hostile.appId, chainName: 'Reach', chainTrigger: null }))).chainId as number;
    const read = (await must(post('/save/saveAction', { actionId: null, actionChainId: chainId, actionAlias: 'Read', addonName: 'query', actionParams: JSON.stringify({ queryId: String(ids.ownQuery), params: '[]' }) }))).actionId as number;
    const write = (await must(post('/save/saveAction', {
      actionId: null, actionChainId: chainId, actionAlias: 'Write', addonName: 'update',
      actionParams: JSON.stringify({ dbId: String(ids.ownDb), table: 'pay', values: '{"amount": "0"}', where: '{"id": "1"}' }),
    }))).actionId as number;
    await must(post('/save/saveFlow', { workflowId: chainId, flow: [] }));
    const built = await must(post(`/action/buildWorkflow/${chainId}`, {}));
    expect(built.built).toBe(true);
    const version = await server.store.selectFrom('workflowVersions').selectAll().where('versionId', '=', built.versionId as number).executeTakeFirstOrThrow();
    const definition = JSON.parse(version.definition) as { actions: { actionId: number; params: Record<string, string> }[] };
    for (const action of definition.actions) {
      if (action.actionId === read) action.params.queryId = String(ids.victimQuery);
      if (action.actionId === write) action.params.dbId = String(ids.victimDb);
    }
    await server.store.updateTable('workflowVersions').set({ definition: JSON.stringify(definition) }).where('versionId', '=', version.versionId).execute();

    const readRun = await must(post('/action/runChains', { actionId: read, params: {} }));
    expect(readRun).toMatchObject({ status: 'failed', errors: [`Read: ${Messages.actionNotFound}`] });
    expect(JSON.stringify(readRun)).not.toContain('73519');
    const writeRun = await must(post('/action/runChains', { actionId: write, params: {} }));
    expect(writeRun.status).toBe('failed');
    expect((writeRun.errors as string[])[0]).toMatch(/^Write: /);
    const detail = await must(server.call('GET', `/action/workflowRun/${writeRun.runId as number}`, undefined, hostile.token));
    expect(JSON.stringify(detail)).not.toContain('73519');
    // The victim's row is as it was.
    const file = new DatabaseSync(sqliteFile(server.app.services.config.dataDir, victim.appId, 'pay.db'));
    expect(file.prepare('SELECT id, amount FROM pay').all()).toEqual([{ id: 1, amount: 73519 }]);
    file.close();
  });
});
