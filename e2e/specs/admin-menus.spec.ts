import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiAs, demoAppId, demoToken } from '../support/api';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { confirmRemoval, DEMO_ADMIN, openDemoScreen, signInToDemo } from '../support/demo';

describe('the demo administrator manages menus', () => {
  let browser: Browser;
  let page: Page;
  const stamp = Date.now();
  const parent = `Laporan ${stamp}`;
  const sub = `Harian ${stamp}`;
  // A page in no menu yet (the demo's own pages are all in the Toko menu).
  const pageName = `Ringkasan ${stamp}`;
  beforeAll(async () => {
    const api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const created = await api('POST', '/save/saveApp', { appId: await demoAppId(), pages: [{ pageId: null, pageName }] });
    if (!created.status) throw new Error(`the page could not be created: ${created.error?.join(', ')}`);
    browser = await launchBrowser();
    page = await newPage(browser);
  });
  afterAll(async () => { await browser.close(); });

  const dialog = () => page.getByRole('dialog');
  const subRow = () => page.getByRole('row').filter({ hasText: sub });

  async function nameDialog(button: string, required: string, name: string, success: string) {
    await page.getByRole('button', { name: button }).click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText(required).waitFor();
    await dialog().getByLabel('Name').fill(name);
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText(success).waitFor();
    await dialog().waitFor({ state: 'detached' });
  }

  it('shows the first parent menu expanded', async () => {
    await signInToDemo(page);
    await openDemoScreen(page, 'menu', 'Daftar Menu');
    await page.getByText('Toko ( Parent Menu )').waitFor();
    await page.getByRole('row').filter({ hasText: 'Products' }).getByText('Staff').waitFor();
  });

  it('creates a parent menu and a sub-menu under it', async () => {
    await nameDialog('Add Parent Menu', "Please, fill parentmenu's name", parent, 'Create parentmenu success');
    await page.getByRole('button', { name: new RegExp(`^${parent} \\d+ sub-menus?`) }).click();
    await page.getByText(`${parent} ( Parent Menu )`).waitFor();
    await nameDialog('Add Sub Menu', "Please, fill submenu's name", sub, 'Create submenu success');
    await subRow().waitFor();
  });

  it('attaches a page with Select Page, Enter saving', async () => {
    await subRow().getByRole('button', { name: `Select page for ${sub}` }).click();
    await dialog().getByText('Select Page').waitFor();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText("Please, fill page's name").waitFor();
    await dialog().getByRole('textbox', { name: 'Search' }).fill(pageName);
    // Enter once the page is listed: pressed while the list loads, it says to choose one.
    await dialog().getByRole('radio', { name: pageName }).waitFor();
    await dialog().getByRole('textbox', { name: 'Search' }).press('Enter');
    await page.getByText('Insert page success').waitFor();
    await subRow().getByRole('button', { name: `Remove page ${pageName}` }).waitFor();
  });

  it('gives a group access with Select Group, once only', async () => {
    for (const answer of ['Insert group success', 'Group is already used']) {
      await subRow().getByRole('button', { name: `Add group to ${sub}` }).click();
      await dialog().getByText('Select Group').waitFor();
      await dialog().getByRole('radio', { name: 'Staff' }).click();
      await dialog().getByRole('button', { name: 'Save' }).click();
      await page.getByText(answer).waitFor();
    }
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await subRow().getByRole('button', { name: 'Remove group Staff' }).waitFor();
    await snapshot(page, 'admin-menus-assigned');
  });

  it('removes the page, the group and the menu', async () => {
    await subRow().getByRole('button', { name: `Remove page ${pageName}` }).click();
    await page.getByText('Remove page success').waitFor();
    await subRow().getByRole('button', { name: `Select page for ${sub}` }).waitFor();
    await subRow().getByRole('button', { name: 'Remove group Staff' }).click();
    await page.getByText('Remove group success').waitFor();
    await subRow().getByRole('button', { name: 'Remove group Staff' }).waitFor({ state: 'detached' });

    await page.getByRole('row').filter({ hasText: `${parent} ( Parent Menu )` }).getByRole('button', { name: /^Delete menu/ }).click();
    await confirmRemoval(page, 'Are you sure to remove this menu?');
    await page.getByText('Remove menu success').waitFor();
    await page.getByRole('button', { name: new RegExp(`^${parent} \\d+ sub-menus?`) }).waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: 'Products' }).getByText('Staff').waitFor();
  });
});
