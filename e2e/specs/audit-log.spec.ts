import { createComponent, Messages } from '@rakit/core';
import mysql from 'mysql2/promise';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { addMariaDbConnection, MARIADB } from '../support/mariadb';

/**
 * The audit log (issue 17): a member renames a lamp through his table's Edit dialog; the
 * demo's administrator finds that edit in the application's Audit log, filtered to the
 * member, with the old and the new name, and exports it; the super administrator finds it in
 * _root's log of every application, filtered to the demo.
 */
describe('the audit log', () => {
  const stamp = Date.now().toString(36);
  const itemsTable = `rk_audit_items_${stamp}`;
  const pageName = `Audit ${stamp}`;
  const oldName = `Lamp ${stamp}`;
  const newName = `Desk lamp ${stamp}`;
  let sql: mysql.Connection;
  let api: Api;
  let dbId: number | undefined;
  let browser: Browser;

  beforeAll(async () => {
    sql = await mysql.createConnection(MARIADB);
    await sql.query(`CREATE TABLE \`${itemsTable}\` (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(100) NOT NULL, price INT NOT NULL)`);
    await sql.query(`INSERT INTO \`${itemsTable}\` (name, price) VALUES (?, 120), ('Chair ${stamp}', 300)`, [oldName]);
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    dbId = await addMariaDbConnection(api, appId);
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName }] });
    const pageId = (created.data.pages[0] as { pageId: number }).pageId;
    const items = {
      ...createComponent('table', 'items', 'Items'),
      database_used: dbId, primaryKey: 'id', table_used: itemsTable, options: 'Name,Price', mapping_table: 'name,price',
      custom_action: [{ name: 'Edit', action: 'EDIT', cause: '', show: true, raw: { editFields: [{ name: 'name', type: 'text', options: '' }] } }],
    };
    const saved = await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify([items]) }] });
    expect(saved.status, saved.error?.join(', ')).toBe(true);
    await menuForStaff(api, appId, `Audit ${stamp}`, [['Items', pageId]]);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await sql?.query(`DROP TABLE IF EXISTS \`${itemsTable}\``);
    await sql?.end();
    if (dbId !== undefined) await api('DELETE', '/delete/deleteDbConfig', { dbId });
  });

  /** The entry of the member's edit: the one row of the log naming the new name. */
  const editEntry = (page: Page) => page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: newName });

  it('a member edits a row through his table', async () => {
    const page = await newPage(browser);
    await signInToDemo(page, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await page.goto(`/demo/staff/audit-${stamp}`);
    await page.getByRole('heading', { name: pageName }).waitFor();
    const table = page.getByTestId('data-table');
    await table.getByRole('cell', { name: oldName, exact: true }).waitFor();
    await table.getByRole('button', { name: 'Edit row 1', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(newName);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(Messages.actionSucceeded).waitFor();
    await table.getByRole('cell', { name: newName, exact: true }).waitFor();
    await page.context().close();
  });

  it('the administrator finds the edit with its old and new values, and exports the log', async () => {
    const page = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await signInToDemo(page);
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.getByLabel('Who').fill(DEMO_MEMBER);
    await page.getByRole('combobox', { name: 'Action' }).fill('editRow');
    const entry = editEntry(page);
    await entry.waitFor();
    expect(await entry.count()).toBe(1);
    // Every row shown is the member's edit, once the server has applied the filters.
    const whoShown = () => page.getByRole('table', { name: 'Audit log' }).locator('tbody tr td:nth-child(2) p:first-child').allTextContents();
    await expect.poll(async () => [...new Set(await whoShown())]).toEqual([DEMO_MEMBER]);
    const actionsShown = () => page.getByRole('table', { name: 'Audit log' }).locator('tbody tr td:nth-child(3)').allTextContents();
    await expect.poll(async () => [...new Set(await actionsShown())]).toEqual(['editRow']);
    await expect.poll(() => entry.textContent()).toContain(`Changed name of row 1 in ${itemsTable}`);
    const change = entry.getByRole('list', { name: 'Changed columns' }).getByRole('listitem');
    expect(await change.textContent()).toBe(`name: ${oldName} → ${newName}`);
    expect(await entry.getByText('editRow', { exact: true }).count()).toBe(1);
    await snapshot(page, 'audit-log-admin-1366');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    expect((await download).suggestedFilename()).toBe('audit-log.xlsx');

    // A phone shows the entries as cards, what changed in sight.
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.getByRole('list', { name: 'Audit log entries' }).locator('> [role="listitem"]').filter({ hasText: newName });
    await card.waitFor();
    expect(await card.getByRole('list', { name: 'Changed columns' }).textContent()).toBe(`name: ${oldName} → ${newName}`);
    expect(await card.isVisible()).toBe(true);
    await snapshot(page, 'audit-log-admin-390');
    await page.context().close();
  });

  it('the super administrator finds it in every application\'s log, filtered to the demo', async () => {
    const page = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await page.goto('/_root/auth/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/_root/home');
    await openRootAudit(page);
    await page.getByRole('combobox', { name: 'Application' }).click();
    await page.getByRole('option', { name: /demo/i }).first().click();
    await page.getByLabel('Who').fill(DEMO_MEMBER);
    const entry = editEntry(page);
    await entry.waitFor();
    expect(await entry.getByRole('cell').nth(2).textContent()).toMatch(/demo/i);
    expect(await entry.getByRole('list', { name: 'Changed columns' }).textContent()).toBe(`name: ${oldName} → ${newName}`);
    await snapshot(page, 'audit-log-root-1366');
    await page.context().close();
  });
});

async function openRootAudit(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByRole('heading', { name: 'Audit log' }).waitFor();
}
