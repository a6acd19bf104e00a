// Shared by the browser benchmarks (editor, viewer): Rakit started in this process with the
// built web app, the demo application seeded, and pages of N components made through the API.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Component, createComponent, type WidgetType } from '@rakit/core';
import { buildApp, loadConfig, migrateToLatest, openStore, seed, seedDemo } from '@rakit/server/bench-kit';
import { type Browser, chromium, type Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEMO_SLUG = 'demo';
export const DEMO_ADMIN = 'demo-admin';
const PASSWORD = 'bench-password';

/** Builds the web app (skipped with BENCH_SKIP_BUILD=1 when packages/web/dist is current). */
export function buildWebApp(): string {
  const webDir = path.join(root, 'packages/web/dist');
  if (process.env.BENCH_SKIP_BUILD === '1') return webDir;
  const build = spawnSync('npm', ['run', 'build', '-w', '@rakit/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('npm run build -w @rakit/web failed');
  return webDir;
}

export interface BenchServer {
  baseUrl: string;
  /** The demo application's id. */
  appId: number;
  /** Bearer token of the demo administrator. */
  token: string;
  close: () => Promise<void>;
}

/** Rakit on a free local port with a fresh SQLite store, serving the built web app. */
export async function startServerWithWeb(webDir: string): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-bench-web-'));
  const store = openStore(undefined, dataDir);
  await migrateToLatest(store);
  await seed(store, PASSWORD);
  await seedDemo(store, { dataDir, password: PASSWORD });
  const app = await buildApp(loadConfig({}, { dataDir, webDir, authRateLimit: 1_000_000 }), store, { logger: false });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { userId: DEMO_ADMIN, password: PASSWORD, appSlug: DEMO_SLUG } });
  const token = login.json().data[0].token as string;
  const appId = (await app.inject({ method: 'GET', url: `/get/getApp/slug/${DEMO_SLUG}` })).json().data.appId as number;
  return {
    baseUrl,
    appId,
    token,
    close: async () => {
      await app.close();
      await store.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const FORM_WIDGETS: readonly WidgetType[] = ['input', 'textarea', 'datetime', 'checkbox', 'toggle', 'radio', 'dropdown', 'fileupload', 'text', 'button'];

/** `count` form widgets, the types taken in turn, titled 'Field 1' … */
export function formComponents(count: number): Component[] {
  return Array.from({ length: count }, (_, i) => createComponent(FORM_WIDGETS[i % FORM_WIDGETS.length] as WidgetType, `bench-${i + 1}`, `Field ${i + 1}`));
}

/** Widths of a dashboard-like grid, taken in turn: three in a row, two halves, four quarters, one full row. */
const GRID_WIDTHS = [4, 4, 4, 6, 6, 3, 3, 3, 3, 12] as const;

/** `count` form widgets laid out on the 12-column grid, several to a row (formComponents with widths). */
export function gridComponents(count: number): Component[] {
  return formComponents(count).map((component, i) => ({ ...component, width: GRID_WIDTHS[i % GRID_WIDTHS.length] }));
}

/**
 * The page-creation hook of the browser benchmarks: a page of the demo application named
 * `pageName`, holding `components`, made as the editor makes it (saveApp with a null pageId,
 * then saveApp with its pageComponents).
 */
export async function createPageWithComponents(server: Pick<BenchServer, 'baseUrl' | 'appId' | 'token'>, pageName: string, components: Component[]): Promise<{ pageId: number; pageSlug: string }> {
  const saveApp = async (page: Record<string, unknown>) => {
    const response = await fetch(`${server.baseUrl}/save/saveApp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
      body: JSON.stringify({ appId: server.appId, pages: [{ pageAppId: server.appId, ...page }] }),
    });
    const answer = await response.json() as { status: boolean; data?: { pages: { pageId: number; pageSlug: string }[] }; error?: string[] };
    const saved = answer.data?.pages[0];
    if (!answer.status || saved === undefined) throw new Error(`saveApp refused: ${answer.error?.[0] ?? response.status}`);
    return saved;
  };
  const created = await saveApp({ pageId: null, pageName });
  await saveApp({ pageId: created.pageId, pageComponents: JSON.stringify(components) });
  return created;
}

/** Debian's Chromium, headless. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
}

/** A browser page signed in to the demo application as its administrator. */
export async function signedInDemoAdmin(browser: Browser, server: BenchServer): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/${DEMO_SLUG}/auth/login`);
  await page.getByLabel('Username').fill(DEMO_ADMIN);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`**/${DEMO_SLUG}/home`);
  return page;
}
