import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

export { ADMIN_PASSWORD } from './global-setup';
export const baseUrl = () => inject('baseUrl');

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/**
 * Debian's headless shell (`chromium-headless-shell`, what Playwright itself runs headless) when
 * installed, else Debian's full Chromium. The shell renders the same Blink without the full
 * browser around it: the same specs took a third less CPU (86 → 56 s) and a quarter less time.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

/**
 * What a spec needs of the whole browser, which the shell lacks: its PDF viewer (a printed PDF
 * opened in a tab), a fake camera, and the error page a navigation gets while offline; and
 * page-history, which behaves differently in the shell under load.
 */
export interface BrowserNeeds { fullBrowser?: boolean }

/** Headless Chromium with the flags this closed network needs (and a spec's own, e.g. a fake camera). */
export function launchBrowser(extraArgs: readonly string[] = [], needs: BrowserNeeds = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: needs.fullBrowser === true ? FULL_CHROMIUM : chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extraArgs],
  });
}

/**
 * What Chromium refused under the server's Content-Security-Policy, in any page of any context
 * newPage made (tabs and frames too). The suite runs with the policy on: a screen that needs
 * something the policy forbids fails its test (see the afterEach below) instead of breaking
 * quietly for users.
 */
const cspViolations: string[] = [];

function watchContentSecurityPolicy(context: BrowserContext): void {
  context.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      cspViolations.push(`${message.page()?.url() ?? 'a page'}: ${message.text()}`);
    }
  });
}

/** Answers the violations reported since the last call, and forgets them (for a test that provokes one). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

function failOnCspViolations(): void {
  const found = takeCspViolations();
  if (found.length > 0) throw new Error(`The Content-Security-Policy refused something:\n${found.join('\n')}`);
}
afterEach(failOnCspViolations);
afterAll(failOnCspViolations);

/**
 * A fresh, isolated browser context (own local storage) with one page. Service workers are
 * blocked unless a spec allows them (`serviceWorkers: 'allow'`, installable.spec.ts): a worker
 * that precaches and answers from its caches would make the other specs' network figures
 * (phone-speed's bytes before the first paint) and routed requests (page.route) depend on
 * whether an earlier page of the context had registered it yet.
 *
 * The person asks for less motion (the theme respects it): a dialog, a menu or a toast is there
 * at once, so what a test reads or axe checks is never a state half faded in, whose timing on a
 * loaded machine is the machine's (accessibility.spec checks the motion others see).
 */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', reducedMotion: 'reduce', ...options });
  watchContentSecurityPolicy(context);
  const page = await context.newPage();
  watchForFailureReport(page);
  await slowDown(page);
  return page;
}

/**
 * What each open page showed when a test failed, printed with the failure: a CI run leaves no
 * screenshot to look at, so its log says where the page was, what it said and what went wrong
 * in it (its last console errors and failed or refused requests).
 */
const openPages = new Map<Page, string[]>();
const REPORT_EVENTS_KEPT = 15;

function watchForFailureReport(page: Page): void {
  const events: string[] = [];
  const note = (line: string) => { events.push(`${new Date().toISOString().slice(11, 23)} ${line}`); if (events.length > REPORT_EVENTS_KEPT) events.shift(); };
  openPages.set(page, events);
  page.on('close', () => openPages.delete(page));
  page.on('console', (message) => { if (message.type() === 'error' || message.type() === 'warning') note(`console ${message.type()}: ${message.text().slice(0, 300)}`); });
  page.on('pageerror', (error) => note(`page error: ${error.message.slice(0, 300)}`));
  page.on('requestfailed', (request) => note(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('response', (response) => { if (response.status() >= 400) note(`answer ${response.status()}: ${response.request().method()} ${response.url()}`); });
  // A service worker's own requests and console are the context's, not the page's.
  const context = page.context();
  context.on('serviceworker', (worker) => {
    note(`service worker started: ${worker.url()}`);
    worker.on('console', (message) => { if (message.type() === 'error' || message.type() === 'warning') note(`worker console ${message.type()}: ${message.text().slice(0, 300)}`); });
  });
  context.on('requestfailed', (request) => { if (request.serviceWorker() !== null) note(`worker request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`); });
  context.on('response', (response) => { if (response.request().serviceWorker() !== null && response.status() >= 400) note(`worker answer ${response.status()}: ${response.url()}`); });
}

/** Where the page's service worker stands (installing, waiting, active, controlling), for a failure's report. */
const serviceWorkerState = `(async () => {
  if (!('serviceWorker' in navigator)) return 'no service workers';
  const registration = await navigator.serviceWorker.getRegistration();
  if (registration === undefined) return 'none registered';
  const state = (worker) => (worker === null ? '-' : worker.state);
  return 'installing ' + state(registration.installing) + ', waiting ' + state(registration.waiting) + ', active ' + state(registration.active) + ', controlled ' + (navigator.serviceWorker.controller !== null);
})()`;

// Thrown, not printed: the report then stands with the failure in the run's summary, at the
// end of the log, which is the part of a CI log one gets to read.
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const reports: string[] = [];
  for (const [page, events] of openPages) {
    const worker = await page.evaluate(serviceWorkerState).catch((error: unknown) => `(unreadable: ${String(error)})`);
    const text = await page.evaluate(() => document.body?.innerText ?? '').catch((error: unknown) => `(unreadable: ${String(error)})`);
    reports.push(`--- ${page.url()} (${page.viewportSize()?.width ?? '?'} px), service worker: ${String(worker)}\n--- its last events:\n${events.join('\n') || '(none)'}\n--- its text:\n${text.replace(/\n{2,}/g, '\n').slice(0, 1000)}`);
  }
  if (reports.length > 0) throw new Error(`What the open pages showed when "${task.name}" failed:\n${reports.join('\n')}`);
});

/**
 * E2E_CPU_THROTTLE=N runs every page's scripts N times slower (Chromium's CPU throttling): a
 * phone's pace, or a loaded CI machine's, on demand, to bring out what depends on timing.
 */
async function slowDown(page: Page): Promise<void> {
  const rate = Number(process.env.E2E_CPU_THROTTLE ?? '1');
  const delayMs = Number(process.env.E2E_NETWORK_DELAY_MS ?? '0');
  if (delayMs > 0) await page.route('**/*', async (route) => { await new Promise((r) => setTimeout(r, delayMs * Math.random())); await route.continue(); });
  if (!(rate > 1)) return;
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
}

/**
 * One browser and a fresh page for a describe block: launched before its tests, closed after.
 * Read `suite.page` inside tests (it exists once the block's tests run).
 */
export function browserPageForSuite(): { readonly browser: Browser; readonly page: Page } {
  const suite = {} as { browser: Browser; page: Page };
  beforeAll(async () => {
    suite.browser = await launchBrowser();
    suite.page = await newPage(suite.browser);
  });
  afterAll(async () => { await suite.browser?.close(); });
  return suite;
}

/** Saves what the person sees, for looking at after a run. */
export async function snapshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

let counter = 0;
/** A WhatsApp-style number no other spec uses in this run. */
export const uniquePhone = () => `0813${String(Date.now()).slice(-6)}${String(counter++).padStart(2, '0')}`;

