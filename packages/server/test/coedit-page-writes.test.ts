import type { HocuspocusProvider } from '@hocuspocus/provider';
import { type Component, createComponent } from '@rakit/core';
import { componentsMapOf, componentsOfDoc, writeComponentsToDoc } from '@rakit/core/page-ydoc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { COLLAB_CLOSE } from '../src/coedit/page-collab';
import { findPersistedState, PAGE_STATES } from '../src/store/repositories/document-states';
import { findPage } from '../src/store/repositories/pages';
import { ADMIN_PASSWORD, anotherProcess, buildTestServer, type TestServer } from './support/build';
import { covers, expectDisconnectedOnDeletion, joinDocument, socketOf, until, useReplicas } from './support/collab';
import { availableEngines } from './support/engines';

const engines = await availableEngines();

/** A builder's editor on a page's document. */
const builder = (url: string, pageId: number, token: string, doc?: Y.Doc) => joinDocument(url, `page/${pageId}`, token, doc);

/** Sets settings of one component in a builder's copy, as the editor does (a diff). */
const edit = (doc: Y.Doc, id: string, settings: Partial<Component>) =>
  writeComponentsToDoc(doc, componentsOfDoc(doc).map((c) => (c.id === id ? { ...c, ...settings } as Component : c)));

const summary = (components: Component[]) => components.map((c) => `${c.id}:${String(c.title)}`).join(',');

/**
 * Live co-editing (issue 33) and every other write of a page: the persisted Yjs state every load
 * starts from, REST writes reaching the builders as updates that merge with their pending
 * edits, the 'stored' message, and a deleted page.
 */
