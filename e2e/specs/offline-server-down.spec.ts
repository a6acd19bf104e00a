import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot, uniquePhone } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { type OwnServer, startOwnServer } from '../support/own-server';

const builtWebApp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/web/dist');

/**
 * Works where the signal drops (issue 38), with the network really gone: the phone says it is
 * online, but the server cannot be reached (killed, as a dead zone or a captive Wi-Fi does). The
 * member's saves wait on the device, the installed application opens again from its service
 * worker and the device, and once the server is back each entry is applied exactly once, also
 * when the server is killed in the middle of sending them.
 */
describe('a member keeps working while the server cannot be reached', () => {
  let browser: Browser;
  let page: Page;
  let server: OwnServer;
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-offline-web-'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-offline-data-'));
  const names = [`Wati ${Date.now().toString(36)}`, `Yanto ${Date.now().toString(36)}`];

  /** How many customers of that name the shop's database holds, asked as its administrator. */
  async function customersNamed(name: string): Promise<number> {
    const token = ((await (await fetch(`${server.base}/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: DEMO_ADMIN, password: ADMIN_PASSWORD, appSlug: 'demo' }),
    })).json()) as { data: { token: string }[] }).data[0]?.token ?? '';
    const call = async <T,>(method: string, url: string, body?: unknown) => ((await (await fetch(`${server.base}${url}`, {
      method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })).json()) as { data: T }).data;
    const appId = (await call<{ appId: number }>('GET', '/get/getApp/slug/demo')).appId;
    const shop = (await call<{ dbId: number; dbDatabase: string }[]>('GET', `/get/listDatabase/${appId}`)).find((db) => db.dbDatabase === 'demo-shop.db');
    const rows = await call<{ n: number }[]>('POST', '/action/runQuery', { dbId: shop?.dbId, query: 'SELECT COUNT(*) AS n FROM customers WHERE name = ?', params: [name] });
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * The member's Save of a new customer while the server is gone: it waits on the device, the
   * `waiting`th entry there. Waited for by the header's count, not by the toast: an earlier
   * save's toast is still shown, and the next fill must not race this save's run.
   */
  async function saveOnDevice(name: string, city: string, waiting: number): Promise<void> {
    await page.getByLabel('Nama Pelanggan').fill(name);
    await page.getByLabel('Nomor WA').fill(uniquePhone());
    await page.getByLabel('Kota').fill(city);
    await page.getByRole('button', { name: 'Simpan Pelanggan' }).click();
    await page.getByRole('banner').getByRole('button', { name: `${waiting} waiting to send` }).waitFor();
  }

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

  it('keeps the saves made while the server is gone, opens again without it, and applies each once when it is back', async () => {
    await signInToDemo(page, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await page.goto('/demo/staff/customers');
    await page.getByLabel('Nama Pelanggan').waitFor();
    await page.getByTestId('data-table').getByRole('cell').first().waitFor();
    // The worker takes the page once the browser is idle and keeps the code the page loaded.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await expect.poll(() => page.evaluate(async () => (await (await caches.open('rakit-assets')).keys()).length), { timeout: 15_000 }).toBeGreaterThan(0);

    await server.stop();
    for (const [index, name] of names.entries()) await saveOnDevice(name, 'Kupang', index + 1);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: '2 waiting to send' }).waitFor();

    // The application opens again with the server still gone: the page from the service worker,
    // the rows last read and the waiting entries from the device.
    await page.reload();
    await page.getByLabel('Nama Pelanggan').waitFor();
    await header.getByRole('button', { name: '2 waiting to send' }).waitFor();
    await page.getByRole('status').filter({ hasText: /^As of / }).first().waitFor({ timeout: 15_000 });
    await page.mouse.move(200, 700);
    await snapshot(page, 'offline-server-down');

    server = await startOwnServer(webDir, dataDir, server.port);
    // Opened again, the device sends what waits at once (else its next try, within 30 s).
    await page.reload();
    // (The header's count shows only once the device's entries are read back: it is no sign by itself.)
    for (const name of names) await expect.poll(() => customersNamed(name), { timeout: 30_000 }).toBe(1);
    await header.getByRole('button', { name: /waiting to send/ }).waitFor({ state: 'detached' });
    for (const name of names) expect(await customersNamed(name), name).toBe(1);
  });

  it('applies each once when the server is killed while it sends them: the one it applied unanswered is answered again, not applied again', async () => {
    const later = [`Nur ${Date.now().toString(36)}`, `Ketut ${Date.now().toString(36)}`, `Made ${Date.now().toString(36)}`];
    const header = page.getByRole('banner');
    await page.getByLabel('Nama Pelanggan').waitFor();
    await server.stop();
    for (const [index, name] of later.entries()) await saveOnDevice(name, 'Ende', index + 1);
    await header.getByRole('button', { name: '3 waiting to send' }).waitFor();

    // The second entry reaches the server, which applies it and keeps its answer; the server is
    // killed before the answer gets back, so the phone only sees its connection cut.
    let killed = () => undefined as void;
    const killedMidway = new Promise<void>((resolve) => { killed = resolve; });
    let cut = false;
    let appliedAnswer = 0;
    await page.route('**/action/runAction', async (route) => {
      if (cut || !(route.request().postData() ?? '').includes(later[1] as string)) return route.continue();
      cut = true;
      appliedAnswer = (await route.fetch()).status();
      await server.stop();
      killed();
      return route.abort('connectionreset');
    });
    const replayed: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/action/runAction') && response.headers()['idempotent-replayed'] === 'true') replayed.push(response.request().postData() ?? '');
    });
    server = await startOwnServer(webDir, dataDir, server.port);
    await page.reload();
    await killedMidway;
    expect(appliedAnswer).toBe(200);
    // Back again: the cut entry is sent again under its key and answered with the kept answer.
    server = await startOwnServer(webDir, dataDir, server.port);
    await page.reload();
    for (const name of later) await expect.poll(() => customersNamed(name), { timeout: 30_000 }).toBe(1);
    await header.getByRole('button', { name: /waiting to send/ }).waitFor({ state: 'detached' });
    for (const name of later) expect(await customersNamed(name), name).toBe(1);
    expect(replayed.some((body) => body.includes(later[1] as string))).toBe(true);
  });
});
