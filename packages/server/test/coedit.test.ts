import type { HocuspocusProvider } from '@hocuspocus/provider';
import { createComponent } from '@rakit/core';
import { componentsMapOf, componentsOfDoc, writeComponentsToDoc } from '@rakit/core/page-ydoc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { COLLAB_CLOSE } from '../src/coedit/page-collab';
import { findAppById } from '../src/store/repositories/apps';
import { findPage } from '../src/store/repositories/pages';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './support/build';
import { coEditedApplication, joinDocument, socketOf, until, useReplicas } from './support/collab';
import { availableEngines } from './support/engines';

const engines = await availableEngines();

/**
 * Live co-editing (issue 33) through the real socket: Hocuspocus on the server's port, real
 * providers (the browser's) in this process, the page stored in each engine.
 */
describe.each(engines)('co-editing a page on %s', (engine) => {
  let server: TestServer;
  let url: string;
  let appId: number;
  let admin: string;
  let member: string;
  let otherAdmin: string;
  const providers: HocuspocusProvider[] = [];

  /** A builder's editor joining the page's document with `token`; how it ended if refused. */
  function join(pageId: number, token: string) {
    const joined = joinDocument(url, `page/${pageId}`, token);
    providers.push(joined.provider);
    return joined;
  }

  beforeAll(async () => {
    server = await buildTestServer(engine, { pageVersionFoldSeconds: 0, readCacheMs: 500 });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    url = socketOf(server);
    // A member of the application, and the administrator of another one (a self-registered builder).
    ({ appId, admin, member } = await coEditedApplication(server, { builder: '081455000001', member: '081455000002' }, 'Bareng'));
    await server.register('081455000003', 'password-3');
    const hostile = await server.login('081455000003', 'password-3', 'main');
    const other = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Lain', appDescription: '' }, hostile)).json().data;
    otherAdmin = await server.login('081455000003', 'password-3', other.appSlug);
  });
  afterAll(async () => {
    for (const provider of providers) provider.destroy();
    await server.close();
  });

  const findAppSlug = async (id: number) => (await findAppById(server.store, id))?.appSlug;

  const newPage = async (components = [createComponent('input', 'nama', 'Nama')]) => {
    const { pageId } = (await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: `Halaman ${Date.now()}` }] }, admin)).json().data.pages[0];
    await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] }, admin);
    return pageId as number;
  };

  it('shares two builders\' edits of different components, and stores the page with a version', async () => {
    const pageId = await newPage();
    const first = join(pageId, admin);
    const second = join(pageId, admin);
    await until(() => first.events.synced > 0 && second.events.synced > 0, 'both editors to sync');
    expect(componentsOfDoc(first.doc).map((c) => c.id)).toEqual(['nama']);

    writeComponentsToDoc(first.doc, [...componentsOfDoc(first.doc), createComponent('text', 'judul', 'Judul')]);
    writeComponentsToDoc(second.doc, componentsOfDoc(second.doc).map((c) => (c.id === 'nama' ? { ...c, title: 'Nama Lengkap' } : c)));
    await until(() => componentsOfDoc(first.doc).length === 2 && componentsOfDoc(second.doc).length === 2
      && componentsOfDoc(first.doc)[0]?.title === 'Nama Lengkap', 'each to see the other\'s edit');
    expect(componentsOfDoc(first.doc)).toEqual(componentsOfDoc(second.doc));

    const summary = (components: { id: string; title: unknown }[]) => components.map((c) => `${c.id}:${String(c.title)}`).join(',');
    const stored = async () => summary(JSON.parse((await findPage(server.store, pageId))?.pageComponents ?? '[]') as { id: string; title: unknown }[]);
    await until(async () => (await stored()) === summary(componentsOfDoc(first.doc)), 'the page to be stored', 10_000);
    expect(await stored()).toBe('nama:Nama Lengkap,judul:Judul');
    const page = await findPage(server.store, pageId);
    expect(page!.revision).toBeGreaterThan(2);
    const versions = await server.store.selectFrom('pageVersions').select('summary').where('pageId', '=', pageId).execute();
    expect(versions.map((v) => v.summary).join(' ')).toMatch(/Judul|Nama Lengkap/);
  });

  it('refuses an anonymous caller, a member, another application\'s administrator and a made-up page', async () => {
    const pageId = await newPage();
    for (const [who, token, name] of [['nobody', 'not-a-token', pageId], ['member', member, pageId], ['other admin', otherAdmin, pageId], ['no page', admin, 999_999]] as const) {
      const tried = join(name, token);
      await until(() => tried.events.refused !== null, `${who} to be refused`);
      expect(tried.events.synced, who).toBe(0);
      expect(componentsMapOf(tried.doc).size, who).toBe(0);
    }
  });

  it('ends the connection of a builder whose session was revoked, whether he edits or only watches', async () => {
    const pageId = await newPage();
    await server.register('081455000004', 'password-4', appId);
    const adminGroup = (await server.call('GET', `/auth/listgroup/${appId}`, undefined, admin)).json().data.find((g: { groupSlug: string }) => g.groupSlug === 'admin');
    await server.addToGroup('081455000004', adminGroup.groupId);
    const appSlug = (await findAppSlug(appId))!;
    const editing = join(pageId, await server.login('081455000004', 'password-4', appSlug));
    const watching = join(pageId, await server.login('081455000004', 'password-4', appSlug));
    const honest = join(pageId, admin);
    await until(() => editing.events.synced > 0 && watching.events.synced > 0 && honest.events.synced > 0, 'the editors to sync');
    // A new password revokes every session he had.
    await server.call('PUT', '/auth/changePassword', { data: { userId: '081455000004', password: 'password-5', confirm_password: 'password-5', appId } }, admin);
    writeComponentsToDoc(editing.doc, [...componentsOfDoc(editing.doc), createComponent('text', 'late', 'Terlambat')]);
    await until(() => editing.events.closedWith !== null && watching.events.closedWith !== null, 'both revoked connections to end', 8000);
    expect(editing.events.closedWith).toBe(COLLAB_CLOSE.forbidden.reason);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(componentsOfDoc(honest.doc).map((c) => c.id)).toEqual(['nama']);
  });

  it('cuts off a hostile editor whose change the page model refuses, and keeps the page as it was', async () => {
    const pageId = await newPage();
    const honest = join(pageId, admin);
    const hostile = join(pageId, admin);
    await until(() => honest.events.synced > 0 && hostile.events.synced > 0, 'both editors to sync');
    const before = (await findPage(server.store, pageId))!.pageComponents;
    // A component of a type no widget has, and a script where a title belongs.
    hostile.doc.transact(() => {
      const rocket = new Y.Map<unknown>();
      componentsMapOf(hostile.doc).set('rocket', rocket);
      rocket.set('type', 'rocket');
      rocket.set('@order', 'a0');
      componentsMapOf(hostile.doc).get('nama')!.set('width', 'everything');
    });
    await until(() => hostile.events.closedWith !== null, 'the hostile editor to be cut off');
    expect(hostile.events.closedWith).toBe(COLLAB_CLOSE.refused.reason);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(componentsOfDoc(honest.doc).map((c) => c.id)).toEqual(['nama']);
    expect(componentsOfDoc(honest.doc)[0]!.width).not.toBe('everything');
    expect((await findPage(server.store, pageId))!.pageComponents).toBe(before);

    // A huge update is cut off at the socket, before it is even read.
    const flooding = join(pageId, admin);
    await until(() => flooding.events.synced > 0, 'the flooding editor to sync');
    componentsMapOf(flooding.doc).get('nama')!.set('title', 'x'.repeat(3_000_000));
    await until(() => flooding.events.closedWith !== null, 'the flooding editor to be cut off');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(componentsOfDoc(honest.doc)[0]!.title).toBe('Nama');
    expect((await findPage(server.store, pageId))!.pageComponents).toBe(before);
  });

  // Last: it closes the server.
  it('stores every edit the others saw before the server stops', async () => {
    const pageId = await newPage();
    const first = join(pageId, admin);
    const second = join(pageId, admin);
    await until(() => first.events.synced > 0 && second.events.synced > 0, 'both editors to sync');
    writeComponentsToDoc(first.doc, [...componentsOfDoc(first.doc), createComponent('text', 'akhir', 'Sebelum berhenti')]);
    await until(() => componentsOfDoc(second.doc).length === 2, 'the other editor to see the edit');
    await server.app.close();
    const stored = JSON.parse((await findPage(server.store, pageId))!.pageComponents) as { id: string }[];
    expect(stored.map((c) => c.id)).toEqual(['nama', 'akhir']);
  });
});

