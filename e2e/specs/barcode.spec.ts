import { type Component, createComponent, Messages } from '@rakit/core';
import mysql from 'mysql2/promise';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { accessibilityViolations } from '../support/axe';
import { ADMIN_PASSWORD, browserPageForSuite, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { addMariaDbConnection, MARIADB } from '../support/mariadb';

/**
 * Issue 14, the barcode widget: an author places it from the palette and chooses its database,
 * table and columns in its panel, then saves; its first custom action marks a scanned row in
 * MariaDB. A member of 'staff' opens it and scans by typing, as a USB scanner does (the code and
 * Enter): a found code (in another case), an unknown one, then 19 more in a row, with the focus
 * kept throughout.
 */
describe('the barcode widget', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const stamp = Date.now().toString(36);
  const stockTable = `rakit_e2e_stock_${stamp}`;
  const scanLog = `rakit_e2e_scanlog_${stamp}`;
  const pageName = `Scan ${stamp}`;
  let sql: mysql.Connection;
  let api: Api;
  let appId: number;
  let dbId: number;
  let pageId: number;

  beforeAll(async () => {
    sql = await mysql.createConnection(MARIADB);
    await sql.query(`CREATE TABLE \`${stockTable}\` (id INT AUTO_INCREMENT PRIMARY KEY, sku VARCHAR(50) NOT NULL, name VARCHAR(100) NOT NULL, scanned INT NOT NULL DEFAULT 0)`);
    await sql.query(`INSERT INTO \`${stockTable}\` (sku, name) VALUES ('SKU-001', 'Beras 5 kg'), ('SKU-002', 'Minyak goreng'), ('SKU-003', 'Gula pasir')`);
    const more = Array.from({ length: 17 }, (_, i) => [`SKU-${String(i + 4).padStart(3, '0')}`, `Barang ${i + 4}`]);
    await sql.query(`INSERT INTO \`${stockTable}\` (sku, name) VALUES ?`, [more]);
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    appId = await demoAppId();
    dbId = await addMariaDbConnection(api, appId);
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName }] });
    pageId = (created.data.pages[0] as { pageId: number }).pageId;
    await menuForStaff(api, appId, `Scan ${stamp}`, [['Scan', pageId]]);
  });

  afterAll(async () => {
    await sql?.query(`DROP TABLE IF EXISTS \`${stockTable}\``);
    await sql?.query(`DROP TABLE IF EXISTS \`${scanLog}\``);
    await sql?.end();
    if (dbId !== undefined) await api('DELETE', '/delete/deleteDbConfig', { dbId });
  });

  it('is configured by the author in the editor: database, table, columns', async () => {
    await signInToDemo(page());
    await page().goto(`/demo/form-editor?page=${pageId}`);
    await page().getByText('This page is empty').waitFor();
    await page().locator('[data-palette-type="barcode"]').click();
    const panel = page().getByTestId('config-panel');
    await panel.getByLabel('Label', { exact: true }).fill('Gudang');
    await panel.getByLabel('Database', { exact: true }).click();
    await page().getByRole('option', { name: `${MARIADB.database} (mysql #${dbId})`, exact: true }).click();
    await panel.getByLabel('Table', { exact: true }).click();
    await page().getByRole('option', { name: stockTable, exact: true }).click();
    await panel.getByRole('button', { name: 'Add Column' }).click();
    await panel.getByLabel('Column 1', { exact: true }).fill('SKU');
    await panel.getByLabel('Source of column 1').click();
    await page().getByRole('option', { name: 'sku', exact: true }).click();
    await panel.getByRole('button', { name: 'Add Column' }).click();
    await panel.getByLabel('Column 2', { exact: true }).fill('Nama');
    await panel.getByLabel('Source of column 2').click();
    await page().getByRole('option', { name: 'name', exact: true }).click();
    const editorWidget = page().getByTestId('barcode');
    await editorWidget.getByRole('button', { name: Messages.barcodeOpen }).waitFor();
    await snapshot(page(), 'barcode-editor');
    // The editor saves the page by itself after a change.

    await expect.poll(async () => {
      const saved = await api<{ pageComponents: string }[]>('GET', `/get/getPage/${pageId}`);
      const widget = (JSON.parse(saved.data[0]?.pageComponents ?? '[]') as Component[]).find((c) => c.type === 'barcode') as Record<string, unknown> | undefined;
      return widget === undefined ? undefined : [widget.title, widget.database_used, widget.table_used, widget.options, widget.mapping_table];
    }, { timeout: 10_000 }).toEqual(['Gudang', dbId, stockTable, 'SKU,Nama', 'sku,name']);

    // The first custom action (the action dialog has its own specs): mark the scanned row.
    const saved = await api<{ pageComponents: string }[]>('GET', `/get/getPage/${pageId}`);
    const components = (JSON.parse(saved.data[0]?.pageComponents ?? '[]') as Component[]).map((c) => (c.type !== 'barcode' ? c : {
      ...c, primaryKey: 'id',
      custom_action: [{
        name: 'Mark scanned', action: 'CUSTOM', cause: '', show: true,
        raw: { database: dbId, type: 'UPDATE', table: stockTable, setValues: [{ column: 'scanned', source: '--custom--', custom: '1' }], conditions: [{ column: 'id', operator: '=', source: 'id', custom: '' }] },
      }],
    }));
    const updated = await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] });
    expect(updated.status, updated.error?.join(', ')).toBe(true);
  });

  it('lets a member scan a found and an unknown code by typing, the input cleared and focused', async () => {
    await page().context().clearCookies();
    await page().evaluate(() => window.localStorage.clear());
    await signInToDemo(page(), DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await page().goto(`/demo/staff/scan-${stamp}`);
    await page().getByRole('button', { name: Messages.barcodeOpen }).click();
    const dialog = page().getByRole('dialog', { name: 'Gudang' });
    const input = dialog.getByPlaceholder(Messages.barcodePlaceholder);
    // Focused 500 ms after opening: the scanner types into it with no click.
    await expect.poll(() => input.evaluate((el) => el === document.activeElement), { timeout: 3000 }).toBe(true);

    await page().keyboard.type('sku-002');
    await page().keyboard.press('Enter');
    const found = dialog.getByTestId('scan-row').filter({ hasText: 'Minyak goreng' });
    await found.getByText(Messages.barcodeFound).waitFor();
    await found.getByText(Messages.barcodeSynced).waitFor();
    expect(await found.getByRole('cell').allInnerTexts()).toEqual(['SKU-002', 'Minyak goreng', Messages.barcodeFound, Messages.barcodeSynced]);
    expect(await input.inputValue()).toBe('');
    // A screen reader hears the read without leaving the scan input (issue 34).
    const news = dialog.getByRole('status').and(dialog.getByTestId('scan-news'));
    expect(await news.textContent()).toBe(`sku-002: ${Messages.barcodeFound}, ${Messages.barcodeSynced}`);
    const [marked] = (await sql.query(`SELECT sku FROM \`${stockTable}\` WHERE scanned = 1`))[0] as { sku: string }[];
    expect(marked?.sku).toBe('SKU-002');

    await page().keyboard.type('NOPE-404');
    await page().keyboard.press('Enter');
    const missing = dialog.getByTestId('scan-row').filter({ hasText: 'NOPE-404' });
    await missing.getByText(Messages.barcodeNotFound).waitFor();
    expect(await news.textContent()).toBe(`NOPE-404: ${Messages.barcodeNotFound}`);
    expect(await input.inputValue()).toBe('');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);

    // The other 19 items in a row, as fast as a scanner types them, never touching the mouse:
    // each looked up and synced, in order.
    const rest = Array.from({ length: 20 }, (_, i) => `SKU-${String(i + 1).padStart(3, '0')}`).filter((sku) => sku !== 'SKU-002');
    await page().keyboard.type(rest.map((sku) => `${sku}\n`).join(''));
    await expect.poll(() => dialog.getByTestId('scan-row').getByText(Messages.barcodeSynced).count(), { timeout: 30_000 }).toBe(20);
    expect(await dialog.getByTestId('scan-row').count()).toBe(21);
    expect(await dialog.getByTestId('scan-row').first().getByRole('cell').first().innerText()).toBe('SKU-020');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    const rows = (await sql.query(`SELECT sku FROM \`${stockTable}\` WHERE scanned = 1 ORDER BY sku`))[0] as { sku: string }[];
    expect(rows.map((r) => r.sku)).toEqual([...rest.slice(0, 1), 'SKU-002', ...rest.slice(1)]);
    await page().setViewportSize({ width: 1366, height: 768 });
    await snapshot(page(), 'barcode-member-1366');
    await page().setViewportSize({ width: 390, height: 844 });
    await snapshot(page(), 'barcode-member-390');
  });

  it('keeps scanning on a phone offline: each scan waits on the device and is applied once in MariaDB, an unknown code refused', async () => {
    // A page of its own whose barcode logs every scan: a scan applied twice would show as two rows.
    await sql.query(`CREATE TABLE \`${scanLog}\` (id INT AUTO_INCREMENT PRIMARY KEY, sku VARCHAR(50) NOT NULL)`);
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: `Scan offline ${stamp}` }] });
    const offlinePageId = (created.data.pages[0] as { pageId: number }).pageId;
    const scanner: Component = {
      ...createComponent('barcode', 'scan-log', 'Gudang'),
      database_used: dbId, table_used: stockTable, options: 'SKU,Nama', mapping_table: 'sku,name', primaryKey: 'id',
      custom_action: [{ name: 'Log scan', action: 'CUSTOM', cause: '', show: true, raw: { database: dbId, type: 'INSERT', table: scanLog, conditions: [], setValues: [{ column: 'sku', source: 'sku', custom: '' }] } }],
    };
    expect((await api('POST', '/save/saveApp', { appId, pages: [{ pageId: offlinePageId, pageComponents: JSON.stringify([scanner]) }] })).status).toBe(true);
    await menuForStaff(api, appId, `Scan offline ${stamp}`, [['Scan offline', offlinePageId]]);
    const logged = async () => ((await sql.query(`SELECT sku, COUNT(*) AS n FROM \`${scanLog}\` GROUP BY sku ORDER BY sku`))[0] as { sku: string; n: number }[])
      .map((r) => `${r.sku}×${r.n}`);

    const phone = await newPage(suite.browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInToDemo(phone, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await phone.goto(`/demo/staff/scan-offline-${stamp}`);
    const open = async () => {
      await phone.getByRole('button', { name: Messages.barcodeOpen }).click();
      const dialog = phone.getByRole('dialog', { name: 'Gudang' });
      await expect.poll(() => dialog.getByPlaceholder(Messages.barcodePlaceholder).evaluate((el) => el === document.activeElement), { timeout: 3000 }).toBe(true);
      return dialog;
    };
    const scan = async (code: string) => { await phone.keyboard.type(code); await phone.keyboard.press('Enter'); };
    const line = (dialog: ReturnType<Page['getByRole']>, code: string) => dialog.getByTestId('scan-row').filter({ hasText: code });
    let dialog = await open();
    // Online first: SKU-003 is looked up (and so known to the device), and logged.
    await scan('SKU-003');
    await line(dialog, 'Gula pasir').getByText(Messages.barcodeSynced).waitFor();
    expect(await logged()).toEqual(['SKU-003×1']);
    // The row looked up is kept on the device (IndexedDB), not only in the page: a reload offline finds it.
    const keptCodes = () => phone.evaluate(async () => {
      const opened = indexedDB.open('rakit-offline');
      const db = await new Promise<IDBDatabase>((resolve, reject) => { opened.onsuccess = () => resolve(opened.result); opened.onerror = () => reject(opened.error); });
      const request = db.transaction('clients').objectStore('clients').getAll();
      const entries = await new Promise<{ clientState: { queries: { queryKey: unknown[] }[] } }[]>((resolve) => { request.onsuccess = () => resolve(request.result); });
      db.close();
      return entries.flatMap((entry) => entry.clientState.queries.filter((q) => q.queryKey[0] === 'barcode-scan').map((q) => String(q.queryKey.at(-1))));
    });
    await expect.poll(keptCodes).toEqual(['sku-003']);

    await phone.context().setOffline(true);
    await phone.getByRole('banner').getByText('Offline', { exact: true }).waitFor();
    await scan('sku-003');
    await scan('SKU-005');
    await scan('NOPE-77');
    // What the device knew is shown; the others say they were not looked up yet; all three wait.
    await expect.poll(() => dialog.getByTestId('scan-row').getByText('Waiting to send').count()).toBe(3);
    expect(await dialog.getByTestId('scan-row').first().getByRole('cell').allInnerTexts()).toEqual(['NOPE-77', '', 'Not looked up yet', 'Waiting to send']);
    // Newest first: the second offline scan of SKU-003 shows the row the device looked up online.
    expect(await dialog.getByTestId('scan-row').nth(2).getByRole('cell').allInnerTexts()).toEqual(['SKU-003', 'Gula pasir', Messages.barcodeFound, 'Waiting to send']);
    expect(await dialog.getByPlaceholder(Messages.barcodePlaceholder).evaluate((el) => el === document.activeElement)).toBe(true);
    await phone.getByRole('banner').getByRole('button', { name: '3 waiting to send' }).waitFor();
    await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await snapshot(phone, 'barcode-offline-390');
    expect(await accessibilityViolations(phone, '[role=dialog]')).toEqual([]);
    // And on a desktop's width, where the dialog does not fill the screen.
    await phone.setViewportSize({ width: 1366, height: 900 });
    await snapshot(phone, 'barcode-offline-1366');
    expect(await accessibilityViolations(phone, '[role=dialog]')).toEqual([]);
    await phone.setViewportSize({ width: 390, height: 844 });
    expect(await logged()).toEqual(['SKU-003×1']);

    // Back online: sent in order, each once; the unknown code is refused with its reason.
    await phone.context().setOffline(false);
    await phone.getByRole('banner').getByRole('button', { name: '1 refused' }).waitFor({ timeout: 30_000 });
    await expect.poll(logged).toEqual(['SKU-003×2', 'SKU-005×1']);
    await line(dialog, 'Barang 5').getByText(Messages.barcodeSynced).waitFor();
    await line(dialog, 'NOPE-77').getByText(Messages.barcodeSyncFailed).waitFor();

    // The history is kept on the device: a reload shows it again.
    await phone.reload();
    dialog = await open();
    expect(await dialog.getByTestId('scan-row').count()).toBe(4);
    await line(dialog, 'Barang 5').getByText(Messages.barcodeSynced).waitFor();
    await phone.keyboard.press('Escape');
    await phone.getByRole('banner').getByRole('button', { name: '1 refused' }).click();
    await phone.getByRole('dialog').getByText('Refused: NOPE-77 was not found when it was sent').waitFor();
    expect(await logged()).toEqual(['SKU-003×2', 'SKU-005×1']);
    await phone.context().close();
  });
});
