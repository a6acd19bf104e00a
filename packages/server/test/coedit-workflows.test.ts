import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { HocuspocusProvider } from '@hocuspocus/provider';
import {
  FLOW_CARDS, FLOW_LINKS, FLOW_SETTINGS, flowOfDoc, type LiveCard, type LiveFlow, writeFlowToDoc,
} from '@rakit/core/flow-ydoc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { WORKFLOW_CLOSE } from '../src/coedit/workflow-collab';
import { WORKFLOW_STATES } from '../src/store/repositories/document-states';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './support/build';
import { coEditedApplication, covers, expectDisconnectedOnDeletion, joinDocument, socketOf, until, useReplicas } from './support/collab';
import { availableEngines } from './support/engines';
import { createSqliteDatabase } from './support/fixtures';
import { type HostileBuilder, hostileBuilder } from './trust-boundary/hostile';

const engines = await availableEngines();

interface StoredFlow {
  workflow: { chainId: number; revision: number; triggerActionId: number | null };
  actions: { actionId: number; actionAlias: string; addonName: string; actionParams: string; x: number | null; y: number | null }[];
  edges: { from: number; to: number; branch: string | null }[];
}

/** A drawing by action ids: what a builder's document shows, or what getFlow answers. */
interface View {
  cards: { actionId: number | null; alias: string; addonName: string; params: Record<string, string>; x: number | null; y: number | null }[];
  edges: string[];
  trigger: number | null;
}

const byAction = (a: { actionId: number | null }, b: { actionId: number | null }) => (a.actionId ?? 0) - (b.actionId ?? 0);

function viewOfDoc(doc: Y.Doc): View {
  const flow = flowOfDoc(doc);
  const idOf = new Map(flow.cards.map((card) => [card.key, card.actionId]));
  return {
    cards: flow.cards.map(({ actionId, alias, addonName, params, x, y }) => ({ actionId, alias, addonName, params, x, y })).sort(byAction),
    edges: flow.links.map((link) => `${idOf.get(link.from)}>${idOf.get(link.to)}:${link.branch ?? ''}`).sort(),
    trigger: flow.trigger === null ? null : idOf.get(flow.trigger) ?? null,
  };
}

const viewOfStored = (flow: StoredFlow): View => ({
  cards: flow.actions.map((a) => ({ actionId: a.actionId, alias: a.actionAlias, addonName: a.addonName, params: JSON.parse(a.actionParams) as Record<string, string>, x: a.x, y: a.y }))
    .sort(byAction),
  edges: flow.edges.map((edge) => `${edge.from}>${edge.to}:${edge.branch ?? ''}`).sort(),
  trigger: flow.workflow.triggerActionId,
});

/** A builder's edit of his copy, as the workflow editor makes one: the drawing changed, written as a diff. */
const draw = (doc: Y.Doc, change: (flow: LiveFlow) => LiveFlow, origin?: unknown) => writeFlowToDoc(doc, change(flowOfDoc(doc)), origin);
const withCard = (flow: LiveFlow, key: string, change: Partial<LiveCard>): LiveFlow => ({ ...flow, cards: flow.cards.map((card) => (card.key === key ? { ...card, ...change } : card)) });
const cardIn = (doc: Y.Doc, key: string) => flowOfDoc(doc).cards.find((card) => card.key === key);
/** A card drawn in the browser: a key of its own, no action yet. */
const newCard = (extra: Partial<LiveCard> = {}): LiveCard => ({
  key: `n${randomUUID()}`, actionId: null, alias: 'Kirim', addonName: 'http', params: { method: 'POST', url: 'https://example.com/kirim' }, x: 400, y: 0, ...extra,
});
const HTTP = { method: 'GET', url: 'https://example.com' };

/**
 * Live co-editing of workflows (issue 33) through the real socket: Hocuspocus on the server's
 * port, real providers (the browser's) in this process, the workflow stored in each engine.
 */
