import { type Component, createComponent, Messages } from '@rakit/core';
import mysql from 'mysql2/promise';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { addMariaDbConnection, MARIADB } from '../support/mariadb';

/** Replaces the code in the Functions screen's CodeMirror editor, as a person types it. */
async function typeCode(page: Page, code: string) {
  const editor = page.getByTestId('function-code').locator('.cm-content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  for (const [i, line] of code.split('\n').entries()) {
    if (i > 0) {
      await page.keyboard.press('Enter');
      // CodeMirror indents the new line: the typed line brings its own indentation.
      await page.keyboard.press('Shift+Home');
      await page.keyboard.press('Delete');
    }
    await page.keyboard.insertText(line);
  }
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Custom functions (issue 13): an author writes a function with two typed parameters in the
 * Functions screen, tests it (a result, then a syntax error with its line) without saving,
 * saves it, picks it as a table's function to add a computed column; a member sees the
 * transformed rows; deleting the function while the table uses it is refused with where.
 */
describe('custom functions', () => {
  const stamp = Date.now().toString(36);
  const stockTable = `rakit_e2e_stock_${stamp}`;
  const pageName = `Stock ${stamp}`;
  const fnName = `Stock value ${stamp}`;
  let sql: mysql.Connection;
  let api: Api;
  let appId: number;
  let dbId: number;
  let pageId: number;
  let browser: Browser;
  let author: Page;

  beforeAll(async () => {
    sql = await mysql.createConnection(MARIADB);
    await sql.query(`CREATE TABLE \`${stockTable}\` (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(100) NOT NULL, qty INT NOT NULL)`);
    await sql.query(`INSERT INTO \`${stockTable}\` (name, qty) VALUES ('Pens', 3), ('Ink', 5), ('Paper', 7)`);
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    appId = await demoAppId();
    dbId = await addMariaDbConnection(api, appId);
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName }] });
    pageId = (created.data.pages[0] as { pageId: number }).pageId;
    const table: Component = {
      ...createComponent('table', 'stock', 'Stock'),
      database_used: dbId, primaryKey: 'id', table_used: stockTable, options: 'Name,Qty', mapping_table: 'name,qty',
    };
    await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify([table]) }] });
    await menuForStaff(api, appId, `Stock ${stamp}`, [['Stock', pageId]]);
    browser = await launchBrowser();
    author = await newPage(browser);
    await signInToDemo(author);
  });

  afterAll(async () => {
    await browser?.close();
    await sql?.query(`DROP TABLE IF EXISTS \`${stockTable}\``);
    await sql?.end();
  });

  it('writes a function with two typed parameters and tests it before saving', async () => {
    await author.goto('/demo/function');
    await author.getByRole('heading', { name: 'Functions', exact: true }).waitFor();
    await author.getByRole('button', { name: 'Create New' }).click();
    await author.getByLabel('Function Name').fill(fnName);
    // The template's one int parameter becomes `price`; a String parameter `unit` is added.
    await author.getByLabel('Parameter 1 name').fill('price');
    await author.getByRole('button', { name: 'Add parameter' }).click();
    await author.getByLabel('Parameter 2 name').fill('unit');
    await choose(author, author.locator('body'), 'Parameter 2 type', 'String');
    await typeCode(author, [
      'const each = price ?? 2;',
      'if (rows === null) return `${each} ${unit}`;',
      'return rows.map((row) => ({ ...row, value: row.qty * each }));',
    ].join('\n'));

    const test = author.getByRole('region', { name: 'Test' });
    await test.getByLabel('price (Integer)').fill('4');
    await test.getByLabel('unit (String)').fill('IDR');
    await test.getByRole('button', { name: 'Run' }).click();
    await test.getByText('"4 IDR"').waitFor();
    await test.getByText(/ms/).first().waitFor();
    await snapshot(author, 'functions-test-result');

    await typeCode(author, 'const each = price;\nreturn each +;');
    await test.getByRole('button', { name: 'Run' }).click();
    await test.getByText('Error on line 2').waitFor();
    await test.getByText(/SyntaxError/).waitFor();
    await snapshot(author, 'functions-test-error');

    await typeCode(author, [
      'const each = price ?? 2;',
      'if (rows === null) return `${each} ${unit}`;',
      'return rows.map((row) => ({ ...row, value: row.qty * each }));',
    ].join('\n'));
    await test.getByLabel('Sample rows (JSON, for a transform)').fill('[{"name": "Pens", "qty": 3}]');
    await test.getByRole('button', { name: 'Run' }).click();
    await test.getByText('"value": 12').waitFor();

    await author.getByRole('button', { name: 'Save', exact: true }).click();
    await author.getByRole('navigation', { name: 'Functions' }).getByText(fnName).waitFor();
    await author.getByRole('heading', { name: `Edit ${fnName}` }).waitFor();
    await snapshot(author, 'functions-saved');
    await author.setViewportSize({ width: 390, height: 844 });
    await snapshot(author, 'functions-phone');
    await author.setViewportSize({ width: 1366, height: 900 });
    await snapshot(author, 'functions-1366');

    const listed = await api<{ name: string; parameter: { name: string; type: string }[] }[]>('GET', `/function/listFunction/${appId}`);
    expect(listed.data.find((f) => f.name === fnName)?.parameter).toEqual([{ name: 'price', type: 'int' }, { name: 'unit', type: 'string' }]);
  });

  it('picks the function in the table\'s function selector to add a computed column', async () => {
    await author.goto(`/demo/form-editor?page=${pageId}`);
    const widget = author.locator('[data-testid="editor-component"][data-title="Stock"]');
    await widget.getByRole('heading', { name: 'Stock' }).click();
    const panel = author.getByTestId('config-panel');
    await choose(author, panel, 'Function', fnName);
    await author.getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();
    await expect.poll(async () => {
      const stored = (await api<{ pageComponents: string }[]>('GET', `/get/getPage/${pageId}`)).data;
      return (JSON.parse(stored[0]?.pageComponents ?? '[]') as { functionId: number }[])[0]?.functionId;
    }).toBeGreaterThan(0);
    await snapshot(author, 'functions-table-selector');
  });

  it('shows a member the transformed rows', async () => {
    const member = await newPage(browser);
    await signInToDemo(member, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await member.goto(`/demo/staff/stock-${stamp}`);
    const table = member.getByTestId('data-table');
    await table.getByRole('columnheader', { name: 'value' }).waitFor();
    // No page value for price: the function's default of 2 each.
    const valueOf = (name: string) => table.getByRole('row').filter({ has: member.getByRole('cell', { name, exact: true }) }).getByRole('cell').last();
    await expect.poll(() => valueOf('Pens').textContent()).toBe('6');
    expect(await valueOf('Paper').textContent()).toBe('14');
    await snapshot(member, 'functions-member-table');
    await member.context().close();
  });

  it('refuses to delete the function while the table uses it, saying where', async () => {
    await author.goto('/demo/function');
    await author.getByRole('navigation', { name: 'Functions' }).getByText(fnName).click();
    await author.getByRole('heading', { name: `Edit ${fnName}` }).waitFor();
    // The Test panel reads a sample of the rows of the table the function serves.
    const test = author.getByRole('region', { name: 'Test' });
    await choose(author, test, 'Rows of a table it serves', `${pageName} · Stock (table)`);
    await test.getByRole('button', { name: 'Run' }).click();
    await test.getByText('"value": 14').waitFor();
    await snapshot(author, 'functions-test-sample');
    await author.getByRole('button', { name: 'Delete' }).click();
    await author.getByText(Messages.functionDeleteConfirm).waitFor();
    await author.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await author.getByText(new RegExp(`in use and cannot be deleted: page "${pageName}", table "Stock"`)).waitFor();
    await snapshot(author, 'functions-delete-refused');
    const listed = await api<{ name: string }[]>('GET', `/function/listFunction/${appId}`);
    expect(listed.data.some((f) => f.name === fnName)).toBe(true);
  });

  it('shows a member a plain failure when the function fails, never half the rows', async () => {
    const listed = await api<{ id: number; slug: string; name: string; parameter: unknown[] }[]>('GET', `/function/listFunction/${appId}`);
    const fn = listed.data.find((f) => f.name === fnName) as { id: number; parameter: unknown[] };
    await api('PUT', '/function/updateFunction', { id: fn.id, name: fnName, parameter: fn.parameter, content: 'return rows.map((row, i) => { if (i === 1) throw new Error("stock " + i); return row; });' });
    const asAdmin = await api<never>('POST', '/get/loadTableContent', { pageId, componentId: 'stock' });
    expect([asAdmin.httpStatus, asAdmin.error]).toEqual([422, ['Error: stock 1 (line 1)']]);
    const member = await newPage(browser);
    await signInToDemo(member, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await member.goto(`/demo/staff/stock-${stamp}`);
    const table = member.getByTestId('data-table');
    await table.getByRole('alert').getByText(Messages.functionFailed).waitFor();
    expect(await table.getByRole('cell', { name: 'Pens', exact: true }).count()).toBe(0);
    await snapshot(member, 'functions-member-failure');
    await member.context().close();
  });
});
