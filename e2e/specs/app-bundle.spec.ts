import { readFileSync } from 'node:fs';
import { Messages } from '@rakit/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { ADMIN_PASSWORD, baseUrl, browserPageForSuite, newPage, snapshot, uniquePhone } from '../support/browser';

/**
 * Issue 17: the super administrator exports the demo application as a file and imports it as
 * a new one, after a preview; then a member of the copy works with its products table.
 */
describe('exporting the demo and importing it as a new application', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const copyName = `Demo Salinan ${Date.now().toString(36)}`;
  const chosenSlug = `salinan-${Date.now().toString(36)}`;
  let bundleFile = '';
  let copySlug = '';
  const demoCard = () => page().getByTestId('app-card').filter({ has: page().getByRole('heading', { name: 'Demo Toko', exact: true }) });

  it('exports the demo application from its card as a bundle file', async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    await page().goto('/_root/auth/login');
    await page().getByLabel('Username').fill('admin');
    await page().getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page().getByRole('button', { name: 'Sign In' }).click();
    await page().waitForURL('**/_root/home');
    await demoCard().getByRole('button', { name: 'Export' }).click();
    const download = page().waitForEvent('download');
    await page().getByRole('menuitem', { name: 'Export application' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('demo.rakit.json');
    bundleFile = await file.path();
    const bundle = JSON.parse(readFileSync(bundleFile, 'utf8')) as { format: string; pages: { pageSlug: string }[] };
    expect(bundle.format).toBe('rakit-app-bundle');
    expect(bundle.pages.map((p) => p.pageSlug)).toEqual(expect.arrayContaining(['products', 'customers', 'orders', 'reports']));
    await page().getByText('Demo Toko exported').waitFor();
  });

  it('imports it as a new application after a preview of what it holds', async () => {
    await page().getByRole('button', { name: 'Import App' }).click();
    const dialog = page().getByRole('dialog', { name: 'Import Application' });
    await dialog.locator('input[type="file"]').setInputFiles(bundleFile);
    const name = dialog.getByLabel('New application\'s name');
    await expect.poll(() => name.inputValue()).toBe('Demo Toko copy');
    await name.fill(copyName);
    await dialog.getByLabel('Address (slug)').fill(chosenSlug);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByTestId('import-preview');
    await preview.getByRole('row').filter({ hasText: 'Pages' }).filter({ hasText: 'products' }).waitFor();
    await preview.getByRole('row').filter({ hasText: 'Groups' }).filter({ hasText: 'staff' }).waitFor();
    await preview.getByRole('row').filter({ hasText: 'Connections' }).filter({ hasText: 'demo-shop.db' }).waitFor();
    await snapshot(page(), 'app-bundle-preview');
    await page().setViewportSize({ width: 390, height: 844 });
    await snapshot(page(), 'app-bundle-preview-phone');
    await page().setViewportSize({ width: 1366, height: 900 });
    await dialog.getByRole('button', { name: 'Import' }).click();
    const notice = page().getByText(/^Application imported: \//);
    await notice.waitFor();
    copySlug = (await notice.textContent())?.replace(/^Application imported: \//, '') ?? '';
    expect(copySlug).toBe(chosenSlug);
    await page().getByTestId('app-card').filter({ hasText: copyName }).waitFor();
    await snapshot(page(), 'app-bundle-imported');
  });

  it('previews importing the bundle again over the copy: its pages are changed, nothing added', async () => {
    await page().getByRole('button', { name: 'Import App' }).click();
    const dialog = page().getByRole('dialog', { name: 'Import Application' });
    await dialog.locator('input[type="file"]').setInputFiles(bundleFile);
    await dialog.getByText('Over an existing one').click();
    await dialog.getByLabel('Application to replace').click();
    await page().getByRole('option', { name: `${copyName} (/${copySlug})` }).click();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const pages = dialog.getByTestId('import-preview').getByRole('row').filter({ hasText: 'Pages' });
    await pages.waitFor();
    const [kind, added, changed, removed] = await pages.getByRole('cell').allTextContents();
    expect({ kind, added, removed }).toEqual({ kind: 'Pages', added: '—', removed: '—' });
    expect(changed).toContain('products, customers, orders, reports');
    await dialog.getByText('Everything the bundle does not hold is removed from the application; its groups keep their members.').waitFor();
    await snapshot(page(), 'app-bundle-replace-preview');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('lets a member of the copy use its products table', async () => {
    // The copy's administrator (the super administrator) adds a member to its default group, Staff.
    const signIn = await fetch(new URL('/auth/login', baseUrl()), {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: 'admin', password: ADMIN_PASSWORD, appSlug: '_root' }),
    });
    const root = apiAs(((await signIn.json()) as { data: { token: string }[] }).data[0]?.token ?? '');
    const appId = (await root<{ appId: number }>('GET', `/get/getApp/slug/${copySlug}`)).data.appId;
    const userId = uniquePhone();
    const password = 'salinan-password-1';
    const added = await root('POST', '/auth/adduser', { data: { userId, password, confirm_password: password, appId } });
    expect(added.status, added.error?.join(', ')).toBe(true);

    const member = await newPage(suite.browser);
    await member.goto(`/${copySlug}/auth/login`);
    await member.getByLabel('Username').fill(userId);
    await member.getByLabel('Password', { exact: true }).fill(password);
    await member.getByRole('button', { name: 'Sign In' }).click();
    await member.waitForURL(`**/${copySlug}/staff**`);
    await member.getByRole('navigation', { name: 'Application menu' }).getByText('Products', { exact: true }).first().waitFor();
    // By address: other specs add menus of their own to the demo's staff group, and the copy has them too.
    await member.goto(`/${copySlug}/staff/products`);
    const products = member.getByTestId('data-table').filter({ has: member.getByRole('heading', { name: 'Daftar Produk' }) });
    await products.getByRole('cell', { name: 'Beras Pandan Wangi 5 kg' }).waitFor();
    await member.getByPlaceholder(Messages.tableSearchPlaceholder).fill('kopi');
    await products.getByRole('cell', { name: 'Beras Pandan Wangi 5 kg' }).waitFor({ state: 'detached' });
    await products.getByRole('cell', { name: 'Kopi Bubuk 200 g' }).waitFor();
    await snapshot(member, 'app-bundle-member-table');
    await member.setViewportSize({ width: 390, height: 844 });
    await snapshot(member, 'app-bundle-member-table-phone');
    await member.context().close();
  });
});
