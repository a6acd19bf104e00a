import { Messages, type Workflow, type WorkflowFlow, type WorkflowNode } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { type HostileBuilder, hostileBuilder } from './trust-boundary/hostile';

const engines = await availableEngines();

type Answer = Awaited<ReturnType<TestServer['call']>>;

/**
 * One kind of workflow object as an editor sees it (issue 33): `load` is the read call's answer,
 * `write` the save based on a revision (undefined: the spec's body, no revision) that stores
 * `value` in it, `stored` the value the store holds.
 */
interface Kind<T> {
  name: string;
  load: () => Promise<T>;
  revisionIn: (loaded: T) => number;
  valueIn: (loaded: T) => string;
  write: (value: string, revision: number | undefined) => Promise<Answer>;
  stored: () => Promise<string>;
}

/** saveFlow stores where a card sits: each value of the races is a place of its own. */
const VALUES = ['first', 'second', 'merged', 'blind', 'a', 'b', 'c'];
const xOf = (value: string) => (VALUES.indexOf(value) + 1) * 10;
const valueAt = (x: number | null | undefined) => VALUES[(x ?? 0) / 10 - 1] ?? `x=${x}`;

/**
 * Workflows, their actions and their flow (issue 33): two editors load one and both save it. The
 * second save, based on the revision the first replaced, is refused with 409 and what the read
 * call answers now, and the first one's work stays. Writes that change the flow otherwise (an
 * action added or removed) move the workflow's revision on too.
 */
