import { readFileSync } from 'node:fs';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HocuspocusProvider } from '@hocuspocus/provider';
import { type Component, createComponent, Messages } from '@rakit/core';
import { componentsOfDoc, writeComponentsToDoc } from '@rakit/core/page-ydoc';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as Y from 'yjs';
import { type Api, apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { ADMIN_PASSWORD, baseUrl, launchBrowser, newPage } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { commandExists, onPostgres, POSTGRES } from './cluster';

const TEMPLATE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/product-sheet.docx');
const ROWS = 45;

/** What the browser user would see as an error: a 5xx answer, a request that failed, or the app's error notice. */
function watchForErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => { if (response.status() >= 500) seen.push(`${response.status()} ${response.request().method()} ${response.url()}`); });
  // ERR_ABORTED is the browser's own cancel (a navigation leaving a call behind), not an answer.
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') seen.push(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
  });
  return seen;
}

/** `count` sequential calls through the balancer; least_conn alternates between idle replicas. */
async function throughBalancer(count: number, call: () => Promise<Response>): Promise<{ status: number; bytes: Buffer }[]> {
  const answers = [];
  for (let i = 0; i < count; i += 1) {
    const response = await call();
    answers.push({ status: response.status, bytes: Buffer.from(await response.arrayBuffer()) });
  }
  return answers;
}

/** Which replicas answered the requests logged since `from` (the access log's upstream=… field). */
function upstreamsSince(accessLog: string, from: number, pathPart: string): string[] {
  return readFileSync(accessLog, 'utf8').slice(from).split('\n')
    .filter((line) => line.includes(pathPart)).map((line) => /upstream=(\S+)/.exec(line)?.[1] ?? '');
}

/**
 * Sequential calls through the balancer until both replicas have answered one (at least `count`,
 * at most `count + 4`). least_conn alternates between idle replicas, but a connection another
 * test left closing can keep one replica busy for a call or two: that is nginx doing its job,
 * not a replica refusing the call.
 */
async function onBothReplicas(accessLog: string, pathPart: string, count: number, call: () => Promise<Response>) {
  const logStart = readFileSync(accessLog, 'utf8').length;
  const answers: { status: number; bytes: Buffer }[] = [];
  const answeredBy = () => new Set(upstreamsSince(accessLog, logStart, pathPart));
  while (answers.length < count || (answeredBy().size < 2 && answers.length < count + 4)) {
    answers.push(...await throughBalancer(1, call));
  }
  const log = readFileSync(accessLog, 'utf8').slice(logStart);
  return { answers, replicas: answeredBy().size, log };
}

/**
 * A deployment as an operator runs one (e2e/deployment/global-setup.ts): two replicas started at
 * the same moment on one fresh PostgreSQL store and Redis, each with its own data folder, and
 * nginx running deploy/nginx.conf in front. Everything below goes through nginx, as people would;
 * halfway, one replica is killed with SIGKILL and the member goes on working without an error.
 */
