import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from './support/build';

/**
 * The built web app as the server sends it: the build's precompressed copies to browsers that
 * accept them, content-hashed assets kept a year, the page itself checked on every visit.
 */
describe('the web app\'s files', () => {
  let server: TestServer;
  let webDir: string;
  const page = '<!doctype html><div id="root"></div><script type="module" src="/assets/index-Bx7a9Qk2.js"></script>';
  const script = `console.log(${JSON.stringify('rakit '.repeat(500))});`;
  const brotliScript = brotliCompressSync(script);
  const gzipScript = gzipSync(script);

  beforeAll(async () => {
    // A build in miniature, as Vite and the precompress plugin leave it.
    webDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-web-files-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), page);
    writeFileSync(path.join(webDir, 'index.html.br'), brotliCompressSync(page));
    writeFileSync(path.join(webDir, 'assets', 'index-Bx7a9Qk2.js'), script);
    writeFileSync(path.join(webDir, 'assets', 'index-Bx7a9Qk2.js.br'), brotliScript);
    writeFileSync(path.join(webDir, 'assets', 'index-Bx7a9Qk2.js.gz'), gzipScript);
    writeFileSync(path.join(webDir, 'assets', 'logo-C1d2E3f4.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await buildTestServer('sqlite', { webDir });
  });
  afterAll(async () => {
    await server?.close();
    if (webDir !== undefined) rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string>) => server.app.inject({ method: 'GET', url, headers });

  it('sends a browser that accepts br the brotli bytes, kept a year', async () => {
    const response = await get('/assets/index-Bx7a9Qk2.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(brotliScript)).toBe(true);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser that accepts only gzip, and the file as built to one that accepts neither', async () => {
    const gzip = await get('/assets/index-Bx7a9Qk2.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(gzipScript)).toBe(true);
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);

    const plain = await get('/assets/index-Bx7a9Qk2.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps an asset without a compressed copy a year too, sent as built', async () => {
    const response = await get('/assets/logo-C1d2E3f4.svg', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has the page checked on every visit, at the root and at a client route', async () => {
    for (const url of ['/', '/demo/auth/login', '/index.html']) {
      const response = await get(url, { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, br' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(page);
    }
  });
});
