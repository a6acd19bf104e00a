import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, browserPageForSuite, snapshot } from '../support/browser';
import { signInToDemo } from '../support/demo';

interface TableFit {
  caption: string;
  /** The table's own width, and the width of the card's scrolling box around it. */
  tableWidth: number;
  boxWidth: number;
  /** After scrolling the box to its end: the last column's right edge, and the box's. */
  lastColumnRight: number;
  boxRight: number;
  /** Badges whose text is cut ('S…'). */
  cutBadges: string[];
}

/** How each administration table of the screen sits in its card, scrolled to its last column. */
async function tablesOf(page: Page): Promise<{ pageWidth: number; tables: TableFit[] }> {
  return page.evaluate(() => ({
    pageWidth: document.documentElement.scrollWidth,
    tables: [...document.querySelectorAll('table')].map((table) => {
      const box = table.closest('.mantine-ScrollArea-viewport') ?? table.parentElement ?? table;
      box.scrollLeft = box.scrollWidth;
      const headers = table.querySelectorAll('thead th');
      const last = headers[headers.length - 1] ?? table;
      return {
        caption: table.getAttribute('aria-label') ?? '',
        tableWidth: table.getBoundingClientRect().width,
        boxWidth: box.getBoundingClientRect().width,
        lastColumnRight: last.getBoundingClientRect().right,
        boxRight: box.getBoundingClientRect().right,
        cutBadges: [...table.querySelectorAll('.mantine-Badge-label')]
          .filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent ?? ''),
      };
    }),
  }));
}

async function expectTablesScrollInTheirCards(page: Page, screen: string): Promise<void> {
  const { pageWidth, tables } = await tablesOf(page);
  expect(pageWidth, `${screen}: the page scrolls sideways`).toBeLessThanOrEqual(390);
  expect(tables.length, `${screen}: no table`).toBeGreaterThan(0);
  for (const fit of tables) {
    const what = `${screen} / ${fit.caption}`;
    expect(fit.boxWidth, `${what}: the card is wider than the phone`).toBeLessThanOrEqual(390);
    // The last column (the row actions) is reached by scrolling the card, not cut off.
    expect(fit.lastColumnRight, `${what}: the last column is out of reach`).toBeLessThanOrEqual(fit.boxRight + 1);
    expect(fit.cutBadges, `${what}: cut badges`).toEqual([]);
  }
}

/**
 * Issue 15: at 390 px an administration table wider than the phone scrolls sideways inside its
 * card, its columns readable (the database type badge read 'S…'), and the page never scrolls
 * sideways. Walked by the demo's administrator and by the root administrator.
 */
describe('administration tables on a phone', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;

  it("scroll inside their cards on the demo administrator's screens", async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await signInToDemo(page());
    for (const [route, title, caption] of [
      ['database', 'Daftar Database', 'Databases'],
      ['group', 'Daftar Group', 'Groups'],
      ['user', 'Daftar User', ''],
      ['menu', 'Daftar Menu', 'Menus of Toko'],
    ] as const) {
      await page().goto(`/demo/${route}`);
      await page().getByRole('heading', { name: title }).waitFor();
      await page().locator('table tbody tr').first().waitFor();
      if (caption !== '') await page().getByRole('table', { name: caption }).waitFor();
      await page().waitForTimeout(200);
      await expectTablesScrollInTheirCards(page(), route);
    }
    const { tables } = await tablesOf(page());
    expect(tables.some((fit) => fit.tableWidth > fit.boxWidth)).toBe(true);
    await page().goto('/demo/database');
    await page().getByRole('cell', { name: 'demo-shop.db' }).waitFor();
    const databases = (await tablesOf(page())).tables[0];
    expect(databases !== undefined && databases.tableWidth > databases.boxWidth).toBe(true);
    await page().getByRole('button', { name: 'Remove database' }).first().waitFor();
    await snapshot(page(), 'phone-admin-database');
  });

  it("scroll inside their cards on the root administrator's screens", async () => {
    await page().context().clearCookies();
    await page().evaluate(() => window.localStorage.clear());
    await page().goto('/_root/auth/login');
    await page().getByLabel('Username').fill('admin');
    await page().getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page().getByRole('button', { name: 'Sign In' }).click();
    await page().waitForURL('**/_root/home');
    for (const [route, title] of [['user', 'Daftar User'], ['group', 'Daftar Group']] as const) {
      await page().goto(`/_root/${route}`);
      await page().getByRole('heading', { name: title }).waitFor();
      await page().locator('table tbody tr').first().waitFor();
      await page().waitForTimeout(200);
      await expectTablesScrollInTheirCards(page(), `_root/${route}`);
    }
  });
});
