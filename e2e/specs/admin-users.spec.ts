import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from '../support/browser';
import { confirmRemoval, DEMO_ADMIN, openDemoScreen, signInToDemo } from '../support/demo';
import { ADMIN_PASSWORD } from '../support/global-setup';

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
    // The users' table (the Sign-in section below has a table of its own).
    const users = page.getByRole('table', { name: 'Users' });
    await users.getByRole('columnheader', { name: 'USER' }).waitFor();
    await users.getByRole('columnheader', { name: 'ACTION' }).waitFor();
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

  it('ends his sessions: his open page is signed out on its next call (issue 36)', async () => {
    const his = await newPage(browser);
    try {
      await signInToDemo(his, userId, 'kasir-pass-new', '**/demo/staff');
      await row().getByRole('button', { name: `End the sessions of ${userId}` }).click();
      await page.getByRole('dialog', { name: `End every session of ${userId}? They are signed out on every device and sign in again.` })
        .getByRole('button', { name: 'End sessions' }).click();
      await page.getByText('Sessions ended').first().waitFor();
      // The administrator's own session goes on.
      await row().waitFor();
      await his.reload();
      await his.waitForURL('**/demo/auth/login');
      await his.getByText('Sesi Anda telah berakhir: silakan masuk lagi').first().waitFor();
    } finally {
      await his.context().close();
    }
  });

  it('refuses a password shorter than 8 characters before sending it', async () => {
    await row().getByRole('button', { name: 'Edit user' }).click();
    await fillUserDialog('short', 'short');
    await page.getByText('The password needs at least 8 characters').waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('asks the administrator for his current password when he changes his own, and keeps him signed in', async () => {
    const own = page.getByRole('row').filter({ has: page.getByText(DEMO_ADMIN, { exact: true }) });
    const changeOwn = async (current: string, password: string) => {
      await page.getByRole('textbox', { name: 'Search user' }).fill(DEMO_ADMIN);
      await own.getByRole('button', { name: 'Edit user' }).click();
      await dialog().getByLabel('Current Password').fill(current);
      await fillUserDialog(password, password);
    };
    // Success notices of earlier steps go first, so each one waited for below is this step's.
    const successGone = () => expect.poll(() => page.getByText('Edit user success').count(), { timeout: 10_000 }).toBe(0);
    await successGone();
    await changeOwn('not-his-password', 'demo-admin-new-1');
    await page.getByText('The current password is not correct').waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });

    await changeOwn(ADMIN_PASSWORD, 'demo-admin-new-1');
    await page.getByText('Edit user success').waitFor();
    await dialog().waitFor({ state: 'detached' });
    await successGone();
    // Still signed in on this page (his earlier session ended with the old password), and back to the shared password.
    await changeOwn('demo-admin-new-1', ADMIN_PASSWORD);
    await page.getByText('Edit user success').waitFor();
    await page.getByRole('textbox', { name: 'Search user' }).fill(userId);
    await row().waitFor();
  });

  it('deletes him after confirmation', async () => {
    await row().getByRole('button', { name: 'Delete user' }).click();
    await confirmRemoval(page, 'Are you sure to remove this user?', 'Delete');
    await page.getByText('Remove user success').waitFor();
    await row().waitFor({ state: 'detached' });
    await page.getByText('No user matches').waitFor();
  });
});
