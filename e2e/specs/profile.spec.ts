import { Messages, passwordTooShortMessage } from '@rakit/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, browserPageForSuite, snapshot, uniquePhone } from '../support/browser';

describe('a builder changes his own password from the profile popover', () => {
  const suite = browserPageForSuite();
  const userId = uniquePhone();
  const oldPassword = 'password-old-1';
  const newPassword = 'password-new-2';

  beforeAll(async () => {
    const response = await fetch(new URL('/auth/register', baseUrl()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { userId, password: oldPassword, confirm_password: oldPassword, defaultGroupAppId: [1] } }),
    });
    expect(response.status).toBe(201);
  });

  const signIn = async (password: string) => {
    await suite.page.goto('/main/auth/login');
    await suite.page.getByLabel('Username (Nomer WA Aktif)').fill(userId);
    await suite.page.getByLabel('Password', { exact: true }).fill(password);
    await suite.page.getByRole('button', { name: 'Sign In' }).click();
  };
  const dialog = () => suite.page.getByRole('dialog', { name: 'Change Password' });
  const fillDialog = async (current: string, password: string, confirm: string) => {
    await dialog().getByLabel('Current Password').fill(current);
    await dialog().getByLabel('Password', { exact: true }).fill(password);
    await dialog().getByLabel('Confirm Password').fill(confirm);
    await dialog().getByRole('button', { name: 'Save' }).click();
  };

  it('opens the password dialog from change profile', async () => {
    await signIn(oldPassword);
    await suite.page.waitForURL('**/main/home');
    await suite.page.getByRole('button', { name: 'Profile' }).click();
    await suite.page.getByRole('button', { name: 'change profile' }).click();
    await dialog().waitFor();
    expect(await dialog().getByLabel('Name').inputValue()).toBe(userId);
    await snapshot(suite.page, 'change-profile');
  });

  it('refuses a short password and a wrong current one, and keeps the dialog', async () => {
    await fillDialog(oldPassword, 'short', 'short');
    await suite.page.getByText(passwordTooShortMessage()).waitFor();
    await fillDialog('not-my-password', newPassword, newPassword);
    await suite.page.getByText(Messages.currentPasswordWrong).waitFor();
    await dialog().waitFor();
  });

  it('changes it with the current one and stays signed in', async () => {
    await fillDialog(oldPassword, newPassword, newPassword);
    await suite.page.getByText(Messages.passwordChanged).waitFor();
    await dialog().waitFor({ state: 'detached' });
    await suite.page.reload();
    await suite.page.getByRole('button', { name: 'Create New App' }).waitFor();
    expect(suite.page.url()).toContain('/main/home');
  });

  it('signs out, is refused the old password and signs in with the new one', async () => {
    await suite.page.getByRole('button', { name: 'Logout' }).first().click();
    await suite.page.waitForURL('**/main/auth/login');
    await signIn(oldPassword);
    await suite.page.getByText('Incorrect Username / Password').waitFor();
    await signIn(newPassword);
    await suite.page.waitForURL('**/main/home');
  });
});
