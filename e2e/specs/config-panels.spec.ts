import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPageForSuite, snapshot } from '../support/browser';
import { signInToDemo } from '../support/demo';

/** What overflows sideways in the open configuration panel: the panel's body, and any field whose text is cut. */
async function sidewaysOverflow(page: Page): Promise<{ body: number; cutFields: string[] }> {
  return page.getByTestId('config-panel-body').evaluate((body) => ({
    body: body.scrollWidth - body.clientWidth,
    cutFields: [...body.querySelectorAll('input')]
      .filter((input) => input.type === 'text' && input.value !== '' && input.scrollWidth > input.clientWidth)
      .map((input) => `${input.getAttribute('aria-label') ?? input.id}: ${input.value}`),
  }));
}

/** Opens the configuration of each component of the page open in the editor and measures it. */
async function everyPanelOf(page: Page, pageName: string): Promise<string[]> {
  const rows = page.getByTestId('editor-component');
  const found: string[] = [];
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const row = rows.nth(index);
    const label = await row.getAttribute('data-title');
    // The row's header (the type's name beside the drag handle) makes it the active one.
    await row.locator('[aria-label="Drag component"] ~ span').first().click();
    await page.getByTestId('config-panel').filter({ hasText: label ?? '' }).first().waitFor();
    await page.waitForTimeout(150); // selects and lists settle their width
    const { body, cutFields } = await sidewaysOverflow(page);
    if (body > 0) found.push(`${pageName} / ${label}: the panel scrolls sideways by ${body} px`);
    for (const field of cutFields) found.push(`${pageName} / ${label}: '${field}' is cut`);
  }
  return found;
}

/**
 * Issue 15 item 8: at 1366 px no widget's configuration panel scrolls sideways (the alert's SQL
 * and its Error option were cut off) and no field cuts its text (the table's filter names showed
 * as 'Kate' / 'Harg').
 */
describe('the configuration panels at 1366 px', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;

  it("fit the demo's table, alert, chart, form and board", async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    await signInToDemo(page());
    await page().goto('/demo/form-editor');
    const found: string[] = [];
    for (const pageName of ['Products', 'Reports', 'Customers', 'Orders']) {
      await page().getByTestId('page-selector').click();
      await page().getByRole('option', { name: pageName, exact: true }).click();
      await page().getByTestId('page-selector').filter({ hasText: pageName }).waitFor();
      await page().getByTestId('editor-component').first().waitFor();
      found.push(...await everyPanelOf(page(), pageName));
      if (pageName === 'Products') {
        const panel = page().getByTestId('config-panel');
        expect(await panel.getByLabel('Name of filter 1').inputValue()).toBe('Kategori');
        expect(await panel.getByLabel('Name of filter 2').inputValue()).toBe('Harga');
      }
      if (pageName === 'Reports') {
        await page().getByTestId('editor-component').first().locator('[aria-label="Drag component"] ~ span').first().click();
        const panel = page().getByTestId('config-panel');
        await panel.getByText('WHERE stock < 40').waitFor();
        const error = await panel.getByText('Error', { exact: true }).boundingBox();
        const body = await page().getByTestId('config-panel-body').boundingBox();
        expect(error !== null && body !== null && error.x + error.width <= body.x + body.width).toBe(true);
        await snapshot(page(), 'config-panel-alert');
      }
    }
    expect(found).toEqual([]);
  });

  it('fit every widget of the palette, freshly placed', async () => {
    await page().getByTestId('page-selector').click();
    await page().getByRole('option', { name: 'Create New Page' }).click();
    await page().getByRole('dialog').getByLabel('PAGE TITLE').fill(`Panels ${Date.now().toString(36)}`);
    await page().getByRole('dialog').getByRole('button', { name: 'CREATE' }).click();
    await page().getByText('This page is empty').waitFor();
    const types = await page().locator('[data-palette-type]').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.paletteType));
    expect(types.length).toBeGreaterThan(10);
    for (const type of types) await page().locator(`[data-palette-type="${type}"]`).click();
    await expect.poll(() => page().getByTestId('editor-component').count()).toBe(types.length);
    expect(await everyPanelOf(page(), 'new page')).toEqual([]);
  });
});
