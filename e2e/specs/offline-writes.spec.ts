import { type Component, createComponent } from '@rakit/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId, demoShopDatabase, demoToken, menuForStaff } from '../support/api';
import { accessibilityViolations } from '../support/axe';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { focusedName, tabTo } from '../support/keyboard';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';

/**
 * Works where the signal drops (issue 38): a member on a phone saves entries with the network
 * gone; they wait on the device (a reload keeps them), go out in order when it returns, and are
 * applied exactly once; one the server refuses is shown with its reason and can be discarded.
 * Chromium's own offline mode, the real server, the demo's real database.
 */
describe('a member saves entries while offline', () => {
  const stamp = Date.now().toString(36);
  const table = `offline_receipts_${stamp}`;
  let api: Api;
  let dbId: number;
  let browser: Browser;
  let page: Page;

  const rowsOf = async (code: string) =>
    (await api<{ n: number }[]>('POST', '/action/runQuery', { dbId, query: `SELECT COUNT(*) AS n FROM ${table} WHERE code = ?`, params: [code] })).data[0]?.n;
  const saveEntry = async (code: string) => {
    await page.getByLabel('Kode Barang').fill(code);
    await page.getByLabel('Catatan').fill(`diterima ${code}`);
    await page.getByRole('button', { name: 'Simpan Penerimaan' }).click();
    await page.getByText('Saved on this device. It will be sent when the connection returns.').last().waitFor();
  };
  const header = () => page.getByRole('banner');
  /** What the device keeps for the member (IndexedDB): the labels of the writes waiting, and how many answers. */
  const keptEntry = () => page.evaluate(async (userId) => {
    const opened = indexedDB.open('rakit-offline');
    const db = await new Promise<IDBDatabase>((resolve, reject) => { opened.onsuccess = () => resolve(opened.result); opened.onerror = () => reject(opened.error); });
    const read = <T,>(request: IDBRequest<T>) => new Promise<T>((resolve) => { request.onsuccess = () => resolve(request.result); });
    const store = db.transaction('clients').objectStore('clients');
    const keys = (await read(store.getAllKeys())).map(String);
    const mine = keys.find((key) => key === `demo\n${userId}`);
    const entry = mine === undefined ? undefined : await read(store.get(mine)) as { clientState: { mutations: { state: { variables: { label: string } } }[]; queries: unknown[] } } | undefined;
    db.close();
    return { keys, waiting: entry?.clientState.mutations.map((m) => m.state.variables.label) ?? [], answers: entry?.clientState.queries.length ?? 0 };
  }, DEMO_MEMBER);

  beforeAll(async () => {
    api = apiAs(await demoToken('demo-admin', ADMIN_PASSWORD));
    const appId = await demoAppId();
    dbId = (await demoShopDatabase(api)).dbId;
    const created = await api('POST', '/action/runQuery', { dbId, query: `CREATE TABLE ${table} (id INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT NOT NULL UNIQUE, note TEXT NOT NULL)`, params: [] });
    expect(created.status, created.error?.join()).toBe(true);
    const pageId = (await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: `Penerimaan ${stamp}` }] })).data.pages[0]?.pageId as number;
    const save = createComponent('button', 'receipt-save', 'Simpan Penerimaan');
    save.custom_action = [{
      name: 'Simpan', action: 'CUSTOM', cause: '', show: true,
      raw: { database: dbId, type: 'INSERT', table, conditions: [], setValues: [{ column: 'code', source: 'receipt-code', custom: '' }, { column: 'note', source: 'receipt-note', custom: '' }] },
    }];
    const list: Component = {
      ...createComponent('table', 'receipt-list', 'Penerimaan Tercatat'),
      database_used: dbId, primaryKey: 'id', table_used: table, options: 'Kode,Catatan', mapping_table: 'code,note',
      custom_action: [{ name: 'Ubah', action: 'EDIT', cause: '', show: true, raw: { editFields: [{ name: 'note', type: 'text', options: '' }] } }],
    };
    const components: Component[] = [createComponent('input', 'receipt-code', 'Kode Barang'), createComponent('input', 'receipt-note', 'Catatan'), save, list];
    expect((await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] })).status).toBe(true);
    await menuForStaff(api, appId, `Gudang ${stamp}`, [['Penerimaan', pageId]]);
    browser = await launchBrowser([], { fullBrowser: true });
    // Chromium's offline emulation does not hold back what a service worker passes through to the
    // network, so the writes' queue is tested without one (installable.spec opens pages offline).
    page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  });
  afterAll(async () => {
    await api?.('POST', '/action/runQuery', { dbId, query: `DROP TABLE IF EXISTS ${table}`, params: [] });
    await browser?.close();
  });

  it('keeps four entries on the phone and sends them in order once the network returns: each applied once, the duplicate refused', async () => {
    await signInToDemo(page, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await page.goto(`/demo/staff/penerimaan-${stamp}`);
    await page.getByLabel('Kode Barang').waitFor();

    await page.context().setOffline(true);
    await header().getByText('Offline', { exact: true }).waitFor();
    for (const code of [`A-${stamp}`, `B-${stamp}`, `C-${stamp}`, `A-${stamp}`]) await saveEntry(code);
    await header().getByRole('button', { name: '4 waiting to send' }).waitFor();
    // The form starts empty again for the next entry, as after a save online.
    expect(await page.getByLabel('Kode Barang').inputValue()).toBe('');
    await snapshot(page, 'offline-writes-waiting');

    // The list says what waits, oldest first; a keyboard opens it as a finger does.
    await page.mouse.move(200, 700);
    await page.getByText('Saved on this device. It will be sent when the connection returns.').first().waitFor({ state: 'detached', timeout: 15_000 });
    await tabTo(page, '4 waiting to send', { backwards: true });
    await page.keyboard.press('Enter');
    const list = page.getByRole('dialog');
    await expect.poll(async () => (await list.getByText('Simpan Penerimaan').all()).length).toBe(4);
    await expect.poll(() => list.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await snapshot(page, 'offline-writes-list');
    expect(await accessibilityViolations(page, 'header')).toEqual([]);
    expect(await accessibilityViolations(page, '[role=dialog]')).toEqual([]);
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });

    // Nothing went out yet.
    expect(Number(await rowsOf(`A-${stamp}`))).toBe(0);

    await page.context().setOffline(false);
    // In order, once each: the fourth is the second A, which the table refuses as a duplicate.
    await header().getByRole('button', { name: '1 refused' }).waitFor({ timeout: 30_000 });
    for (const code of [`A-${stamp}`, `B-${stamp}`, `C-${stamp}`]) expect(Number(await rowsOf(code)), code).toBe(1);
    await header().getByText('Offline', { exact: true }).waitFor({ state: 'detached' });

    // The notices of what was sent cover the header a moment (a pointer resting on them keeps them).
    await page.mouse.move(200, 700);
    await page.getByText('Sent: Simpan Penerimaan').first().waitFor({ state: 'detached', timeout: 15_000 });
    await header().getByRole('button', { name: '1 refused' }).click();
    await list.getByText(/^Refused: /).waitFor();
    // The list fades in: the picture is of what the person reads.
    await expect.poll(() => list.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await snapshot(page, 'offline-writes-refused');
    expect(await accessibilityViolations(page, '[role=dialog]')).toEqual([]);
    // Fixed by keyboard: the list holds the focus, Tab reaches Fix, and the entry is back in its form.
    await tabTo(page, 'Fix');
    expect(await focusedName(page)).toBe('Fix');
    await page.keyboard.press('Enter');
    await list.waitFor({ state: 'detached' });
    await header().getByRole('button', { name: '1 refused' }).waitFor({ state: 'detached' });
    await page.getByText('The refused entry is back in its form: correct it and save again.').waitFor();
    expect(await page.getByLabel('Kode Barang').inputValue()).toBe(`A-${stamp}`);
    expect(await page.getByLabel('Catatan').inputValue()).toBe(`diterima A-${stamp}`);
    // Corrected and saved again, online now: applied once, the first A untouched.
    await page.getByLabel('Kode Barang').fill(`A2-${stamp}`);
    await page.getByRole('button', { name: 'Simpan Penerimaan' }).click();
    await expect.poll(async () => Number(await rowsOf(`A2-${stamp}`))).toBe(1);
    expect(Number(await rowsOf(`A-${stamp}`))).toBe(1);
    const noteOfD = await api<{ note: string }[]>('POST', '/action/runQuery', { dbId, query: `SELECT note FROM ${table} WHERE code = ?`, params: [`A2-${stamp}`] });
    expect(noteOfD.data[0]?.note).toBe(`diterima A-${stamp}`);
  });

  it('keeps the waiting entries on the device across a reload, then sends them once', async () => {
    await page.context().setOffline(true);
    await header().getByText('Offline', { exact: true }).waitFor();
    await saveEntry(`D-${stamp}`);
    await header().getByRole('button', { name: '1 waiting to send' }).waitFor();
    // The device holds it, not the page: IndexedDB keeps the waiting write for the next open.
    await expect.poll(async () => (await keptEntry()).waiting).toEqual([`Simpan Penerimaan`]);
    expect((await keptEntry()).answers).toBeGreaterThan(0);
    expect(Number(await rowsOf(`D-${stamp}`))).toBe(0);
    // The page closed and opened again: the write is read back from the device and sent once.
    await page.context().setOffline(false);
    await page.reload();
    await page.getByLabel('Kode Barang').waitFor();
    await expect.poll(async () => Number(await rowsOf(`D-${stamp}`)), { timeout: 30_000 }).toBe(1);
    await header().getByRole('button', { name: /waiting to send/ }).waitFor({ state: 'detached' });
  });

  it('refuses the second of two phones that edited the same row offline, and shows it what the row holds now', async () => {
    // Two phones of their own, each signed in afresh (the suite's page keeps what earlier tests left on it).
    const newPhone = () => newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const first = await newPhone();
    const second = await newPhone();
    const phones = [first, second] as const;
    for (const each of phones) await signInToDemo(each, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    const code = `B-${stamp}`;
    const rowOf = (phone: Page) => phone.getByTestId('data-table').locator('tr').filter({ hasText: code });
    for (const phone of phones) {
      await phone.goto(`/demo/staff/penerimaan-${stamp}`);
      await rowOf(phone).waitFor();
    }
    for (const [index, phone] of phones.entries()) {
      await phone.context().setOffline(true);
      await phone.getByRole('banner').getByText('Offline', { exact: true }).waitFor();
      await rowOf(phone).getByRole('button', { name: /^Edit row/ }).click();
      const dialog = phone.getByRole('dialog');
      await dialog.getByLabel('Catatan', { exact: true }).fill(`dicek di HP ${index + 1}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await phone.getByText('Saved on this device. It will be sent when the connection returns.').last().waitFor();
      await phone.getByRole('banner').getByRole('button', { name: '1 waiting to send' }).waitFor();
    }
    // The first phone's edit goes out first; the second was based on the note as both read it.
    await first.context().setOffline(false);
    await expect.poll(async () => (await api<{ note: string }[]>('POST', '/action/runQuery', { dbId, query: `SELECT note FROM ${table} WHERE code = ?`, params: [code] })).data[0]?.note).toBe('dicek di HP 1');
    await second.context().setOffline(false);
    const refused = second.getByRole('banner').getByRole('button', { name: '1 refused' });
    await refused.waitFor({ timeout: 30_000 });
    // The same list on a desktop's width, its words in the top bar.
    await second.setViewportSize({ width: 1366, height: 900 });
    await second.mouse.move(200, 700);
    await refused.click();
    const secondList = second.getByRole('dialog');
    await secondList.getByText('Refused: Someone else saved this after you opened it: your change was not saved (note: dicek di HP 1)').waitFor();
    await expect.poll(() => secondList.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await snapshot(second, 'offline-writes-conflict-1366');
    await second.getByRole('banner').getByText('1 refused', { exact: true }).waitFor();
    expect(await accessibilityViolations(second, '[role=dialog]')).toEqual([]);
    // Never overwritten silently.
    expect((await api<{ note: string }[]>('POST', '/action/runQuery', { dbId, query: `SELECT note FROM ${table} WHERE code = ?`, params: [code] })).data[0]?.note).toBe('dicek di HP 1');
    // A row's edit has no form to go back to: only Discard, which takes it away.
    expect(await secondList.getByRole('button', { name: 'Fix' }).count()).toBe(0);
    await secondList.getByRole('button', { name: 'Discard' }).click();
    await refused.waitFor({ state: 'detached' });
    await first.context().close();
    await second.context().close();
  });
  it('asks before signing out with entries not yet sent, and the next user of the phone sees none of them', async () => {
    await page.context().setOffline(true);
    await header().getByText('Offline', { exact: true }).waitFor();
    await saveEntry(`E-${stamp}`);
    await page.mouse.move(200, 700);
    await page.getByText('Saved on this device. It will be sent when the connection returns.').first().waitFor({ state: 'detached', timeout: 15_000 });
    await header().getByRole('button', { name: 'Logout' }).click();
    const question = page.getByRole('dialog', { name: /1 saved entries have not been sent yet/ });
    await question.waitFor();
    // Read once it has faded in (a half-faded button reads as too little contrast).
    await expect.poll(() => question.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    expect(await accessibilityViolations(page, '[role=dialog]')).toEqual([]);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await header().getByRole('button', { name: '1 waiting to send' }).waitFor();
    await header().getByRole('button', { name: 'Logout' }).click();
    await question.getByRole('button', { name: 'Sign out and remove them' }).click();
    // Offline, the way to the sign-in page fails (no service worker here); once online it opens.
    await page.waitForEvent('requestfailed', (request) => request.url().endsWith('/demo/auth/login'));
    await page.context().setOffline(false);
    await page.goto('/demo/auth/login');
    await page.getByRole('button', { name: /sign in|masuk/i }).first().waitFor();
    // Nothing of the first member's is left on the device, and nothing was sent.
    const { keys: kept } = await keptEntry();
    expect(kept.filter((key) => key.endsWith(`\n${DEMO_MEMBER}`))).toEqual([]);
    expect(Number(await rowsOf(`E-${stamp}`))).toBe(0);
  });

  it('holds the entries while the session has ended, and sends them once when the same member signs in again', async () => {
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInToDemo(phone, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await phone.goto(`/demo/staff/penerimaan-${stamp}`);
    await phone.getByLabel('Kode Barang').waitFor();
    await phone.context().setOffline(true);
    await phone.getByRole('banner').getByText('Offline', { exact: true }).waitFor();
    await phone.getByLabel('Kode Barang').fill(`F-${stamp}`);
    await phone.getByLabel('Catatan').fill('sesi berakhir');
    await phone.getByRole('button', { name: 'Simpan Penerimaan' }).click();
    await phone.getByRole('banner').getByRole('button', { name: '1 waiting to send' }).waitFor();
    // Meanwhile his administrator ends his sessions (a lost phone, a password changed elsewhere).
    const ended = await api('POST', '/auth/endSessions', { appId: await demoAppId(), userId: DEMO_MEMBER });
    expect(ended.status, ended.error?.join()).toBe(true);
    await phone.context().setOffline(false);
    // The server refuses the session: he is sent to sign in, and the entry waits on the device.
    await phone.waitForURL('**/demo/auth/login');
    await phone.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(Number(await rowsOf(`F-${stamp}`))).toBe(0);
    // The sign-in screen says whose entry waits, and that it goes when he signs in again.
    const waitingNotice = phone.getByRole('status').filter({ hasText: `1 entry saved on this device waits for ${DEMO_MEMBER}` });
    await waitingNotice.waitFor();
    await snapshot(phone, 'offline-waiting-for-sign-in-390');
    expect(await accessibilityViolations(phone, '[role="status"]')).toEqual([]);
    await phone.setViewportSize({ width: 1366, height: 768 });
    await waitingNotice.waitFor();
    await snapshot(phone, 'offline-waiting-for-sign-in-1366');
    expect(await accessibilityViolations(phone, '[role="status"]')).toEqual([]);
    await phone.setViewportSize({ width: 390, height: 844 });
    // Another member of the application takes the phone meanwhile: the entry is never sent under his session.
    await phone.getByLabel('Username').fill(DEMO_ADMIN);
    await phone.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await phone.getByRole('button', { name: 'Sign In' }).click();
    await phone.waitForURL('**/demo/home');
    await phone.waitForTimeout(5000);
    expect(Number(await rowsOf(`F-${stamp}`))).toBe(0);
    await phone.goto('/demo/auth/login');
    // Another member's sign-in did not send it, nor take it away.
    await waitingNotice.waitFor();
    await phone.getByLabel('Username').fill(DEMO_MEMBER);
    await phone.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await phone.getByRole('button', { name: 'Sign In' }).click();
    await phone.waitForURL('**/demo/staff**');
    await expect.poll(async () => Number(await rowsOf(`F-${stamp}`)), { timeout: 45_000 }).toBe(1);
    await phone.getByRole('banner').getByRole('button', { name: /waiting to send/ }).waitFor({ state: 'detached' });
    expect(Number(await rowsOf(`F-${stamp}`))).toBe(1);
    // Sent: the sign-in screen has nothing left to say of it (the device's copy is written at most once a second).
    await phone.waitForTimeout(1500);
    await phone.goto('/demo/auth/login');
    await phone.getByRole('button', { name: 'Sign In' }).waitFor();
    await phone.waitForTimeout(500);
    expect(await phone.getByText(/saved on this device wait/).count()).toBe(0);
    await phone.context().close();
  });
});
