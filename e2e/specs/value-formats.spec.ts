import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId } from '../support/api';
import { ADMIN_PASSWORD, baseUrl, browserPageForSuite, newPage, snapshot, uniquePhone } from '../support/browser';

/**
 * Issue 35: a member of an application set to Bahasa Indonesia reads its data widgets in his
 * catalog: prices grouped by dots (78.000), dates day first (01/11/2026), and what he types in
 * a price filter read the same way ("20.000" is twenty thousand). The application is a copy of
 * the demo, so that the demo's own settings, which other specs read, stay as they are.
 */
describe('values in the reader\'s catalog', () => {
  const suite = browserPageForSuite();
  const stamp = Date.now().toString(36);
  const appSlug = `format-${stamp}`;
  const userId = uniquePhone();
  const password = 'format-password-1';

  beforeAll(async () => {
    const signIn = await fetch(new URL('/auth/login', baseUrl()), {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: 'admin', password: ADMIN_PASSWORD, appSlug: '_root' }),
    });
    const root: Api = apiAs(((await signIn.json()) as { data: { token: string }[] }).data[0]?.token ?? '');
    const bundle = await root<unknown>('GET', `/get/exportApp/${await demoAppId()}`);
    expect(bundle.status, bundle.error?.join(', ')).toBe(true);
    const appName = `Toko Format ${stamp}`;
    const imported = await root<{ appId: number; appSlug: string }>('POST', '/save/importApp', { bundle: bundle.data, target: { kind: 'new', appName, appSlug } });
    expect(imported.status, imported.error?.join(', ')).toBe(true);
    const { appId } = imported.data;
    const saved = await root('POST', '/save/saveApp', { appId, appName, appLanguage: 'id' });
    expect(saved.status, saved.error?.join(', ')).toBe(true);
    const added = await root('POST', '/auth/adduser', { data: { userId, password, confirm_password: password, appId } });
    expect(added.status, added.error?.join(', ')).toBe(true);
  });

  async function signIn(width: number, height: number): Promise<Page> {
    const page = await newPage(suite.browser, { viewport: { width, height } });
    await page.goto(`/${appSlug}/auth/login`);
    await page.getByLabel('Nama pengguna').fill(userId);
    await page.getByLabel('Kata sandi', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await page.waitForURL(`**/${appSlug}/staff**`);
    return page;
  }

  for (const [width, height] of [[390, 844], [1366, 900]] as const) {
    it(`prints prices and dates in Indonesian at ${width} px`, async () => {
      const page = await signIn(width, height);
      await page.goto(`/${appSlug}/staff/products`);
      const products = page.getByTestId('data-table').filter({ has: page.getByRole('heading', { name: 'Daftar Produk' }) });
      const beras = products.getByRole('row').filter({ hasText: 'Beras Pandan Wangi 5 kg' });
      await beras.getByRole('cell', { name: '78.000', exact: true }).waitFor();
      await products.getByRole('row').filter({ hasText: 'Minyak Goreng 2 L' }).getByRole('cell', { name: '36.500', exact: true }).waitFor();
      // Small numbers have no group; a stock of 300 is 300.
      await products.getByRole('row').filter({ hasText: 'Mie Instan Goreng' }).getByRole('cell', { name: '300', exact: true }).waitFor();
      expect(await products.getByRole('cell', { name: '78000', exact: true }).count()).toBe(0);
      // On a phone the table scrolls sideways: the prices are brought to its left edge for the
      // picture (at its right edge the sticky Action column would cover them).
      await beras.getByRole('cell', { name: '78.000', exact: true }).evaluate((cell) => cell.scrollIntoView({ inline: 'start', block: 'nearest' }));
      await snapshot(page, `value-formats-products-${width}`);

      // The orders board's date field, day first.
      await page.goto(`/${appSlug}/staff/orders`);
      const firstOrder = page.getByTestId('kanban-card').filter({ hasText: 'Siti Rahma' }).filter({ hasText: '01/11/2026' });
      await firstOrder.first().waitFor();
      expect(await page.getByTestId('kanban').getByText('2026-11-01').count()).toBe(0);
      await snapshot(page, `value-formats-orders-${width}`);
      await page.context().close();
    });
  }

  it('reads the price filter as Indonesian writes numbers, and says so when it reads nothing', async () => {
    const page = await signIn(1366, 900);
    await page.goto(`/${appSlug}/staff/products`);
    const products = page.getByTestId('data-table').filter({ has: page.getByRole('heading', { name: 'Daftar Produk' }) });
    const total = (count: number) => products.getByTestId('total-item').filter({ hasText: `Total item: ${count}` }).waitFor();
    await total(10);
    await products.getByRole('button', { name: 'Filter', exact: true }).click();
    const min = page.getByRole('textbox', { name: 'Harga min.' });
    const max = page.getByRole('textbox', { name: 'Harga maks.' });
    // 78.000, 36.500, 24.000, 21.000 and 22.500 are at least twenty thousand.
    await min.fill('20.000');
    await total(5);
    await max.fill('30.000');
    await total(3);
    for (const name of ['Kopi Bubuk 200 g', 'Deterjen 800 g', 'Kecap Manis 520 ml']) await products.getByRole('cell', { name, exact: true }).waitFor();

    // "30.00" is no Indonesian number: the field says so once left, and the rows stay as they were.
    await max.fill('30.00');
    await page.keyboard.press('Tab');
    await page.getByText('Tulis angka, mis. 1.000, atau tanggal, mis. 30/11/2026').waitFor();
    await page.waitForTimeout(1200); // past the table's reload delay: nothing was sent
    await total(3);
    await snapshot(page, 'value-formats-filter-invalid');

    // A decimal comma reads too: up to 24.000,5 keeps Deterjen, Kecap and Kopi, and the error goes.
    await max.fill('24.000,5');
    await expect.poll(() => page.getByText('Tulis angka, mis. 1.000, atau tanggal, mis. 30/11/2026').count()).toBe(0);
    await max.fill('22.000');
    await total(1);
    await products.getByRole('cell', { name: 'Deterjen 800 g', exact: true }).waitFor();
    expect(await min.inputValue()).toBe('20.000');
    await snapshot(page, 'value-formats-filter');
    await page.context().close();
  });
});
