import { type Component, createComponent, CUSTOM_TABLE, Messages } from '@rakit/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { ADMIN_PASSWORD, browserPageForSuite, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';

/**
 * Issue 15 item 7: a data table's custom query cannot have `?` parameters (nothing fills them when
 * its rows load). The Custom Query dialog says so and does not save such a query; and a table
 * whose rows fail to load (here one saved with a `?` through the API) tells the application's
 * administrator why, on the widget, while a member sees the spec's empty table.
 */
describe("a data table's custom query", () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const stamp = Date.now().toString(36);
  let api: Api;
  let dbLabel = '';
  let editorPageId = 0;

  beforeAll(async () => {
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    const databases = (await api<{ dbId: number; dbDatabase: string; dbType: string }[]>('GET', `/get/listDatabase/${appId}`)).data;
    const shop = databases.find((d) => d.dbDatabase === 'demo-shop.db');
    if (shop === undefined) throw new Error('the demo has no shop database');
    dbLabel = `${shop.dbDatabase} (${shop.dbType} #${shop.dbId})`;
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', {
      appId, pages: [{ pageId: null, pageName: `Drinks ${stamp}` }, { pageId: null, pageName: `Query ${stamp}` }],
    });
    const [drinks, editor] = created.data.pages as [{ pageId: number }, { pageId: number }];
    editorPageId = editor.pageId;
    const table: Component = {
      ...createComponent('table', 'drinks', 'Minuman'), database_used: shop.dbId, table_used: CUSTOM_TABLE,
      customSource: { query: 'SELECT name, price FROM products WHERE category = ?', columns: ['name', 'price'], table: 'products' },
      options: 'Nama,Harga', mapping_table: 'name,price',
    };
    const saved = await api('POST', '/save/saveApp', { appId, pages: [{ pageId: drinks.pageId, pageComponents: JSON.stringify([table]) }] });
    expect(saved.status, saved.error?.join(', ')).toBe(true);
    await menuForStaff(api, appId, `Drinks ${stamp}`, [['Drinks', drinks.pageId]]);
  });

  it('is refused in the Custom Query dialog while it has a ?, with the reason', async () => {
    await signInToDemo(page());
    await page().goto(`/demo/form-editor?page=${editorPageId}`);
    await page().getByText('This page is empty').waitFor();
    await page().locator('[data-palette-type="table"]').click();
    const panel = page().getByTestId('config-panel');
    await panel.getByLabel('Database', { exact: true }).click();
    await page().getByRole('option', { name: dbLabel, exact: true }).click();
    await panel.getByLabel('Table', { exact: true }).click();
    await page().getByRole('option', { name: 'CUSTOM_TABLE (custom query)' }).click();
    await panel.getByRole('button', { name: 'Configure' }).click();

    const dialog = page().getByRole('dialog', { name: 'Custom Query' });
    const query = dialog.getByLabel('Query', { exact: true });
    await query.fill('SELECT name, price FROM products WHERE category = ?');
    const refusal = dialog.getByRole('alert').filter({ hasText: 'This query cannot be saved' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain(Messages.widgetQueryParameters);
    expect(await dialog.getByRole('button', { name: 'Save Query' }).isDisabled()).toBe(true);
    await snapshot(page(), 'custom-query-refused');

    await query.fill("SELECT name, price FROM products WHERE category = 'Minuman'");
    await refusal.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Save Query' }).click();
    await dialog.waitFor({ state: 'detached' });
    await panel.getByText("WHERE category = 'Minuman'").waitFor();
  });

  it("tells the administrator on the widget why its rows did not load; the member sees the empty table", async () => {
    await page().goto(`/demo/admin/drinks-${stamp}`);
    const table = page().getByTestId('data-table');
    const reason = table.getByRole('alert').filter({ hasText: 'The rows could not be loaded' });
    await reason.waitFor();
    expect(await reason.innerText()).toContain(Messages.widgetQueryParameters);
    await table.getByText('No data').waitFor();
    await snapshot(page(), 'table-load-failure-admin');

    await page().context().clearCookies();
    await page().evaluate(() => window.localStorage.clear());
    await signInToDemo(page(), DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await page().goto(`/demo/staff/drinks-${stamp}`);
    await table.getByTestId('total-item').filter({ hasText: 'Total Item: 0' }).waitFor();
    await table.getByText('No data').waitFor();
    expect(await table.getByRole('alert').count()).toBe(0);
    expect(await page().getByText(Messages.widgetQueryParameters).count()).toBe(0);
  });
});
