import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { startOwnServer } from '../support/own-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const builtWebApp = path.join(root, 'packages/web/dist');
/** What a phone keeps to open the app offline may weigh this much at most (issue 38). */
const PRECACHE_BUDGET_BYTES = 1.5 * 1024 * 1024;

/** The files the built service worker precaches, as its injected manifest lists them. */
function precachedFiles(webDir: string): string[] {
  const worker = readFileSync(path.join(webDir, 'sw.js'), 'utf8');
  return [...worker.matchAll(/\{"revision":(?:null|"[0-9a-f]+"),"url":"([^"]+)"\}/g)].map((match) => match[1] as string);
}

/**
 * Issue 38: an application is installable (its manifest linked and loading), Rakit's service
 * worker takes the page, the shell opens with no network from what it precached, a new build
 * is offered with a Reload, and the precache stays within its budget.
 */
describe('an application installed on a phone, opened offline', () => {
  let browser: Browser;
  let page: Page;
  let server: Awaited<ReturnType<typeof startOwnServer>>;
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-installable-web-'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-installable-data-'));

  beforeAll(async () => {
    cpSync(builtWebApp, webDir, { recursive: true });
    server = await startOwnServer(webDir, dataDir);
    browser = await launchBrowser();
    page = await newPage(browser, { baseURL: server.base, serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(webDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('precaches the member\'s shell within 1.5 MB, without the compressed copies or source maps', () => {
    const files = precachedFiles(webDir);
    expect(files).toContain('index.html');
    expect(files.filter((file) => /\.(br|gz|map)$/.test(file))).toEqual([]);
    // The entry's own script and stylesheet, as index.html names them.
    const page = readFileSync(path.join(webDir, 'index.html'), 'utf8');
    for (const [, file] of page.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)) expect(files).toContain(file);
    const bytes = files.reduce((sum, file) => sum + statSync(path.join(webDir, file)).size, 0);
    console.log(`precache: ${files.length} files, ${bytes} bytes`);
    expect(bytes).toBeLessThanOrEqual(PRECACHE_BUDGET_BYTES);
  });

  it('links the demo application\'s manifest, which loads with its icons', async () => {
    await page.goto('/demo/auth/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/demo/manifest.webmanifest');
    const manifest = await page.evaluate(async () => {
      const response = await fetch('/demo/manifest.webmanifest');
      return { type: response.headers.get('content-type'), body: await response.json() as { name: string; start_url: string; scope: string; display: string; icons: { src: string; sizes: string }[] } };
    });
    expect(manifest.type).toMatch(/^application\/manifest\+json/);
    expect(manifest.body).toMatchObject({ name: 'Demo Toko', start_url: '/demo/', scope: '/demo/', display: 'standalone' });
    // The browser decodes each PNG at the size the manifest says.
    for (const icon of manifest.body.icons.filter((each) => each.src.endsWith('.png'))) {
      const width = await page.evaluate(async (src) => (await createImageBitmap(await (await fetch(src)).blob())).width, icon.src);
      expect(`${width}x${width}`, icon.src).toBe(icon.sizes);
    }
  });

  it('registers the service worker, which takes the page', async () => {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { script: navigator.serviceWorker.controller?.scriptURL, scope: registration?.scope, caches: await caches.keys() };
    });
    expect(worker.script).toBe(`${server.base}/sw.js`);
    expect(worker.scope).toBe(`${server.base}/`);
    expect(worker.caches.some((name) => name.startsWith('workbox-precache'))).toBe(true);
    // It kept the page open when it started (the server's, with the application's data in it), and no answer of the API.
    const kept = () => page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    await expect.poll(kept).toContain('/demo/auth/login');
    expect((await kept()).filter((url) => /^\/(get|save|delete|auth|action|file|function|print|addon|task|page|audit|hook)\//.test(url))).toEqual([]);
  });

  it('takes a page whose navigation was under way while the first worker activated', async () => {
    // The first worker's claim skips a page not yet running; the page asks again (src/pwa/messages.ts).
    const phone = await newPage(browser, { baseURL: server.base, serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      let workerHeldBack = false;
      let letWorkerFinish = () => undefined as void;
      const workerMayFinish = new Promise<void>((resolve) => { letWorkerFinish = resolve; });
      await phone.context().route('**/assets/**', async (route) => {
        if (route.request().serviceWorker() !== null && !workerHeldBack) { workerHeldBack = true; await workerMayFinish; }
        await route.continue();
      });
      await phone.goto('/demo/auth/login');
      await phone.waitForFunction(() => navigator.serviceWorker.getRegistration().then((registration) => (registration?.installing ?? null) !== null), undefined, { timeout: 30_000 });
      // The next page's answer comes only after the worker has activated and claimed its clients.
      await phone.route('**/demo/auth/login?next', async (route) => {
        letWorkerFinish();
        const worker = phone.context().serviceWorkers()[0] ?? await phone.context().waitForEvent('serviceworker');
        await worker.evaluate('new Promise((resolve) => { if (self.serviceWorker.state === "activated") resolve(); else self.serviceWorker.addEventListener("statechange", () => { if (self.serviceWorker.state === "activated") resolve(); }); })');
        await route.continue();
      });
      await phone.goto('/demo/auth/login?next');
      await phone.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
    } finally {
      await phone.context().close();
    }
  });

  it('offers a new build with a notice, and Reload takes the page to it', async () => {
    // A new build deployed: its service worker differs from the one the page runs under.
    appendFileSync(path.join(webDir, 'sw.js'), '\n// the next build\n');
    await page.evaluate(() => { (window as { beforeUpdate?: boolean }).beforeUpdate = true; });
    await page.evaluate(async () => { await (await navigator.serviceWorker.getRegistration())?.update(); });
    const notice = page.getByRole('alert').filter({ hasText: 'A new version of Rakit is ready' });
    await notice.waitFor({ timeout: 30_000 });
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(true);
    // Nothing changes until the person chooses: the page still runs on the worker it had.
    await page.waitForTimeout(500);
    await snapshot(page, 'installable-update-notice-390');
    expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);

    await notice.getByRole('button', { name: 'Reload' }).click();
    await page.waitForFunction(() => (window as { beforeUpdate?: boolean }).beforeUpdate === undefined, undefined, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null };
    });
    expect(after).toEqual({ waiting: null, controlled: true });
    expect(await page.getByText('A new version of Rakit is ready').count()).toBe(0);
  });

  it('opens the demo\'s sign-in screen with no network at all, from what the worker kept', async () => {
    // The network gone: the browser offline, and the server stopped too (no request reaches anything).
    await server.stop();
    await page.context().setOffline(true);
    try {
      await page.reload();
      await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Demo Toko' }).isVisible()).toBe(true);
      // The live form (React drew it from the precached code), not only the server's drawing.
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(await page.getByLabel('Username').isEditable()).toBe(true);
      await snapshot(page, 'installable-offline-sign-in-390');

      // An address of the application never opened before: the kept page of the application serves it.
      await page.goto('/demo/');
      await page.waitForURL('**/demo/auth/login');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
    } finally {
      await page.context().setOffline(false);
    }
  });
});

/** The browser's install offer, as Chromium makes it (headless Chromium never does by itself). */
const offerInstall = (page: Page) => page.evaluate(() => {
  const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: async () => { (window as { prompted?: number }).prompted = ((window as { prompted?: number }).prompted ?? 0) + 1; },
    userChoice: Promise.resolve({ outcome: 'accepted' }),
  });
  window.dispatchEvent(offer);
});