describe('two replicas behind nginx', () => {
  const deployment = inject('deployment');
  const stamp = Date.now().toString(36);
  const shopDatabase = `${deployment.database}_shop`;
  let admin: Api;
  let appId: number;
  let browser: Browser;

  beforeAll(async () => {
    // The application's own data (not the metadata store): a PostgreSQL database with 45 goods.
    await onPostgres([`CREATE DATABASE ${shopDatabase}`]);
    await onPostgres([
      'CREATE TABLE goods (id SERIAL PRIMARY KEY, name VARCHAR(100) NOT NULL, price INT NOT NULL)',
      `INSERT INTO goods (name, price) SELECT 'Item ' || lpad(i::text, 2, '0'), i * 10 FROM generate_series(1, ${ROWS}) AS i`,
    ], shopDatabase);
    admin = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    appId = await demoAppId();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await onPostgres([`DROP DATABASE IF EXISTS ${shopDatabase} WITH (FORCE)`]);
  });

  it('starts both replicas at the same moment on the empty store, with one demo application', async () => {
    const crashed = deployment.firstStarts.filter((s) => s.exit !== null);
    expect(crashed.map((s) => `replica ${s.index} exited with ${s.exit}:\n${s.output}`)).toEqual([]);
    const ids = await Promise.all(deployment.replicas.map(async (r) =>
      ((await (await fetch(`${r.base}/get/getApp/slug/demo`)).json()) as { data: { appId: number } }).data.appId));
    expect(new Set(ids).size).toBe(1);
  });

  it('serves the demo shop\'s products table from every replica', async () => {
    const member = await demoToken(DEMO_MEMBER, ADMIN_PASSWORD);
    for (const replica of deployment.replicas) {
      const headers = { authorization: `Bearer ${member}`, 'content-type': 'application/json' };
      const page = (await (await fetch(`${replica.base}/get/getPage/slug/products`, { headers })).json()) as { data: { pageId: number; pageComponents: string }[] };
      const products = page.data[0];
      const table = (JSON.parse(products?.pageComponents ?? '[]') as Component[]).find((c) => c.type === 'table');
      const answer = await fetch(`${replica.base}/get/loadTableContent`, { method: 'POST', headers, body: JSON.stringify({ pageId: products?.pageId, componentId: table?.id }) });
      expect(`replica ${replica.index}: ${answer.status}`).toBe(`replica ${replica.index}: 200`);
    }
  });

  it('downloads through either replica the file the administrator uploaded through the page', async () => {
    const created = await admin<{ pages: { pageId: number; pageSlug: string }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: `Lampiran ${stamp}` }] });
    const { pageId, pageSlug } = created.data.pages[0] as { pageId: number; pageSlug: string };
    const components = [{ ...createComponent('fileupload', 'lampiran', 'Lampiran'), required: false }];
    expect((await admin('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] })).status).toBe(true);

    const page = await newPage(browser);
    const errors = watchForErrors(page);
    await signInToDemo(page);
    await page.goto(`/demo/admin/${pageSlug}`);
    const uploaded = page.waitForResponse((r) => r.url().includes('/file/upload'));
    const content = `catatan gudang ${stamp}`;
    await page.locator('input[type="file"]').setInputFiles({ name: 'catatan.txt', mimeType: 'text/plain', buffer: Buffer.from(content) });
    const answer = await uploaded;
    expect(answer.status()).toBe(201);
    const fileId = ((await answer.json()) as { data: { fileId: string }[] }).data[0]?.fileId;
    await page.getByText('catatan.txt').first().waitFor();
    expect(errors).toEqual([]);
    await page.context().close();

    const token = await demoToken(DEMO_ADMIN, ADMIN_PASSWORD);
    const { answers: downloads, replicas, log } = await onBothReplicas(deployment.accessLog, '/file/download/', 4,
      () => fetch(new URL(`/file/download/${fileId}`, baseUrl()), { headers: { authorization: `Bearer ${token}` } }));
    expect(replicas, log).toBe(2);
    expect(downloads.every((d) => d.status === 200), log).toBe(true);
    for (const d of downloads) expect(d.bytes.toString()).toContain(content);
  });

  it.skipIf(!commandExists('soffice'))('lists the print template and prints it to PDF through either replica', async () => {
    const token = await demoToken(DEMO_ADMIN, ADMIN_PASSWORD);
    const form = new FormData();
    form.append('file', new Blob([readFileSync(TEMPLATE)]), 'product-sheet.docx');
    const upload = await fetch(new URL(`/print/uploadTemplate?appId=${appId}`, baseUrl()), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(upload.status).toBeLessThan(300);
    for (let i = 0; i < 2; i += 1) {
      const listed = await admin<{ templateFilename: string }[]>('GET', `/print/listTemplates?appId=${appId}`);
      expect(listed.data.map((t) => t.templateFilename)).toContain('product-sheet.docx');
    }
    const body = JSON.stringify({ data: { name: 'Kopi Bubuk 200 g', category: 'Minuman', clerk: DEMO_ADMIN, lines: [{ product: 'Kopi', price: 18000 }] } });
    const { answers: prints, replicas, log } = await onBothReplicas(deployment.accessLog, '/print/blob/pdf/', 2,
      () => fetch(new URL(`/print/blob/pdf/product-sheet.docx?appId=${appId}`, baseUrl()), {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body,
      }));
    expect(replicas, log).toBe(2);
    expect(prints.every((p) => p.status === 200), log).toBe(true);
    for (const p of prints) {
      const pdf = Buffer.from((JSON.parse(p.bytes.toString()) as { data: { buffer: string } }).data.buffer, 'base64');
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('records the run of the trigger the administrator\'s button starts, seen through either replica', async () => {
    const trigger = await admin<{ action: { actionId: number } }>('POST', '/action/saveTrigger', {
      triggerId: null, triggerAppId: appId, triggerAlias: `lapor-${stamp}`, triggerParams: JSON.stringify(['pelapor']),
    });
    const triggerId = trigger.data.action.actionId;
    const created = await admin<{ pages: { pageId: number; pageSlug: string }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: `Lapor ${stamp}` }] });
    const { pageId, pageSlug } = created.data.pages[0] as { pageId: number; pageSlug: string };
    const button: Component = {
      ...createComponent('button', 'kirim', 'Kirim'),
      custom_action: [{ name: 'Lapor', action: 'TRIGGER', cause: '', show: true, raw: { id: triggerId, params: [{ name: 'pelapor', source: '--userId--' }] } }],
    } as Component;
    expect((await admin('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify([button]) }] })).status).toBe(true);

    const page = await newPage(browser);
    const errors = watchForErrors(page);
    await signInToDemo(page);
    await page.goto(`/demo/admin/${pageSlug}`);
    await page.getByRole('button', { name: 'Kirim' }).click();
    await page.getByText(Messages.actionSucceeded).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
    for (let i = 0; i < 2; i += 1) {
      const runs = await admin<{ userId: string; params: Record<string, unknown> }[]>('GET', `/action/triggerRuns/${triggerId}`);
      expect(runs.data[0]).toMatchObject({ userId: DEMO_ADMIN, params: { pelapor: DEMO_ADMIN } });
    }
  });

  it('lets builders pinned to different replicas edit one page together, and one through nginx', async () => {
    const { pageId } = (await admin<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: `Bareng ${stamp}` }] })).data.pages[0]!;
    const token = await demoToken(DEMO_ADMIN, ADMIN_PASSWORD);
    const socketOf = (base: string) => `${base.replace(/^http/, 'ws')}/collab`;
    const [first, second] = deployment.replicas as [{ base: string }, { base: string }, ...unknown[]];
    const builders = [socketOf(first.base), socketOf(second.base), socketOf(baseUrl())].map((url) => {
      const doc = new Y.Doc();
      const state = { synced: false };
      const provider = new HocuspocusProvider({ url, name: `page/${pageId}`, document: doc, token, onSynced: () => { state.synced = true; } });
      return { doc, state, provider };
    });
    try {
      const [onFirst, onSecond, throughNginx] = builders as [typeof builders[number], typeof builders[number], typeof builders[number]];
      const ids = (doc: Y.Doc) => componentsOfDoc(doc).map((c) => c.id);
      await expect.poll(() => builders.every((b) => b.state.synced), { timeout: 10_000 }).toBe(true);
      writeComponentsToDoc(onFirst.doc, [createComponent('input', 'replika-satu', 'Replika satu')]);
      await expect.poll(() => [ids(onSecond.doc), ids(throughNginx.doc)], { timeout: 5000 }).toEqual([['replika-satu'], ['replika-satu']]);
      writeComponentsToDoc(throughNginx.doc, [...componentsOfDoc(throughNginx.doc), createComponent('text', 'lewat-nginx', 'Lewat nginx')]);
      await expect.poll(() => [ids(onFirst.doc), ids(onSecond.doc)], { timeout: 5000 }).toEqual([['replika-satu', 'lewat-nginx'], ['replika-satu', 'lewat-nginx']]);
      const stored = async () => (JSON.parse((await admin<{ pageComponents: string }[]>('GET', `/get/getPage/${pageId}`)).data[0]?.pageComponents ?? '[]') as Component[]).map((c) => c.id);
      await expect.poll(stored, { timeout: 10_000 }).toEqual(['replika-satu', 'lewat-nginx']);
    } finally {
      for (const builder of builders) builder.provider.destroy();
    }
  });

  it('keeps serving everyone while an author\'s widget answers 502/503 again and again', async () => {
    // The author's part (any builder's, for his own application): a connection to his database
    // server, which then goes away (a forwarder to PostgreSQL, closed once the connection is saved).
    const open = new Set<Socket>();
    const forwarder = createServer((client) => {
      const upstream = connect(POSTGRES.port, POSTGRES.host);
      for (const socket of [client, upstream]) {
        open.add(socket);
        socket.on('error', () => { client.destroy(); upstream.destroy(); });
        socket.on('close', () => open.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => forwarder.listen(0, '127.0.0.1', resolve));
    const saved = await admin<{ dbId: number }>('POST', '/save/saveDbConfig', {
      dbId: null, dbAppId: appId, dbType: 'postgres', dbHost: '127.0.0.1', dbPort: (forwarder.address() as AddressInfo).port,
      dbUser: POSTGRES.user, dbPassword: '', dbDatabase: shopDatabase,
    });
    expect(saved.error ?? []).toEqual([]);
    await new Promise((resolve) => { forwarder.close(resolve); for (const socket of open) socket.destroy(); });
    const created = await admin<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: `Rusak ${stamp}` }] });
    const pageId = (created.data.pages[0] as { pageId: number }).pageId;
    const broken: Component = { ...createComponent('table', 'rusak', 'Rusak'), database_used: saved.data.dbId, primaryKey: 'id', table_used: 'goods', options: 'Name', mapping_table: 'name' };
    expect((await admin('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify([broken]) }] })).status).toBe(true);
    const token = await demoToken(DEMO_ADMIN, ADMIN_PASSWORD);
    const statuses = (await throughBalancer(8, () => fetch(new URL('/get/loadTableContent', baseUrl()), {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ pageId, componentId: 'rusak' }),
    }))).map((a) => a.status);
    // The replicas' own answer for an unreachable application database.
    expect(statuses.every((status) => status === 502 || status === 503), statuses.join(',')).toBe(true);
    // nginx did not count those against the replicas: everyone else is served, by both.
    const { answers: others, replicas, log } = await onBothReplicas(deployment.accessLog, '/get/getApp/slug/demo', 6,
      () => fetch(new URL('/get/getApp/slug/demo', baseUrl())));
    expect(others.every((a) => a.status === 200), log).toBe(true);
    expect(replicas, log).toBe(2);
  });

  describe('a member and two builders, while one replica is killed', () => {
    let page: Page;
    let errors: string[];
    const table = () => page.getByTestId('data-table');
    /** Two builders in their browsers, through nginx, on one page of the editor (issue 33). */
    let builders: [Page, Page];
    let builderPageId: number;
    /** Where the access log stood before the builders' sockets opened. */
    let socketsLogStart: number;
    const row = (tab: Page, title: string) => tab.locator(`[data-testid="editor-component"][data-title="${title}"]`);
    const titles = (tab: Page) => tab.locator('[data-testid="editor-component"]').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.title));
    const storedTitles = async () => (JSON.parse((await admin<{ pageComponents: string }[]>('GET', `/get/getPage/${builderPageId}`)).data[0]?.pageComponents ?? '[]') as Component[]).map((c) => c.title);
    async function allEqual(expected: string[]) {
      for (const tab of builders) await expect.poll(() => titles(tab), { timeout: 20_000 }).toEqual(expected);
      for (const tab of builders) await tab.getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor({ timeout: 20_000 });
      expect(await storedTitles()).toEqual(expected);
    }
    async function relabel(tab: Page, from: string, to: string) {
      await row(tab, from).getByText(from).first().click();
      await tab.getByTestId('config-panel').getByLabel('Label').fill(to);
      await row(tab, to).waitFor();
    }

    beforeAll(async () => {
      const saved = await admin<{ dbId: number }>('POST', '/save/saveDbConfig', {
        dbId: null, dbAppId: appId, dbType: 'postgres', dbHost: POSTGRES.host, dbPort: POSTGRES.port, dbUser: POSTGRES.user, dbPassword: '', dbDatabase: shopDatabase,
      });
      expect(saved.error ?? []).toEqual([]);
      const created = await admin<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: `Barang ${stamp}` }] });
      const pageId = (created.data.pages[0] as { pageId: number }).pageId;
      const goods: Component = {
        ...createComponent('table', 'goods', 'Barang'), database_used: saved.data.dbId, primaryKey: 'id', table_used: 'goods', options: 'Name,Price', mapping_table: 'name,price',
      };
      expect((await admin('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify([goods]) }] })).status).toBe(true);
      await menuForStaff(admin, appId, `Gudang ${stamp}`, [['Barang', pageId]]);
      page = await newPage(browser);
      errors = watchForErrors(page);

      const editorPage = await admin<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: `Langsung ${stamp}` }] });
      builderPageId = (editorPage.data.pages[0] as { pageId: number }).pageId;
      expect((await admin('POST', '/save/saveApp', { appId, pages: [{ pageId: builderPageId, pageComponents: JSON.stringify([createComponent('input', 'nama', 'Nama')]) }] })).status).toBe(true);
      builders = [await newPage(browser, { viewport: { width: 1366, height: 900 } }), await newPage(browser, { viewport: { width: 1366, height: 900 } })];
      // One after the other: nginx (least_conn) sends the second socket to the replica without one.
      socketsLogStart = readFileSync(deployment.accessLog, 'utf8').length;
      for (const tab of builders) {
        await signInToDemo(tab);
        await tab.goto(`/demo/form-editor?page=${builderPageId}`);
        await tab.locator('[data-testid="sync-indicator"][data-live="live"]').waitFor();
      }
    });

    it('signs in and opens the table', async () => {
      await signInToDemo(page, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
      await page.goto(`/demo/staff/barang-${stamp}`);
      await page.getByTestId('total-item').filter({ hasText: `Total Item: ${ROWS}` }).waitFor();
      await table().getByRole('cell', { name: 'Item 20', exact: true }).waitFor();
    });

    it('lets two builders, their sockets on different replicas, see each other and edit one page live', async () => {
      const [andi, budi] = builders;
      for (const tab of builders) await tab.getByTestId('peer-avatars').getByLabel(DEMO_ADMIN).waitFor();
      await andi.locator('[data-palette-type="text"]').click();
      await row(budi, 'Text 1').waitFor();
      await relabel(budi, 'Nama', 'Nama Lengkap');
      await row(andi, 'Nama Lengkap').waitFor();
      await allEqual(['Nama Lengkap', 'Text 1']);
    });

    it('goes on paging, reloading and reading after a replica is killed (SIGKILL), without an error', async () => {
      const victim = deployment.replicas[1] as { pid: number; port: number };
      const logStart = readFileSync(deployment.accessLog, 'utf8').length;
      process.kill(victim.pid, 'SIGKILL');
      await table().getByRole('button', { name: 'Next' }).click();
      await table().getByRole('cell', { name: 'Item 21', exact: true }).waitFor();
      await table().getByRole('button', { name: 'Next' }).click();
      await table().getByRole('cell', { name: 'Item 45', exact: true }).waitFor();
      await table().getByRole('button', { name: 'Prev' }).click();
      await table().getByRole('cell', { name: 'Item 40', exact: true }).waitFor();
      // A reload fetches the web app's files again and reopens the table where the member was.
      await page.reload();
      await page.getByTestId('total-item').filter({ hasText: `Total Item: ${ROWS}` }).waitFor();
      await table().getByRole('cell', { name: 'Item 40', exact: true }).waitFor();
      await table().getByRole('button', { name: 'Prev' }).click();
      await table().getByRole('cell', { name: 'Item 01', exact: true }).waitFor();
      await page.getByRole('navigation', { name: 'Application menu' }).getByText(`Gudang ${stamp}`).waitFor();
      expect(errors).toEqual([]);
      // nginx did try the dead replica and passed those requests on to the other (upstream=dead, live).
      const afterKill = upstreamsSince(deployment.accessLog, logStart, 'HTTP/1.1');
      expect(afterKill.some((upstreams) => upstreams.startsWith(`127.0.0.1:${victim.port},`))).toBe(true);
    });

    it('keeps both builders editing: the one whose replica died rejoins through the other, and nothing is lost', async () => {
      const [andi, budi] = builders;
      const victim = deployment.replicas[1] as { port: number };
      await andi.locator('[data-palette-type="button"]').click();
      await relabel(budi, 'Nama Lengkap', 'Nama Depan');
      await allEqual(['Nama Depan', 'Text 1', 'Button 1']);
      for (const tab of builders) await tab.locator('[data-testid="sync-indicator"][data-live="live"]').waitFor();
      // A socket is logged when it ends: of the builders' two, only the one on the killed replica
      // has (the other, on the living replica, is still open), so they were on different replicas.
      // (That builder's socket may have ended and reopened on the same replica before the kill,
      // on a loaded machine: one replica all the same.)
      const ended = upstreamsSince(deployment.accessLog, socketsLogStart, 'GET /collab');
      expect(new Set(ended)).toEqual(new Set([`127.0.0.1:${victim.port}`]));
    });
  });
});
