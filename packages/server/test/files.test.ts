import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFile } from '../src/store/repositories/files';
import { buildTestServer, type TestServer } from './support/build';

// A 1×1 PNG: real image bytes for the sniffing checks.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('file uploads over HTTP', () => {
  let server: TestServer;
  let base: string;
  let member: string;
  let outsider: string;
  let appId: number;

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    await server.register('081500000001', 'password-1');
    await server.register('081500000002', 'password-1');
    const builder = await server.login('081500000001', 'password-1', 'main');
    ({ appId } = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Berkas', appDescription: '' }, builder)).json().data);
    member = await server.login('081500000001', 'password-1', 'berkas');
    outsider = await server.login('081500000002', 'password-1', 'main');
  });
  afterAll(async () => { await server.close(); });

  const upload = async (content: Buffer, name: string, type: string, options: { token?: string; filter?: string; appHeader?: string } = {}) => {
    const form = new FormData();
    form.append('file', new Blob([content], { type }), name);
    const headers: Record<string, string> = { 'app-id': options.appHeader ?? String(appId) };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${base}/file/upload${options.filter === undefined ? '' : `?filter=${options.filter}`}`, { method: 'POST', headers, body: form });
    return { status: response.status, body: (await response.json()) as { status: boolean; data: { fileId: string; fileName: string; mimeType: string; size: number }[]; error?: string[] } };
  };
  const storedFiles = async () => (await server.app.services.files.list(appId, 'upload')).map((file) => file.id);

  it('stores a member\'s file under a random id and answers data[0].fileId', async () => {
    const answer = await upload(PNG, 'logo.png', 'image/png', { token: member, filter: 'image' });
    expect(answer.status).toBe(201);
    const { fileId, fileName, mimeType, size } = answer.body.data[0] as { fileId: string; fileName: string; mimeType: string; size: number };
    expect(fileId).toMatch(/^[0-9a-f-]{36}$/);
    expect({ fileName, mimeType, size }).toEqual({ fileName: 'logo.png', mimeType: 'image/png', size: PNG.length });
    expect(await storedFiles()).toContain(fileId);
    expect((await findFile(server.store, fileId))?.uploadedBy).toBe('081500000001');

    const download = await fetch(`${base}/file/download/${fileId}`, { headers: { authorization: `Bearer ${member}` } });
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect((await fetch(`${base}/file/download/${fileId}`, { headers: { authorization: `Bearer ${outsider}` } })).status).toBe(403);
  });

  it('refuses a file of 2,048,000 bytes or more with the spec\'s message and keeps nothing', async () => {
    const before = (await storedFiles()).length;
    const answer = await upload(Buffer.alloc(MAX_UPLOAD_BYTES, 1), 'big.bin', 'application/octet-stream', { token: member });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ status: false, error: [FILE_TOO_LARGE_MESSAGE], code: 'fileTooLarge' });
    expect(await storedFiles()).toHaveLength(before);
    expect((await upload(Buffer.alloc(MAX_UPLOAD_BYTES - 1, 1), 'just-fits.bin', 'application/octet-stream', { token: member })).status).toBe(201);
  });

  it('checks the bytes against the filter, not the declared type', async () => {
    const fake = await upload(Buffer.from('MZ\x90\x00 not an image'), 'cat.png', 'image/png', { token: member, filter: 'image' });
    expect(fake.status).toBe(415);
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'page.html', 'text/html', { token: member });
    expect(html.status).toBe(415);
    const pdfAsDocument = await upload(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'a.pdf', 'application/pdf', { token: member, filter: 'document' });
    expect(pdfAsDocument.status).toBe(201);
    const imageAsDocument = await upload(PNG, 'logo.png', 'image/png', { token: member, filter: 'document' });
    expect(imageAsDocument.status).toBe(415);
  });

  it('lets only members of the application upload', async () => {
    expect((await upload(PNG, 'a.png', 'image/png')).status).toBe(401);
    expect((await upload(PNG, 'a.png', 'image/png', { token: outsider })).status).toBe(403);
    const noApp = await upload(PNG, 'a.png', 'image/png', { token: member, appHeader: 'abc' });
    expect(noApp.status).toBe(400);
  });
});