describe.each(engines)('co-editing a page written by other paths on %s', (engine) => {
  let server: TestServer;
  let url: string;
  let appId: number;
  let admin: string;
  const providers: HocuspocusProvider[] = [];
  const join = (pageId: number, token = admin, doc?: Y.Doc) => {
    const joined = builder(url, pageId, token, doc);
    providers.push(joined.provider);
    return joined;
  };

  beforeAll(async () => {
    // A long store delay: a builder's edit is still waiting to be stored when the REST write comes.
    server = await buildTestServer(engine, { pageVersionFoldSeconds: 0, readCacheMs: 500 }, { collabStoreDelayMs: { after: 1500, atMost: 3000 } });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    url = socketOf(server);
    admin = await server.login('admin', ADMIN_PASSWORD, '_root');
    ({ appId } = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Tulis', appDescription: '' }, admin)).json().data);
  });
  afterAll(async () => {
    for (const provider of providers) provider.destroy();
    await server.close();
  });

  const save = async (pageId: number, components: Component[], revision?: number) => {
    const response = await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components), ...(revision === undefined ? {} : { revision }) }] }, admin);
    expect(response.statusCode, response.body).toBe(200);
  };
  const newPage = async (components: Component[]) => {
    const { pageId } = (await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: `Halaman ${Date.now()}` }] }, admin)).json().data.pages[0];
    await save(pageId, components);
    return pageId as number;
  };
  const stored = async (pageId: number) => JSON.parse((await findPage(server.store, pageId))?.pageComponents ?? '[]') as Component[];

  it('merges a REST save of one component with a builder\'s edit of another not stored yet: the views and the store keep both', async () => {
    const pageId = await newPage([createComponent('input', 'nama', 'Nama'), createComponent('text', 'judul', 'Judul')]);
    const editing = join(pageId);
    const watching = join(pageId);
    await until(() => editing.events.synced > 0 && watching.events.synced > 0, 'both editors to sync');
    edit(editing.doc, 'nama', { title: 'Nama Lengkap' });
    await until(() => !editing.provider.hasUnsyncedChanges && componentsOfDoc(watching.doc)[0]?.title === 'Nama Lengkap', 'the edit to reach the server');

    // A browser without the socket saves the page as the store has it (the edit is not stored yet), changing the other component.
    const page = (await findPage(server.store, pageId))!;
    expect(summary(await stored(pageId))).toBe('nama:Nama,judul:Judul');
    await save(pageId, (await stored(pageId)).map((c) => (c.id === 'judul' ? { ...c, title: 'Judul Baru' } : c)), page.revision);

    for (const view of [editing, watching]) {
      await until(() => summary(componentsOfDoc(view.doc)) === 'nama:Nama Lengkap,judul:Judul Baru', 'the builders to see both');
    }
    await until(async () => summary(await stored(pageId)) === 'nama:Nama Lengkap,judul:Judul Baru', 'the store to keep both', 10_000);
    expect(componentsOfDoc(editing.doc)).toEqual(componentsOfDoc(watching.doc));
    // The persisted state holds what the store holds.
    const persisted = (await findPersistedState(server.store, PAGE_STATES, pageId))!;
    const reloaded = new Y.Doc();
    Y.applyUpdate(reloaded, persisted.state);
    expect(summary(componentsOfDoc(reloaded))).toBe('nama:Nama Lengkap,judul:Judul Baru');
    expect(persisted.revision).toBe((await findPage(server.store, pageId))!.revision);
  });

  it('brings a restored version to a live builder', async () => {
    const pageId = await newPage([createComponent('text', 'a', 'Pertama')]);
    const [first] = (await server.call('GET', `/page/versions/${pageId}`, undefined, admin)).json().data.versions as { versionId: number }[];
    await save(pageId, [createComponent('text', 'a', 'Pertama'), createComponent('text', 'b', 'Kedua')]);
    const editing = join(pageId);
    await until(() => editing.events.synced > 0, 'the editor to sync');
    expect(summary(componentsOfDoc(editing.doc))).toBe('a:Pertama,b:Kedua');

    const restored = await server.call('POST', `/page/version/${first!.versionId}/restore`, undefined, admin);
    expect(restored.statusCode, restored.body).toBe(200);
    await until(() => summary(componentsOfDoc(editing.doc)) === 'a:Pertama', 'the builder to see the restored version');
    // And his next edit builds on it.
    edit(editing.doc, 'a', { title: 'Pertama lagi' });
    await until(async () => summary(await stored(pageId)) === 'a:Pertama lagi', 'the edit to be stored', 10_000);
  });

  it('tells the builders once their edits are stored: the page\'s revision and a state vector covering their own edits', async () => {
    const pageId = await newPage([createComponent('input', 'nama', 'Nama')]);
    const editing = join(pageId);
    const watching = join(pageId);
    await until(() => editing.events.synced > 0 && watching.events.synced > 0, 'both editors to sync');
    edit(editing.doc, 'nama', { title: 'Disimpan' });
    await until(() => editing.events.stored.some((message) => covers(message, editing.doc)), 'a stored message covering the edit', 10_000);
    const message = editing.events.stored.find((m) => covers(m, editing.doc))!;
    const page = (await findPage(server.store, pageId))!;
    expect(message.revision).toBe(page.revision);
    expect(summary(JSON.parse(page.pageComponents) as Component[])).toBe('nama:Disimpan');
    expect(watching.events.stored.map((m) => m.revision)).toContain(page.revision);
  });

  it('disconnects the builders of a deleted page, and its document goes with it', async () => {
    const pageId = await newPage([createComponent('input', 'nama', 'Nama')]);
    await expectDisconnectedOnDeletion(server, join(pageId), { table: PAGE_STATES, id: pageId }, () => server.call('DELETE', `/page/${pageId}`, undefined, admin), COLLAB_CLOSE.deleted.reason);
  });
});

/**
 * A restart: the builder's browser keeps its copy of the document while the server is away,
 * edits it, and merges it with the document the new server loads from the store.
 */
