import { actionFailureMessage, type Component, createComponent, type CustomAction, deleteByKeyQuery, Messages } from '@rakit/core';
import mysql from 'mysql2/promise';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { addMariaDbConnection, MARIADB } from '../support/mariadb';

const ORDERS = 25;

interface Order {
  id: number;
  name: string;
  status: string;
  note: string;
}

interface Task {
  id: number;
  title: string;
  status: string;
  note: string;
}

/** A query-builder UPDATE of the row whose id the row's own id column holds. */
const updateById = (dbId: number, table: string, name: string, column: string, value: string, cause = ''): CustomAction => ({
  name, action: 'CUSTOM', cause, show: true,
  raw: { database: dbId, type: 'UPDATE', table, setValues: [{ column, source: '--custom--', custom: value }], conditions: [{ column: 'id', operator: '=', source: 'id', custom: '' }] },
});

/** Holds the page's action calls until released, noting which actions they run. */
async function holdActionCalls(page: Page) {
  const sent: string[] = [];
  const continued: Promise<void>[] = [];
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  const hold = async (route: Route) => {
    sent.push((route.request().postDataJSON() as { actionName: string }).actionName);
    const going = released.then(() => route.continue());
    continued.push(going);
    await going;
  };
  await page.route('**/action/runAction', hold);
  return {
    sent,
    /** Lets the held calls (and any later one) through, then stops holding. */
    release: async () => {
      release();
      await Promise.all(continued);
      await page.unroute('**/action/runAction', hold);
    },
  };
}

/**
 * Row actions of the data widgets against MariaDB: a member runs a table's bulk actions on
 * chosen rows and on a whole page, and a kanban card's actions from its menu (EDIT, DELETE,
 * and a CUSTOM action with a chained child), by mouse and by keyboard; one run at a time, and a
 * failed edit keeps what was typed. Every change is read back from MariaDB.
 */
