import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, demoShopDatabase, demoToken } from '../support/api';
import { ADMIN_PASSWORD, browserPageForSuite, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { createPageInEditor, pageForStaff } from '../support/editor-page';
import { accessibilityViolations } from '../support/axe';

/** The demo shop's products, as seeded, and those whose stock is under 40. */
const PRODUCTS = [
  'Beras Pandan Wangi 5 kg', 'Minyak Goreng 2 L', 'Gula Pasir 1 kg', 'Kopi Bubuk 200 g', 'Teh Celup isi 25',
  'Susu UHT 1 L', 'Sabun Mandi', 'Deterjen 800 g', 'Mie Instan Goreng', 'Kecap Manis 520 ml',
];
const LOW_STOCK = ['Kopi Bubuk 200 g', 'Deterjen 800 g', 'Kecap Manis 520 ml'];

interface AxisLabel {
  text: string;
  /** The full name a shortened label shows on hover. */
  title: string;
  box: { left: number; right: number; top: number; bottom: number };
}

/** The bar chart's category labels as drawn on its x-axis, with where they are on the screen. */
const axisLabels = (chart: Locator): Promise<AxisLabel[]> =>
  chart.locator('.chart-category-label').evaluateAll((ticks) => ticks.map((tick) => {
    const text = tick.querySelector('text');
    const box = text?.getBoundingClientRect();
    return {
      text: text?.textContent ?? '', title: tick.querySelector('title')?.textContent ?? '',
      box: { left: box?.left ?? 0, right: box?.right ?? 0, top: box?.top ?? 0, bottom: box?.bottom ?? 0 },
    };
  }));

/** Whether a label names the product: in full, or shortened with '…' and the full name on hover. */
const names = (label: AxisLabel, product: string) =>
  label.text === product || (label.title === product && label.text.endsWith('…') && product.startsWith(label.text.slice(0, -1)));

/**
 * Issue 41 item 4: the seeded demo's Reports page is what a new user copies, so it shows the
 * right way to build a dashboard: a stat card is a card whose text shows one figure (a query
 * variable of the Text block), the alert and the low-stock table agree on the threshold, and
 * the stock chart names every product on its axis, on a laptop and on a phone.
 */
describe("the demo's Reports page, a dashboard to copy", () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  /** The card on the grid whose title is `label`. */
  const card = (label: string) => page().locator('[data-runtime-component]').filter({ has: page().getByRole('heading', { name: label, exact: true }) }).last();

  beforeAll(async () => {
    await signInToDemo(page(), DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
  });

  const chart = () => page().getByTestId('chart').filter({ has: page().getByRole('heading', { name: 'Stok per Produk' }) });

  for (const width of [1366, 390]) {
    describe(`at ${width} px`, () => {
      beforeAll(async () => {
        await page().setViewportSize({ width, height: 900 });
        await page().goto('/demo/staff/reports');
      });

      it('shows each stat card as one figure under its label', async () => {
        // What the demo's database holds: ten products, 797 items in stock.
        await card('Produk').getByRole('heading', { name: '10', exact: true }).waitFor();
        await card('Stok').getByRole('heading', { name: '797', exact: true }).waitFor();
        await card('Pesanan Baru').getByRole('heading', { name: /^\d+$/ }).waitFor();
        for (const label of ['Produk', 'Stok', 'Pesanan Baru']) {
          expect(await card(label).getByRole('table').count(), label).toBe(0);
          expect(await card(label).getByText(/Total Item/).count(), label).toBe(0);
          expect(await card(label).getByRole('button', { name: 'Next' }).count(), label).toBe(0);
        }
      });

      it('warns of low stock with the threshold and count its table shows', async () => {
        await page().getByRole('alert').filter({ hasText: 'Ada 3 produk dengan stok di bawah 40.' }).waitFor();
        const lowStock = page().getByTestId('data-table').filter({ has: page().getByRole('heading', { name: 'Stok Menipis (di bawah 40)' }) });
        for (const product of LOW_STOCK) await lowStock.getByRole('cell', { name: product, exact: true }).waitFor();
        expect(await lowStock.locator('tbody tr').count()).toBe(3);
        // Two columns fit a phone: the Stok column is in view, not behind a sideways scroll.
        const [cardBox, stockHeader] = [await lowStock.boundingBox(), await lowStock.getByRole('columnheader', { name: /Stok/ }).boundingBox()];
        expect(cardBox !== null && stockHeader !== null && stockHeader.x + stockHeader.width <= cardBox.x + cardBox.width, `Stok column within the card at ${width} px`).toBe(true);
      });

      it('names every product on the stock chart\'s axis, inside the chart', async () => {
        await chart().locator('.chart-bar').first().waitFor();
        const labels = await axisLabels(chart());
        expect(PRODUCTS.filter((product) => !labels.some((label) => names(label, product))), JSON.stringify(labels.map((l) => l.text))).toEqual([]);
        const frame = await chart().boundingBox();
        if (frame === null) throw new Error('the chart has no box');
        for (const { text, box } of labels) {
          expect(box.left >= frame.x && box.right <= frame.x + frame.width && box.bottom <= frame.y + frame.height, `${text} at ${JSON.stringify(box)}`).toBe(true);
        }
        expect(await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
        expect(await accessibilityViolations(page(), 'main')).toEqual([]);
        await snapshot(page(), `demo-reports-${width}`);
      });
    });
  }

  it('shortens a long product name on a phone, with the full name on hover', async () => {
    const beras = (await axisLabels(chart())).find((label) => label.title === 'Beras Pandan Wangi 5 kg');
    expect(beras?.text).toMatch(/^Beras Pandan.*…$/);
  });
});

/**
 * The Text block's query variables as an author sets them up (the Reports page's stat cards
 * are made of them): the editor shows the text as written, the member the figure.
 */
describe("the Text block's query variables", () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const stamp = Date.now().toString(36);
  let dbLabel = '';

  beforeAll(async () => {
    dbLabel = (await demoShopDatabase(apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD)))).label;
  });

  it("shows the author the Reports page's stat as written, with its variable", async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    await signInToDemo(page());
    await page().goto('/demo/form-editor');
    await page().getByTestId('page-selector').click();
    await page().getByRole('option', { name: 'Reports', exact: true }).click();
    const figure = page().getByTestId('editor-component').filter({ has: page().getByRole('heading', { name: '{{jumlah}}', exact: true }) }).last();
    await figure.getByRole('heading', { name: '{{jumlah}}', exact: true }).click();
    const panel = page().getByTestId('config-panel');
    await panel.getByText('jumlah', { exact: true }).waitFor();
    await panel.getByText('QUERY', { exact: true }).waitFor();
  });

  it('lets the author fill {{name}} in a text from a QUERY variable, which the member sees filled', async () => {
    await page().goto('/demo/form-editor');
    const pageId = await createPageInEditor(page(), `Figures ${stamp}`);
    await page().locator('[data-palette-type="text"]').click();
    const panel = page().getByTestId('config-panel');
    await panel.getByLabel('Text', { exact: true }).fill('Ada {{jumlah}} produk, --userId--');
    await panel.getByRole('button', { name: 'Add Action' }).click();
    const dialog = page().getByRole('dialog', { name: 'Add Action' });
    await dialog.getByLabel('Name', { exact: true }).fill('jumlah');
    await dialog.getByLabel('Database', { exact: true }).click();
    await page().getByRole('option', { name: dbLabel, exact: true }).click();
    await dialog.getByRole('button', { name: 'Write Query' }).click();
    const query = page().getByRole('dialog', { name: 'Custom Query' });
    await query.getByLabel('Query', { exact: true }).fill('SELECT COUNT(*) AS jumlah FROM products');
    await query.getByRole('button', { name: 'Save Query' }).click();
    await query.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page().getByTestId('editor-component').getByText('Ada {{jumlah}} produk, --userId--').waitFor();
    await page().getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();
    await snapshot(page(), 'text-variables-editor');

    const { pageSlug } = await pageForStaff(pageId, `Figures ${stamp}`, 'Figures');
    await page().context().clearCookies();
    await page().evaluate(() => window.localStorage.clear());
    await signInToDemo(page(), DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await page().goto(`/demo/staff/${pageSlug}`);
    await page().getByRole('heading', { name: `Ada 10 produk, ${DEMO_MEMBER}`, exact: true }).waitFor();
  });
});
