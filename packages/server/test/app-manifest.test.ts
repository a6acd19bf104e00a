import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/store/demo';
import { buildTestServer, type TestServer } from './support/build';
import { hostileBuilder } from './trust-boundary/hostile';

interface Manifest {
  id: string; name: string; short_name: string; start_url: string; scope: string; display: string;
  theme_color: string; background_color: string; icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** A PNG's size as its IHDR chunk says (after the 8-byte signature, the chunk's length and type). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'the PNG signature').toBe(true);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Issue 38: each application is installable. Its manifest and icons are public (what they tell,
 * its name and slug, getAppBySlug tells anyone), made from its name, and the first page a
 * browser gets links them; an author's name never breaks out of the JSON or the HTML.
 */
describe('an application\'s web app manifest and icons', () => {
  let server: TestServer;
  let webDir: string;
  /** An author who names his application to break out of the page. */
  const hostileName = '</script>"\'';
  let hostileSlug: string;

  beforeAll(async () => {
    // A build in miniature: the page the first-page renderer fills, and the service worker.
    webDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-manifest-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>Rakit</title></head><body><div id="root"></div><script type="module" src="/assets/index-a1.js"></script></body></html>');
    writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    server = await buildTestServer('sqlite', { webDir });
    await seedDemo(server.store, { dataDir: server.app.services.config.dataDir, password: 'demo-password-1' });
    hostileSlug = (await hostileBuilder(server, hostileName)).appSlug;
  });
  afterAll(async () => {
    await server?.close();
    if (webDir !== undefined) rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

  it('describes the demo application, installed at its own address', async () => {
    const response = await get('/demo/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('public, max-age=600');
    const manifest = response.json() as Manifest;
    expect(manifest).toMatchObject({
      id: '/demo/', name: 'Demo Toko', short_name: 'Demo Toko', start_url: '/demo/', scope: '/demo/', display: 'standalone',
      theme_color: '#ffffff', background_color: '#f8f9fa',
    });
    expect(manifest.icons.map((icon) => [icon.src, icon.sizes, icon.purpose])).toEqual([
      ['/demo/icon-192.png', '192x192', 'any'],
      ['/demo/icon-512.png', '512x512', 'any'],
      ['/demo/icon-maskable-192.png', '192x192', 'maskable'],
      ['/demo/icon-maskable-512.png', '512x512', 'maskable'],
      ['/demo/icon.svg', 'any', 'any'],
    ]);
    // Nothing beyond what anyone may learn of the application already.
    expect(Object.keys(manifest).sort()).toEqual(['background_color', 'display', 'icons', 'id', 'name', 'scope', 'short_name', 'start_url', 'theme_color']);
  });

  it('answers a browser that has it already with 304', async () => {
    const first = await get('/demo/manifest.webmanifest');
    const again = await get('/demo/manifest.webmanifest', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('draws the icons as PNGs of their sizes, and the SVG with the name\'s initials', async () => {
    for (const [file, size] of [['icon-192.png', 192], ['icon-512.png', 512], ['icon-maskable-192.png', 192], ['icon-maskable-512.png', 512]] as const) {
      const response = await get(`/demo/${file}`);
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('public, max-age=600');
      expect(response.headers.etag).toMatch(/^".+"$/);
      expect(pngSize(response.rawPayload), file).toEqual({ width: size, height: size });
      // Drawn: more than a flat square (the initials' edges make the image compress less).
      expect(response.rawPayload.length, file).toBeGreaterThan(size * 4);
    }
    const svg = await get('/demo/icon.svg');
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toMatch(/>DT<\/text><\/svg>$/);
  });

  it('makes an application of one\'s own installable, its author\'s name kept as JSON and escaped in the page', async () => {
    const manifest = (await get(`/${hostileSlug}/manifest.webmanifest`)).json() as Manifest;
    expect(manifest).toMatchObject({ name: hostileName, short_name: hostileName, start_url: `/${hostileSlug}/`, scope: `/${hostileSlug}/` });
    const icon = await get(`/${hostileSlug}/icon-512.png`);
    expect(pngSize(icon.rawPayload)).toEqual({ width: 512, height: 512 });
    // Initials are letters and digits only: no markup reaches the SVG.
    expect((await get(`/${hostileSlug}/icon.svg`)).body).toMatch(/>S<\/text><\/svg>$/);

    const page = await get(`/${hostileSlug}/auth/login`, { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).toContain(`<link rel="manifest" href="/${hostileSlug}/manifest.webmanifest">`);
    expect(head).toContain(`<link rel="apple-touch-icon" href="/${hostileSlug}/icon-192.png">`);
    expect(head).toContain('<meta name="apple-mobile-web-app-title" content="&lt;/script&gt;&quot;&#39;">');
    expect(page.body).not.toContain(hostileName);
  });

  it('links the manifest from the demo\'s first page, sign-in and member\'s page alike', async () => {
    for (const url of ['/demo/auth/login', '/demo/staff/products', '/demo/']) {
      const page = await get(url, { accept: 'text/html' });
      expect(page.body, url).toContain('<link rel="manifest" href="/demo/manifest.webmanifest">');
    }
  });

  it('serves the manifest and icons from the root when the subdomain names the application', async () => {
    const manifest = await get('/manifest.webmanifest', { host: 'demo.rakit.example' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toMatchObject({ id: '/', start_url: '/', scope: '/', name: 'Demo Toko' });
    expect(pngSize((await get('/icon-192.png', { host: 'demo.rakit.example' })).rawPayload)).toEqual({ width: 192, height: 192 });
    const page = await get('/auth/login', { accept: 'text/html', host: 'demo.rakit.example' });
    expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  it('answers an unknown application 404 as other unknown addresses, with no host naming one too', async () => {
    for (const [url, host] of [['/no-such-app/manifest.webmanifest', 'localhost'], ['/no-such-app/icon-192.png', 'localhost'], ['/manifest.webmanifest', 'localhost'], ['/icon-512.png', 'nothing.rakit.example']]) {
      const response = await get(url as string, { host: host as string });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ status: false, error: ['Application not found'], code: 'appNotFound' });
    }
  });

  it('has the browser check the service worker on every visit, so a new build reaches it', async () => {
    const response = await get('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });
});
