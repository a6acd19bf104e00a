import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentOf } from '../src/storage/file-storage';
import { moveDataFolderIntoStore } from '../src/storage/move-data-folder';
import { insertFile } from '../src/store/repositories/files';
import { insertPdfTemplate } from '../src/store/repositories/pdf-templates';
import { insertPrintTemplate } from '../src/store/repositories/print-templates';
import { anotherProcess, buildTestServer, type TestServer } from './support/build';
import { buildDocx } from './support/docx';
import { availableEngines } from './support/engines';
import { samplePdf } from './support/pdf-sample';
import { startServerProcess } from './support/server-process';

const engines = await availableEngines();

/**
 * A data folder as a version before issue 20 left it (uploads/, print-templates/ and
 * pdf-templates/ under each application's id, the rows in the store), then the start's move.
 */
describe.each(engines)('moving a data folder\'s files into a %s store at start', (engine) => {
  let server: TestServer;
  let other: TestServer;
  let otherDataDir: string;
  let dataDir: string;
  let appId: number;
  let otherAppId: number;
  let admin: string;
  const upload = { id: randomUUID(), content: randomBytes(600 * 1024) };
  const template = { id: randomUUID(), content: buildDocx(['Halo {name}']) };
  let pdf: { id: number; content: Buffer };
  const orphan = randomUUID();
  const misplaced = { id: randomUUID(), content: Buffer.from('of the other application') };

  const place = (folder: string, app: number, name: string, content: Buffer) => {
    mkdirSync(path.join(dataDir, folder, String(app)), { recursive: true });
    writeFileSync(path.join(dataDir, folder, String(app), name), content);
  };

  beforeAll(async () => {
    server = await buildTestServer(engine);
    dataDir = server.app.services.config.dataDir;
    otherDataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-replica-'));
    other = await anotherProcess(server, { dataDir: otherDataDir });
    await server.register('081700000001', 'password-1');
    const builder = await server.login('081700000001', 'password-1', 'main');
    const created = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Lama', appDescription: '' }, builder)).json().data;
    appId = created.appId;
    otherAppId = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Lain', appDescription: '' }, builder)).json().data.appId;
    admin = await server.login('081700000001', 'password-1', created.appSlug);

    const now = new Date().toISOString();
    await insertFile(server.store, { fileId: upload.id, fileAppId: appId, fileName: 'lama.bin', fileMimeType: 'application/octet-stream', fileSize: upload.content.length, uploadedBy: '081700000001' });
    place('uploads', appId, upload.id, upload.content);
    await insertPrintTemplate(server.store, {
      templateId: template.id, templateAppId: appId, templateFilename: 'Halo.docx', identifier: '{"not_bulk":["name"],"groups":{}}', options: '{}',
      fileSize: template.content.length, uploadedBy: '081700000001', createdAt: now,
    });
    place('print-templates', appId, template.id, template.content);
    const sample = await samplePdf();
    const pdfId = await insertPdfTemplate(server.store, {
      templateAppId: appId, templateName: 'Faktur', fields: '[]', pages: '[]', formFields: '[]', sampleSize: sample.length, createdBy: '081700000001', updatedAt: now,
    });
    pdf = { id: pdfId, content: sample };
    place('pdf-templates', appId, `${pdfId}.pdf`, sample);
    // No row owns this one; and this row's application is not the folder's.
    place('uploads', appId, orphan, Buffer.from('nobody\'s'));
    await insertFile(server.store, { fileId: misplaced.id, fileAppId: otherAppId, fileName: 'x.txt', fileMimeType: 'text/plain', fileSize: misplaced.content.length, uploadedBy: '081700000001' });
    place('uploads', appId, misplaced.id, misplaced.content);
  });
  afterAll(async () => {
    await other.close();
    await server.close();
    rmSync(otherDataDir, { recursive: true, force: true });
  });

  const download = (replica: TestServer, fileId: string) => replica.app.inject({ method: 'GET', url: `/file/download/${fileId}`, headers: { authorization: `Bearer ${admin}` } });

  it('answers 404 with a message, not 500, for a file still only in a data folder', async () => {
    const answer = await download(other, upload.id);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error).toEqual([Messages.fileContentGone]);
  });

  it('moves them at start: every replica serves them, the folder\'s copies are removed, strangers are left', async () => {
    const moved = await moveDataFolderIntoStore(server.store, server.app.services.files, dataDir);
    expect(moved).toEqual({
      moved: 3, alreadyStored: 0,
      leftBehind: expect.arrayContaining([path.join(dataDir, 'uploads', String(appId), orphan), path.join(dataDir, 'uploads', String(appId), misplaced.id)]),
    });
    expect(moved.leftBehind).toHaveLength(2);

    // Served by the replica whose data folder never held them.
    const answer = await download(other, upload.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.equals(upload.content)).toBe(true);
    expect((await contentOf(other.app.services.files, appId, template.id))?.equals(template.content)).toBe(true);
    const sample = await other.app.inject({ method: 'GET', url: `/file/templateSample/${pdf.id}`, headers: { authorization: `Bearer ${admin}` } });
    expect(sample.statusCode).toBe(200);
    expect(sample.rawPayload.equals(pdf.content)).toBe(true);
    // The misplaced file did not become the other application's.
    expect(await other.app.services.files.exists(otherAppId, misplaced.id)).toBe(false);

    expect(existsSync(path.join(dataDir, 'print-templates'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'pdf-templates'))).toBe(false);
    expect(readdirSync(path.join(dataDir, 'uploads', String(appId))).sort()).toEqual([orphan, misplaced.id].sort());
  });

  it('does nothing twice: a second start moves nothing, and a copy left by a move cut short is only removed', async () => {
    const again = await moveDataFolderIntoStore(server.store, server.app.services.files, dataDir);
    expect({ moved: again.moved, alreadyStored: again.alreadyStored, left: again.leftBehind.length }).toEqual({ moved: 0, alreadyStored: 0, left: 2 });
    // A move stopped after storing the file and before removing the copy.
    place('uploads', appId, upload.id, upload.content);
    const resumed = await moveDataFolderIntoStore(server.store, server.app.services.files, dataDir);
    expect({ moved: resumed.moved, alreadyStored: resumed.alreadyStored }).toEqual({ moved: 0, alreadyStored: 1 });
    expect(existsSync(path.join(dataDir, 'uploads', String(appId), upload.id))).toBe(false);
    expect((await server.app.services.files.list(appId)).map((f) => f.kind).sort()).toEqual(['pdf-sample', 'print-template', 'upload']);
  });

  it('is done by the server\'s start (npm start), under its start-up lock', { timeout: 120_000 }, async () => {
    const late = { id: randomUUID(), content: randomBytes(300 * 1024) };
    await insertFile(server.store, { fileId: late.id, fileAppId: appId, fileName: 'baru.bin', fileMimeType: 'application/octet-stream', fileSize: late.content.length, uploadedBy: '081700000001' });
    place('uploads', appId, late.id, late.content);
    const started = await startServerProcess({
      ...(server.app.services.config.databaseUrl === undefined ? {} : { DATABASE_URL: server.app.services.config.databaseUrl }),
      RAKIT_DATA_DIR: dataDir, RAKIT_SECRET: server.app.services.config.secret, RAKIT_ADMIN_PASSWORD: 'move-admin-password', RAKIT_NO_DEMO: '1',
      RAKIT_WORKFLOW_WORKERS: '0', RAKIT_SHUTDOWN_DELAY_MS: '0',
    }, 110_000);
    try {
      expect(started.output()).toContain(`Moved 1 file(s) from ${dataDir} into the store`);
      expect(started.output()).toContain('2 file(s)');
      expect(existsSync(path.join(dataDir, 'uploads', String(appId), late.id))).toBe(false);
      // Served by the started process and by the replica whose folder never held it.
      const fetched = await fetch(`${started.base}/file/download/${late.id}`, { headers: { authorization: `Bearer ${admin}` } });
      expect(fetched.status).toBe(200);
      expect(Buffer.from(await fetched.arrayBuffer()).equals(late.content)).toBe(true);
      expect((await download(other, late.id)).rawPayload.equals(late.content)).toBe(true);
    } finally {
      started.child.kill('SIGTERM');
      await started.exited;
    }
  });
});
