import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../support/build';
import { hostileBuilder } from './hostile';

/**
 * Item 8 of issue 10: every answer tells the browser not to sniff types; pages also carry a
 * Content-Security-Policy (no inline or foreign script, never framed) and a referrer policy. The
 * headers do not depend on the store's engine, so this runs on SQLite only.
 */
describe('security headers', () => {
  let server: TestServer;
  let webDir: string;

  beforeAll(async () => {
    // A built web app in miniature: the page and one script, as Vite emits them.
    webDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index.js"></script>');
    writeFileSync(path.join(webDir, 'assets', 'index.js'), 'console.log("rakit")');
    server = await buildTestServer('sqlite', { webDir });
  });
  afterAll(async () => {
    await server?.close();
    if (webDir !== undefined) rmSync(webDir, { recursive: true, force: true });
  });

  const page = (url: string) => server.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });

  /** The policy's directives by name. */
  function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
    const header = response.headers['content-security-policy'];
    expect(typeof header, 'a Content-Security-Policy header').toBe('string');
    return new Map(String(header).split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0] !== '').map(([name, ...values]) => [name ?? '', values]));
  }

  function expectPageHeaders(response: LightMyRequestResponse): void {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const policy = policyOf(response);
    // Scripts only from Rakit's own files: no inline script, no eval, no other origin; compiling
    // WebAssembly (the QR reader's ZXing module, served by Rakit) is the one addition.
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    // An author's html file is shown in a sandboxed frame of a blob URL, and only there.
    expect(policy.get('frame-src')).toEqual(['blob:']);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  }

  it('puts the policy on the home page', async () => {
    expectPageHeaders(await page('/'));
  });

  it('puts the policy on an application\'s client route', async () => {
    const builder = await hostileBuilder(server);
    expectPageHeaders(await page(`/${builder.appSlug}/auth/login`));
  });

  it('says nosniff on the web app\'s scripts and on API answers, found or not', async () => {
    const script = await server.app.inject({ method: 'GET', url: '/assets/index.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');

    const builder = await hostileBuilder(server);
    const app = await server.call('GET', `/get/getApp/slug/${builder.appSlug}`);
    expect(app.statusCode).toBe(200);
    expect(app.headers['content-type']).toMatch(/^application\/json/);
    expect(app.headers['x-content-type-options']).toBe('nosniff');
    expect(app.headers['referrer-policy']).toBe('same-origin');

    const refused = await server.call('GET', '/auth/listgroup/1', undefined, builder.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');

    const unknown = await server.call('POST', '/no/such/route', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['x-content-type-options']).toBe('nosniff');
  });
});