describe.each(engines)('co-editing across a server restart on %s', (engine) => {
  let first: TestServer;
  let second: TestServer | undefined;
  let provider: HocuspocusProvider | undefined;

  beforeAll(async () => {
    first = await buildTestServer(engine, { readCacheMs: 500 }, { collabStoreDelayMs: { after: 200, atMost: 1000 } });
    await first.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    provider?.destroy();
    await second?.close();
    await first.close();
  });

  it('keeps the edits made before the restart and while the server was away, each component once', async () => {
    const token = await first.login('admin', ADMIN_PASSWORD, '_root');
    const { appId } = (await first.call('POST', '/save/saveApp', { appId: null, appName: 'Mulai Ulang', appDescription: '' }, token)).json().data;
    const { pageId } = (await first.call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: 'Bertahan' }] }, token)).json().data.pages[0];
    const port = (first.app.server.address() as { port: number }).port;

    // The browser's client id is below any the server may draw, and it makes the components: a
    // document rebuilt on the server from the JSON would win every component against its copy.
    const doc = new Y.Doc();
    doc.clientID = 1;
    const joined = builder(socketOf(first), pageId, token, doc);
    provider = joined.provider;
    await until(() => joined.events.synced > 0, 'the editor to sync');
    writeComponentsToDoc(doc, [createComponent('input', 'nama', 'Sebelum'), createComponent('text', 'judul', 'Judul')]);
    const storedTitles = async () => summary(JSON.parse((await findPage(first.store, pageId))!.pageComponents) as Component[]);
    await until(async () => (await storedTitles()) === 'nama:Sebelum,judul:Judul', 'the edit to be stored', 10_000);

    await first.app.close();
    await until(() => joined.events.closedWith !== null, 'the socket to close');
    // Offline: a setting of the same component, and another component's title.
    edit(doc, 'nama', { placeholder: 'Tulis nama' });
    edit(doc, 'judul', { title: 'Judul Luring' });

    second = await anotherProcess(first, { appOptions: { collabStoreDelayMs: { after: 200, atMost: 1000 } } });
    await second.app.listen({ port, host: '127.0.0.1' });
    await until(async () => {
      const page = JSON.parse((await findPage(second!.store, pageId))!.pageComponents) as Component[];
      return summary(page) === 'nama:Sebelum,judul:Judul Luring' && (page[0] as { placeholder?: string }).placeholder === 'Tulis nama';
    }, 'both edits to be stored by the new server', 15_000);
    const page = JSON.parse((await findPage(second.store, pageId))!.pageComponents) as Component[];
    expect(page.map((c) => c.id)).toEqual(['nama', 'judul']);
    expect(componentsMapOf(doc).size).toBe(2);
    expect(componentsOfDoc(doc)).toEqual(page);
  });
});

/**
 * Two replicas on one store and one Redis: a page no one had open, loaded by both at the same
 * moment, a builder on each editing a different setting of the same component.
 */
