import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { MAX_CARD_NESTING, MAX_JSON_NESTING } from '@rakit/core';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { openDataSource } from '../../src/datasources/registry';
import { sqliteFile } from '../../src/datasources/sqlite';
import { MAX_LOOP_NESTING } from '../../src/documents/docx-template';
import type { StoredFileKind } from '../../src/storage/file-storage';
import { openStore } from '../../src/store/db';
import { buildTestServer, type TestServer } from '../support/build';
import { buildDocx } from '../support/docx';
import { availableEngines } from '../support/engines';
import { type HostileBuilder, hostileBuilder } from './hostile';

const engines = await availableEngines();

// A 1×1 PNG: a file the upload route accepts.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const BOUNDARY = '----hostile-boundary';

/** The start of a multipart body holding one file part, never closed: the request is cut short. */
const cutShortBody = (name: string) => Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`
  + 'the first bytes of a file and then nothing',
);
/** A whole, well-formed multipart body with one file part. */
const wholeBody = (name: string, content: Buffer) => Buffer.concat([
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
  content,
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

/** A chain of `count` cards, each inside the previous, as the pageComponents text an author saves. */
const nestedCards = (count: number): string => `[${'{"type":"card","children":['.repeat(count)}${']}'.repeat(count)}]`;
/** One input whose extra (unvalidated) field holds lists inside lists `depth` levels deep. */
const nestedExtraField = (depth: number): string => `[{"id":"i","type":"input","title":"I","extra":${'['.repeat(depth)}${']'.repeat(depth)}}]`;

/** A real .docx whose document body holds `depth` elements each inside the previous. */
const deeplyNestedDocx = (depth: number): Buffer => {
  const zip = new PizZip(buildDocx(['{name}']));
  const xml = zip.file('word/document.xml')?.asText() ?? '';
  zip.file('word/document.xml', xml.replace('</w:body>', `${'<w:sdt><w:sdtContent>'.repeat(depth / 2)}${'</w:sdtContent></w:sdt>'.repeat(depth / 2)}</w:body>`));
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
};

describe.each(engines)('trust boundary: malformed input answers 4xx and changes nothing (%s)', (engine) => {
  let server: TestServer;
  let hostile: HostileBuilder;
  let pageId: number;
  /** The page's components as stored before the hostile saves. */
  let savedComponents: string;

  beforeAll(async () => {
    // A body limit like production's, so the deep trees reach the routes.
    server = await buildTestServer(engine, { bodyLimitBytes: 5 * 1024 * 1024 });
    hostile = await hostileBuilder(server);
    const created = await server.call('POST', '/save/saveApp', { appId: hostile.appId, pages: [{ pageId: null, pageName: 'Deep' }] }, hostile.token);
    pageId = created.json().data.pages[0].pageId as number;
    const saved = await server.call('POST', '/save/saveApp', { appId: hostile.appId, pages: [{ pageId, pageComponents: '[{"id":"kept","type":"text","title":"Kept"}]' }] }, hostile.token);
    expect(saved.statusCode).toBe(200);
    savedComponents = await storedComponents();
  });
  afterAll(async () => { await server.close(); });

  const storedFiles = async (kind: StoredFileKind) => (await server.app.services.files.list(hostile.appId, kind)).map((file) => file.id);
  const storedComponents = async () => (await server.call('GET', `/get/getPage/${pageId}`, undefined, hostile.token)).json().data[0].pageComponents as string;
  const templates = async () => (await server.call('GET', `/print/listTemplates?appId=${hostile.appId}`, undefined, hostile.token)).json().data as unknown[];
  const send = (url: string, contentType: string, payload: Buffer) => server.app.inject({
    method: 'POST', url, payload,
    headers: { authorization: `Bearer ${hostile.token}`, 'app-id': String(hostile.appId), 'content-type': contentType },
  });
  const expectRefused = (response: { statusCode: number; json(): { status: boolean; error?: string[] } }, message: RegExp) => {
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const body = response.json();
    expect(body.status).toBe(false);
    expect(body.error?.join(' ')).toMatch(message);
  };

  describe.each([
    ['/file/upload', 'upload', 'logo.png', PNG],
    ['/print/uploadTemplate', 'print-template', 'letter.docx', buildDocx(['Dear {name}'])],
  ] as const)('%s', (route, kind, name, content) => {
    const url = () => (route === '/file/upload' ? route : `${route}?appId=${hostile.appId}`);

    it('answers 400 with a message to multipart without a boundary, and stores nothing', async () => {
      const before = await templates();
      expectRefused(await send(url(), 'multipart/form-data', wholeBody(name, content)), /boundary/i);
      expectRefused(await send(url(), 'multipart/form-data; boundary=', wholeBody(name, content)), /boundary/i);
      expect(await storedFiles(kind)).toEqual([]);
      expect(await templates()).toEqual(before);
    });

    it('answers 400 with a message to a multipart body cut short, and stores nothing', async () => {
      const before = await templates();
      expectRefused(await send(url(), `multipart/form-data; boundary=${BOUNDARY}`, cutShortBody(name)), /incomplete|cut short|unexpected end/i);
      expect(await storedFiles(kind)).toEqual([]);
      expect(await templates()).toEqual(before);
      // The same file, whole, is taken: what was refused was the cut, not the file.
      const whole = await send(url(), `multipart/form-data; boundary=${BOUNDARY}`, wholeBody(name, content));
      expect(whole.statusCode, whole.body).toBe(201);
      expect(await storedFiles(kind)).toHaveLength(1);
    });
  });

  it.each([MAX_CARD_NESTING + 2, 5000, 100_000])('refuses a chain of %i cards with a message, and keeps the saved page', async (count) => {
    const response = await server.call('POST', '/save/saveApp', { appId: hostile.appId, pages: [{ pageId, pageComponents: nestedCards(count) }] }, hostile.token);
    expectRefused(response, count < MAX_JSON_NESTING / 2 ? new RegExp(`cards are nested more than ${MAX_CARD_NESTING} deep`) : new RegExp(`nested more than ${MAX_JSON_NESTING} levels deep`));
    expect(await storedComponents()).toBe(savedComponents);
  });

  it.each([5000, 100_000])('refuses a component field nested %i deep with a message, and keeps the saved page', async (depth) => {
    const response = await server.call('POST', '/save/saveApp', { appId: hostile.appId, pages: [{ pageId, pageComponents: nestedExtraField(depth) }] }, hostile.token);
    expectRefused(response, new RegExp(`pageComponents is nested more than ${MAX_JSON_NESTING} levels deep`));
    expect(await storedComponents()).toBe(savedComponents);
  });

  it('still saves a component inside as many cards as the limit allows', async () => {
    const deepest = `[${'{"id":"c","type":"card","title":"C","children":['.repeat(MAX_CARD_NESTING)}{"id":"t","type":"text","title":"T"}${']}'.repeat(MAX_CARD_NESTING)}]`;
    const response = await server.call('POST', '/save/saveApp', { appId: hostile.appId, pages: [{ pageId, pageComponents: deepest }] }, hostile.token);
    expect(response.statusCode, response.body).toBe(200);
    const restored = await server.call('POST', '/save/saveApp', { appId: hostile.appId, pages: [{ pageId, pageComponents: savedComponents }] }, hostile.token);
    expect(restored.statusCode).toBe(200);
  });

  it('refuses a .docx template with 10,000 nested elements with a message, and stores nothing', async () => {
    const before = await templates();
    const files = await storedFiles('print-template');
    const response = await send(`/print/uploadTemplate?appId=${hostile.appId}`, `multipart/form-data; boundary=${BOUNDARY}`, wholeBody('deep.docx', deeplyNestedDocx(10_000)));
    expectRefused(response, /nested more than/);
    expect(await templates()).toEqual(before);
    expect(await storedFiles('print-template')).toEqual(files);
  });
  it.each([
    ['{#x}', '{/x}', ''],
    // docxtemplater lets a template change its delimiters: the guard reads the tags after the change.
    ['[[#x]]', '[[/x]]', '{=[[ ]]=}'],
  ])('refuses a .docx template with 2,000 loops %s nested in one another at once, and stores nothing', async (open, close, prelude) => {
    const before = await templates();
    const template = buildDocx([`${prelude}${open.repeat(2000)}{field}${close.repeat(2000)}`.replace('{field}', prelude === '' ? '{field}' : '[[field]]')]);
    const started = Date.now();
    const response = await send(`/print/uploadTemplate?appId=${hostile.appId}`, `multipart/form-data; boundary=${BOUNDARY}`, wholeBody('loops.docx', template));
    expectRefused(response, new RegExp(`loops are nested more than ${MAX_LOOP_NESTING} deep`));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await templates()).toEqual(before);
  });
});

describe('trust boundary: an author\'s server answering JSON nested 100,000 deep', () => {
  let server: TestServer;
  let hostile: HostileBuilder;
  let authorsServer: Server;
  let url: string;

  beforeAll(async () => {
    // The operator lets authors reach this machine, where the author's own server runs.
    server = await buildTestServer('sqlite', { allowPrivateUrls: true });
    hostile = await hostileBuilder(server);
    const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    authorsServer = createServer((_, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(deep));
    await new Promise<void>((resolve) => authorsServer.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(authorsServer.address() as AddressInfo).port}/answer`;
  });
  afterAll(async () => {
    authorsServer.close();
    await server.close();
  });

  it('shows the Request test\'s answer as text instead of failing', async () => {
    const response = await server.call('POST', '/action/testRequest', { appId: hostile.appId, url, method: 'GET' }, hostile.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.body).toMatch(/^\{"a":\[\[\[/);
  });
});

describe('trust boundary: the data directory is readable by its owner only', () => {
  let server: TestServer;
  let hostile: HostileBuilder;

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    hostile = await hostileBuilder(server);
  });
  afterAll(async () => { await server.close(); });

  /** Each path (relative to the data directory) with its permission bits in octal, or with `expected`'s. */
  const modes = (dataDir: string, paths: readonly string[], expected?: number) =>
    Object.fromEntries(paths.map((file) => [path.relative(dataDir, file), ((expected ?? statSync(file).mode) & 0o777).toString(8)]));

  it('creates the store and application databases owner-only (uploads and templates live in the store)', async () => {
    const { dataDir } = server.app.services.config;
    const boundary = BOUNDARY;
    const upload = await server.app.inject({
      method: 'POST', url: '/file/upload', payload: wholeBody('logo.png', PNG),
      headers: { authorization: `Bearer ${hostile.token}`, 'app-id': String(hostile.appId), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const template = await server.app.inject({
      method: 'POST', url: `/print/uploadTemplate?appId=${hostile.appId}`, payload: wholeBody('letter.docx', buildDocx(['Dear {name}'])),
      headers: { authorization: `Bearer ${hostile.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(template.statusCode, template.body).toBe(201);
    const database = openDataSource({ dbAppId: hostile.appId, dbType: 'sqlite', dbHost: '', dbPort: 0, dbUser: '', dbPassword: '', dbDatabase: 'own.db' }, dataDir, { create: true });
    await database.query('CREATE TABLE t (id INTEGER PRIMARY KEY)', []);

    const files = [
      path.join(dataDir, 'rakit.db'), path.join(dataDir, 'rakit.db-wal'), path.join(dataDir, 'rakit.db-shm'), path.join(dataDir, 'secret'),
      sqliteFile(dataDir, hostile.appId, 'own.db'), `${sqliteFile(dataDir, hostile.appId, 'own.db')}-wal`,
    ];
    expect(existsSync(path.join(dataDir, 'uploads')) || existsSync(path.join(dataDir, 'print-templates'))).toBe(false);
    const folders = [dataDir, ...['databases'].flatMap((folder) => [path.join(dataDir, folder), path.join(dataDir, folder, String(hostile.appId))])];
    try {
      expect(modes(dataDir, files)).toEqual(modes(dataDir, files, 0o600));
      expect(modes(dataDir, folders)).toEqual(modes(dataDir, folders, 0o700));
    } finally {
      await database.close();
    }
  });

  it('tightens a data directory an older version left world-readable when the server starts', async () => {
    const { dataDir } = server.app.services.config;
    const loose = [[dataDir, 0o755], [path.join(dataDir, 'rakit.db'), 0o644], [path.join(dataDir, 'secret'), 0o644],
      [path.join(dataDir, 'uploads'), 0o755], [path.join(dataDir, 'uploads', String(hostile.appId)), 0o755],
      [path.join(dataDir, 'databases', String(hostile.appId)), 0o755]] as const;
    // An older version kept uploads in the data directory.
    mkdirSync(path.join(dataDir, 'uploads', String(hostile.appId)), { recursive: true });
    for (const [file, mode] of loose) chmodSync(file, mode);
    const restarted = openStore(undefined, loadConfig({}, { dataDir }).dataDir);
    try {
      expect(modes(dataDir, loose.map(([file]) => file))).toEqual({
        '': '700', 'rakit.db': '600', secret: '600', uploads: '700', [`uploads/${hostile.appId}`]: '700', [`databases/${hostile.appId}`]: '700',
      });
    } finally {
      await restarted.destroy();
    }
  });
});