describe.each(engines)('stale workflow writes on %s', (engine) => {
  let server: TestServer;
  let appId: number;
  let admin: string;
  let chainId: number;
  let first: number;
  let second: number;

  const post = (path: string, body: Record<string, unknown>, token = admin) => server.call('POST', path, body, token);
  const must = async <T>(answer: Promise<Answer>): Promise<T> => {
    const done = await answer;
    if (done.statusCode >= 300) throw new Error(done.body);
    return done.json().data as T;
  };
  const http = (url: string) => ({ addonName: 'http', actionParams: JSON.stringify({ method: 'GET', url }) });
  const newAction = async (alias: string) => (await must<{ actionId: number }>(post('/save/saveAction', { actionId: null, actionChainId: chainId, actionAlias: alias, ...http('https://example.com') }))).actionId;

  const listed = async () => (await must<Workflow[]>(server.call('GET', `/action/listWorkflow/${appId}`, undefined, admin))).find((w) => w.chainId === chainId)!;
  const flow = () => must<WorkflowFlow>(server.call('GET', `/action/getFlow/${chainId}`, undefined, admin));
  const node = (actionId: number) => must<WorkflowNode>(server.call('GET', `/action/getNode/${actionId}`, undefined, admin));

  const kinds: Kind<unknown>[] = [
    {
      name: 'saveWorkflow',
      load: listed,
      revisionIn: (w) => (w as Workflow).revision,
      valueIn: (w) => (w as Workflow).chainName,
      write: (value, revision) => post('/save/saveWorkflow', { chainId, chainAppId: appId, chainName: value, chainTrigger: null, revision }),
      stored: async () => (await server.store.selectFrom('chains').select('chainName').where('chainId', '=', chainId).executeTakeFirstOrThrow()).chainName,
    } satisfies Kind<Workflow>,
    {
      name: 'saveAction',
      load: () => node(first),
      revisionIn: (n) => (n as WorkflowNode).revision,
      valueIn: (n) => (n as WorkflowNode).actionAlias,
      write: (value, revision) => post('/save/saveAction', { actionId: first, actionChainId: chainId, actionAlias: value, ...http('https://example.com'), revision }),
      stored: async () => (await server.store.selectFrom('chainActions').select('actionAlias').where('actionId', '=', first).executeTakeFirstOrThrow()).actionAlias,
    } satisfies Kind<WorkflowNode>,
    {
      name: 'saveFlow',
      load: flow,
      // The flow is the workflow's: its revision is the workflow's.
      revisionIn: (f) => (f as WorkflowFlow).workflow.revision,
      valueIn: (f) => valueAt((f as WorkflowFlow).actions.find((a) => a.actionId === first)?.x),
      write: (value, revision) => post('/save/saveFlow', {
        workflowId: chainId, flow: [[first, second]], triggerActionId: first, layout: [{ actionId: first, x: xOf(value), y: 0 }], revision,
      }),
      stored: async () => valueAt((await server.store.selectFrom('chainActions').select('cardX').where('actionId', '=', first).executeTakeFirstOrThrow()).cardX),
    } satisfies Kind<WorkflowFlow>,
  ] as Kind<unknown>[];

  beforeAll(async () => {
    server = await buildTestServer(engine);
    await server.register('081433000101', 'password-1');
    const builder = await server.login('081433000101', 'password-1', 'main');
    const created = (await post('/save/saveApp', { appId: null, appName: 'Alur Dua Tab', appDescription: '' }, builder)).json().data;
    appId = created.appId;
    admin = await server.login('081433000101', 'password-1', created.appSlug);
    const saved = await must<{ chainId: number; revision: number }>(post('/save/saveWorkflow', { chainId: null, chainAppId: appId, chainName: 'Kirim', chainTrigger: null }));
    expect(saved.revision).toBe(1);
    chainId = saved.chainId;
    first = await newAction('first');
    second = await newAction('second');
  });
  afterAll(async () => { await server.close(); });

  it.each(kinds.map((kind) => [kind.name, kind] as const))('%s: refuses the second editor\'s save with 409 and the object as the first left it', async (_name, kind) => {
    const loaded = kind.revisionIn(await kind.load());
    const firstWrite = await kind.write('first', loaded);
    expect(firstWrite.statusCode, firstWrite.body).toBe(200);
    expect(firstWrite.json().data.revision).toBe(loaded + 1);

    const secondWrite = await kind.write('second', loaded);
    expect(secondWrite.statusCode).toBe(409);
    const refusal = secondWrite.json() as { status: boolean; error: string[]; data: unknown };
    expect([refusal.status, refusal.error]).toEqual([false, [Messages.staleWrite]]);
    expect(kind.valueIn(refusal.data)).toBe('first');
    expect(kind.revisionIn(refusal.data)).toBe(loaded + 1);
    // Exactly what the read call answers now.
    expect(refusal.data).toEqual(await kind.load());
    expect(await kind.stored()).toBe('first');

    // Based on the revision the refusal showed, the (merged) save is taken.
    const merged = await kind.write('merged', kind.revisionIn(refusal.data));
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await kind.stored()).toBe('merged');
    // Without a revision (the spec's own body) it is written whatever is stored.
    const blind = await kind.write('blind', undefined);
    expect(blind.statusCode, blind.body).toBe(200);
    expect(blind.json().data.revision).toBe(loaded + 3);
    expect(await kind.stored()).toBe('blind');
    expect(kind.revisionIn(await kind.load())).toBe(loaded + 3);
  });

  it.each(kinds.map((kind) => [kind.name, kind] as const))('%s: lets exactly one of three saves from one revision through when they arrive together', async (_name, kind) => {
    const loaded = kind.revisionIn(await kind.load());
    const values = ['a', 'b', 'c'];
    const answers = await Promise.all(values.map((value) => kind.write(value, loaded)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = values[answers.findIndex((answer) => answer.statusCode === 200)]!;
    expect(await kind.stored()).toBe(winner);
    const now = await kind.load();
    expect([kind.valueIn(now), kind.revisionIn(now)]).toEqual([winner, loaded + 1]);
  });

  it('moves the workflow on when an action is added or removed, so a flow editor that loaded before reloads', async () => {
    const loaded = await flow();
    const added = await newAction('added');
    const afterAdd = await flow();
    expect(afterAdd.workflow.revision).toBe(loaded.workflow.revision + 1);
    const refused = await post('/save/saveFlow', { workflowId: chainId, flow: [[first, second]], revision: loaded.workflow.revision });
    expect(refused.statusCode).toBe(409);
    expect((refused.json().data as WorkflowFlow).actions.map((a) => a.actionId)).toContain(added);

    expect((await server.call('DELETE', '/delete/deleteWorkflowAction', { actionId: added }, admin)).statusCode).toBe(200);
    expect((await flow()).workflow.revision).toBe(afterAdd.workflow.revision + 1);
    expect((await post('/save/saveFlow', { workflowId: chainId, flow: [[first, second]], revision: afterAdd.workflow.revision })).statusCode).toBe(409);
  });

  it('refuses to remove an action another builder changed since, showing it as it is now', async () => {
    const doomed = await newAction('doomed');
    const loaded = await node(doomed);
    await post('/save/saveAction', { actionId: doomed, actionChainId: chainId, actionAlias: 'still needed', ...http('https://example.com'), revision: loaded.revision });
    const stale = await server.call('DELETE', '/delete/deleteWorkflowAction', { actionId: doomed, revision: loaded.revision }, admin);
    expect(stale.statusCode).toBe(409);
    expect((stale.json().data as WorkflowNode).actionAlias).toBe('still needed');
    expect((await node(doomed)).actionAlias).toBe('still needed');
    const current = await server.call('DELETE', '/delete/deleteWorkflowAction', { actionId: doomed, revision: loaded.revision + 1 }, admin);
    expect(current.statusCode).toBe(200);
  });

  it('keeps the workflow\'s revision when an action is edited or the workflow built, and the actions\' when the flow is saved', async () => {
    const before = (await flow()).workflow.revision;
    const action = await node(second);
    const edited = await post('/save/saveAction', { actionId: second, actionChainId: chainId, actionAlias: 'renamed', ...http('https://example.com/x'), revision: action.revision });
    expect(edited.json().data.revision).toBe(action.revision + 1);
    expect((await post(`/action/buildWorkflow/${chainId}`, {})).statusCode).toBe(200);
    expect((await flow()).workflow.revision).toBe(before);

    const saved = await post('/save/saveFlow', { workflowId: chainId, flow: [[first, second]], layout: [{ actionId: second, x: 5, y: 5 }], revision: before });
    expect(saved.json().data).toMatchObject({ workflowId: chainId, revision: before + 1 });
    // Where its card sits is the flow's, not the action's.
    expect((await node(second)).revision).toBe(action.revision + 1);
  });

  describe('a builder administering another application', () => {
    let hostile: HostileBuilder;
    let ownChain: number;
    let ownAction: number;
    const victimRows = async () => ({
      chains: await server.store.selectFrom('chains').selectAll().where('chainId', '=', chainId).execute(),
      actions: await server.store.selectFrom('chainActions').selectAll().where('actionChainId', '=', chainId).orderBy('actionId').execute(),
      edges: await server.store.selectFrom('flowEdges').selectAll().where('workflowId', '=', chainId).orderBy('fromActionId').orderBy('toActionId').execute(),
    });

    beforeAll(async () => {
      hostile = await hostileBuilder(server);
      ownChain = (await must<{ chainId: number }>(post('/save/saveWorkflow', { chainId: null, chainAppId: hostile.appId, chainName: 'Mine', chainTrigger: null }, hostile.token))).chainId;
      ownAction = (await must<{ actionId: number }>(post('/save/saveAction', { actionId: null, actionChainId: ownChain, actionAlias: 'm', ...http('https://example.com') }, hostile.token))).actionId;
    });

    it('cannot save this workflow\'s flow or actions with their current revision, nor read them in a 409', async () => {
      const before = await victimRows();
      const { revision } = (await flow()).workflow;
      const actionRevision = (await node(first)).revision;
      const ownRevision = (await must<WorkflowFlow>(server.call('GET', `/action/getFlow/${ownChain}`, undefined, hostile.token))).workflow.revision;
      const as = (path: string, body: Record<string, unknown>) => post(path, body, hostile.token);

      expect((await as('/save/saveFlow', { workflowId: chainId, flow: [[second, first]], revision })).statusCode).toBe(403);
      const foreignEdges = await as('/save/saveFlow', { workflowId: ownChain, flow: [[first, ownAction]], revision: ownRevision });
      expect([foreignEdges.statusCode, foreignEdges.json().error]).toEqual([404, [Messages.flowActionForeign]]);
      const foreignCard = await as('/save/saveFlow', { workflowId: ownChain, flow: [], layout: [{ actionId: first, x: 1, y: 1 }], revision: ownRevision });
      expect(foreignCard.statusCode).toBe(404);

      const stolen = { actionId: first, actionAlias: 'stolen', ...http('https://evil.example') };
      expect((await as('/save/saveAction', { ...stolen, actionChainId: chainId, revision: actionRevision })).statusCode).toBe(403);
      for (const base of [actionRevision, actionRevision - 1, 999]) {
        const takeover = await as('/save/saveAction', { ...stolen, actionChainId: ownChain, revision: base });
        expect(takeover.json()).toEqual({ status: false, error: [Messages.workflowActionNotFound], code: 'workflowActionNotFound' });
        const renamed = await as('/save/saveWorkflow', { chainId, chainAppId: hostile.appId, chainName: 'Stolen', chainTrigger: null, revision: base });
        expect(renamed.json()).toEqual({ status: false, error: [Messages.workflowNotFound], code: 'workflowNotFound' });
      }

      expect(await victimRows()).toEqual(before);
      // His own workflow's revision did not move for the saves refused.
      expect((await server.store.selectFrom('chains').select('revision').where('chainId', '=', ownChain).executeTakeFirstOrThrow()).revision).toBe(ownRevision);
    });
  });
});
