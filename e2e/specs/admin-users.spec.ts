import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from '../support/browser';
import { confirmRemoval, DEMO_ADMIN, openDemoScreen, signInToDemo } from '../support/demo';

describe('the demo administrator manages users', () => {
  let browser: Browser;
  let page: Page;
  const userId = `kasir-${Date.now()}`;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
  });
  afterAll(async () => { await browser.close(); });

  const row = () => page.getByRole('row').filter({ has: page.getByText(userId, { exact: true }) });
  const dialog = () => page.getByRole('dialog');

  async function fillUserDialog(password: string, confirmation: string) {
    await dialog().getByLabel('Password', { exact: true }).fill(password);
    await dialog().getByLabel('Confirm Password').fill(confirmation);
    await dialog().getByRole('button', { name: 'Save' }).click();
  }

  it('lists the users of the application', async () => {
    await signInToDemo(page);
    await openDemoScreen(page, 'user', 'Daftar User');
    await page.getByRole('columnheader', { name: 'USER' }).waitFor();
    await page.getByRole('columnheader', { name: 'ACTION' }).waitFor();
    await page.getByRole('row').filter({ hasText: DEMO_ADMIN }).waitFor();
  });

  it('checks the entries in the browser before adding a user', async () => {
    await page.getByRole('button', { name: 'Add New User' }).click();
    await dialog().getByLabel('Name').fill(userId);
    await fillUserDialog('', '');
    await page.getByText('Please fill all fields').waitFor();
    await fillUserDialog('kasir-pass-1', 'kasir-pass-2');
    await page.getByText("Password and Confirm Password doesn't match").waitFor();
    await fillUserDialog('kasir-pass-1', 'kasir-pass-1');
    await page.getByText('Create user success').waitFor();
    await dialog().waitFor({ state: 'detached' });
  });

  it('finds the new user with the search box', async () => {
    await page.getByRole('textbox', { name: 'Search user' }).fill(userId);
    await row().waitFor();
    await page.getByRole('row').filter({ hasText: DEMO_ADMIN }).waitFor({ state: 'detached' });
    await snapshot(page, 'admin-users-search');
  });

  it('changes his password, and he signs in with it', async () => {
    await row().getByRole('button', { name: 'Edit user' }).click();
    await dialog().getByText('Edit User').waitFor();
    expect(await dialog().getByLabel('Name').isDisabled()).toBe(true);
    expect(await dialog().getByLabel('Name').inputValue()).toBe(userId);
    await fillUserDialog('kasir-pass-new', 'kasir-pass-new');
    await page.getByText('Edit user success').waitFor();

    const other = await newPage(browser);
    try {
      await signInToDemo(other, userId, 'kasir-pass-new', '**/demo/staff');
    } finally {
      await other.context().close();
    }
  });

  it('deletes him after confirmation', async () => {
    await row().getByRole('button', { name: 'Delete user' }).click();
    await confirmRemoval(page, 'Are you sure to remove this user?', 'Delete');
    await page.getByText('Remove user success').waitFor();
    await row().waitFor({ state: 'detached' });
    await page.getByText('No user matches').waitFor();
  });
});
