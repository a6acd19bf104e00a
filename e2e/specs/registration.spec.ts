import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot, uniquePhone } from '../support/browser';

describe('a newcomer registers in main and signs in', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
  });
  afterAll(async () => { await browser.close(); });

  const fillRegistration = async (phone: string, password: string, confirm: string) => {
    await page.getByLabel('Nomer WA Aktif').fill(phone);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(confirm);
    await page.getByRole('button', { name: 'Register' }).click();
  };

  it('shows the main login with its links', async () => {
    await page.goto('/main/auth/login');
    await page.getByRole('heading', { name: 'RAKIT' }).waitFor();
    await page.getByLabel('Username (Nomer WA Aktif)').waitFor();
    await page.getByRole('link', { name: 'Hubungi Admin' }).waitFor();
    expect(await page.getByRole('link', { name: 'Hubungi Admin' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\//);
    await snapshot(page, 'main-login');
  });

  it('refuses a registration whose passwords differ', async () => {
    await page.goto('/main/auth/register');
    await fillRegistration('081299990000', 'password-1', 'password-2');
    await page.getByText("Password value doesn't match").waitFor();
    expect(page.url()).toContain('/main/auth/register');
  });

  it('forces the 08 prefix while typing the number', async () => {
    await page.goto('/main/auth/register');
    const phone = page.getByLabel('Nomer WA Aktif');
    await phone.pressSequentially('6281');
    expect(await phone.inputValue()).toMatch(/^08/);
  });

  it('registers, sees the success notice, signs in and lands on the home screen', async () => {
    const phone = uniquePhone();
    await page.goto('/main/auth/register');
    await fillRegistration(phone, 'password-123', 'password-123');
    await page.getByText('Create new user success').waitFor();
    await page.waitForURL('**/main/auth/login');
    await snapshot(page, 'registered');

    await page.getByLabel('Username (Nomer WA Aktif)').fill(phone);
    await page.getByLabel('Password', { exact: true }).fill('password-123');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL('**/main/home');
    await page.getByText(phone).first().waitFor();
    await page.getByRole('button', { name: 'Create New App' }).waitFor();
    await snapshot(page, 'main-home');
  });

  it('signs out with Logout and is back at the login', async () => {
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/main/auth/login');
    await page.goto('/main/home');
    await page.waitForURL('**/main/auth/login');
  });
});
