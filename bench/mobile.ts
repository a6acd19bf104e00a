// Lighthouse's mobile profile (a mid-range Android: 4× slower CPU, slow 4G, simulated) on the
// pages a member and a builder open, through `npm start` with the seeded demo and Debian's
// Chromium, every run with the HTTP cache and compiled code removed: performance score, First and
// Largest Contentful Paint, Total Blocking Time and Cumulative Layout Shift, median of 3 runs
// (BENCH_MOBILE_RUNS), against the targets. Then the page editor on a 100-component page
// under 4× CPU slowdown and slow 4G applied to the browser (DevTools throttling): from navigation
// until the last component is on the board and a click selects the first one.
// Last, a member's second visit to the products table (issue 38), online and then offline with
// the server stopped: from navigation until the first row is drawn.
// Run: npm run bench:mobile -w @rakit/bench   (BENCH_MOBILE_PAGES=sign-in,products,second-visit picks;
// BENCH_MOBILE_JSON=<dir> keeps each run's Lighthouse report and trace)
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { createPageWithComponents, DEMO_SLUG, formComponents } from './page-fixtures';
import { asSlowPhone, signInToDemo, SLOW_4G } from './phone-profile';
import { jsonClient, startProduct } from './server-process';

const PASSWORD = 'bench-mobile-password';
const RUNS = Number(process.env.BENCH_MOBILE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGET = { score: 95, lcpMs: 2000, tbtMs: 150, cls: 0.02, editorReadyMs: 3500 };

interface MobilePage { name: string; path: string; user?: 'demo-user' | 'demo-admin' }
const PAGES: MobilePage[] = [
  { name: 'sign-in', path: '/demo/auth/login' },
  { name: 'products (table)', path: '/demo/staff/products', user: 'demo-user' },
  { name: 'customers (form)', path: '/demo/staff/customers', user: 'demo-user' },
  { name: 'orders (kanban)', path: '/demo/staff/orders', user: 'demo-user' },
  { name: 'reports (chart, cards)', path: '/demo/staff/reports', user: 'demo-user' },
  { name: 'builder home', path: '/demo/home', user: 'demo-admin' },
  { name: 'page editor (100)', path: '/demo/form-editor?page=', user: 'demo-admin' },
];
const chosen = process.env.BENCH_MOBILE_PAGES?.split(',');

interface Figures { score: number; fcp: number; lcp: number; tbt: number; cls: number }

/** A Chromium profile signed in to the demo application as `user` (the session lives in localStorage). */
async function signedInProfile(base: string, user: string): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `rakit-mobile-${user}-`));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  const page = await context.newPage();
  await page.goto(`${base}/${DEMO_SLUG}/auth/login`);
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/auth/login'));
  await context.close();
  return dir;
}

/** One Lighthouse run on a copy of `profile` (or a fresh one) without its caches. */
async function lighthouseRun(url: string, profile: string | undefined, keep: string | undefined): Promise<Figures> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-mobile-run-'));
  if (profile !== undefined) {
    cpSync(profile, userDataDir, { recursive: true });
    for (const cache of ['Cache', 'Code Cache', 'GPUCache']) rmSync(path.join(userDataDir, 'Default', cache), { recursive: true, force: true });
  }
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, userDataDir, chromeFlags: ['--headless=new', '--no-sandbox'] });
  try {
    // A signed-in run keeps the profile's localStorage (its session); its caches were removed above.
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], disableStorageReset: profile !== undefined, logLevel: 'error', output: 'json' });
    if (result === undefined) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError !== undefined) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    if (keep !== undefined) {
      const name = `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}`;
      writeFileSync(path.join(keep, `${name}.json`), JSON.stringify(lhr));
      // The run's own trace (the page unthrottled, before the simulation): where its tasks' time went.
      writeFileSync(path.join(keep, `${name}.trace`), JSON.stringify(result.artifacts.Trace));
    }
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: value('first-contentful-paint'), lcp: value('largest-contentful-paint'), tbt: value('total-blocking-time'), cls: value('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The editor on `pageId` under 4× CPU and slow 4G: ms until the last of `count` components shows and a click selects the first. */
async function editorReady(base: string, pageId: number, count: number): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInToDemo(page, base, 'demo-admin', PASSWORD);
    await asSlowPhone(page.context(), page);
    await page.goto(`${base}/${DEMO_SLUG}/form-editor?page=${pageId}`, { waitUntil: 'commit' });
    const rows = page.locator('[data-testid="editor-component"]');
    await rows.nth(count - 1).waitFor({ timeout: 60_000 });
    await rows.first().click();
    await page.waitForFunction(() => document.querySelector('[data-testid="editor-component"] [data-active]') !== null, undefined, { timeout: 60_000 });
    return await page.evaluate(() => performance.now());
  } finally {
    await browser.close();
  }
}

/** The member's table page a second visit opens (issue 38: ≤ 1 s, online or offline). */
const SECOND_VISIT = { path: '/demo/staff/products', targetMs: 1000 };

/**
 * A member's second visit on the phone profile (4× CPU, slow 4G applied to the browser): the
 * first visit installs the service worker and keeps the rows on the device; then each visit
 * is timed from navigation until the table's first row is drawn, online (the server answering)
 * and offline (the server stopped, the browser offline: the worker's code, the rows the
 * device kept). `stopServer` is called between the two.
 */
