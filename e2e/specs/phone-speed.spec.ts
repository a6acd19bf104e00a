import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe';
import { ADMIN_PASSWORD, browserPageForSuite, launchBrowser, newPage, snapshot } from '../support/browser';
import { apiAs, demoToken } from '../support/api';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';

/**
 * The JavaScript (as transferred, compressed) a member's page asks for before its first
 * contentful paint: the shell, React, Mantine's base and the table. Measured 257-260 KB
 * (issue 42), 244 KB since issue 35's budget work; issue 35 sets 250 KB as the first load's
 * limit, so a change that makes the phone wait for more code before anything shows fails here.
 */
const JS_BEFORE_FIRST_PAINT_BUDGET_KB = 250;
/** Layout Instability API: the page may move by this much at most while it loads (issue 42; 0.1 is "needs improvement"). */
const MOST_LAYOUT_SHIFT = 0.02;

/**
 * Lighthouse's slow 4G (150 ms round trip, 1.6 Mbit/s down): the page's data comes after its
 * first render, as on a phone. (Its 4× slower CPU is left to bench/mobile: on this 2-core
 * machine beside the other specs it made the page outwait FirstReveal's longest wait.)
 */
async function slowPhone(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return cdp;
}

/**
 * Opens `path` as the server sends it, without the app's code (its module script and preloads
 * taken out of the page on the way): what a phone shows before the code has arrived. The page
 * itself keeps JavaScript, so axe-core can look at the drawing.
 */
async function openDrawnOnly(page: Page, path: string): Promise<void> {
  await page.route((url) => url.pathname === path, async (route) => {
    const response = await route.fetch();
    const body = (await response.text())
      .replace(/<script type="module"[^>]*><\/script>/g, '')
      .replace(/<link rel="modulepreload"[^>]*>/g, '');
    await route.fulfill({ response, body });
  });
  try {
    await page.goto(path);
  } finally {
    await page.unroute((url) => url.pathname === path);
  }
}

interface LoadFigures { layoutShift: number; shifts: string[]; jsBeforeFirstPaintKb: number; firstContentfulPaintMs: number; scripts: string[] }

/** What the page did while it loaded: its layout shifts (without those after input) and the script it fetched before its first contentful paint. */
const loadFigures = (page: Page): Promise<LoadFigures> => page.evaluate(`new Promise((resolve) => {
  const shifts = [];
  const keep = (entries) => {
    for (const entry of entries) {
      if (entry.hadRecentInput) continue;
      shifts.push({ value: entry.value, nodes: entry.sources.map((s) => s.node ? (s.node.getAttribute?.('data-component-id') ?? s.node.nodeName) : '?').join(',') });
    }
  };
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ type: 'layout-shift', buffered: true });
  setTimeout(() => {
    keep(observer.takeRecords());
    observer.disconnect();
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const fcp = paint ? paint.startTime : Infinity;
    const scripts = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js') && r.startTime < fcp);
    const js = scripts.reduce((sum, r) => sum + r.encodedBodySize, 0);
    resolve({
      layoutShift: shifts.reduce((sum, s) => sum + s.value, 0),
      shifts: shifts.map((s) => s.value.toFixed(4) + ' ' + s.nodes),
      jsBeforeFirstPaintKb: js / 1024,
      firstContentfulPaintMs: fcp,
      scripts: scripts.map((r) => new URL(r.name).pathname.split('/').pop() + ' ' + (r.encodedBodySize / 1024).toFixed(1)),
    });
  }, 200);
})`);

/**
 * Issue 42: on a phone's slow connection a member's table and form pages do not move while they load
 * (rows, cards and lists appear together in their places), and the code asked for before the
 * first paint stays within its budget. What the member sees at the end is checked too.
 */
