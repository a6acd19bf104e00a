import { type Component, createComponent, deleteByKeyQuery, Messages } from '@rakit/core';
import ExcelJS from 'exceljs';
import mysql from 'mysql2/promise';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { createPageInEditor } from '../support/editor-page';
import { addMariaDbConnection, MARIADB } from '../support/mariadb';

const CATEGORIES = ['Alpha', 'Beta', 'Gamma'] as const;
const ROWS = 45;

interface Goods {
  id: number;
  name: string;
  category: string;
  price: number;
}

/**
 * The data widgets at runtime against a MariaDB table: the author's configuration is saved
 * through the API (saveApp, as the editor's panel saves it) and checked in the editor; a member
 * of 'staff' then pages, searches, filters, edits, deletes and exports the table, and sees a
 * chart, two alerts, a kanban and a loader work.
 */
describe('data widgets on a MariaDB table', () => {
  const stamp = Date.now().toString(36);
  const goodsTable = `rakit_e2e_goods_${stamp}`;
  const tasksTable = `rakit_e2e_tasks_${stamp}`;
  const notesTable = `rakit_e2e_notes_${stamp}`;
  const goodsPage = `Goods ${stamp}`;
  const boardPage = `Board ${stamp}`;
  const notesPage = `Notes ${stamp}`;
  let sql: mysql.Connection;
  let api: Api;
  let dbId: number;
  let goodsPageId: number;
  let browser: Browser;
  let page: Page;

  const goods = async (where = '1 = 1', params: unknown[] = []) =>
    (await sql.query(`SELECT id, name, category, price FROM \`${goodsTable}\` WHERE ${where} ORDER BY id`, params))[0] as Goods[];
  const totalItem = (count: number) => page.getByTestId('total-item').filter({ hasText: `Total Item: ${count}` }).waitFor();
  const table = () => page.getByTestId('data-table');

  beforeAll(async () => {
    sql = await mysql.createConnection(MARIADB);
    await sql.query(`CREATE TABLE \`${goodsTable}\` (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(100) NOT NULL, category VARCHAR(20) NOT NULL, price INT NOT NULL)`);
    const rows = Array.from({ length: ROWS }, (_, i) => [`Item ${String(i + 1).padStart(2, '0')}`, CATEGORIES[i % 3], (i + 1) * 10]);
    await sql.query(`INSERT INTO \`${goodsTable}\` (name, category, price) VALUES ?`, [rows]);
    await sql.query(`CREATE TABLE \`${tasksTable}\` (id INT AUTO_INCREMENT PRIMARY KEY, title VARCHAR(100) NOT NULL, status VARCHAR(10) NOT NULL)`);
    await sql.query(`INSERT INTO \`${tasksTable}\` (title, status) VALUES ('Write report', '1'), ('Call supplier', '1'), ('Pack orders', '2')`);
    await sql.query(`CREATE TABLE \`${notesTable}\` (id INT AUTO_INCREMENT PRIMARY KEY, note VARCHAR(100) NOT NULL)`);
    await sql.query(`INSERT INTO \`${notesTable}\` (note) VALUES ('**Promo** this week')`);

    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    dbId = await addMariaDbConnection(api, appId);

    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: goodsPage }, { pageId: null, pageName: boardPage }, { pageId: null, pageName: notesPage }] });
    const [goodsSaved, boardSaved, notesSaved] = created.data.pages as [{ pageId: number }, { pageId: number }, { pageId: number }];
    goodsPageId = goodsSaved.pageId;
    const source = { database_used: dbId, primaryKey: 'id' };
    const tableWidget: Component = {
      ...createComponent('table', 'goods', 'Goods'),
      ...source,
      table_used: goodsTable,
      options: 'Name,Category,Price',
      mapping_table: 'name,category,price',
      filters: [{ field: 'category', type: 'select', column: 'Category' }],
      search: true,
      bulkAction: true,
      toExcel: true,
      custom_action: [
        { name: 'Edit', action: 'EDIT', cause: '', show: true, raw: { editFields: [{ name: 'name', type: 'text', options: '' }, { name: 'price', type: 'number', options: '' }] } },
        { name: 'Delete', action: 'DELETE', cause: '', show: true, stored: { ...deleteByKeyQuery(dbId, goodsTable, 'id', 'mysql'), table: goodsTable } },
      ],
    };
    const alertOf = (id: string, text: string, query: string): Component => ({
      ...createComponent('alert', id, text), database_used: dbId, config: query,
      custom_action: [{ name: 'config', action: 'QUERY', cause: '', show: false, stored: { database: dbId, query, params: [] } }],
    });
    const board: Component[] = [
      alertOf('alertShown', 'Stock is running low', 'SELECT 1 AS n'),
      { ...alertOf('alertHidden', 'Nothing to report', 'SELECT 0 AS n'), color: 'error' },
      { ...createComponent('chart', 'prices', 'Prices'), ...source, primaryKey: 'NONE', table_used: goodsTable, options: 'Name,Price', mapping_table: 'name,price', sourceType: 'row', subtype: 'bar', showTable: true },
      {
        ...createComponent('chart', 'taskShares', 'Task shares'), ...source, primaryKey: 'NONE', table_used: tasksTable, options: 'Title,Status', mapping_table: 'title,status',
        sourceType: 'row', subtype: 'pie', showLegend: true,
      },
      { ...createComponent('kanban', 'tasks', 'Tasks'), ...source, table_used: tasksTable, fieldMap: { compared: 'status', title: 'title' } },
      { ...createComponent('input', 'firstItem', 'First item'), required: false },
      { ...createComponent('loader', 'loadFirst', ''), ...source, primaryKey: 'NONE', table_used: goodsTable, options: 'name', mapping_table: 'name', loaderMapping: 'name:firstItem' },
    ];
    const notes: Component = { ...createComponent('table', 'notes', 'Notes'), ...source, table_used: notesTable, options: 'Note', mapping_table: 'note', markdownColumns: [0] };
    const pagesSaved = await api('POST', '/save/saveApp', {
      appId, pages: [{ pageId: goodsSaved.pageId, pageComponents: JSON.stringify([tableWidget]) }, { pageId: boardSaved.pageId, pageComponents: JSON.stringify(board) },
        { pageId: notesSaved.pageId, pageComponents: JSON.stringify([notes]) }],
    });
    expect(pagesSaved.status, pagesSaved.error?.join(', ')).toBe(true);
    await menuForStaff(api, appId, `Data ${stamp}`, [['Goods', goodsSaved.pageId], ['Board', boardSaved.pageId], ['Notes', notesSaved.pageId]]);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await sql?.query(`DROP TABLE IF EXISTS \`${goodsTable}\``);
    await sql?.query(`DROP TABLE IF EXISTS \`${tasksTable}\``);
    await sql?.query(`DROP TABLE IF EXISTS \`${notesTable}\``);
    await sql?.end();
    if (dbId !== undefined) await api('DELETE', '/delete/deleteDbConfig', { dbId });
  });

  it('shows the author 3 sample rows in the editor and the table in its Config panel', async () => {
    const author = await newPage(browser);
    await signInToDemo(author);
    await author.goto(`/demo/form-editor?page=${goodsPageId}`);
    const widget = author.locator('[data-testid="editor-component"][data-title="Goods"]');
    await widget.getByText('Name 3').waitFor();
    expect(await widget.locator('tbody tr').count()).toBe(3);
    await widget.getByRole('heading', { name: 'Goods' }).click();
    const panel = author.getByTestId('config-panel');
    await panel.getByText('Enable Bulk Action').waitFor();
    // The panel's code and the connection's tables arrive after the panel opens: the field shows the table once they did.
    await expect.poll(() => panel.getByLabel('Table', { exact: true }).inputValue()).toBe(goodsTable);
    expect(await panel.getByLabel('Primary key', { exact: true }).inputValue()).toBe('id');
    expect(await panel.getByLabel('Source of column 2').inputValue()).toBe('category');
    expect(await panel.getByLabel('Export Table To Excel').isChecked()).toBe(true);
    await snapshot(author, 'data-table-editor');
    await author.context().close();
  });

  describe('a member', () => {
    beforeAll(async () => {
      page = await newPage(browser);
      await signInToDemo(page, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
      await page.goto(`/demo/staff/goods-${stamp}`);
      await page.getByRole('heading', { name: goodsPage }).waitFor();
    });

    it('pages through the table', async () => {
      await totalItem(ROWS);
      await table().getByRole('cell', { name: 'Item 20', exact: true }).waitFor();
      expect(await table().locator('tbody tr').count()).toBe(20);
      await table().getByRole('button', { name: 'Next' }).click();
      await table().getByRole('cell', { name: 'Item 21', exact: true }).waitFor();
      expect(await table().getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
      await snapshot(page, 'data-table-page-2');
      await table().getByRole('button', { name: 'Prev' }).click();
      await table().getByRole('cell', { name: 'Item 01', exact: true }).waitFor();
    });

    it('searches and filters', async () => {
      await page.getByPlaceholder(Messages.tableSearchPlaceholder).fill('Item 4');
      await totalItem(6);
      await page.getByPlaceholder(Messages.tableSearchPlaceholder).fill('');
      await totalItem(ROWS);
      await table().getByRole('button', { name: 'Filters' }).click();
      await page.getByLabel('Category', { exact: true }).first().click();
      await page.getByRole('option', { name: 'Beta', exact: true }).click();
      await totalItem(15);
      await page.keyboard.press('Escape');
      await table().getByRole('cell', { name: 'Item 02', exact: true }).waitFor();
      expect(await table().getByRole('cell', { name: 'Item 01', exact: true }).count()).toBe(0);
      await snapshot(page, 'data-table-filtered');
    });

    it('edits a row: only the changed column is sent and changed', async () => {
      const before = (await goods('name = ?', ['Item 02']))[0] as Goods;
      await table().getByRole('button', { name: 'Edit row 1', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name', { exact: true }).fill('Item 02 renamed');
      const sent = page.waitForRequest((r) => r.url().endsWith('/action/editRow'));
      await dialog.getByRole('button', { name: 'Save' }).click();
      expect((await sent).postDataJSON()).toMatchObject({ key: before.id, actionName: 'Edit', values: { name: 'Item 02 renamed' } });
      expect(Object.keys(((await sent).postDataJSON() as { values: object }).values)).toEqual(['name']);
      await page.getByText(Messages.actionSucceeded).waitFor();
      await table().getByRole('cell', { name: 'Item 02 renamed', exact: true }).waitFor();
      expect((await goods('id = ?', [before.id]))[0]).toEqual({ ...before, name: 'Item 02 renamed' });
    });

    it('deletes a row after confirming', async () => {
      const doomed = (await goods('name = ?', ['Item 05']))[0] as Goods;
      await table().getByRole('button', { name: 'Delete row 2', exact: true }).click();
      await page.getByText(Messages.deleteRowConfirm).waitFor();
      await snapshot(page, 'data-table-delete-confirm');
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await totalItem(14);
      expect(await goods('id = ?', [doomed.id])).toEqual([]);
      expect(await goods()).toHaveLength(ROWS - 1);
    });

    it('selects the whole page for a bulk action', async () => {
      await table().getByLabel('Select all rows of this page').check();
      expect(await table().locator('tbody input[type="checkbox"]:checked').count()).toBe(14);
      await table().getByRole('button', { name: 'Bulk Action' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).waitFor();
      await page.getByRole('menuitem', { name: 'Cancel' }).click();
      await table().getByLabel('Select all rows of this page').uncheck();
    });

    it('exports the filtered rows to a valid .xlsx', async () => {
      const download = page.waitForEvent('download');
      await table().getByRole('button', { name: 'Export To Excel' }).click();
      const file = await (await download).path();
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(file);
      const sheet = book.worksheets[0];
      const values: unknown[][] = [];
      sheet?.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
      expect(values[0]).toEqual(['Name', 'Category', 'Price']);
      const expected = (await goods('category = ?', ['Beta'])).map((g) => [g.name, g.category, g.price]);
      expect(values.slice(1).map((r) => [String(r[0]), String(r[1]), Number(r[2])])).toEqual(expected);
    });

    it('keeps the filter when the page opens again', async () => {
      await page.reload();
      await totalItem(14);
    });

    it('reads a markdown column formatted (its renderer fetched when the cell shows)', async () => {
      await page.goto(`/demo/staff/notes-${stamp}`);
      const cell = table().getByRole('cell', { name: 'Promo this week' });
      await cell.locator('strong', { hasText: 'Promo' }).waitFor();
      expect(await cell.textContent()).not.toContain('**');
    });

    describe('on the board page', () => {
      beforeAll(async () => {
        await page.goto(`/demo/staff/board-${stamp}`);
        await page.getByRole('heading', { name: boardPage }).waitFor();
      });

      it('shows the alert whose query answers 1, not the one answering 0', async () => {
        await page.getByText('Stock is running low').waitFor();
        // Both alerts' queries run side by side; give the second one time to answer.
        await page.waitForTimeout(1500);
        expect(await page.getByText('Nothing to report').count()).toBe(0);
      });

      const chartOf = (title: string) => page.getByTestId('chart').filter({ has: page.getByRole('heading', { name: title }) });

      it('charts the rows', async () => {
        const chart = chartOf('Prices');
        await chart.locator('.chart-bar').first().waitFor();
        expect(await chart.locator('.chart-bar').count()).toBeGreaterThanOrEqual(20);
        await chart.getByRole('cell', { name: '30', exact: true }).waitFor();
      });

      it('draws a pie of the rows, each slice\'s value beside it, and names the slice a finger taps', async () => {
        const pie = chartOf('Task shares');
        await pie.locator('.chart-slice').first().waitFor();
        expect(await pie.locator('.chart-slice').count()).toBe(3);
        // The values in the rows' order (the legend's), not sorted: 1, 1, 2.
        expect(await pie.locator('svg text').allTextContents()).toEqual(['1', '1', '2']);
        for (const title of ['Write report', 'Call supplier', 'Pack orders']) await pie.getByText(title, { exact: true }).waitFor();
        await pie.scrollIntoViewIfNeeded();
        await pie.locator('.chart-slice').nth(2).click();
        await pie.getByText('Value: 2').waitFor();
        expect(await pie.getByText('Pack orders', { exact: true }).count()).toBe(2);
      });

      it('fills an input from the first row with the loader', async () => {
        await expect.poll(() => page.getByLabel('First item').inputValue(), { timeout: 10_000 }).toBe('Item 01');
      });

      it('moves a kanban card to another lane', async () => {
        const card = page.getByTestId('kanban-card').filter({ hasText: 'Call supplier' });
        const lane = page.locator('[data-testid="kanban-lane"][data-lane="3"]');
        await lane.getByText(Messages.kanbanLaneEmpty).waitFor();
        await page.getByTestId('kanban').scrollIntoViewIfNeeded();
        await snapshot(page, 'data-widgets-board');
        const from = await card.boundingBox();
        const to = await lane.boundingBox();
        if (from === null || to === null) throw new Error('card or lane not laid out');
        await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
        await page.mouse.down();
        await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 5 });
        await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 15 });
        await page.mouse.up();
        await lane.getByText('Call supplier').waitFor();
        await expect.poll(async () => ((await sql.query(`SELECT status FROM \`${tasksTable}\` WHERE title = 'Call supplier'`))[0] as { status: string }[])[0]?.status).toBe('3');
        await snapshot(page, 'data-widgets-board-moved');
      });
    });
  });

  it('lets an author configure a table in the Config panel that a member then uses', async () => {
    const author = await newPage(browser);
    await author.setViewportSize({ width: 1400, height: 1400 });
    await signInToDemo(author);
    await author.goto('/demo/form-editor');
    const pageName = `Configured ${stamp}`;
    const pageId = await createPageInEditor(author, pageName);

    await author.locator('[data-palette-type="table"]').click();
    const panel = author.getByTestId('config-panel');
    const choose = async (label: string, option: string) => {
      await panel.getByLabel(label, { exact: true }).click();
      await author.getByRole('option', { name: option, exact: true }).click();
    };
    await panel.getByLabel('Label', { exact: true }).fill('Configured goods');
    await author.locator('[data-testid="editor-component"][data-title="Configured goods"]').waitFor();
    await choose('Database', `${MARIADB.database} (mysql #${dbId})`);
    await panel.getByLabel('Table', { exact: true }).fill(goodsTable);
    await author.getByRole('option', { name: goodsTable, exact: true }).click();
    await choose('Primary key', 'id');
    for (const [index, [label, field]] of [['Name', 'name'], ['Price', 'price']].entries()) {
      await panel.getByRole('button', { name: 'Add Column' }).click();
      await panel.getByLabel(`Column ${index + 1}`, { exact: true }).fill(label as string);
      await choose(`Source of column ${index + 1}`, field as string);
    }
    for (const check of ['Enable Search', 'Enable Bulk Action', 'Export Table To Excel']) {
      const box = panel.getByLabel(check, { exact: true });
      if (!(await box.isChecked())) await box.check();
    }
    await panel.getByRole('button', { name: 'Add Filter' }).click();
    await panel.getByLabel('Name of filter 1').fill('Category');
    await choose('Type of filter 1', 'Select');
    await choose('Column of filter 1', 'category');

    const dialog = author.getByRole('dialog');
    await panel.getByRole('button', { name: 'Add Action' }).click();
    await dialog.getByLabel('Action type').click();
    await author.getByRole('option', { name: 'EDIT', exact: true }).click();
    await dialog.getByLabel('Name', { exact: true }).fill('Edit');
    for (const [index, [column, type]] of [['name', 'text'], ['price', 'number']].entries()) {
      await dialog.getByRole('button', { name: 'Add field' }).click();
      await dialog.getByLabel(`Column of field ${index + 1}`).fill(column as string);
      await dialog.getByLabel(`Type of field ${index + 1}`).click();
      await author.getByRole('option', { name: type as string, exact: true }).click();
    }
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await panel.getByRole('button', { name: 'Add Action' }).click();
    await dialog.getByLabel('Action type').click();
    await author.getByRole('option', { name: 'DELETE', exact: true }).click();
    await dialog.getByLabel('Name', { exact: true }).fill('Delete');
    await dialog.getByText(`DELETE FROM \`${goodsTable}\` WHERE \`id\` = ?`).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await panel.getByRole('button', { name: 'Edit action Delete' }).waitFor();
    await author.getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();
    await snapshot(author, 'data-table-configured-in-editor');
    await author.context().close();

    const saved = await api<{ pageSlug: string; pageComponents: string | Component[] }[]>('GET', `/get/getPage/${pageId}`);
    expect(saved.status).toBe(true);
    const [stored] = saved.data;
    if (stored === undefined) throw new Error('the page was not found');
    const components = (typeof stored.pageComponents === 'string' ? JSON.parse(stored.pageComponents) : stored.pageComponents) as Component[];
    expect(components).toHaveLength(1);
    expect(components[0]).toMatchObject({
      type: 'table',
      title: 'Configured goods',
      database_used: dbId,
      table_used: goodsTable,
      primaryKey: 'id',
      options: 'Name,Price',
      mapping_table: 'name,price',
      search: true,
      bulkAction: true,
      toExcel: true,
      filters: [{ column: 'Category', type: 'select', field: 'category' }],
      custom_action: [
        { name: 'Edit', action: 'EDIT', cause: '', raw: { editFields: [{ name: 'name', type: 'text' }, { name: 'price', type: 'number' }] } },
        { name: 'Delete', action: 'DELETE', cause: '', stored: { ...deleteByKeyQuery(dbId, goodsTable, 'id', 'mysql'), table: goodsTable } },
      ],
    });

    await menuForStaff(api, await demoAppId(), `Configured ${stamp}`, [['Configured', pageId]]);
    const member = await newPage(browser);
    await signInToDemo(member, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await member.goto(`/demo/staff/${stored.pageSlug}`);
    await member.getByRole('heading', { name: pageName }).waitFor();
    const widget = member.getByTestId('data-table');
    const [first] = await goods();
    if (first === undefined) throw new Error('the goods table is empty');
    await member.getByTestId('total-item').filter({ hasText: `Total Item: ${(await goods()).length}` }).waitFor();
    await widget.getByRole('cell', { name: first.name, exact: true }).waitFor();
    await widget.getByRole('cell', { name: String(first.price), exact: true }).waitFor();
    expect(await widget.getByRole('columnheader', { name: 'Category' }).count()).toBe(0);
    await member.getByPlaceholder(Messages.tableSearchPlaceholder).waitFor();
    await widget.getByRole('button', { name: 'Filters' }).waitFor();
    await widget.getByRole('button', { name: 'Edit row 1', exact: true }).waitFor();
    await snapshot(member, 'data-table-configured-member');
    await member.context().close();
  });
});
