import { createComponent, CUSTOM_TABLE, sessionStorageKey, tableStateVariable } from '@rakit/core';
import mysql from 'mysql2/promise';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { ADMIN_PASSWORD, browserPageForSuite, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { addMariaDbConnection, createNamedRowsTable, MARIADB } from '../support/mariadb';

/**
 * Bounded counts (ARCHITECTURE §3): a table over a MariaDB table of 25,000 rows shows
 * "Total Item: 10,000+", offers no last page, and a member pages on with Next past the
 * 10,000th row.
 */
const ROWS = 25_000;

describe('a table over a big table', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const stamp = Date.now().toString(36);
  const bigTable = `rakit_e2e_many_${stamp}`;
  const pageName = `Many ${stamp}`;
  let sql: mysql.Connection;
  let api: Api;
  let dbId: number;
  let pageId: number;

  beforeAll(async () => {
    sql = await mysql.createConnection(MARIADB);
    await createNamedRowsTable(sql, bigTable, ROWS, 'Item');
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    dbId = await addMariaDbConnection(api, appId);
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName }] });
    pageId = (created.data.pages[0] as { pageId: number }).pageId;
    const table = {
      ...createComponent('table', 'many', 'Banyak Barang'), database_used: dbId, primaryKey: 'id', table_used: bigTable, options: 'Id,Name', mapping_table: 'id,name',
    };
    // The same rows through a custom query whose every row read costs a little (SLEEP): its page
    // is read at once, its count of 10,001 rows takes seconds (rows first, issue 32).
    const slow = {
      ...createComponent('table', 'slow', 'Barang Lambat'), database_used: dbId, primaryKey: 'id', table_used: CUSTOM_TABLE, options: 'Id,Name', mapping_table: 'id,name',
      customSource: { query: `SELECT id, name FROM \`${bigTable}\` WHERE SLEEP(0.0002) = 0`, columns: ['id', 'name'], table: bigTable },
    };
    const saved = await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify([table, slow]) }] });
    expect(saved.status, saved.error?.join(', ')).toBe(true);
    await menuForStaff(api, appId, pageName, [['Banyak', pageId]]);
  }, 60_000);

  afterAll(async () => {
    await sql?.query(`DROP TABLE IF EXISTS \`${bigTable}\``);
    await sql?.end();
    if (dbId !== undefined) await api('DELETE', '/delete/deleteDbConfig', { dbId });
  });

  const table = () => page().getByTestId('data-table').filter({ has: page().getByRole('heading', { name: 'Banyak Barang' }) });
  const pager = () => table().getByRole('navigation', { name: 'Pages' });
  const firstCell = () => table().locator('tbody tr').first().getByRole('cell').first();
  const pageButtons = async () => (await pager().getByRole('button', { name: /^Page \d/ }).allInnerTexts()).map(Number);

  it('shows 10,000+ and no last page, and Next goes on page by page', async () => {
    await signInToDemo(page(), DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await page().goto(`/demo/staff/many-${stamp}`);
    await table().getByTestId('total-item').filter({ hasText: 'Total Item: 10,000+' }).waitFor();
    expect(await firstCell().innerText()).toBe('1');
    expect(await pageButtons()).toEqual([1, 2, 3]);
    expect(await pager().getByText('…').count()).toBe(1);
    // no last page number, but Last, read from the end by key
    expect(await pager().getByRole('button', { name: 'Last page' }).isVisible()).toBe(true);
    const next = pager().getByRole('button', { name: 'Next' });
    expect(await next.isEnabled()).toBe(true);
    await snapshot(page(), 'bounded-count-desktop');

    await next.click();
    await expect.poll(() => firstCell().innerText(), { timeout: 10_000 }).toBe('21');
    expect(await pageButtons()).toEqual([1, 2, 3, 4]);
    expect(await table().getByTestId('total-item').innerText()).toBe('Total Item: 10,000+');

    await page().setViewportSize({ width: 390, height: 844 });
    await snapshot(page(), 'bounded-count-phone');
    await page().setViewportSize({ width: 1366, height: 768 });
  });

  it('shows the rows at once and "counting…" until their count comes', async () => {
    await signInToDemo(page(), DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await page().goto(`/demo/staff/many-${stamp}`);
    const slow = page().getByTestId('data-table').filter({ has: page().getByRole('heading', { name: 'Barang Lambat' }) });
    const total = slow.getByTestId('total-item');
    // A term no earlier load counted: 11,111 rows hold 'Item 1', the 10,001st near row 19,000.
    await slow.getByRole('textbox', { name: 'Search Inside Table' }).fill('Item 1');
    await expect.poll(() => slow.locator('tbody tr').nth(1).getByRole('cell').first().innerText(), { timeout: 10_000 }).toBe('10');
    // The rows are there while the count is still being read.
    expect(await slow.locator('tbody tr').count()).toBe(20);
    expect(await total.innerText()).toBe('Total Item: counting…');
    // Next is offered on a full page meanwhile.
    expect(await slow.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).isEnabled()).toBe(true);
    await snapshot(page(), 'rows-first-counting');
    await total.filter({ hasText: 'Total Item: 10,000+' }).waitFor({ timeout: 20_000 });
  });

  it('pages with Next past the 10,000th row', async () => {
    // The member comes back to the table where he left it, page 499 (its state is kept in the browser).
    await page().evaluate(({ key, name }) => {
      const globals = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      globals[name] = { value: { page: 499, search: '', filterColumn: {} }, type: 'permanent' };
      localStorage.setItem(key, JSON.stringify(globals));
    }, { key: `${sessionStorageKey('demo')}:globals`, name: tableStateVariable(pageId, 'many') });
    await page().reload();
    await expect.poll(() => firstCell().innerText(), { timeout: 10_000 }).toBe('9961');
    const next = pager().getByRole('button', { name: 'Next' });
    for (const first of ['9981', '10001', '10021']) {
      await next.click();
      await expect.poll(() => firstCell().innerText(), { timeout: 10_000 }).toBe(first);
    }
    // page 502, past the cap: still 10,000+, no last page, the next page offered while this one is full
    expect(await table().getByTestId('total-item').innerText()).toBe('Total Item: 10,000+');
    expect(await pageButtons()).toEqual([1, 500, 501, 502, 503]);
    expect(await next.isEnabled()).toBe(true);
    await snapshot(page(), 'bounded-count-past-cap');
  });
});
