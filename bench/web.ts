// Measures the first load of the web app in Chromium, as a visitor gets it from `npm start`:
// for the login, a member's table page, the admin home and the editor, the JavaScript and CSS
// bytes transferred as served (compressed, read from CDP's Network.loadingFinished
// encodedDataLength), the number of requests, and the time from navigation to the first render
// of the screen's content. Each route is opened with an empty browser cache, then once more:
// the second visit must take every asset from the cache (0 asset bytes).
// Run: npm run bench:web -w @rakit/bench   (`npm start` builds the web app when it is stale;
// BENCH_WEB_FILES=1 also lists each first visit's JS and CSS files, largest first)
import type { CDPSession, Page } from 'playwright-core';
import { launchChromium } from './page-fixtures';
import { startProduct } from './server-process';

const PASSWORD = 'bench-web-password';
/** The issue's target for the JavaScript of the login and a member's table page, gzipped. */
const TARGET_KB = 250;

interface Transfer { js: number; css: number; other: number; requests: number; files: string[] }

/** Counts what the page's network carries between start() and stop(), by CDP events. */
function networkMeter(cdp: CDPSession) {
  const types = new Map<string, string>();
  const urls = new Map<string, string>();
  let counting = false;
  let totals: Transfer = { js: 0, css: 0, other: 0, requests: 0, files: [] };
  cdp.on('Network.requestWillBeSent', () => { if (counting) totals.requests += 1; });
  cdp.on('Network.responseReceived', (event) => {
    const mime = event.response.mimeType;
    urls.set(event.requestId, event.response.url);
    types.set(event.requestId, mime.includes('javascript') ? 'js' : mime === 'text/css' ? 'css' : 'other');
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (!counting) return;
    const kind = (types.get(event.requestId) ?? 'other') as 'js' | 'css' | 'other';
    totals[kind] += event.encodedDataLength;
    if (kind !== 'other' && event.encodedDataLength > 0) totals.files.push(`${(event.encodedDataLength / 1024).toFixed(1).padStart(7)} KB  ${new URL(urls.get(event.requestId) ?? '').pathname}`);
  });
  return {
    start: () => { totals = { js: 0, css: 0, other: 0, requests: 0, files: [] }; counting = true; },
    stop: async (): Promise<Transfer> => {
      // the last loadingFinished events may trail the render by a moment
      await new Promise((resolve) => setTimeout(resolve, 300));
      counting = false;
      return totals;
    },
  };
}

interface Route {
  name: string;
  /** Whose session the route is opened in (none: signed out). */
  user?: string;
  url: string;
  /** Resolves, in the page, once the screen's content shows. */
  shown: (page: Page) => Promise<unknown>;
  /** The target applies to it. */
  target: boolean;
}

const ROUTES: Route[] = [
  { name: 'login', url: '/demo/auth/login', shown: (p) => p.getByLabel('Username').waitFor(), target: true },
  { name: 'member table page', user: 'demo-user', url: '/demo/staff/products', shown: (p) => p.getByRole('cell', { name: 'Beras Pandan Wangi 5 kg' }).first().waitFor(), target: true },
  { name: 'admin home', user: 'demo-admin', url: '/demo/home', shown: (p) => p.getByText('Demo Toko').first().waitFor(), target: false },
  { name: 'editor', user: 'demo-admin', url: '/demo/form-editor', shown: (p) => p.getByText('No Page Selected').waitFor(), target: false },
];

/**
 * Milliseconds from the start of navigation until `shown` resolves (the page's own clock), and
 * the bytes of script asked for before the first contentful paint (issue 35's budget, counted as
 * e2e/specs/phone-speed.spec.ts counts it: what a phone waits for before it shows anything).
 */
async function visit(page: Page, route: Route): Promise<{ ms: number; jsBeforePaint: number }> {
  await page.goto(route.url, { waitUntil: 'commit' });
  await route.shown(page);
  return page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const fcp = paint === undefined ? Number.POSITIVE_INFINITY : paint.startTime;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.name.endsWith('.js') && r.startTime < fcp);
    return { ms: performance.now(), jsBeforePaint: scripts.reduce((sum, r) => sum + r.encodedBodySize, 0) };
  });
}

const product = await startProduct(PASSWORD);
const browser = await launchChromium();
const rows: { route: Route; visit: 'first' | 'second'; transfer: Transfer; ms: number; jsBeforePaint: number }[] = [];
try {
  for (const route of ROUTES) {
    // No service worker: a first visit is a phone that has none yet (the login's would otherwise
    // answer the next page's code from its precache, and its bytes would not be counted).
    const context = await browser.newContext({ baseURL: product.base, viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const meter = networkMeter(cdp);
    if (route.user !== undefined) {
      await page.goto('/demo/auth/login');
      await page.getByLabel('Username').fill(route.user);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((url) => !url.pathname.endsWith('/auth/login'));
      await page.goto('about:blank');
    }
    // The first visit: nothing in the HTTP cache (the session stays in localStorage).
    await cdp.send('Network.clearBrowserCache');
    for (const which of ['first', 'second'] as const) {
      if (which === 'second') await page.goto('about:blank');
      meter.start();
      const { ms, jsBeforePaint } = await visit(page, route);
      rows.push({ route, visit: which, transfer: await meter.stop(), ms, jsBeforePaint });
    }
    await context.close();
  }
} finally {
  await browser.close();
  product.stop();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log('\nFirst load in Chromium (bytes as transferred; second visit = same tab, warm cache)\n');
console.log('JS: all script until the screen shows; before paint: script asked for before the first contentful paint (the budget;\nthe sign-in paints from the server\'s HTML before its script, so little or none is)\n');
console.log(`${'route'.padEnd(20)}${'visit'.padEnd(8)}${'JS'.padStart(11)}${'before paint'.padStart(14)}${'CSS'.padStart(11)}${'other'.padStart(11)}${'requests'.padStart(10)}${'render'.padStart(10)}   before paint / ${TARGET_KB} KB target`);
for (const { route, visit: which, transfer, ms, jsBeforePaint } of rows) {
  const ratio = route.target && which === 'first' ? `${(jsBeforePaint / 1024 / TARGET_KB).toFixed(2)}` : '';
  console.log(`${route.name.padEnd(20)}${which.padEnd(8)}${kb(transfer.js).padStart(11)}${(which === 'first' ? kb(jsBeforePaint) : '').padStart(14)}${kb(transfer.css).padStart(11)}${kb(transfer.other).padStart(11)}${String(transfer.requests).padStart(10)}${`${ms.toFixed(0)} ms`.padStart(10)}   ${ratio}`);
}
if (process.env.BENCH_WEB_FILES === '1') {
  for (const { route, visit: which, transfer } of rows) {
    if (which === 'first') console.log(`\n${route.name}:\n${transfer.files.sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a)).join('\n')}`);
  }
}
