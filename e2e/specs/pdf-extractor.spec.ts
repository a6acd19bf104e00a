import { type Component, createComponent, MAX_PDF_EXTRACT_BYTES, Messages, PDF_TOO_LARGE_MESSAGE } from '@rakit/core';
import mysql from 'mysql2/promise';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { addMariaDbConnection, MARIADB } from '../support/mariadb';

/**
 * An A4 invoice made at test time with pdf-lib: an AcroForm text field 'customer.name', and
 * the total drawn at (300, 500) from the page's bottom-left, i.e. 342 pt from its top.
 */
async function invoicePdf(customer: string, total: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('FAKTUR PENJUALAN', { x: 50, y: 780, size: 16, font });
  page.drawText('Total', { x: 50, y: 500, size: 14, font });
  page.drawText(total, { x: 300, y: 500, size: 14, font });
  const field = doc.getForm().createTextField('customer.name');
  field.setText(customer);
  field.addToPage(page, { x: 50, y: 700, width: 200, height: 20 });
  return Buffer.from(await doc.save());
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('the PDF extractor reads a form field and a boxed text, and an action inserts them into MariaDB', () => {
  const stamp = Date.now().toString(36);
  const table = `rakit_e2e_faktur_${stamp}`;
  const pageName = `Unggah Faktur ${stamp}`;
  let sql: mysql.Connection;
  let api: Api;
  let dbId: number;
  let pageId: number;
  let browser: Browser;

  /** The author's editor on the page, the extractor chosen: its configuration panel. */
  const extractorPanel = async () => {
    const page = await newPage(browser);
    await signInToDemo(page);
    await page.goto(`/demo/form-editor?page=${pageId}`);
    await page.locator('[data-testid="editor-component"][data-title="Faktur (PDF)"]').first().click();
    const panel = page.getByTestId('config-panel');
    await panel.getByText('New template from a sample PDF').waitFor();
    return { page, panel };
  };
  const rows = async () => (await sql.query(`SELECT pelanggan, total FROM \`${table}\` ORDER BY id`))[0] as { pelanggan: string; total: string }[];

  beforeAll(async () => {
    sql = await mysql.createConnection(MARIADB);
    await sql.query(`CREATE TABLE \`${table}\` (id INT AUTO_INCREMENT PRIMARY KEY, pelanggan VARCHAR(100) NOT NULL, total VARCHAR(100))`);
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    dbId = await addMariaDbConnection(api, appId);
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName }] });
    pageId = (created.data.pages[0] as { pageId: number }).pageId;
    const components: Component[] = [createComponent('pdfextractor', 'faktur', 'Faktur (PDF)')];
    expect((await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] })).status).toBe(true);
    await menuForStaff(api, appId, `Faktur ${stamp}`, [['Unggah', pageId]]);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await sql?.query(`DROP TABLE IF EXISTS \`${table}\``);
    await sql?.end();
    if (dbId !== undefined) await api('DELETE', '/delete/deleteDbConfig', { dbId });
  });

  it('lets the author make a template from a sample, map a form field and a box, and add the insert', async () => {
    const { page, panel } = await extractorPanel();

    const chooser = page.waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'New template from a sample PDF' }).click();
    await (await chooser).setFiles({ name: `Faktur contoh ${stamp}.pdf`, mimeType: 'application/pdf', buffer: await invoicePdf('Contoh', 'Rp 0') });
    const fields = panel.getByTestId('pdf-template-fields');
    await fields.getByText('form fields: customer.name').waitFor();

    await fields.getByRole('button', { name: 'Add field' }).click();
    await fields.getByLabel('Name of field 1').fill('pelanggan');
    await choose(page, fields, 'Form field of field 1', 'customer.name');
    await fields.getByRole('button', { name: 'Add field' }).click();
    await fields.getByLabel('Name of field 2').fill('total');
    await choose(page, fields, 'Source of field 2', 'Box on a page');
    // The box is drawn on the rendered sample page: (290, 320) to (510, 360) in points from its top-left.
    await fields.getByRole('button', { name: 'Draw on the sample' }).click();
    const drawer = page.getByRole('dialog');
    const sheet = drawer.getByTestId('pdf-box-canvas');
    await drawer.locator('canvas').waitFor();
    await expect.poll(async () => (await drawer.locator('canvas').boundingBox())?.height ?? 0).toBeGreaterThan(600);
    await drawer.locator('.mantine-Loader-root').waitFor({ state: 'detached' });
    const area = await sheet.boundingBox();
    if (area === null) throw new Error('the sample page is not shown');
    const scale = 520 / 595;
    await page.mouse.move(area.x + 290 * scale, area.y + 320 * scale);
    await page.mouse.down();
    await page.mouse.move(area.x + 400 * scale, area.y + 340 * scale, { steps: 4 });
    await page.mouse.move(area.x + 510 * scale, area.y + 360 * scale, { steps: 4 });
    await page.mouse.up();
    await snapshot(page, 'pdf-extractor-draw-box');
    await drawer.getByRole('button', { name: 'Use this box' }).click();
    await drawer.waitFor({ state: 'detached' });
    for (const [label, value] of [['Left', 290], ['Top', 320], ['Width', 220], ['Height', 40]] as const) {
      expect(Math.abs(Number(await fields.getByLabel(`${label} of field 2`).inputValue()) - value)).toBeLessThan(3);
    }
    await snapshot(page, 'pdf-extractor-template');
    const saved = page.waitForResponse((r) => r.url().includes('/file/template/') && r.request().method() === 'PUT');
    await fields.getByRole('button', { name: 'Save template' }).click();
    expect((await saved).status()).toBe(200);

    const dialog = page.getByRole('dialog');
    await panel.getByRole('button', { name: 'Add Action' }).click();
    await dialog.getByLabel('Name').fill('Simpan Faktur');
    await choose(page, dialog, 'Database', `test (mysql #${dbId})`);
    await choose(page, dialog, 'Table', table);
    for (const [index, column] of [[1, 'pelanggan'], [2, 'total']] as const) {
      await dialog.getByRole('button', { name: 'Add value' }).click();
      await choose(page, dialog, `Column of value ${index}`, column);
      await choose(page, dialog, `Source of value ${index}`, column);
    }
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();
    await snapshot(page, 'pdf-extractor-config');

    const stored = (await api<{ pageComponents: string }[]>('GET', `/get/getPage/${pageId}`)).data;
    const widget = (JSON.parse(stored[0]?.pageComponents ?? '[]') as Component[]).find((c) => c.id === 'faktur') as unknown as {
      templateId: number; templateField: { name: string }[]; custom_action: { name: string }[];
    };
    expect(widget.templateField.map((f) => f.name)).toEqual(['pelanggan', 'total']);
    expect(widget.custom_action.map((a) => a.name)).toEqual(['Simpan Faktur']);
    await page.context().close();
  });

  describe('a member', () => {
    let page: Page;
    beforeAll(async () => {
      page = await newPage(browser);
      await signInToDemo(page, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
      await page.goto(`/demo/staff/unggah-faktur-${stamp}`);
      await page.getByRole('heading', { name: pageName }).waitFor();
    });

    it('is refused a file of 1,024,000 bytes, with its name cleared', async () => {
      await page.getByText('No file selected').first().waitFor();
      await page.locator('input[type="file"]').setInputFiles({ name: 'besar.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(MAX_PDF_EXTRACT_BYTES, 32) });
      await page.getByText(`Failed ! ${PDF_TOO_LARGE_MESSAGE}`).waitFor();
      expect(await page.getByText('besar.pdf').count()).toBe(0);
      expect(await rows()).toEqual([]);
    });

    it('uploads an invoice: its customer and total are shown and inserted into MariaDB', async () => {
      await page.locator('input[type="file"]').setInputFiles({ name: 'faktur-siti.pdf', mimeType: 'application/pdf', buffer: await invoicePdf('Siti Aminah', 'Rp 1.250.000') });
      await page.getByText(Messages.actionSucceeded).waitFor();
      const shown = page.getByTestId('pdf-extracted');
      await shown.getByText('Siti Aminah').waitFor();
      await shown.getByText('Rp 1.250.000').waitFor();
      await page.getByText('faktur-siti.pdf').first().waitFor();
      await page.setViewportSize({ width: 1366, height: 768 });
      await snapshot(page, 'pdf-extractor-member-1366');
      await page.setViewportSize({ width: 390, height: 844 });
      // The navigation folds away below the phone breakpoint.
      await page.waitForTimeout(600);
      await snapshot(page, 'pdf-extractor-member-390');
      await page.setViewportSize({ width: 1280, height: 800 });
      expect(await rows()).toEqual([{ pelanggan: 'Siti Aminah', total: 'Rp 1.250.000' }]);
    });

    it('shows the server\'s reason after "Failed !" for a file that is not a PDF', async () => {
      await page.locator('input[type="file"]').setInputFiles({ name: 'bukan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('bukan PDF') });
      await page.getByText('Failed ! The file is not a PDF that can be read').waitFor();
      expect(await rows()).toHaveLength(1);
    });
  });

  it('lets the author delete the template, after saying yes', async () => {
    const templateNames = async () => (await api<{ templateName: string }[]>('GET', `/file/getTemplateList?appId=${await demoAppId()}`)).data.map((t) => t.templateName);
    expect(await templateNames()).toContain(`Faktur contoh ${stamp}`);
    const { page, panel } = await extractorPanel();
    await panel.getByTestId('pdf-template-fields').waitFor();

    // Cancelled: the template stays.
    await panel.getByRole('button', { name: 'Delete template' }).click();
    const question = page.getByRole('dialog');
    await question.getByText(`Delete the template 'Faktur contoh ${stamp}' and its sample PDF?`).waitFor();
    await snapshot(page, 'pdf-extractor-delete-template');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await templateNames()).toContain(`Faktur contoh ${stamp}`);

    await panel.getByRole('button', { name: 'Delete template' }).click();
    const deleted = page.waitForResponse((r) => r.url().includes('/file/template/') && r.request().method() === 'DELETE');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete template' }).click();
    expect((await deleted).status()).toBe(200);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await panel.getByTestId('pdf-template-fields').waitFor({ state: 'detached' });
    expect(await panel.getByLabel('Template', { exact: true }).inputValue()).toBe('');
    expect(await panel.getByRole('button', { name: 'Delete template' }).count()).toBe(0);
    expect(await templateNames()).not.toContain(`Faktur contoh ${stamp}`);
    await page.getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();
    await page.context().close();
  });
});