describe.each(engines)('co-editing one page first opened on two replicas at once on %s', (engine) => {
  const cluster = useReplicas(engine, { count: 2, appOptions: { collabStoreDelayMs: { after: 300, atMost: 1500 } } });
  let first: TestServer;
  let second: TestServer;
  beforeAll(() => { [first, second] = cluster.replicas as [TestServer, TestServer]; });

  it('keeps both builders\' edits, tells each when they are stored, and reaches them with REST writes and a deletion', async () => {
    const token = await first.login('admin', ADMIN_PASSWORD, '_root');
    const { appId } = (await first.call('POST', '/save/saveApp', { appId: null, appName: 'Serentak', appDescription: '' }, token)).json().data;
    const { pageId } = (await first.call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: 'Bersama' }] }, token)).json().data.pages[0];
    await first.call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify([createComponent('input', 'nama', 'Nama'), createComponent('text', 'judul', 'Judul')]) }] }, token);

    // Both join at once, and edit the moment they have the document.
    const onFirst = cluster.join(first, `page/${pageId}`, token);
    const onSecond = cluster.join(second, `page/${pageId}`, token);
    // The Yjs item each builder first got for the component: the same on both replicas.
    const firstItems: (string | undefined)[] = [];
    const itemOf = (doc: Y.Doc) => {
      const item = componentsMapOf(doc)._map.get('nama');
      return item === undefined ? undefined : `${item.id.client}:${item.id.clock}`;
    };
    onFirst.provider.on('synced', () => {
      if (componentsOfDoc(onFirst.doc)[0]?.title !== 'Nama') return;
      firstItems[0] = itemOf(onFirst.doc);
      edit(onFirst.doc, 'nama', { title: 'Nama Lengkap' });
    });
    onSecond.provider.on('synced', () => {
      if (componentsOfDoc(onSecond.doc)[0]?.placeholder !== '') return;
      firstItems[1] = itemOf(onSecond.doc);
      edit(onSecond.doc, 'nama', { placeholder: 'Nama sesuai KTP' });
    });

    const both = (doc: Y.Doc) => {
      const nama = componentsOfDoc(doc)[0] as { title?: string; placeholder?: string } | undefined;
      return nama?.title === 'Nama Lengkap' && nama.placeholder === 'Nama sesuai KTP';
    };
    await until(() => both(onFirst.doc) && both(onSecond.doc), 'each builder to see both edits', 10_000);
    expect(componentsOfDoc(onFirst.doc)).toEqual(componentsOfDoc(onSecond.doc));
    expect(firstItems[0]).toBeDefined();
    expect(firstItems[0]).toBe(firstItems[1]);
    expect(itemOf(onFirst.doc)).toBe(firstItems[0]);
    const storedPage = async () => JSON.parse((await findPage(first.store, pageId))!.pageComponents) as Component[];
    await until(async () => {
      const nama = (await storedPage())[0] as { title?: string; placeholder?: string };
      return nama.title === 'Nama Lengkap' && nama.placeholder === 'Nama sesuai KTP';
    }, 'the store to keep both', 10_000);
    // Each builder hears that his own edit is stored, whichever replica stored it.
    for (const view of [onFirst, onSecond]) await until(() => view.events.stored.some((m) => covers(m, view.doc)), 'a stored message covering the builder\'s edit', 10_000);

    // A REST save on the first replica reaches the builder on the second. Based on the revision
    // it read: a replica may still store the documents' last edit after it, and then the save is
    // refused (409) as any client's would be; like a client, it reads the page again and retries.
    const restSave = async () => {
      const page = (await findPage(first.store, pageId))!;
      return first.call('POST', '/save/saveApp', {
        appId, pages: [{ pageId, revision: page.revision, pageComponents: JSON.stringify((await storedPage()).map((c) => (c.id === 'judul' ? { ...c, title: 'Judul REST' } : c))) }],
      }, token);
    };
    let response = await restSave();
    for (let attempt = 1; attempt < 5 && response.statusCode === 409; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      response = await restSave();
    }
    expect(response.statusCode, response.body).toBe(200);
    await until(() => componentsOfDoc(onSecond.doc)[1]?.title === 'Judul REST' && componentsOfDoc(onFirst.doc)[1]?.title === 'Judul REST', 'both builders to see the REST save');

    // Deleting the page on the second replica disconnects the builder on the first too.
    expect((await second.call('DELETE', `/page/${pageId}`, undefined, token)).statusCode).toBe(200);
    await until(() => onFirst.events.closedWith !== null && onSecond.events.closedWith !== null, 'both builders to be disconnected');
    expect([onFirst.events.closedWith, onSecond.events.closedWith]).toEqual([COLLAB_CLOSE.deleted.reason, COLLAB_CLOSE.deleted.reason]);
  });

  it('brings a REST save and a deletion on a replica that does not have the page open to the builder on the one that has', async () => {
    const token = await first.login('admin', ADMIN_PASSWORD, '_root');
    const { appId } = (await first.call('POST', '/save/saveApp', { appId: null, appName: 'Jauh', appDescription: '' }, token)).json().data;
    const { pageId } = (await first.call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: 'Di Sana' }] }, token)).json().data.pages[0];
    await first.call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify([createComponent('input', 'nama', 'Nama'), createComponent('text', 'judul', 'Judul')]) }] }, token);
    const onSecond = cluster.join(second, `page/${pageId}`, token);
    await until(() => onSecond.events.synced > 0, 'the editor to sync');
    edit(onSecond.doc, 'nama', { title: 'Belum disimpan' });
    await until(() => !onSecond.provider.hasUnsyncedChanges, 'the edit to reach the second replica');

    const page = (await findPage(first.store, pageId))!;
    const components = JSON.parse(page.pageComponents) as Component[];
    const response = await first.call('POST', '/save/saveApp', {
      appId, pages: [{ pageId, revision: page.revision, pageComponents: JSON.stringify(components.map((c) => (c.id === 'judul' ? { ...c, title: 'Dari replika lain' } : c))) }],
    }, token);
    expect(response.statusCode, response.body).toBe(200);
    await until(() => summary(componentsOfDoc(onSecond.doc)) === 'nama:Belum disimpan,judul:Dari replika lain', 'the builder to see the REST save with his edit');
    await until(async () => summary(JSON.parse((await findPage(first.store, pageId))!.pageComponents) as Component[]) === 'nama:Belum disimpan,judul:Dari replika lain', 'the store to keep both', 10_000);

    expect((await first.call('DELETE', `/page/${pageId}`, undefined, token)).statusCode).toBe(200);
    await until(() => onSecond.events.closedWith !== null, 'the builder to be disconnected');
    expect(onSecond.events.closedWith).toBe(COLLAB_CLOSE.deleted.reason);
  });
});
