import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, browserPageForSuite, snapshot } from '../support/browser';
import { queuedTimersRun } from '../support/keyboard';
import { DEMO_MEMBER, signInToDemo } from '../support/demo';

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('not on screen');
  return box;
}

/** True when the two boxes share some area. */
const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Issue 15 item 6: the demo's products table has two filters, Kategori (a select) and Harga (min
 * and max). A member opens the Filters popover: nothing opens by itself; the category list, once
 * opened, covers neither the price bounds nor 'Clear filters'; Escape closes the list and leaves
 * the popover open; a second Escape closes the popover.
 */
describe("the table's Filters popover", () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;

  it('opens calm, keeps its lists clear of the fields below, and closes one layer per Escape', async () => {
    await signInToDemo(page(), DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await page().goto('/demo/staff/products');
    const products = page().getByTestId('data-table').filter({ has: page().getByRole('heading', { name: 'Daftar Produk' }) });
    await products.getByTestId('total-item').filter({ hasText: 'Total Item: 10' }).waitFor();

    await products.getByRole('button', { name: 'Filters' }).click();
    const clear = page().getByRole('button', { name: 'Clear filters' });
    await clear.waitFor();
    const category = page().getByLabel('Kategori', { exact: true }).first();
    const priceMin = page().getByRole('textbox', { name: 'Harga min' });
    const priceMax = page().getByRole('textbox', { name: 'Harga max' });
    await page().waitForTimeout(400); // what would open by itself has had the time to
    // No list is open (the rows-per-page select's own options are not a list shown).
    expect(await page().getByRole('listbox').count()).toBe(0);

    await category.click();
    const list = page().getByRole('listbox');
    await page().getByRole('option', { name: 'Minuman', exact: true }).waitFor();
    await page().waitForTimeout(300); // the list's opening transition, and the room it makes
    const listBox = await boxOf(list);
    for (const below of [priceMin, priceMax, clear]) {
      const belowBox = await boxOf(below);
      expect(overlaps(listBox, belowBox), 'the open list covers a field below it').toBe(false);
      expect(belowBox.y).toBeGreaterThanOrEqual(listBox.y + listBox.height);
    }
    expect(listBox.y).toBeGreaterThanOrEqual((await boxOf(category)).y);
    await snapshot(page(), 'table-filters-open-list');

    await queuedTimersRun(page());
    await page().keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    await page().waitForTimeout(200);
    expect(await clear.isVisible()).toBe(true);

    await category.click();
    await page().getByRole('option', { name: 'Minuman', exact: true }).click();
    await products.getByTestId('total-item').filter({ hasText: 'Total Item: 3' }).waitFor();
    await priceMin.fill('10000');
    await products.getByTestId('total-item').filter({ hasText: 'Total Item: 2' }).waitFor();
    expect(await products.getByRole('button', { name: 'Filters (2)' }).isVisible()).toBe(true);

    await page().keyboard.press('Escape');
    await clear.waitFor({ state: 'hidden' });
    expect(await products.locator('tbody tr').count()).toBe(2);
    await products.getByRole('cell', { name: 'Kopi Bubuk 200 g' }).waitFor();

    // Open again, it keeps the choices; a click outside closes it.
    await products.getByRole('button', { name: 'Filters (2)' }).click();
    await clear.waitFor();
    expect(await priceMin.inputValue()).toBe('10000');
    await page().getByRole('heading', { name: 'Daftar Produk' }).click();
    await clear.waitFor({ state: 'hidden' });

    // Focus lost to the page while it is open (a slow reload of the table can take it): Escape still closes it.
    await products.getByRole('button', { name: 'Filters (2)' }).click();
    await clear.waitFor();
    await page().evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await page().evaluate(() => document.activeElement === document.body)).toBe(true);
    await page().keyboard.press('Escape');
    await clear.waitFor({ state: 'hidden' });
  });
});