/**
 * Across replicas (issue 33): two servers on one store and one Redis, a builder on each, as a
 * balancer pins them. Each sees the other's edits live; the page is stored once per change.
 */
describe.each(engines)('co-editing across two replicas on %s', (engine) => {
  const cluster = useReplicas(engine, { count: 2 });
  let first: TestServer;
  let second: TestServer;
  beforeAll(() => { [first, second] = cluster.replicas as [TestServer, TestServer]; });
  const join = (server: TestServer, pageId: number, token: string) => cluster.join(server, `page/${pageId}`, token);

  it('shows each builder the other\'s edits through Redis, and stores the page', async () => {
    const token = await first.login('admin', ADMIN_PASSWORD, '_root');
    const { appId } = (await first.call('POST', '/save/saveApp', { appId: null, appName: 'Dua Replika', appDescription: '' }, token)).json().data;
    const { pageId } = (await first.call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: 'Bersama' }] }, token)).json().data.pages[0];
    const onFirst = join(first, pageId, token);
    const onSecond = join(second, pageId, token);
    await until(() => onFirst.events.synced > 0 && onSecond.events.synced > 0, 'both editors to sync');

    writeComponentsToDoc(onFirst.doc, [createComponent('input', 'dari-satu', 'Dari replika satu')]);
    await until(() => componentsOfDoc(onSecond.doc).length === 1, 'the second replica\'s builder to see it');
    writeComponentsToDoc(onSecond.doc, [...componentsOfDoc(onSecond.doc), createComponent('text', 'dari-dua', 'Dari replika dua')]);
    await until(() => componentsOfDoc(onFirst.doc).length === 2, 'the first replica\'s builder to see it');
    expect(componentsOfDoc(onFirst.doc)).toEqual(componentsOfDoc(onSecond.doc));

    const storedIds = async () => (JSON.parse((await findPage(first.store, pageId))?.pageComponents ?? '[]') as { id: string }[]).map((c) => c.id);
    await until(async () => (await storedIds()).length === 2, 'the page to be stored', 10_000);
    expect(await storedIds()).toEqual(['dari-satu', 'dari-dua']);
  });
});