async function secondVisits(base: string, stopServer: () => void): Promise<{ online: number[]; offline: number[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });
    // The moment the first row is in the page, read in the page itself (no polling delay).
    // (A string: tsx names the functions it compiles with a helper the page does not have.)
    await context.addInitScript(`new MutationObserver((changes, observer) => {
      if (document.querySelector('[data-testid="data-table"] tr[data-row-key]') === null) return;
      window.rowsShownAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });`);
    const page = await context.newPage();
    const url = `${base}${SECOND_VISIT.path}`;
    await page.goto(`${base}/${DEMO_SLUG}/auth/login`);
    await page.getByLabel('Username').fill('demo-user');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((address) => !address.pathname.endsWith('/auth/login'));
    const shownIn = async () => {
      await page.goto(url, { waitUntil: 'commit' });
      await page.waitForFunction(() => (window as { rowsShownAt?: number }).rowsShownAt !== undefined, undefined, { timeout: 60_000 });
      return page.evaluate(() => (window as { rowsShownAt?: number }).rowsShownAt as number);
    };
    // The first visit: the worker installs and takes the page; the next keeps what it loaded.
    await shownIn();
    await page.evaluate(async () => { await navigator.serviceWorker.ready; });
    await shownIn();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The kept answers are written to the device at most once a second.
    await page.waitForTimeout(2000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    const online: number[] = [];
    for (let run = 0; run < RUNS; run++) online.push(await shownIn());
    stopServer();
    await context.setOffline(true);
    const offline: number[] = [];
    for (let run = 0; run < RUNS; run++) offline.push(await shownIn());
    return { online, offline };
  } finally {
    await browser.close();
  }
}

const product = await startProduct(PASSWORD);
const base = product.base;
const keep = process.env.BENCH_MOBILE_JSON;
const results: { page: MobilePage; runs: Figures[] }[] = [];
const editorMs: number[] = [];
let visits: { online: number[]; offline: number[] } | undefined;
const profiles = new Map<string, string>();
try {
  const call = jsonClient(base);
  const login = await call('POST', '/auth/login', { userId: 'demo-admin', password: PASSWORD, appSlug: DEMO_SLUG });
  const token = (login.data as { token: string }[])[0]?.token as string;
  const appId = ((await call('GET', `/get/getApp/slug/${DEMO_SLUG}`)).data as { appId: number }).appId;
  const editorPage = await createPageWithComponents({ baseUrl: base, appId, token }, 'Mobile bench 100', formComponents(100));
  for (const user of ['demo-user', 'demo-admin']) profiles.set(user, await signedInProfile(base, user));

  for (const page of PAGES) {
    if (chosen !== undefined && !chosen.some((name) => page.name.startsWith(name))) continue;
    const url = `${base}${page.path}${page.path.endsWith('=') ? editorPage.pageId : ''}`;
    const runs: Figures[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await lighthouseRun(url, page.user === undefined ? undefined : profiles.get(page.user), keep));
    results.push({ page, runs });
    process.stderr.write(`${page.name}: ${runs.map((r) => r.score).join(', ')}\n`);
  }
  if (chosen === undefined || chosen.includes('editor-ready')) {
    for (let run = 0; run < RUNS; run++) editorMs.push(await editorReady(base, editorPage.pageId, 100));
  }
  // Last: its offline half stops the server.
  if (chosen === undefined || chosen.includes('second-visit')) visits = await secondVisits(base, product.stop);
} finally {
  for (const dir of profiles.values()) rmSync(dir, { recursive: true, force: true });
  product.stop();
}

const load = os.loadavg().map((value) => value.toFixed(2)).join(' ');
if (results.length > 0) {
  console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile (simulated 4× CPU, slow 4G), median of ${RUNS}; load average ${load} on ${os.cpus().length} cores`);
  console.log(`targets: score >= ${TARGET.score}, LCP <= ${TARGET.lcpMs} ms, TBT <= ${TARGET.tbtMs} ms, CLS <= ${TARGET.cls}\n`);
  console.log(`${'page'.padEnd(24)}${'score'.padStart(7)}${'FCP ms'.padStart(9)}${'LCP ms'.padStart(9)}${'TBT ms'.padStart(9)}${'CLS'.padStart(8)}   met`);
}
for (const { page, runs } of results) {
  const m: Figures = { score: median(runs.map((r) => r.score)), fcp: median(runs.map((r) => r.fcp)), lcp: median(runs.map((r) => r.lcp)), tbt: median(runs.map((r) => r.tbt)), cls: median(runs.map((r) => r.cls)) };
  const met = m.score >= TARGET.score && m.lcp <= TARGET.lcpMs && m.tbt <= TARGET.tbtMs && m.cls <= TARGET.cls;
  console.log(`${page.name.padEnd(24)}${String(m.score).padStart(7)}${m.fcp.toFixed(0).padStart(9)}${m.lcp.toFixed(0).padStart(9)}${m.tbt.toFixed(0).padStart(9)}${m.cls.toFixed(3).padStart(8)}   ${met ? 'yes' : 'NO'}   (scores ${runs.map((r) => r.score).join(', ')})`);
}
if (editorMs.length > 0) {
  const ready = median(editorMs);
  console.log(`\npage editor, 100 components, 4× CPU + slow 4G: ready in ${ready.toFixed(0)} ms (median; runs ${editorMs.map((ms) => ms.toFixed(0)).join(', ')}), ${(ready / TARGET.editorReadyMs).toFixed(2)}× the ${TARGET.editorReadyMs} ms target`);
}
if (visits !== undefined) {
  for (const [how, runs] of Object.entries(visits)) {
    const shown = median(runs);
    console.log(`second visit ${how.padEnd(7)} ${SECOND_VISIT.path}, 390 px, 4× CPU + slow 4G: first row in ${shown.toFixed(0)} ms (median; runs ${runs.map((ms) => ms.toFixed(0)).join(', ')}), ${(shown / SECOND_VISIT.targetMs).toFixed(2)}× the ${SECOND_VISIT.targetMs} ms target`);
  }
}