/**
 * Issue 38: a member on a phone is offered, once, to install the application; never on a
 * desktop, never on a builder's screens.
 */
describe('the offer to install the application', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('shows on a member\'s phone at 390 px, and Not now puts it away for good', async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await signInToDemo(page, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
      await offerInstall(page);
      const banner = page.getByRole('region', { name: 'Install Demo Toko on this phone' });
      await banner.waitFor();
      await snapshot(page, 'installable-offer-390');
      expect(await accessibilityViolations(page, '[role="region"][aria-label^="Install"]')).toEqual([]);
      await banner.getByRole('button', { name: 'Not now' }).click();
      await banner.waitFor({ state: 'detached' });

      await page.reload();
      await page.getByRole('banner').getByText('Demo Toko').waitFor();
      await offerInstall(page);
      await page.waitForTimeout(300);
      expect(await banner.count(), 'offered again after Not now').toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('waits for the member to begin working: never what a page opens with', async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await signInToDemo(page, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
      await page.reload();
      const appName = page.getByRole('banner').getByText('Demo Toko');
      await appName.waitFor();
      await offerInstall(page);
      await page.waitForTimeout(1500);
      const banner = page.getByRole('region', { name: 'Install Demo Toko on this phone' });
      expect(await banner.count(), 'offered as the page opened').toBe(0);
      await appName.tap();
      await banner.waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('opens the browser\'s install dialog on Install', async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await signInToDemo(page, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
      await offerInstall(page);
      const banner = page.getByRole('region', { name: 'Install Demo Toko on this phone' });
      await banner.getByRole('button', { name: 'Install' }).click();
      await banner.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => (window as { prompted?: number }).prompted)).toBe(1);
    } finally {
      await page.context().close();
    }
  });

  it('never shows on a desktop at 1366 px, nor on a builder\'s screens', async () => {
    const desktop = await newPage(browser, { viewport: { width: 1366, height: 844 } });
    const builder = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await signInToDemo(desktop, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
      await offerInstall(desktop);
      await desktop.waitForTimeout(300);
      await snapshot(desktop, 'installable-offer-1366');
      expect(await desktop.getByRole('region', { name: /^Install / }).count()).toBe(0);

      await signInToDemo(builder, DEMO_ADMIN, ADMIN_PASSWORD);
      await offerInstall(builder);
      await builder.waitForTimeout(300);
      expect(await builder.getByRole('region', { name: /^Install / }).count()).toBe(0);
    } finally {
      await desktop.context().close();
      await builder.context().close();
    }
  });
});
