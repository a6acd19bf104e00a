import { Messages } from '@rakit/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPageForSuite, snapshot } from '../support/browser';
import { signInToDemo } from '../support/demo';

/**
 * Issue 15 item 5: `/{appSlug}/libraries` (spec 1 §2) is the showcase of the interface controls
 * Rakit uses — buttons, alerts, form controls, a sample table — and the living style guide the
 * widgets follow: its widgets are the editor's own, behaving as on a page.
 */
describe('the Libraries showcase', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const section = (name: string) => page().getByRole('region', { name });

  it('is one click from the admin top bar and shows every kind of control', async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    await signInToDemo(page());
    const nav = page().getByRole('navigation', { name: 'Administration' });
    await nav.getByRole('link', { name: 'Libraries', exact: true }).click();
    await page().waitForURL('**/demo/libraries');
    await page().getByRole('heading', { name: 'Libraries', level: 1 }).waitFor();
    expect(await nav.locator('[aria-current="page"]').allInnerTexts()).toEqual(['Libraries']);

    for (const button of ['Add', 'Save draft', 'Cancel', 'Remove', 'Simpan']) {
      await section('Buttons').getByRole('button', { name: button, exact: true }).waitFor();
    }
    expect(await section('Buttons').getByRole('button', { name: 'Disabled' }).isDisabled()).toBe(true);
    await section('Alerts and notices').getByText('Ada produk dengan stok di bawah 30.').waitFor();
    await section('Alerts and notices').getByText('Data tersimpan.').waitFor();
    for (const label of ['Jumlah', 'Email', 'Kategori', 'Tanggal', 'Catatan', 'Lampiran', 'Selasa', 'Kurir']) {
      await section('Form controls').getByText(label, { exact: true }).first().waitFor();
    }
    await section('Tables').scrollIntoViewIfNeeded();
    const table = section('Tables').getByTestId('data-table');
    await table.getByRole('cell', { name: 'Nama 3' }).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(3);
    await section('Tables').getByRole('cell', { name: 'Budi Santoso', exact: true }).waitFor();
    await snapshot(page(), 'libraries-wide');
  });

  it('has widgets that behave as on a page: a required field says so, a notice shows', async () => {
    const name = section('Form controls').getByLabel('Nama');
    await name.fill('Siti');
    await name.fill('');
    await name.blur();
    await section('Form controls').getByText(Messages.fieldRequired).waitFor();
    await section('Alerts and notices').getByRole('button', { name: 'Show a success notice' }).click();
    await page().locator('.mantine-Notification-root').filter({ hasText: 'Successfully perform the action' }).waitFor();
  });

  it('fits a phone', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await page().reload();
    await page().getByRole('heading', { name: 'Libraries', level: 1 }).waitFor();
    // Widgets render as they come near the screen, as on a page.
    await section('Tables').scrollIntoViewIfNeeded();
    await section('Tables').getByRole('cell', { name: 'Nama 3' }).waitFor();
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snapshot(page(), 'libraries-phone');
  });
});
