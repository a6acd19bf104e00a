import { describe, expect, it } from 'vitest';
import { browserPageForSuite, snapshot, uniquePhone } from '../support/browser';

describe('a newcomer registers in main and signs in', () => {
  const suite = browserPageForSuite();

  const fillRegistration = async (phone: string, password: string, confirm: string) => {
    await suite.page.getByLabel('Nomer WA Aktif').fill(phone);
    await suite.page.getByLabel('Password', { exact: true }).fill(password);
    await suite.page.getByLabel('Confirm Password').fill(confirm);
    await suite.page.getByRole('button', { name: 'Register' }).click();
  };

  it('shows the main login with its links', async () => {
    await suite.page.goto('/main/auth/login');
    await suite.page.getByRole('heading', { name: 'RAKIT' }).waitFor();
    await suite.page.getByLabel('Username (Nomer WA Aktif)').waitFor();
    await suite.page.getByRole('link', { name: 'Hubungi Admin' }).waitFor();
    expect(await suite.page.getByRole('link', { name: 'Hubungi Admin' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\//);
    await snapshot(suite.page, 'main-login');
  });

  it('refuses a registration whose passwords differ', async () => {
    await suite.page.goto('/main/auth/register');
    await fillRegistration('081299990000', 'password-1', 'password-2');
    await suite.page.getByText("Password value doesn't match").waitFor();
    expect(suite.page.url()).toContain('/main/auth/register');
  });

  it('forces the 08 prefix while typing the number', async () => {
    await suite.page.goto('/main/auth/register');
    const phone = suite.page.getByLabel('Nomer WA Aktif');
    await phone.pressSequentially('6281');
    expect(await phone.inputValue()).toMatch(/^08/);
  });

  it('keeps only the digits typed into the number field', async () => {
    await suite.page.goto('/main/auth/register');
    const phone = suite.page.getByLabel('Nomer WA Aktif');
    await phone.pressSequentially('08ab12');
    expect(await phone.inputValue()).toBe('0812');
    await phone.fill('0812-3456 7890');
    expect(await phone.inputValue()).toBe('081234567890');
  });

  it('registers, sees the success notice, signs in and lands on the home screen', async () => {
    const phone = uniquePhone();
    await suite.page.goto('/main/auth/register');
    await fillRegistration(phone, 'password-123', 'password-123');
    await suite.page.getByText('Create new user success').waitFor();
    await suite.page.waitForURL('**/main/auth/login');
    await snapshot(suite.page, 'registered');

    await suite.page.getByLabel('Username (Nomer WA Aktif)').fill(phone);
    await suite.page.getByLabel('Password', { exact: true }).fill('password-123');
    await suite.page.getByLabel('Password', { exact: true }).press('Enter');
    await suite.page.waitForURL('**/main/home');
    await suite.page.getByText(phone).first().waitFor();
    await suite.page.getByRole('button', { name: 'Create New App' }).waitFor();
    await snapshot(suite.page, 'main-home');
  });

  it('signs out with Logout and is back at the login', async () => {
    await suite.page.getByRole('button', { name: 'Logout' }).first().click();
    await suite.page.waitForURL('**/main/auth/login');
    await suite.page.goto('/main/home');
    await suite.page.waitForURL('**/main/auth/login');
  });
});
