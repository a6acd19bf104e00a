import { describe, expect, it } from 'vitest';
import { browserPageForSuite, snapshot, uniquePhone } from '../support/browser';

describe('a builder opens the application he made without signing in again', () => {
  const suite = browserPageForSuite();
  const page = () => suite.page;
  const phone = uniquePhone();
  const name = `Kedai ${Date.now().toString(36)}`;

  it('registers in main, creates an application, clicks Open and lands on its admin home', async () => {
    await page().goto('/main/auth/register');
    await page().getByLabel('Nomer WA Aktif').fill(phone);
    await page().getByLabel('Password', { exact: true }).fill('password-123');
    await page().getByLabel('Confirm Password').fill('password-123');
    await page().getByRole('button', { name: 'Register' }).click();
    await page().waitForURL('**/main/auth/login');
    await page().getByLabel('Username (Nomer WA Aktif)').fill(phone);
    await page().getByLabel('Password', { exact: true }).fill('password-123');
    await page().getByRole('button', { name: 'Sign In' }).click();
    await page().waitForURL('**/main/home');

    await page().getByRole('button', { name: 'Create New App' }).click();
    await page().getByRole('dialog').getByLabel('Name').fill(name);
    await page().getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    const card = page().getByTestId('app-card').filter({ hasText: name });
    await card.getByRole('button', { name: 'Open' }).click();

    // Its own admin home (not main's, not its login): /{its slug}/home, its name as the title.
    await page().waitForURL((url) => /^\/[^/]+\/home$/.test(url.pathname) && !url.pathname.startsWith('/main/'));
    await page().getByRole('banner').getByRole('heading', { name }).waitFor();
    await page().getByTestId('app-card').filter({ hasText: name }).waitFor();
    await page().getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Group', exact: true }).click();
    await page().getByRole('heading', { name: 'Daftar Group' }).waitFor();
    expect(await page().getByLabel('Username').count()).toBe(0);
    await snapshot(page(), 'open-app-admin');
  });
});
