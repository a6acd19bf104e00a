import { type Component, createComponent, Messages, requiredFieldMessage } from '@rakit/core';
import mysql from 'mysql2/promise';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { addMariaDbConnection, MARIADB } from '../support/mariadb';


/** Picks `option` in the Mantine select named `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('a button inserts a registration, keeps a global variable and redirects', () => {
  const stamp = Date.now().toString(36);
  const table = `rakit_e2e_warga_${stamp}`;
  const formName = `Registrasi ${stamp}`;
  const thanksName = `Terima Kasih ${stamp}`;
  const member = `Siti ${stamp}`;
  let sql: mysql.Connection;
  let api: Api;
  let dbId: number;
  let formPageId: number;
  let browser: Browser;

  const rows = async () => (await sql.query(`SELECT nama, kota, dibuat_oleh FROM \`${table}\` ORDER BY id`))[0] as { nama: string; kota: string | null; dibuat_oleh: string | null }[];

  beforeAll(async () => {
    sql = await mysql.createConnection(MARIADB);
    await sql.query(`CREATE TABLE \`${table}\` (id INT AUTO_INCREMENT PRIMARY KEY, nama VARCHAR(100) NOT NULL UNIQUE, kota VARCHAR(100), dibuat_oleh VARCHAR(100))`);

    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    dbId = await addMariaDbConnection(api, appId);

    // The two pages, with the form's widgets; the button's actions are added in the editor.
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: formName }, { pageId: null, pageName: thanksName }] });
    const [form, thanks] = created.data.pages as [{ pageId: number }, { pageId: number }];
    formPageId = form.pageId;
    const components: Component[] = [
      createComponent('input', 'nama', 'Nama'),
      { ...createComponent('input', 'kota', 'Kota'), required: false },
      createComponent('button', 'daftar', 'Daftar'),
    ];
    const greeting = { ...createComponent('text', 'salam', 'Terima kasih {{pendaftar}}, pendaftaran diterima.'), subtype: 'paragraph' };
    expect((await api('POST', '/save/saveApp', {
      appId,
      pages: [{ pageId: form.pageId, pageComponents: JSON.stringify(components) }, { pageId: thanks.pageId, pageComponents: JSON.stringify([greeting]) }],
    })).status).toBe(true);
    // The staff group reaches both pages through a menu.
    await menuForStaff(api, appId, `Warga ${stamp}`, [['Daftar', form.pageId], ['Selesai', thanks.pageId]]);

    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await sql?.query(`DROP TABLE IF EXISTS \`${table}\``);
    await sql?.end();
    if (dbId !== undefined) await api('DELETE', '/delete/deleteDbConfig', { dbId });
  });

  it('lets the author chain CUSTOM → GLOBAL → REDIRECT in the Action Management dialog', async () => {
    const page = await newPage(browser);
    await signInToDemo(page);
    await page.goto(`/demo/form-editor?page=${formPageId}`);
    await page.locator('[data-testid="editor-component"][data-title="Daftar"]').getByText('Daftar').first().click();
    const panel = page.getByTestId('config-panel');
    await panel.getByText('No actions yet: a click does nothing.').waitFor();
    const dialog = page.getByRole('dialog');

    // 1. The insert, built with the query builder.
    await panel.getByRole('button', { name: 'Add Action' }).click();
    await dialog.getByLabel('Name').fill('Simpan Warga');
    await choose(page, dialog, 'Database', `test (mysql #${dbId})`);
    await choose(page, dialog, 'Table', table);
    for (const [index, column, source] of [[1, 'nama', 'Nama'], [2, 'kota', 'Kota'], [3, 'dibuat_oleh', 'Signed-in user']] as const) {
      await dialog.getByRole('button', { name: 'Add value' }).click();
      await choose(page, dialog, `Column of value ${index}`, column);
      await choose(page, dialog, `Source of value ${index}`, source);
    }
    await snapshot(page, 'actions-dialog-custom');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // 2. After it, a 'once' global variable with the name typed.
    await panel.getByRole('button', { name: 'Add Action' }).click();
    await choose(page, dialog, 'Action type', 'GLOBAL');
    expect(await dialog.getByLabel('Name').inputValue()).toBe('GLOBAL');
    await choose(page, dialog, 'Trigger cause', 'Simpan Warga');
    await dialog.getByRole('button', { name: 'Add variable' }).click();
    await dialog.getByLabel('Key of variable 1').fill('pendaftar');
    await choose(page, dialog, 'Value of variable 1', 'Nama');
    await choose(page, dialog, 'Type of variable 1', 'once');
    await snapshot(page, 'actions-dialog-global');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // 3. After that, the thank-you page.
    await panel.getByRole('button', { name: 'Add Action' }).click();
    await choose(page, dialog, 'Action type', 'REDIRECT');
    await choose(page, dialog, 'Trigger cause', 'GLOBAL');
    await choose(page, dialog, 'Page', thanksName);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await panel.getByText('Runs after Simpan Warga').waitFor();
    await panel.getByText('Runs after GLOBAL').waitFor();
    await page.getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();
    await snapshot(page, 'actions-config-panel');


    const stored = (await api<{ pageComponents: string }[]>('GET', `/get/getPage/${formPageId}`)).data;
    const button = (JSON.parse(stored[0]?.pageComponents ?? '[]') as Component[]).find((c) => c.id === 'daftar');
    expect((button?.custom_action as { name: string; action: string; cause: string }[]).map((a) => [a.name, a.action, a.cause])).toEqual([
      ['Simpan Warga', 'CUSTOM', ''], ['GLOBAL', 'GLOBAL', 'Simpan Warga'], ['REDIRECT', 'REDIRECT', 'GLOBAL'],
    ]);

    // In the editor nothing runs: neither in design mode nor in its preview.
    await page.locator('[data-testid="editor-component"][data-title="Daftar"]').getByRole('button', { name: 'Daftar' }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByTestId('config-panel').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Daftar' }).click();
    await page.waitForTimeout(700);
    for (const notice of [Messages.actionSucceeded, 'Failed to perform the operation', 'wajib diisi']) expect(await page.getByText(notice).count()).toBe(0);
    expect(await rows()).toEqual([]);
    await page.context().close();
  });

  describe('a member', () => {
    let page: Page;
    beforeAll(async () => {
      page = await newPage(browser);
      await signInToDemo(page, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    });

    const openForm = async () => {
      await page.goto(`/demo/staff/registrasi-${stamp}`);
      await page.getByRole('heading', { name: formName }).waitFor();
    };

    it('registers, is told so, lands on the thank-you page, and the row is in the table', async () => {
      await openForm();
      await page.getByLabel('Nama').fill(member);
      await page.getByLabel('Kota').fill('Bandung');
      await page.getByRole('button', { name: 'Daftar' }).click();
      await page.getByText(Messages.actionSucceeded).waitFor();
      await page.waitForURL(`**/demo/staff/terima-kasih-${stamp}`);
      await page.getByText(`Terima kasih ${member}, pendaftaran diterima.`).waitFor();
      await snapshot(page, 'actions-redirected');
      expect(await rows()).toEqual([{ nama: member, kota: 'Bandung', dibuat_oleh: DEMO_MEMBER }]);
    });

    it('is refused with an empty required field, and nothing is inserted', async () => {
      await openForm();
      await page.getByLabel('Kota').fill('Medan');
      await page.getByRole('button', { name: 'Daftar' }).click();
      await page.getByText(requiredFieldMessage('Nama')).waitFor();
      await page.getByText(Messages.fieldRequired).waitFor();
      await snapshot(page, 'actions-required');
      expect(page.url()).toContain(`/demo/staff/registrasi-${stamp}`);
      expect(await rows()).toHaveLength(1);
    });

    it('is told about a duplicate entry, and the chain stops there', async () => {
      await openForm();
      await page.getByLabel('Nama').fill(member);
      await page.getByRole('button', { name: 'Daftar' }).click();
      await page.getByText(`Failed to perform the operation. ${Messages.duplicateEntry}`).waitFor();
      expect(page.url()).toContain(`/demo/staff/registrasi-${stamp}`);
      expect(await rows()).toHaveLength(1);
    });
  });
});