describe('row actions of the table and the kanban', () => {
  const stamp = Date.now().toString(36);
  const ordersTable = `rk_widg_orders_${stamp}`;
  const tasksTable = `rk_widg_tasks_${stamp}`;
  const ordersPage = `Orders ${stamp}`;
  const tasksPage = `Tasks ${stamp}`;
  let sql: mysql.Connection;
  let api: Api;
  let dbId: number;
  let tasksPageId: number;
  let browser: Browser;
  let page: Page;

  const orders = async () => (await sql.query(`SELECT id, name, status, note FROM \`${ordersTable}\` ORDER BY id`))[0] as Order[];
  const tasks = async () => (await sql.query(`SELECT id, title, status, note FROM \`${tasksTable}\` ORDER BY id`))[0] as Task[];
  const task = async (id: number) => (await tasks()).find((t) => t.id === id);
  const table = () => page.getByTestId('data-table');
  const checkedRows = () => table().locator('tbody input[type="checkbox"]:checked').count();
  const notice = async () => {
    await page.getByText(Messages.actionSucceeded).last().waitFor();
    await page.getByText(Messages.actionSucceeded).last().waitFor({ state: 'detached', timeout: 10_000 });
  };

  beforeAll(async () => {
    sql = await mysql.createConnection(MARIADB);
    await sql.query(`CREATE TABLE \`${ordersTable}\` (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(100) NOT NULL, status VARCHAR(20) NOT NULL, note VARCHAR(100) NOT NULL DEFAULT '')`);
    const rows = Array.from({ length: ORDERS }, (_, i) => [`Order ${String(i + 1).padStart(2, '0')}`, 'open']);
    await sql.query(`INSERT INTO \`${ordersTable}\` (name, status) VALUES ?`, [rows]);
    await sql.query(`CREATE TABLE \`${tasksTable}\` (id INT AUTO_INCREMENT PRIMARY KEY, title VARCHAR(100) NOT NULL, status VARCHAR(10) NOT NULL, note VARCHAR(200) NOT NULL DEFAULT '')`);
    await sql.query(`INSERT INTO \`${tasksTable}\` (title, status, note) VALUES ('Write report', '1', 'quarterly'), ('Call supplier', '1', ''), ('Pack orders', '2', ''), ('Book truck', '3', '')`);

    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    dbId = await addMariaDbConnection(api, appId);
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: ordersPage }, { pageId: null, pageName: tasksPage }] });
    const [ordersSaved, tasksSaved] = created.data.pages as [{ pageId: number }, { pageId: number }];
    tasksPageId = tasksSaved.pageId;

    const ordersWidget: Component = {
      ...createComponent('table', 'orders', 'Orders'),
      database_used: dbId, primaryKey: 'id', table_used: ordersTable, options: 'Name,Status,Note', mapping_table: 'name,status,note', bulkAction: true,
      custom_action: [
        updateById(dbId, ordersTable, 'Mark shipped', 'status', 'shipped'),
        updateById(dbId, ordersTable, 'Log shipping', 'note', 'logged', 'Mark shipped'),
        { name: 'Delete', action: 'DELETE', cause: '', show: true, stored: { ...deleteByKeyQuery(dbId, ordersTable, 'id', 'mysql'), table: ordersTable } },
      ],
    };
    const board: Component = {
      ...createComponent('kanban', 'tasks', 'Tasks'),
      database_used: dbId, primaryKey: 'id', table_used: tasksTable, options: 'Title,Note', mapping_table: 'title,note',
      fieldMap: { compared: 'status', title: 'title', description: 'note' },
      custom_action: [
        { name: 'Edit', action: 'EDIT', cause: '', show: true, raw: { editFields: [{ name: 'title', type: 'text', options: '' }, { name: 'note', type: 'textarea', options: '' }] } },
        { name: 'Delete', action: 'DELETE', cause: '', show: true, stored: { ...deleteByKeyQuery(dbId, tasksTable, 'id', 'mysql'), table: tasksTable } },
        updateById(dbId, tasksTable, 'Start', 'status', '2'),
        updateById(dbId, tasksTable, 'Stamp started', 'note', 'started', 'Start'),
        {
          name: 'Duplicate', action: 'CUSTOM', cause: '', show: true,
          raw: {
            database: dbId, type: 'INSERT', table: tasksTable, conditions: [],
            setValues: [{ column: 'title', source: '--custom--', custom: 'Copied task' }, { column: 'status', source: 'status', custom: '' }, { column: 'note', source: '--custom--', custom: 'copy' }],
          },
        },
      ],
    };
    const saved = await api('POST', '/save/saveApp', {
      appId, pages: [{ pageId: ordersSaved.pageId, pageComponents: JSON.stringify([ordersWidget]) }, { pageId: tasksSaved.pageId, pageComponents: JSON.stringify([board]) }],
    });
    expect(saved.status, saved.error?.join(', ')).toBe(true);
    await menuForStaff(api, appId, `Actions ${stamp}`, [['Orders', ordersSaved.pageId], ['Tasks', tasksSaved.pageId]]);
    browser = await launchBrowser();
    page = await newPage(browser);
    await signInToDemo(page, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
  });

  afterAll(async () => {
    await browser?.close();
    await sql?.query(`DROP TABLE IF EXISTS \`${ordersTable}\``);
    await sql?.query(`DROP TABLE IF EXISTS \`${tasksTable}\``);
    await sql?.end();
    if (dbId !== undefined) await api('DELETE', '/delete/deleteDbConfig', { dbId });
  });

  describe('the table\'s bulk actions', () => {
    beforeAll(async () => {
      await page.goto(`/demo/staff/orders-${stamp}`);
      await page.getByRole('heading', { name: ordersPage }).waitFor();
      await page.getByTestId('total-item').filter({ hasText: `Total Item: ${ORDERS}` }).waitFor();
    });

    it('runs a CUSTOM action, then the action it causes, on each chosen row', async () => {
      await table().getByLabel('Select row 2', { exact: true }).check();
      await table().getByLabel('Select row 4', { exact: true }).check();
      const calls = await holdActionCalls(page);
      try {
        await table().getByRole('button', { name: 'Bulk Action' }).click();
        // The menu's dropdown mounts in the frame after the click (Mantine's transition).
        await page.getByRole('menuitem').last().waitFor();
        expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Mark shipped', 'Delete', 'Cancel']);
        await page.getByRole('menuitem', { name: 'Mark shipped' }).click();
        // while it runs the Bulk Action button spins and the rows' actions are disabled
        await expect.poll(() => calls.sent.length).toBe(1);
        expect(await table().getByRole('button', { name: 'Bulk Action' }).getAttribute('data-loading')).toBe('true');
        expect(await table().getByRole('button', { name: 'Delete row 1', exact: true }).isDisabled()).toBe(true);
        await snapshot(page, 'data-table-bulk-running');
      } finally {
        await calls.release();
      }
      await page.getByText(Messages.actionSucceeded).waitFor();
      await expect.poll(async () => (await orders()).filter((o) => o.status === 'shipped').map((o) => o.name)).toEqual(['Order 02', 'Order 04']);
      expect((await orders()).filter((o) => o.note === 'logged').map((o) => o.name)).toEqual(['Order 02', 'Order 04']);
      // the table shows the change and nothing is chosen any more
      await expect.poll(() => table().getByRole('cell', { name: 'shipped', exact: true }).count()).toBe(2);
      await expect.poll(checkedRows).toBe(0);
      expect(await table().getByRole('button', { name: 'Bulk Action' }).isDisabled()).toBe(true);
      await snapshot(page, 'data-table-bulk-shipped');
      await notice();
    });

    it('deletes every row of the current page after confirming', async () => {
      const shown = (await table().locator('tbody tr').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-row-key'))))).sort((a, b) => a - b);
      expect(shown).toHaveLength(20);
      await table().getByLabel('Select all rows of this page').check();
      expect(await checkedRows()).toBe(20);
      await table().getByRole('button', { name: 'Bulk Action' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByText(Messages.deleteRowConfirm).waitFor();
      // nothing is deleted before the answer
      expect(await orders()).toHaveLength(ORDERS);
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText(Messages.actionSucceeded).waitFor();
      await page.getByTestId('total-item').filter({ hasText: `Total Item: ${ORDERS - 20}` }).waitFor();
      const left = await orders();
      expect(left).toHaveLength(ORDERS - 20);
      expect(left.some((o) => shown.includes(o.id))).toBe(false);
      await table().getByRole('cell', { name: 'Order 21', exact: true }).waitFor();
      expect(await checkedRows()).toBe(0);
      expect(await table().getByLabel('Select all rows of this page').isChecked()).toBe(false);
      await notice();
    });

    it('stops at a row that is gone, says why, and keeps the rest', async () => {
      await table().getByRole('cell', { name: 'Order 25', exact: true }).waitFor();
      // someone else deletes Order 24 while the member looks at it
      await sql.query(`DELETE FROM \`${ordersTable}\` WHERE name = 'Order 24'`);
      await table().getByLabel('Select row 4', { exact: true }).check();
      await table().getByLabel('Select row 5', { exact: true }).check();
      await table().getByRole('button', { name: 'Bulk Action' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText(actionFailureMessage(Messages.rowNotFound)).waitFor();
      await page.getByTestId('total-item').filter({ hasText: 'Total Item: 4' }).waitFor();
      expect((await orders()).map((o) => o.name)).toEqual(['Order 21', 'Order 22', 'Order 23', 'Order 25']);
      // the row left is still chosen, ready for another try
      await expect.poll(checkedRows).toBe(1);
      expect(await table().getByLabel('Select row 4', { exact: true }).isChecked()).toBe(true);
      await table().getByLabel('Select row 4', { exact: true }).uncheck();
    });
  });

  describe('a kanban card\'s menu', () => {
    const card = (title: string) => page.getByTestId('kanban-card').filter({ hasText: title });
    const lane = (value: string) => page.locator(`[data-testid="kanban-lane"][data-lane="${value}"]`);

    beforeAll(async () => {
      await page.goto(`/demo/staff/tasks-${stamp}`);
      await page.getByRole('heading', { name: tasksPage }).waitFor();
      await card('Write report').waitFor();
    });

    it('lists the card\'s top-level actions and edits the card through EDIT', async () => {
      const [writeReport] = await tasks();
      if (writeReport === undefined) throw new Error('no task');
      await card('Write report').getByRole('button', { name: 'Actions of Write report' }).click();
      await page.getByRole('menuitem').last().waitFor();
      expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Edit', 'Delete', 'Start', 'Duplicate', 'Cancel']);
      await snapshot(page, 'kanban-card-menu');
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByLabel('Note', { exact: true }).inputValue()).toBe('quarterly');
      await dialog.getByLabel('Title', { exact: true }).fill('Write the annual report');
      const sent = page.waitForRequest((r) => r.url().endsWith('/action/editRow'));
      await dialog.getByRole('button', { name: 'Save' }).click();
      // Based on the title the dialog showed: a card changed meanwhile is refused, not overwritten (issue 38).
      expect((await sent).postDataJSON()).toEqual({
        pageId: expect.any(Number), componentId: 'tasks', actionName: 'Edit', key: writeReport.id, values: { title: 'Write the annual report' }, expected: { title: writeReport.title },
      });
      await page.getByText(Messages.actionSucceeded).waitFor();
      expect(await task(writeReport.id)).toEqual({ ...writeReport, title: 'Write the annual report' });
      await lane('1').getByText('Write the annual report').waitFor();
      await notice();
    });

    it('runs an action and the one it causes from the keyboard alone', async () => {
      const before = (await tasks()).find((t) => t.title === 'Call supplier');
      if (before === undefined) throw new Error('no task');
      await card('Call supplier').focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Actions of Call supplier');
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'Start' }).waitFor();
      // Arrow keys act only once Mantine has moved the focus into the opened menu (after its transition).
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null)).toBe(true);
      const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
      for (let i = 0; i < 10 && (await focused()) !== 'Start'; i++) await page.keyboard.press('ArrowDown');
      expect(await focused()).toBe('Start');
      await page.keyboard.press('Enter');
      await page.getByText(Messages.actionSucceeded).waitFor();
      await expect.poll(() => task(before.id)).toEqual({ ...before, status: '2', note: 'started' });
      await lane('2').getByText('Call supplier').waitFor();
      await notice();
    });

    it('deletes a card after confirming', async () => {
      const doomed = (await tasks()).find((t) => t.title === 'Pack orders');
      if (doomed === undefined) throw new Error('no task');
      await card('Pack orders').getByRole('button', { name: 'Actions of Pack orders' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByText(Messages.deleteRowConfirm).waitFor();
      await snapshot(page, 'kanban-card-delete-confirm');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByText(Messages.deleteRowConfirm).waitFor({ state: 'detached' });
      expect(await task(doomed.id)).toEqual(doomed);

      await card('Pack orders').getByRole('button', { name: 'Actions of Pack orders' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText(Messages.actionSucceeded).waitFor();
      await card('Pack orders').waitFor({ state: 'detached' });
      expect(await task(doomed.id)).toBeUndefined();
      expect((await tasks()).map((t) => t.title)).toEqual(['Write the annual report', 'Call supplier', 'Book truck']);
      await notice();
    });

    it('runs a CUSTOM insert once, however fast it is chosen again, with the actions disabled meanwhile', async () => {
      const calls = await holdActionCalls(page);
      try {
        await card('Book truck').getByRole('button', { name: 'Actions of Book truck' }).click();
        await page.getByRole('menuitem', { name: 'Duplicate' }).dblclick();
        await expect.poll(() => calls.sent).toEqual(['Duplicate']);
        // the menu opens again from the keyboard (the board is covered while it runs): its actions are disabled
        await card('Book truck').getByRole('button', { name: 'Actions of Book truck' }).focus();
        await page.keyboard.press('Enter');
        await page.getByRole('menuitem', { name: 'Duplicate' }).waitFor();
        expect(await page.getByRole('menuitem', { name: 'Duplicate' }).isDisabled()).toBe(true);
        expect(await page.getByRole('menuitem', { name: 'Edit' }).isDisabled()).toBe(true);
        await snapshot(page, 'kanban-action-running');
        await page.keyboard.press('Escape');
      } finally {
        await calls.release();
      }
      await page.getByText(Messages.actionSucceeded).waitFor();
      await card('Copied task').waitFor();
      expect((await tasks()).filter((t) => t.title === 'Copied task').map((t) => [t.status, t.note])).toEqual([['3', 'copy']]);
      expect(calls.sent).toEqual(['Duplicate']);
      await notice();
    });

    it('keeps the edit dialog, and what was typed, when the save fails', async () => {
      const copy = (await tasks()).find((t) => t.title === 'Copied task');
      if (copy === undefined) throw new Error('no copy');
      await card('Copied task').getByRole('button', { name: 'Actions of Copied task' }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Note', { exact: true }).fill('typed before it was gone');
      // someone else deletes the task while the member edits it
      await sql.query(`DELETE FROM \`${tasksTable}\` WHERE id = ?`, [copy.id]);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText(actionFailureMessage(Messages.rowNotFound)).waitFor();
      expect(await dialog.isVisible()).toBe(true);
      expect(await dialog.getByLabel('Note', { exact: true }).inputValue()).toBe('typed before it was gone');
      expect(await dialog.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
      await snapshot(page, 'kanban-edit-failed');
      // the board behind reloaded without the card; Cancel closes the dialog
      await card('Copied task').waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect((await tasks()).map((t) => t.title)).toEqual(['Write the annual report', 'Call supplier', 'Book truck']);
    });

    it('looks right on a phone', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await card('Book truck').getByRole('button', { name: 'Actions of Book truck' }).waitFor();
      // the lanes stack in one column, each as wide as the screen allows
      await expect.poll(async () => (await lane('1').boundingBox())?.width ?? 0).toBeGreaterThan(300);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await snapshot(page, 'kanban-390');
      await page.goto(`/demo/staff/orders-${stamp}`);
      await table().getByRole('cell', { name: 'Order 21', exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // the table scrolls sideways, but each row's actions stay in view at its right edge
      const remove = await table().getByRole('button', { name: 'Delete row 1', exact: true }).boundingBox();
      expect(remove === null ? Infinity : remove.x + remove.width).toBeLessThanOrEqual(390);
      await snapshot(page, 'data-table-390');
      await page.setViewportSize({ width: 1280, height: 800 });
    });
  });

  it('shows the author the cards\' menus and the function selector (None) in the editor', async () => {
    const author = await newPage(browser);
    await signInToDemo(author);
    await author.goto(`/demo/form-editor?page=${tasksPageId}`);
    const widget = author.locator('[data-testid="editor-component"][data-title="Tasks"]');
    await widget.getByRole('button', { name: 'Actions of Card 1' }).waitFor();
    await widget.getByRole('heading', { name: 'Tasks' }).click();
    const panel = author.getByTestId('config-panel');
    await panel.getByLabel('Function', { exact: true }).waitFor();
    expect(await panel.getByLabel('Function', { exact: true }).inputValue()).toBe('None');
    await author.context().close();
  });
});