describe.each(engines)('co-editing a workflow on %s', (engine) => {
  let server: TestServer;
  let url: string;
  let appId: number;
  let token: string;
  let member: string;
  let stranger: HostileBuilder;
  const providers: HocuspocusProvider[] = [];

  const post = (path: string, body: Record<string, unknown>, as = token) => server.call('POST', path, body, as);
  const must = async <T>(answer: ReturnType<TestServer['call']>): Promise<T> => {
    const done = await answer;
    if (done.statusCode >= 300) throw new Error(done.body);
    return done.json().data as T;
  };
  const newWorkflow = async (app = appId, as = token) => (await must<{ chainId: number }>(post('/save/saveWorkflow', { chainId: null, chainAppId: app, chainName: `Alur ${randomUUID()}`, chainTrigger: null }, as))).chainId;
  const newAction = async (chainId: number, alias: string, params: Record<string, string> = HTTP, as = token) =>
    (await must<{ actionId: number }>(post('/save/saveAction', { actionId: null, actionChainId: chainId, actionAlias: alias, addonName: 'http', actionParams: JSON.stringify(params) }, as))).actionId;
  const storedFlow = (chainId: number, as = token) => must<StoredFlow>(server.call('GET', `/action/getFlow/${chainId}`, undefined, as));
  const node = (actionId: number) => server.call('GET', `/action/getNode/${actionId}`, undefined, token);
  const join = (chainId: number, as = token) => {
    const joined = joinDocument(url, `workflow/${chainId}`, as);
    providers.push(joined.provider);
    return joined;
  };
  const storedAsSeen = async (chainId: number, doc: Y.Doc) => isDeepStrictEqual(viewOfStored(await storedFlow(chainId)), viewOfDoc(doc));
  /** A new workflow with an action of each alias (and, given, its flow by their ids), and two builders' editors on its document, synced. */
  const opened = async <const A extends readonly string[]>(aliases: A, flow?: (ids: number[]) => Record<string, unknown>) => {
    const chainId = await newWorkflow();
    const ids: number[] = [];
    for (const alias of aliases) ids.push(await newAction(chainId, alias));
    if (flow !== undefined) await must(post('/save/saveFlow', { workflowId: chainId, ...flow(ids) }));
    const editors = [join(chainId), join(chainId)] as const;
    await until(() => editors.every((editor) => editor.events.synced > 0), 'the editors to sync');
    return { chainId, ids: ids as { [K in keyof A]: number }, editors };
  };

  beforeAll(async () => {
    // A long store delay: a builder's edit is still waiting to be stored when a REST write comes.
    server = await buildTestServer(engine, { readCacheMs: 500 }, { collabStoreDelayMs: { after: 1500, atMost: 3000 } });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    url = socketOf(server);
    ({ appId, admin: token, member } = await coEditedApplication(server, { builder: '081466000001', member: '081466000002' }, 'Alur Bareng'));
    // A self-registered builder, the administrator of his own application.
    stranger = await hostileBuilder(server);
  });
  afterAll(async () => {
    for (const provider of providers) provider.destroy();
    await server.close();
  });

  it('shares two builders\' edits, and stores the workflow as they see it', async () => {
    const { chainId, ids: [a, b], editors: [first, second] } = await opened(['Ambil', 'Simpan'],
      ([x, y]) => ({ flow: [[x, y]], triggerActionId: x, layout: [{ actionId: x, x: 0, y: 0 }, { actionId: y, x: 0, y: 150 }] }));
    expect(flowOfDoc(first.doc)).toMatchObject({
      cards: [{ key: `a${a}`, actionId: a, alias: 'Ambil', params: HTTP, x: 0, y: 0 }, { key: `a${b}`, actionId: b, alias: 'Simpan', x: 0, y: 150 }],
      links: [{ from: `a${a}`, to: `a${b}`, branch: null }], trigger: `a${a}`,
    });

    const drawn = newCard();
    draw(first.doc, (flow) => ({ ...flow, cards: [...flow.cards, drawn], links: [...flow.links, { from: `a${b}`, to: drawn.key, branch: null }] }));
    draw(second.doc, (flow) => withCard(withCard(flow, `a${a}`, { alias: 'Mulai' }), `a${b}`, { x: 60 }));
    const settled = (doc: Y.Doc) => {
      const { cards } = flowOfDoc(doc);
      return cards.length === 3 && cards.every((card) => card.actionId !== null) && cardIn(doc, `a${a}`)?.alias === 'Mulai' && cardIn(doc, `a${b}`)?.x === 60;
    };
    await until(() => settled(first.doc) && settled(second.doc), 'each to see the other\'s edits and the drawn card\'s action');
    expect(viewOfDoc(first.doc)).toEqual(viewOfDoc(second.doc));
    await until(() => storedAsSeen(chainId, first.doc), 'the workflow to be stored as the builders see it', 10_000);
    expect(viewOfStored(await storedFlow(chainId))).toMatchObject({ edges: [`${a}>${b}:`, `${b}>${cardIn(first.doc, drawn.key)!.actionId}:`], trigger: a });
  });

  it('creates a drawn card\'s action at once, with its alias and parameters, and writes its id into the card for every builder', async () => {
    const { chainId, editors: [drawing, watching] } = await opened(['Ambil']);
    const card = newCard({ alias: 'Kabari', params: { method: 'POST', url: 'https://example.com/kabar' }, x: 120, y: 240 });
    const drawnAt = Date.now();
    draw(drawing.doc, (flow) => ({ ...flow, cards: [...flow.cards, card] }));
    await until(() => typeof cardIn(drawing.doc, card.key)?.actionId === 'number' && typeof cardIn(watching.doc, card.key)?.actionId === 'number', 'the card to get its action');
    // Well before the document's store is due (1.5 s after the last change).
    expect(Date.now() - drawnAt).toBeLessThan(1400);
    const actionId = cardIn(drawing.doc, card.key)!.actionId!;
    expect(cardIn(watching.doc, card.key)!.actionId).toBe(actionId);
    const created = (await node(actionId)).json().data;
    expect(created).toMatchObject({ actionId, actionChainId: chainId, actionAlias: 'Kabari', addonName: 'http' });
    expect(JSON.parse(created.actionParams as string)).toEqual(card.params);
    // Created once: the store that follows adds nothing.
    await until(() => drawing.events.stored.some((message) => covers(message, drawing.doc)), 'the drawing to be stored', 10_000);
    await until(() => storedAsSeen(chainId, drawing.doc), 'the store to hold the drawing', 10_000);
    expect((await storedFlow(chainId)).actions).toHaveLength(2);
  });

  it('removes the action of a removed card, and gives a card an undo brings back a new action', async () => {
    const { chainId, ids: [a, b], editors: [editing] } = await opened(['Ambil', 'Hapus'], ([x, y]) => ({ flow: [[x, y]] }));
    // His own undo, as the editor's: it takes back his edits only.
    const own = Symbol('own edit');
    const undo = new Y.UndoManager([editing.doc.getMap(FLOW_CARDS), editing.doc.getMap(FLOW_LINKS), editing.doc.getMap(FLOW_SETTINGS)], { trackedOrigins: new Set([own]) });
    const key = `a${b}`;
    draw(editing.doc, (flow) => ({ ...flow, cards: flow.cards.filter((card) => card.key !== key), links: flow.links.filter((link) => link.to !== key) }), own);
    await until(async () => (await node(b)).statusCode === 404, 'the removed card\'s action to be removed', 10_000);
    expect((await storedFlow(chainId)).edges).toEqual([]);

    undo.undo();
    await until(() => { const card = cardIn(editing.doc, key); return card !== undefined && card.actionId !== null && card.actionId !== b; }, 'the card brought back to get a new action');
    const again = cardIn(editing.doc, key)!.actionId!;
    const created = (await node(again)).json().data;
    expect(created).toMatchObject({ actionChainId: chainId, actionAlias: 'Hapus', addonName: 'http' });
    expect(JSON.parse(created.actionParams as string)).toEqual(HTTP);
    await until(() => storedAsSeen(chainId, editing.doc), 'the store to hold the card and its edge again', 10_000);
    expect((await storedFlow(chainId)).edges).toEqual([{ from: a, to: again, branch: null }]);
    expect((await node(b)).statusCode).toBe(404);
  });

  it('keeps two builders\' concurrent edits of different parameters of one card', async () => {
    const { chainId, ids: [a], editors: [first, second] } = await opened(['Panggil']);
    // Each edits before seeing the other's edit.
    draw(first.doc, (flow) => withCard(flow, `a${a}`, { params: { ...HTTP, url: 'https://example.com/baru' } }));
    draw(second.doc, (flow) => withCard(flow, `a${a}`, { params: { ...HTTP, method: 'POST' } }));
    const both = (doc: Y.Doc) => isDeepStrictEqual(cardIn(doc, `a${a}`)?.params, { method: 'POST', url: 'https://example.com/baru' });
    await until(() => both(first.doc) && both(second.doc), 'each to see both edits');
    await until(() => storedAsSeen(chainId, first.doc), 'the store to keep both', 10_000);
  });

  it('tells the builders once their edits are stored: the workflow\'s revision and a state vector covering their own edits', async () => {
    const { chainId, ids: [a], editors: [editing, watching] } = await opened(['Ambil']);
    draw(editing.doc, (flow) => withCard(flow, `a${a}`, { alias: 'Disimpan' }));
    await until(() => editing.events.stored.some((message) => covers(message, editing.doc)), 'a stored message covering the edit', 10_000);
    const message = editing.events.stored.find((m) => covers(m, editing.doc))!;
    const stored = await storedFlow(chainId);
    expect(message.revision).toBe(stored.workflow.revision);
    expect(stored.actions[0]!.actionAlias).toBe('Disimpan');
    expect(watching.events.stored.map((m) => m.revision)).toContain(stored.workflow.revision);
    // A save by calls based on the revision before the live store is stale.
    const stale = await post('/save/saveFlow', { workflowId: chainId, flow: [], revision: stored.workflow.revision - 1 });
    expect(stale.statusCode).toBe(409);
  });

  it('merges REST writes of the workflow (saveAction, saveFlow) with a builder\'s edit not stored yet: the views and the store keep all', async () => {
    const { chainId, ids: [a, b, c], editors: [editing, watching] } = await opened(['Ambil', 'Simpan', 'Kirim'], ([x, y]) => ({ flow: [[x, y]] }));
    draw(editing.doc, (flow) => withCard(flow, `a${a}`, { alias: 'Belum disimpan' }));
    await until(() => !editing.provider.hasUnsyncedChanges && cardIn(watching.doc, `a${a}`)?.alias === 'Belum disimpan', 'the edit to reach the server');

    // A browser without the socket saves by calls, based on the store as it is (the live edit not stored yet).
    const before = await storedFlow(chainId);
    expect(before.actions.find((action) => action.actionId === a)!.actionAlias).toBe('Ambil');
    const revisionOfB = (await node(b)).json().data.revision as number;
    await must(post('/save/saveAction', { actionId: b, actionChainId: chainId, actionAlias: 'Dari REST', addonName: 'http', actionParams: JSON.stringify(HTTP), revision: revisionOfB }));
    await must(post('/save/saveFlow', { workflowId: chainId, flow: [[a, b], [b, c]], revision: (await storedFlow(chainId)).workflow.revision }));
    const added = await newAction(chainId, 'Tambahan');

    const all = (doc: Y.Doc) => {
      const view = viewOfDoc(doc);
      return cardIn(doc, `a${a}`)?.alias === 'Belum disimpan' && cardIn(doc, `a${b}`)?.alias === 'Dari REST' && cardIn(doc, `a${added}`) !== undefined
        && isDeepStrictEqual(view.edges, [`${a}>${b}:`, `${b}>${c}:`]);
    };
    await until(() => all(editing.doc) && all(watching.doc), 'the builders to see the REST writes with the edit');
    await until(() => storedAsSeen(chainId, editing.doc), 'the store to keep all', 10_000);
    expect((await storedFlow(chainId)).actions.map((action) => action.actionAlias)).toEqual(['Belum disimpan', 'Dari REST', 'Kirim', 'Tambahan']);
  });

  it('refuses an anonymous caller, a member, another application\'s administrator and a made-up workflow', async () => {
    const chainId = await newWorkflow();
    await newAction(chainId, 'Ambil');
    for (const [who, as, id] of [['nobody', 'not-a-token', chainId], ['member', member, chainId], ['other admin', stranger.token, chainId], ['no workflow', token, 999_999]] as const) {
      const tried = join(id, as);
      await until(() => tried.events.refused !== null, `${who} to be refused`);
      expect(tried.events.synced, who).toBe(0);
      expect(flowOfDoc(tried.doc).cards, who).toEqual([]);
    }
    const allowed = join(chainId);
    await until(() => allowed.events.synced > 0, 'the application\'s administrator to join');
    expect(flowOfDoc(allowed.doc).cards.map((card) => card.alias)).toEqual(['Ambil']);
  });

  it('cuts off a hostile builder whose drawing saveAction or saveFlow would refuse, and changes nothing in the store', async () => {
    // The honest application's objects: a workflow's action and a stored query.
    createSqliteDatabase(server.app.services.config.dataDir, appId, 'alur.db', 'CREATE TABLE t (id INTEGER PRIMARY KEY)');
    const dbId = (await must<{ dbId: number }>(post('/save/saveDbConfig', { dbAppId: appId, dbType: 'sqlite', dbDatabase: 'alur.db' }))).dbId;
    const queryId = (await must<{ actionId: number }>(post('/save/saveQuery', { actionId: null, actionDbId: dbId, actionName: 'q', actionSQLQuery: 'SELECT * FROM t' }))).actionId;
    const honestChain = await newWorkflow();
    const honestAction = await newAction(honestChain, 'Rahasia');
    // The hostile builder's own workflow, which he may edit.
    const hostileChain = await newWorkflow(stranger.appId, stranger.token);
    const own = await newAction(hostileChain, 'Milik', HTTP, stranger.token);
    const watching = join(hostileChain, stranger.token);
    await until(() => watching.events.synced > 0, 'a watcher to sync');
    const everything = async () => JSON.stringify([await storedFlow(hostileChain, stranger.token), await storedFlow(honestChain), (await node(honestAction)).json()]);
    const before = await everything();

    const attacks: [string, (flow: LiveFlow) => LiveFlow][] = [
      ['an unknown add-on', (flow) => ({ ...flow, cards: [...flow.cards, newCard({ addonName: 'rm-rf' })] })],
      ['a cycle', (flow) => {
        const card = newCard();
        return { ...flow, cards: [...flow.cards, card], links: [{ from: `a${own}`, to: card.key, branch: null }, { from: card.key, to: `a${own}`, branch: null }] };
      }],
      ['another application\'s action', (flow) => ({ ...flow, cards: [...flow.cards, newCard({ actionId: honestAction })] })],
      ['another application\'s action under its key', (flow) => ({ ...flow, cards: [...flow.cards, newCard({ key: `a${honestAction}`, actionId: honestAction })] })],
      ['his card naming another application\'s action', (flow) => withCard(flow, `a${own}`, { actionId: honestAction })],
      ['another application\'s query', (flow) => ({ ...flow, cards: [...flow.cards, newCard({ addonName: 'query', params: { queryId: String(queryId) } })] })],
      ['his card turned to another application\'s query', (flow) => withCard(flow, `a${own}`, { addonName: 'query', params: { queryId: String(queryId) } })],
      ['parameters past what a save takes', (flow) => withCard(flow, `a${own}`, { params: { ...HTTP, url: 'x'.repeat(300_000) } })],
    ];
    for (const [what, attack] of attacks) {
      const hostile = join(hostileChain, stranger.token);
      await until(() => hostile.events.synced > 0, `the hostile editor to sync (${what})`);
      draw(hostile.doc, attack);
      await until(() => hostile.events.closedWith !== null, `the hostile editor to be cut off (${what})`);
      hostile.provider.destroy();
      // The document's connection is closed in Hocuspocus's protocol, which carries the reason (the provider reports code 1000).
      expect(hostile.events.closedWith, what).toBe(WORKFLOW_CLOSE.refused.reason);
    }
    // A huge update is cut off at the socket (its message size limit), before it is even read.
    const flooding = join(hostileChain, stranger.token);
    await until(() => flooding.events.synced > 0, 'the flooding editor to sync');
    draw(flooding.doc, (flow) => withCard(flow, `a${own}`, { params: { ...HTTP, url: 'x'.repeat(3_000_000) } }));
    await until(() => flooding.events.closeCode !== null, 'the flooding editor to be cut off');
    flooding.provider.destroy();
    expect(flooding.events.closeCode).toBe(1009);

    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(viewOfDoc(watching.doc).cards).toEqual([{ actionId: own, alias: 'Milik', addonName: 'http', params: HTTP, x: 0, y: 0 }]);
    expect(await everything()).toBe(before);
  });

  it('disconnects the builders of a deleted workflow, and its document goes with it', async () => {
    const chainId = await newWorkflow();
    await newAction(chainId, 'Ambil');
    await expectDisconnectedOnDeletion(server, join(chainId), { table: WORKFLOW_STATES, id: chainId }, () => server.call('DELETE', '/delete/deleteWorkflow', { chainId }, token), WORKFLOW_CLOSE.deleted.reason);
  });
});

