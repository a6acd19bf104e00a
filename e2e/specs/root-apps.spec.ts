import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';

describe('the super administrator manages applications in _root', () => {
  let browser: Browser;
  let page: Page;
  const name = `Gudang ${Date.now().toString(36)}`;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
  });
  afterAll(async () => { await browser.close(); });

  const card = () => page.getByTestId('app-card').filter({ hasText: name });

  it('signs in to _root and sees every application', async () => {
    await page.goto('/_root/auth/login');
    await page.getByRole('heading', { name: 'RAKIT' }).waitFor();
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/_root/home');
    await page.getByText('Rakit Main').waitFor();
    await page.getByRole('link', { name: 'Database' }).waitFor();
    await page.getByRole('link', { name: 'Third Parties' }).waitFor();
    await snapshot(page, 'root-home');
  });

  it('refuses to create an application without a name', async () => {
    await page.getByRole('button', { name: 'Create New App' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText("Please, fill application's name").waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  it('creates an application', async () => {
    await page.getByRole('button', { name: 'Create New App' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('Stock of the warehouse');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Create application success').waitFor();
    await card().waitFor();
    expect(await card().textContent()).toContain('Stock of the warehouse');
  });

  it('offers no trash icon on the built-in applications and names every card\'s groups', async () => {
    const builtIn = (appName: string) => page.getByTestId('app-card').filter({ has: page.getByRole('heading', { name: appName, exact: true }) });
    for (const appName of ['Rakit Main', 'Rakit Root']) {
      await builtIn(appName).waitFor();
      expect(await builtIn(appName).getByRole('button', { name: 'Delete application' }).count()).toBe(0);
      expect(await builtIn(appName).getByRole('button', { name: 'Edit' }).count()).toBe(1);
    }
    await builtIn('Rakit Main').getByText('Member', { exact: true }).waitFor();
    await builtIn('Rakit Root').getByText('Super Admin', { exact: true }).waitFor();
    await card().getByText('Admin, Member', { exact: true }).waitFor();
    expect(await card().getByRole('button', { name: 'Delete application' }).count()).toBe(1);
    await snapshot(page, 'root-home-cards');
  });

  it('answers a duplicate name with its message', async () => {
    await page.getByRole('button', { name: 'Create New App' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText("Duplicate application's name").waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('edits the application', async () => {
    await card().getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Description').fill('Stock and deliveries');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Edit application success').waitFor();
    await card().getByText('Stock and deliveries').waitFor();
    await snapshot(page, 'root-app-edited');
  });

  it('opens the application at its own login', async () => {
    await card().getByRole('button', { name: 'Open' }).click();
    await page.waitForURL(/\/gudang-[a-z0-9]+\/auth\/login$/);
    await page.getByRole('heading', { name }).waitFor();
    await snapshot(page, 'opened-app-login');
  });

  it('removes the application after confirmation', async () => {
    await page.goto('/_root/auth/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/_root/home');
    await card().getByRole('button', { name: 'Delete application' }).click();
    await page.getByText('Are you sure to remove this application?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Remove application success').waitFor();
    await card().waitFor({ state: 'detached' });
  });
});
