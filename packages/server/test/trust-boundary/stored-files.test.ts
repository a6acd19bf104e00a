import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentOf } from '../../src/storage/file-storage';
import { anotherProcess, buildTestServer, type TestServer } from '../support/build';
import { buildDocx } from '../support/docx';
import { availableEngines } from '../support/engines';
import { samplePdf } from '../support/pdf-sample';
import { type HostileBuilder, hostileBuilder } from './hostile';

const engines = await availableEngines();

/**
 * Files in the shared storage (issue 20): every replica reads every application's files from
 * one place, so the only wall between applications is the (application, id) key the server
 * derives from the store, never from what the caller says. A hostile author knows a victim's
 * file ids (they travel in page data and links) and tries to read, overwrite or delete them
 * through any replica.
 */
describe.each(engines)('stored files across applications on a %s store', (engine) => {
  let server: TestServer;
  let replica: TestServer;
  let base: string;
  let hostile: HostileBuilder;
  let victim: HostileBuilder;
  const secret = randomBytes(300 * 1024);
  let victimFile: string;
  let victimTemplate: string;
  let victimPdf: number;

  const send = async (token: string, url: string, content: Buffer, name: string, appHeader?: number) => {
    const form = new FormData();
    form.append('file', new Blob([content]), name);
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (appHeader !== undefined) headers['app-id'] = String(appHeader);
    const response = await fetch(`${base}${url}`, { method: 'POST', headers, body: form });
    return { status: response.status, json: (await response.json()) as { status: boolean; data: never; error?: string[] } };
  };

  beforeAll(async () => {
    server = await buildTestServer(engine);
    replica = await anotherProcess(server);
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    victim = await hostileBuilder(server, 'Korban');
    hostile = await hostileBuilder(server);
    victimFile = ((await send(victim.token, '/file/upload', secret, 'rahasia.bin', victim.appId)).json.data as { fileId: string }[])[0]?.fileId as string;
    victimTemplate = ((await send(victim.token, `/print/uploadTemplate?appId=${victim.appId}`, buildDocx(['Rahasia {x}']), 'Rahasia.docx')).json.data as { templateId: string }).templateId;
    victimPdf = ((await send(victim.token, `/file/template?appId=${victim.appId}`, await samplePdf(), 'Rahasia.pdf')).json.data as { templateId: number }).templateId;
  });
  afterAll(async () => {
    await replica.close();
    await server.close();
  });

  it('gives each upload a random id under the uploader\'s application', async () => {
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(((await send(hostile.token, '/file/upload', Buffer.from(`file ${i}`), 'a.txt', hostile.appId)).json.data as { fileId: string }[])[0]?.fileId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(3);
    expect((await server.app.services.files.list(hostile.appId, 'upload')).map((f) => f.id).sort()).toEqual([...ids].sort());
  });

  it('refuses him another application\'s file, template or sample through any replica', async () => {
    for (const target of [server, replica]) {
      const download = await target.app.inject({ method: 'GET', url: `/file/download/${victimFile}`, headers: { authorization: `Bearer ${hostile.token}`, 'app-id': String(hostile.appId) } });
      expect([403, 404]).toContain(download.statusCode);
      expect(download.rawPayload.includes(secret.subarray(0, 64))).toBe(false);
      const sample = await target.app.inject({ method: 'GET', url: `/file/templateSample/${victimPdf}`, headers: { authorization: `Bearer ${hostile.token}` } });
      expect([403, 404]).toContain(sample.statusCode);
      // The victim's template, asked for in the victim's application and in his own.
      expect((await target.call('POST', `/print/blob/pdf/Rahasia.docx?appId=${victim.appId}`, { data: {} }, hostile.token)).statusCode).toBe(403);
      expect((await target.call('POST', `/print/blob/pdf/Rahasia.docx?appId=${hostile.appId}`, { data: {} }, hostile.token)).statusCode).toBe(404);
      expect((await target.call('DELETE', `/print/deleteTemplate/${victimTemplate}`, undefined, hostile.token)).statusCode).toBe(403);
      expect((await target.call('DELETE', `/file/template/${victimPdf}`, undefined, hostile.token)).statusCode).toBe(403);
    }
    // The storage itself answers nothing for the victim's id under the hostile application.
    expect(await server.app.services.files.get(hostile.appId, victimFile)).toBeUndefined();
    expect(await server.app.services.files.delete(hostile.appId, victimFile)).toBe(false);
  });

  it('cannot write into another application\'s storage', async () => {
    const before = await server.app.services.files.list(victim.appId);
    const intoVictim = await send(hostile.token, '/file/upload', Buffer.from('planted'), 'planted.txt', victim.appId);
    expect(intoVictim.status).toBe(403);
    const template = await send(hostile.token, `/print/uploadTemplate?appId=${victim.appId}`, buildDocx(['Planted {x}']), 'Rahasia.docx');
    expect(template.status).toBe(403);
    const sample = await send(hostile.token, `/file/template?appId=${victim.appId}`, await samplePdf(), 'Planted.pdf');
    expect(sample.status).toBe(403);
    expect(await server.app.services.files.list(victim.appId)).toEqual(before);
    expect((await contentOf(replica.app.services.files, victim.appId, victimFile))?.equals(secret)).toBe(true);
  });

  it('leaves the victim\'s files alone when he deletes his own application', async () => {
    const removed = await server.call('DELETE', '/delete/deleteApp', { appId: hostile.appId }, hostile.mainToken);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await server.app.services.files.list(hostile.appId)).toEqual([]);
    expect(await server.app.services.files.list(victim.appId)).toHaveLength(3);
    expect((await contentOf(replica.app.services.files, victim.appId, victimFile))?.equals(secret)).toBe(true);
  });
});
