import { Messages } from '@rakit/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, browserPageForSuite, snapshot, uniquePhone } from '../support/browser';
import { DEMO_MEMBER, signInToDemo } from '../support/demo';

/**
 * The demo application seeded by `npm start` is what a new user sees first: its member works
 * with the shop's products table, the customers form and list, and the orders board; its
 * administrator sees the reports page.
 */
describe('the seeded demo shop', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const table = (title: string) => page().getByTestId('data-table').filter({ has: page().getByRole('heading', { name: title }) });
  const nav = () => page().getByRole('navigation', { name: 'Application menu' });

  it('shows the member the products, searchable and filtered by category', async () => {
    await signInToDemo(page(), DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    // By address: other specs add menus of their own to the staff group, some with the same names.
    await page().goto('/demo/staff/products');
    const products = table('Daftar Produk');
    await products.getByTestId('total-item').filter({ hasText: 'Total Item: 10' }).waitFor();
    await products.getByRole('cell', { name: 'Beras Pandan Wangi 5 kg' }).waitFor();
    await page().getByPlaceholder(Messages.tableSearchPlaceholder).fill('kopi');
    await products.getByTestId('total-item').filter({ hasText: 'Total Item: 1' }).waitFor();
    await products.getByRole('cell', { name: 'Kopi Bubuk 200 g' }).waitFor();
    await page().getByPlaceholder(Messages.tableSearchPlaceholder).fill('');
    await products.getByRole('button', { name: 'Filters' }).click();
    await page().getByLabel('Kategori', { exact: true }).first().click();
    await page().getByRole('option', { name: 'Minuman', exact: true }).click();
    await products.getByTestId('total-item').filter({ hasText: 'Total Item: 3' }).waitFor();
    await page().keyboard.press('Escape');
    expect(await products.locator('tbody tr').count()).toBe(3);
    await snapshot(page(), 'demo-products');
  });

  it('lets the member add a customer who then shows in the list', async () => {
    await nav().getByText('Customers', { exact: true }).first().click();
    await page().waitForURL('**/demo/staff/customers');
    await page().getByText(`Halo ${DEMO_MEMBER}, isi data pelanggan baru di bawah.`).waitFor();
    const name = `Rina ${Date.now().toString(36)}`;
    await page().getByLabel('Nama Pelanggan').fill(name);
    await page().getByLabel('Nomor WA').fill(uniquePhone());
    await page().getByLabel('Kota').fill('Makassar');
    await page().getByRole('button', { name: 'Simpan Pelanggan' }).click();
    await page().getByText(Messages.actionSucceeded).waitFor();
    // The list refreshes itself every 5 s (Refresh On).
    await table('Pelanggan').getByRole('cell', { name }).waitFor({ timeout: 15_000 });
  });

  it('shows the member the orders board by status', async () => {
    await page().goto('/demo/staff/orders');
    for (const lane of ['Baru', 'Dikemas', 'Dikirim']) await page().getByText(lane, { exact: true }).waitFor();
    await page().getByText('1 × Beras Pandan Wangi 5 kg — Siti Rahma').waitFor();
    await snapshot(page(), 'demo-orders');
  });

  it('shows the administrator the reports: the low-stock warning and the stock chart', async () => {
    await page().context().clearCookies();
    await signInToDemo(page());
    await page().goto('/demo/admin/reports');
    await page().getByText('Ada 3 produk dengan stok di bawah 40.').waitFor();
    await page().getByText('Stok per Produk').waitFor();
    await page().getByRole('cell', { name: 'Kecap Manis 520 ml' }).waitFor();
    await snapshot(page(), 'demo-reports');
  });
});
