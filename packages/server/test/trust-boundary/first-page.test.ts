import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { FIRST_PAGE_APP_ID } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertIdentityProvider } from '../../src/store/repositories/identity-providers';
import { buildTestServer, type TestServer } from '../support/build';
import { type HostileBuilder, hostileBuilder } from './hostile';

/** An application name that tries every way out of HTML text and out of a script's data. */
const HOSTILE_NAME = `</script><script>alert(1)</script><img src=x onerror=alert(2)> "quoted" 'single' $& $' <!-- &amp;`;

/**
 * Issue 42: the page the server sends first names the application of the address (its public
 * fields as data, and on the sign-in route the form drawn in HTML). The name is an author's: a
 * self-registered builder's. It must arrive as text and as data, never as markup or script.
 */
describe('the first page of an application, named by a hostile author', () => {
  let server: TestServer;
  let webDir: string;
  let hostile: HostileBuilder;
  const built = '<!doctype html><html><head><title>Rakit</title></head><body><div id="root"></div><script type="module" src="/assets/index-Bx7a9Qk2.js"></script></body></html>';

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-first-page-'));
    writeFileSync(path.join(webDir, 'index.html'), built);
    server = await buildTestServer('sqlite', { webDir });
    hostile = await hostileBuilder(server, HOSTILE_NAME);
  });
  afterAll(async () => {
    await server?.close();
    if (webDir !== undefined) rmSync(webDir, { recursive: true, force: true });
  });

  const navigate = async (url: string, headers: Record<string, string> = {}) => {
    const response = await server.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml', ...headers } });
    const body = response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.rawPayload).toString() : response.body;
    return { response, body };
  };
  /** The data block's JSON, read as the browser's first-page.ts reads it (its text, parsed). */
  const dataBlock = (html: string): unknown => {
    const match = new RegExp(`<script type="application/json" id="${FIRST_PAGE_APP_ID}">([^<]*)</script>`).exec(html);
    return match === null ? undefined : JSON.parse(match[1] as string);
  };

  it('draws the sign-in form with the name as text, and hands the name over as data only', async () => {
    const { response, body } = await navigate(`/${hostile.appSlug}/auth/login`, { 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(body).toContain('<h1 class="rk-first-title">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &quot;quoted&quot; &#39;single&#39; $&amp; $&#39; &lt;!-- &amp;amp;</h1>');
    expect(body).toContain('Masuk ke akun Anda');
    // Nothing of the name became an element: the data block, the list of the code, its loader, and no other.
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('<img');
    expect(body).not.toContain('<!--');
    expect(body.match(/<\/script>/g)).toHaveLength(3);
    // The code is asked for once the drawing has painted (issue 42): no script of the build's in the page itself.
    expect(body).not.toContain('src="/assets/');
    expect(body).toContain('<script type="module" src="/after-first-paint.js"></script>');
    expect(JSON.parse(body.match(/<script type="application\/json" id="rk-code">([^<]*)<\/script>/)?.[1] ?? 'null')).toEqual({ preload: [], entry: '/assets/index-Bx7a9Qk2.js' });
    expect(dataBlock(body)).toEqual({
      status: true,
      data: {
        appId: hostile.appId, appName: HOSTILE_NAME, appSlug: hostile.appSlug, appOpenRegistration: expect.any(Boolean), appLanguage: 'spec', appTimeZone: 'Asia/Jakarta',
        signIn: { password: true, providers: [] },
      },
    });
  });

  it('draws his identity provider\'s button with its name as text, and no password form once he turns it off (issue 36)', async () => {
    const other = await hostileBuilder(server, 'Kantor SSO');
    const providerId = await insertIdentityProvider(server.store, other.appId, {
      providerName: HOSTILE_NAME, issuer: 'https://login.example', clientId: 'c', clientSecretEnc: '', scopes: 'openid', groupsClaim: null, newUsers: 'create',
    });
    const { body } = await navigate(`/${other.appSlug}/auth/login`);
    expect(body).toContain('<div class="rk-first-sso">Masuk dengan &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(body).not.toContain('<img');
    expect(body.match(/<\/script>/g)).toHaveLength(3);
    expect(body).toContain('rk-first-input');
    expect((dataBlock(body) as { data: { signIn: unknown } }).data.signIn).toEqual({ password: true, providers: [{ providerId, name: HOSTILE_NAME }] });
    await server.store.updateTable('apps').set({ appPasswordSignIn: 0 }).where('appId', '=', other.appId).execute();
    const { body: ssoOnly } = await navigate(`/${other.appSlug}/auth/login`);
    expect(ssoOnly).toContain('rk-first-sso');
    expect(ssoOnly).not.toContain('rk-first-input');
    expect(ssoOnly).not.toContain('rk-first-or');
  });

  it("draws a member's page frame with the name as text, and no sign-in form", async () => {
    const { response, body } = await navigate(`/${hostile.appSlug}/staff/products`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(body).not.toContain('rk-first-auth');
    expect(body).toContain('<span class="rk-first-app">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x');
    expect(body).not.toContain('<img');
    expect(body.match(/<\/script>/g)).toHaveLength(2);
    expect(body).toContain('<script type="module" fetchpriority="low" src="/assets/index-Bx7a9Qk2.js">');
    expect((dataBlock(body) as { data: { appSlug: string } }).data.appSlug).toBe(hostile.appSlug);
  });

  it('gives an admin screen the application as data and draws nothing for it', async () => {
    const { body } = await navigate(`/${hostile.appSlug}/home`);
    expect(body).not.toContain('rk-first-');
    expect(body).toContain('<script type="module" src="/assets/index-Bx7a9Qk2.js">');
    expect((dataBlock(body) as { data: { appId: number } }).data.appId).toBe(hostile.appId);
  });

  it('names the application of a subdomain address as the browser does', async () => {
    const { body } = await navigate('/auth/login', { host: `${hostile.appSlug}.rakit.example` });
    expect((dataBlock(body) as { data: { appId: number } }).data.appId).toBe(hostile.appId);
    expect(body).toContain('rk-first-auth');
  });

  it("shows main's sign-in with the product's name and the WhatsApp username", async () => {
    const { body } = await navigate('/main/auth/login');
    expect(body).toContain('<h1 class="rk-first-title">RAKIT</h1>');
    expect(body).toContain('Username (Nomer WA Aktif)');
  });

  it('sends the built page as it is where no application is named, and answers API callers as before', async () => {
    for (const url of ['/', '/no-such-app/auth/login', '/no%20such%20app/auth/login']) {
      const { response, body } = await navigate(url);
      expect(response.statusCode, url).toBe(200);
      expect(body, url).toBe(built);
    }
    const api = await server.app.inject({ method: 'GET', url: `/${hostile.appSlug}/auth/login`, headers: { accept: 'application/json' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ status: false, error: [`Route GET /${hostile.appSlug}/auth/login not found`], code: 'routeNotFound' });
  });
});