const builtWebApp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/web/dist');
const built = (file: string) => readFileSync(path.join(builtWebApp, file), 'utf8');
const staticImportsOf = (code: string) => [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((found) => found[1] as string);

/**
 * The app's code starts in parts, each a task of its own (issue 42: as one, its evaluation was
 * a ~230 ms task on the phone profile, the largest part of the products page's blocking time):
 * the entry evaluates neither the shared rules' chunk nor the app's with itself, imports them in
 * turn, and the page's head asks for every part, the chunks they import and their stylesheets
 * beside the entry, so no part waits for a fetch it could have started earlier.
 */
describe("the app's code on a member's first screen", () => {
  it('starts in parts, each fetched with the entry', () => {
    const html = built('index.html');
    const scripts = [...html.matchAll(/<script type="module"[^>]* src="\/(assets\/[^"]+)"/g)].map((found) => found[1] as string);
    expect(scripts, 'one entry').toHaveLength(1);
    const entry = built(scripts[0] as string);
    const parts = [...entry.matchAll(/import\(`\.\/([^`]+)`\)/g)].map((found) => found[1] as string);
    expect(parts, 'the shared rules, then the app').toEqual([expect.stringMatching(/^shared-rules-/), expect.stringMatching(/^start-/)]);
    const evaluatedWithEntry = staticImportsOf(entry);
    expect(evaluatedWithEntry.filter((file) => /^(core|app)-/.test(file)), 'evaluated with the entry').toEqual([]);

    const preloaded = new Set([...html.matchAll(/<link rel="modulepreload"[^>]* href="\/assets\/([^"]+)"/g)].map((found) => found[1]));
    const stylesheets = new Set([...html.matchAll(/<link rel="stylesheet"[^>]* href="\/assets\/([^"]+)"/g)].map((found) => found[1]));
    const needed = new Set<string>();
    const follow = (file: string) => {
      if (needed.has(file)) return;
      needed.add(file);
      staticImportsOf(built(`assets/${file}`)).forEach(follow);
    };
    parts.forEach(follow);
    expect([...needed].filter((file) => !preloaded.has(file)), 'not preloaded').toEqual([]);
    expect([...needed].some((file) => /^core-/.test(file)) && [...needed].some((file) => /^app-/.test(file)), 'core and the app in chunks of their own').toBe(true);
    // Each part's stylesheets (Vite's list of what the entry's imports need) are in the head.
    const listed = /m\.f=\[([^\]]*)\]/.exec(entry)?.[1] ?? '';
    const partStyles = [...listed.matchAll(/"assets\/([^"]+\.css)"/g)].map((found) => found[1] as string);
    expect(partStyles.length).toBeGreaterThan(0);
    expect(partStyles.filter((file) => !stylesheets.has(file)), 'stylesheets found only when the code runs').toEqual([]);
  });
});

describe("a member's pages on a slow phone", () => {
  let page: Page;
  beforeAll(async () => {
    const browser = await launchBrowser();
    page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInToDemo(page, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
  });
  afterAll(async () => { await page.context().browser()?.close(); });

  const cases = [
    { name: 'the products table', path: '/demo/staff/products', shown: () => page.getByRole('cell', { name: 'Beras Pandan Wangi 5 kg' }) },
    { name: 'the customers form and list', path: '/demo/staff/customers', shown: () => page.getByRole('button', { name: 'Simpan' }) },
  ];
  for (const { name, path, shown } of cases) {
    it(`${name}: no layout shift while it loads, and its first paint waits for little code`, async () => {
      const cdp = await slowPhone(page);
      try {
        await page.goto(path);
        await page.locator('[data-first-reveal="shown"]').waitFor({ timeout: 30_000 });
        await expect.poll(() => shown().first().isVisible(), { timeout: 30_000 }).toBe(true);
        // Whatever settles after the reveal (a count, a late chart) is inside the figures too.
        await page.waitForTimeout(1500);
        const figures = await loadFigures(page);
        await snapshot(page, `phone-speed-${path.split('/').pop()}`);
        expect(figures.layoutShift, `layout shifts: ${figures.shifts.join('; ') || 'none'}`).toBeLessThanOrEqual(MOST_LAYOUT_SHIFT);
        expect(figures.firstContentfulPaintMs).toBeLessThan(Number.POSITIVE_INFINITY);
        expect(figures.jsBeforeFirstPaintKb, 'KB of JavaScript fetched before the first contentful paint').toBeLessThanOrEqual(JS_BEFORE_FIRST_PAINT_BUDGET_KB);
      } finally {
        await cdp.detach();
      }
    }, 90_000);
  }
});

/**
 * Issue 42: the sign-in page paints its form from the server's first bytes (before 260 KB of
 * JavaScript arrive on a slow phone), and the live form takes its place without moving it.
 */
describe('the sign-in page before its code arrives', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;

  for (const width of [1366, 390]) {
    it(`shows the application's name and the form before its code at ${width} px, where the live form stands`, async () => {
      await page().setViewportSize({ width, height: 844 });
      await openDrawnOnly(page(), '/demo/auth/login');
      await expect.poll(() => page().getByRole('heading', { level: 1, name: 'Demo Toko' }).isVisible()).toBe(true);
      for (const text of ['Masuk ke akun Anda', 'Username', 'Password', 'Sign In']) expect(await page().getByText(text, { exact: true }).isVisible(), text).toBe(true);
      await snapshot(page(), `phone-speed-sign-in-first-${width}`);
      expect(await accessibilityViolations(page())).toEqual([]);
      const drawn = await page().locator('.rk-first-button').boundingBox();

      const live = await newPage(suite.browser, { viewport: { width, height: 844 } });
      try {
        await live.goto('/demo/auth/login');
        const button = live.getByRole('button', { name: 'Sign In' });
        await button.waitFor();
        const liveBox = await button.boundingBox();
        expect(Math.abs((liveBox?.y ?? 0) - (drawn?.y ?? 0)), 'the Sign In button moves when the live form arrives').toBeLessThanOrEqual(2);
        expect(Math.abs((liveBox?.width ?? 0) - (drawn?.width ?? 0))).toBeLessThanOrEqual(2);
        const figures = await loadFigures(live);
        expect(figures.layoutShift).toBeLessThanOrEqual(MOST_LAYOUT_SHIFT);
      } finally {
        await live.context().close();
      }
    });
  }
});

/** Issue 42: a member's page paints its frame (the application's bar, and its sidebar on a wide screen) from the server's first bytes. */
describe("a member's page before its code arrives", () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;

  for (const [width, sidebar] of [[1366, true], [390, false]] as const) {
    it(`shows the application's bar${sidebar ? ' and sidebar' : ''} at ${width} px`, async () => {
      await page().setViewportSize({ width, height: 844 });
      await openDrawnOnly(page(), '/demo/staff/products');
      expect(await page().getByRole('banner').getByText('Demo Toko').isVisible()).toBe(true);
      expect(await page().getByRole('navigation').isVisible()).toBe(sidebar);
      const bar = await page().getByRole('banner').boundingBox();
      expect(bar).toMatchObject({ x: 0, y: 0, width, height: 56 });
      await snapshot(page(), `phone-speed-member-first-${width}`);
      expect(await accessibilityViolations(page())).toEqual([]);
    });
  }
});

/** Issue 42: a builder opening the page editor on a phone: the toolbar keeps its rows while the page loads. */
describe('the page editor on a slow phone', () => {
  let page: Page;
  let productsPageId: number;
  beforeAll(async () => {
    const api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const pages = await api<{ pageId: number }[]>('GET', '/get/getPage/slug/products?appSlug=demo');
    productsPageId = pages.data[0]?.pageId as number;
    const browser = await launchBrowser();
    page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInToDemo(page, DEMO_ADMIN, ADMIN_PASSWORD);
  });
  afterAll(async () => { await page.context().browser()?.close(); });

  it('does not move while the page it opens loads', async () => {
    const cdp = await slowPhone(page);
    try {
      await page.goto(`/demo/form-editor?page=${productsPageId}`);
      await page.getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor({ timeout: 30_000 });
      await page.getByTestId('editor-component').first().waitFor();
      await page.waitForTimeout(1500);
      const figures = await loadFigures(page);
      await snapshot(page, 'phone-speed-editor-390');
      expect(figures.layoutShift, `layout shifts: ${figures.shifts.join('; ') || 'none'}`).toBeLessThanOrEqual(MOST_LAYOUT_SHIFT);
    } finally {
      await cdp.detach();
    }
  }, 90_000);
});
