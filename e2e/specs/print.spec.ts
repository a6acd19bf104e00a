import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Component, createComponent, Messages, USER_ID_MARKER } from '@rakit/core';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';

/** A Word template: product fields once, and a repeat group `lines` (one item per printed row). */
const TEMPLATE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/product-sheet.docx');
const TEMPLATE_NAME = 'product-sheet.docx';

interface PrintRequest {
  data: { name: string; category: string; clerk: string; lines: { product: string; price: number }[] };
}

/**
 * Printing table rows (spec 2 "Print configuration", spec 3 §7): the demo administrator
 * uploads a .docx template and maps its fields in the PRINT action's dialog; a member of staff
 * prints one row from its menu and two rows from the Bulk Action menu, and each time a new tab
 * opens at once, says 'Preparing the PDF…' and then shows the PDF; on a phone-sized screen the
 * PDF is downloaded instead; when the print fails, the waiting tab closes and the notice says why.
 */
describe('printing table rows into a DOCX template', () => {
  const stamp = Date.now().toString(36);
  const pageName = `Print ${stamp}`;
  let api: Api;
  let appId: number;
  let pageId: number;
  let pageSlug: string;
  let browser: Browser;

  beforeAll(async () => {
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    appId = await demoAppId();
    const databases = await api<{ dbId: number; dbDatabase: string }[]>('GET', `/get/listDatabase/${appId}`);
    const shop = databases.data.find((d) => d.dbDatabase === 'demo-shop.db');
    if (shop === undefined) throw new Error('the demo shop database is missing');
    const table: Component = {
      ...createComponent('table', 'products', 'Products'),
      database_used: shop.dbId,
      table_used: 'products',
      primaryKey: 'id',
      options: 'Name,Category,Price',
      mapping_table: 'name,category,price',
      bulkAction: true,
    };
    const created = await api<{ pages: { pageId: number; pageSlug: string }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName }] });
    ({ pageId, pageSlug } = created.data.pages[0] as { pageId: number; pageSlug: string });
    const saved = await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify([table]) }] });
    expect(saved.status).toBe(true);
    await menuForStaff(api, appId, `Print ${stamp}`, [['Products', pageId]]);
    browser = await launchBrowser([], { fullBrowser: true });
  });
  afterAll(async () => {
    await browser?.close();
    const templates = await api<{ templateId: string; templateFilename: string }[]>('GET', `/print/listTemplates?appId=${appId}`);
    for (const t of templates.data.filter((x) => x.templateFilename === TEMPLATE_NAME)) await api('DELETE', `/print/deleteTemplate/${t.templateId}`);
  });

  it('lets the author upload a template and map its fields in the PRINT action', async () => {
    const author = await newPage(browser);
    await author.setViewportSize({ width: 1400, height: 1200 });
    await signInToDemo(author);
    await author.goto(`/demo/form-editor?page=${pageId}`);
    await author.locator('[data-testid="editor-component"][data-title="Products"]').getByRole('heading', { name: 'Products' }).click();
    const panel = author.getByTestId('config-panel');
    await panel.getByRole('button', { name: 'Add Action' }).click();
    const dialog = author.getByRole('dialog');
    await dialog.getByLabel('Action type').click();
    await author.getByRole('option', { name: 'PRINT', exact: true }).click();
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('PRINT');

    // Saving without a template is refused.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await author.getByText(Messages.actionTemplateRequired).waitFor();

    const chooser = author.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Upload template' }).click();
    await (await chooser).setFiles(TEMPLATE);
    await author.getByText(`Template ${TEMPLATE_NAME} uploaded`).waitFor();
    expect(await dialog.getByLabel('Template', { exact: true }).inputValue()).toBe(TEMPLATE_NAME);

    // Fields named like a column of the table are mapped to it; the others are chosen here.
    expect(await dialog.getByLabel('Value of name', { exact: true }).inputValue()).toBe('name');
    expect(await dialog.getByLabel('Value of category', { exact: true }).inputValue()).toBe('category');
    expect(await dialog.getByLabel('Value of lines@price', { exact: true }).inputValue()).toBe('price');
    await dialog.getByLabel('Value of clerk', { exact: true }).click();
    await author.getByRole('option', { name: 'Signed-in user', exact: true }).click();
    await dialog.getByLabel('Value of lines@product', { exact: true }).click();
    await author.getByRole('option', { name: 'name', exact: true }).click();
    await snapshot(author, 'print-action-dialog');

    // Deleting the template while the server cannot be reached says so, and keeps the template.
    await author.route('**/print/deleteTemplate/**', (route) => route.abort('connectionrefused'));
    await dialog.getByRole('button', { name: `Delete template ${TEMPLATE_NAME}` }).click();
    const confirm = author.getByRole('dialog').filter({ hasText: `Delete the template ${TEMPLATE_NAME}?` });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await author.getByText('The template could not be deleted: the server did not answer').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await author.unroute('**/print/deleteTemplate/**');
    expect(await dialog.getByLabel('Template', { exact: true }).inputValue()).toBe(TEMPLATE_NAME);

    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await panel.getByRole('button', { name: 'Edit action PRINT' }).waitFor();
    await author.getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();
    await author.context().close();

    const page = await api<{ pageComponents: string | Component[] }[]>('GET', `/get/getPage/${pageId}`);
    const stored = page.data[0]?.pageComponents;
    const components = (typeof stored === 'string' ? JSON.parse(stored) : stored) as Component[];
    expect(components[0]?.custom_action).toEqual([expect.objectContaining({
      name: 'PRINT',
      action: 'PRINT',
      print: {
        document: TEMPLATE_NAME,
        mappings: [
          { field: 'name', source: 'name', custom: '' },
          { field: 'category', source: 'category', custom: '' },
          { field: 'clerk', source: USER_ID_MARKER, custom: '' },
        ],
        bulkMappings: [{ field: 'lines@product', source: 'name', custom: '' }, { field: 'lines@price', source: 'price', custom: '' }],
        options: {},
      },
    })]);
  });

  describe('a member', () => {
    let member: Page;

    beforeAll(async () => {
      member = await newPage(browser);
      // Keeps each blob the page turns into a URL, for printed() to read: the CSP lets no page
      // fetch a blob: URL (connect-src), and the app never needs to.
      await member.addInitScript(() => {
        const made = new Map<string, Blob>();
        const create = URL.createObjectURL.bind(URL);
        URL.createObjectURL = (object: Blob | MediaSource) => {
          const url = create(object);
          if (object instanceof Blob) made.set(url, object);
          return url;
        };
        (window as unknown as { blobsByUrl: Map<string, Blob> }).blobsByUrl = made;
      });
      await signInToDemo(member, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
      await member.goto(`/demo/staff/${pageSlug}`);
      await member.getByRole('heading', { name: pageName }).waitFor();
      await member.getByTestId('data-table').locator('tbody tr').nth(1).waitFor();
    });

    const cell = async (row: number, column: number) => (await member.getByTestId('data-table').locator('tbody tr').nth(row).locator('td').nth(column).innerText()).trim();

    /**
     * Holds back the answers of print calls until the returned function is called, so a test
     * sees the tab while it waits (the calls still go to the server).
     */
    async function holdPrints() {
      let release = () => undefined as void;
      const released = new Promise<void>((resolve) => { release = resolve; });
      let passed = () => undefined as void;
      const sent = new Promise<void>((resolve) => { passed = resolve; });
      await member.route('**/print/blob/pdf/**', async (route) => {
        await released;
        await route.continue();
        passed();
      });
      return async () => {
        release();
        await sent;
        await member.unroute('**/print/blob/pdf/**');
      };
    }

    /**
     * Runs `click`, and answers the print call's body and what the new tab shows (its blob's type,
     * size and first bytes). The tab opens in the click, before the PDF exists, and waits for it
     * with 'Preparing the PDF…'.
     */
    async function printed(click: () => Promise<void>) {
      const release = await holdPrints();
      const request = member.waitForRequest((r: Request) => r.url().includes('/print/blob/pdf/') && r.method() === 'POST');
      const popup = member.waitForEvent('popup', { timeout: 5_000 });
      await click();
      const tab = await popup;
      const body = (await request).postDataJSON() as PrintRequest;
      await tab.getByText(Messages.printPreparing).waitFor();
      expect(await tab.title()).toBe(Messages.printPreparing);
      await release();
      await tab.waitForURL(/^blob:/, { timeout: 45_000 });
      const url = tab.url();
      const file = await member.evaluate(async (href) => {
        const blob = (window as unknown as { blobsByUrl: Map<string, Blob> }).blobsByUrl.get(href);
        if (blob === undefined) throw new Error(`the page made no blob ${href}`);
        return { type: blob.type, size: blob.size, head: new TextDecoder().decode((await blob.arrayBuffer()).slice(0, 5)) };
      }, url);
      await member.getByText(Messages.actionSucceeded).first().waitFor();
      await tab.close();
      return { body, file };
    }

    it('prints one row from its menu: a new tab opens with the PDF', async () => {
      const [name, category, price] = [await cell(0, 1), await cell(0, 2), await cell(0, 3)];
      const { body, file } = await printed(async () => {
        await member.getByRole('button', { name: 'More actions of row 1', exact: true }).click();
        await member.getByRole('menuitem', { name: 'PRINT', exact: true }).click();
      });
      expect(body.data).toEqual({ name, category, clerk: DEMO_MEMBER, lines: [{ product: name, price: Number(price) }] });
      expect(file.type).toBe('application/pdf');
      expect(file.head).toBe('%PDF-');
      expect(file.size).toBeGreaterThan(1000);
    });

    it('prints the selected rows together from the Bulk Action menu', async () => {
      const names = [await cell(0, 1), await cell(1, 1)];
      await member.getByRole('checkbox', { name: 'Select row 1', exact: true }).check();
      await member.getByRole('checkbox', { name: 'Select row 2', exact: true }).check();
      const { body, file } = await printed(async () => {
        await member.getByRole('button', { name: 'Bulk Action' }).click();
        await member.getByRole('menuitem', { name: 'PRINT', exact: true }).click();
      });
      expect(body.data.name).toBe(names[0]);
      expect(body.data.lines.map((l) => l.product)).toEqual(names);
      expect(file.head).toBe('%PDF-');
      await snapshot(member, 'print-bulk');
    });

    it('downloads the PDF on a small screen, without opening a tab', async () => {
      await member.setViewportSize({ width: 390, height: 800 });
      const opened: Page[] = [];
      member.on('popup', (tab) => opened.push(tab));
      const download = member.waitForEvent('download', { timeout: 30_000 });
      await member.getByRole('button', { name: 'More actions of row 1', exact: true }).click();
      await member.getByRole('menuitem', { name: 'PRINT', exact: true }).click();
      expect((await download).suggestedFilename()).toBe('product-sheet.pdf');
      expect(opened).toEqual([]);
      await member.setViewportSize({ width: 1280, height: 800 });
    });

    it('closes the waiting tab and tells why when the print fails (the template was deleted meanwhile)', async () => {
      await member.getByText(Messages.actionSucceeded).first().waitFor({ state: 'detached' });
      const release = await holdPrints();
      const popup = member.waitForEvent('popup', { timeout: 5_000 });
      await member.getByRole('button', { name: 'More actions of row 1', exact: true }).click();
      await member.getByRole('menuitem', { name: 'PRINT', exact: true }).click();
      const tab = await popup;
      await tab.getByText(Messages.printPreparing).waitFor();
      const closed = tab.waitForEvent('close', { timeout: 30_000 });

      // The administrator deletes the template while the member's print waits.
      const templates = await api<{ templateId: string; templateFilename: string }[]>('GET', `/print/listTemplates?appId=${appId}`);
      const template = templates.data.find((t) => t.templateFilename === TEMPLATE_NAME);
      expect(template).toBeDefined();
      expect((await api('DELETE', `/print/deleteTemplate/${template?.templateId ?? ''}`)).status).toBe(true);
      await release();

      await member.getByText(`Failed to perform the operation. ${Messages.printTemplateNotFound}`).waitFor();
      await closed;
      expect(tab.isClosed()).toBe(true);
      expect(member.context().pages()).toEqual([member]);
    });
  });
});