/**
 * Replicas on one store and one Redis: a builder on each of two, and REST writes on a third
 * that has no document open.
 */
describe.each(engines)('co-editing a workflow across replicas on %s', (engine) => {
  // The third has no document open: it only answers calls.
  const cluster = useReplicas(engine, { count: 3, listening: 2, appOptions: { collabStoreDelayMs: { after: 300, atMost: 1500 } } });

  it('gives a card drawn on one replica one action, seen on both, and brings REST writes and a deletion on another replica to both builders', async () => {
    const [first, second, third] = cluster.replicas as [TestServer, TestServer, TestServer];
    const token = await first.login('admin', ADMIN_PASSWORD, '_root');
    const { appId } = (await first.call('POST', '/save/saveApp', { appId: null, appName: 'Alur Replika', appDescription: '' }, token)).json().data;
    const { chainId } = (await first.call('POST', '/save/saveWorkflow', { chainId: null, chainAppId: appId, chainName: 'Bersama', chainTrigger: null }, token)).json().data;
    const { actionId: a } = (await first.call('POST', '/save/saveAction', { actionId: null, actionChainId: chainId, actionAlias: 'Ambil', addonName: 'http', actionParams: JSON.stringify(HTTP) }, token)).json().data;
    const onFirst = cluster.join(first, `workflow/${chainId}`, token);
    const onSecond = cluster.join(second, `workflow/${chainId}`, token);
    // The Yjs item each builder first got for the card: the same on both replicas, which loaded the workflow at once.
    const firstItems: (string | undefined)[] = [];
    const itemOf = (doc: Y.Doc) => {
      const item = doc.getMap(FLOW_CARDS)._map.get(`a${a}`);
      return item === undefined ? undefined : `${item.id.client}:${item.id.clock}`;
    };
    onFirst.provider.on('synced', () => { firstItems[0] ??= itemOf(onFirst.doc); });
    onSecond.provider.on('synced', () => { firstItems[1] ??= itemOf(onSecond.doc); });
    await until(() => onFirst.events.synced > 0 && onSecond.events.synced > 0, 'both editors to sync');
    expect(firstItems[0]).toBeDefined();
    expect(firstItems[0]).toBe(firstItems[1]);

    const card = newCard();
    draw(onFirst.doc, (flow) => ({ ...flow, cards: [...flow.cards, card], links: [{ from: `a${a}`, to: card.key, branch: null }] }));
    await until(() => typeof cardIn(onFirst.doc, card.key)?.actionId === 'number' && typeof cardIn(onSecond.doc, card.key)?.actionId === 'number', 'both builders to see the card\'s action');
    expect(cardIn(onSecond.doc, card.key)!.actionId).toBe(cardIn(onFirst.doc, card.key)!.actionId);
    const stored = async () => (await third.call('GET', `/action/getFlow/${chainId}`, undefined, token)).json().data as StoredFlow;
    await until(async () => isDeepStrictEqual(viewOfStored(await stored()), viewOfDoc(onSecond.doc)), 'the store to hold the drawing', 10_000);
    for (const view of [onFirst, onSecond]) await until(() => view.events.stored.some((m) => covers(m, view.doc)), 'a stored message covering the builder\'s edits', 10_000);
    expect((await stored()).actions).toHaveLength(2);

    // A replica with no document open: its writes reach both builders.
    const revision = (await third.call('GET', `/action/getNode/${a}`, undefined, token)).json().data.revision as number;
    const saved = await third.call('POST', '/save/saveAction', { actionId: a, actionChainId: chainId, actionAlias: 'Dari replika ketiga', addonName: 'http', actionParams: JSON.stringify(HTTP), revision }, token);
    expect(saved.statusCode, saved.body).toBe(200);
    await until(() => cardIn(onFirst.doc, `a${a}`)?.alias === 'Dari replika ketiga' && cardIn(onSecond.doc, `a${a}`)?.alias === 'Dari replika ketiga', 'both builders to see the REST write');

    expect((await third.call('DELETE', '/delete/deleteWorkflow', { chainId }, token)).statusCode).toBe(200);
    await until(() => onFirst.events.closedWith !== null && onSecond.events.closedWith !== null, 'both builders to be disconnected');
    expect([onFirst.events.closedWith, onSecond.events.closedWith]).toEqual([WORKFLOW_CLOSE.deleted.reason, WORKFLOW_CLOSE.deleted.reason]);
  });
});
