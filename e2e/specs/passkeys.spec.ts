import { Messages } from '@rakit/core';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe';
import { baseUrl, launchBrowser, newPage, snapshot, uniquePhone } from '../support/browser';

/**
 * Passkeys (issue 36) with Chromium's virtual authenticator (the DevTools protocol's WebAuthn
 * domain: a platform authenticator with resident keys and user verification, as a phone's
 * fingerprint). A builder adds one from his profile, signs in with it instead of his password,
 * cannot enter an application he is no member of with it, and once removed it signs no one in.
 * WebAuthn takes no IP address as its relying party, so the browser uses localhost.
 */
const PASSWORD = 'passkey-password-1';

describe('a builder signs in with a passkey', () => {
  let browser: Browser;
  let page: Page;
  let authenticator: CDPSession;
  let authenticatorId = '';
  const userId = uniquePhone();
  const passkeysDialog = () => page.getByRole('dialog', { name: 'Passkeys' });

  beforeAll(async () => {
    const registered = await fetch(new URL('/auth/register', baseUrl()), {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { userId, password: PASSWORD, confirm_password: PASSWORD, defaultGroupAppId: [1] } }),
    });
    expect(registered.status).toBe(201);
    browser = await launchBrowser();
    page = await newPage(browser, { baseURL: baseUrl().replace('127.0.0.1', 'localhost'), viewport: { width: 390, height: 844 } });
    authenticator = await page.context().newCDPSession(page);
    await authenticator.send('WebAuthn.enable');
    ({ authenticatorId } = await authenticator.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    }));
  });
  afterAll(async () => { await browser.close(); });

  async function openPasskeys() {
    await page.getByRole('button', { name: /Profile/ }).click();
    await page.getByRole('button', { name: 'Passkeys' }).click();
    await passkeysDialog().waitFor();
  }
  async function signInWithPasskey(appSlug: string) {
    await page.goto(`/${appSlug}/auth/login`);
    await page.getByRole('button', { name: 'Masuk dengan passkey' }).click();
  }

  it('adds a passkey from the profile, named', async () => {
    await page.goto('/main/auth/login');
    await page.getByLabel('Username (Nomer WA Aktif)').fill(userId);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/main/home');
    await openPasskeys();
    await passkeysDialog().getByText('You have no passkey yet.').waitFor();
    await passkeysDialog().getByLabel('Name of the new passkey').fill('Ponsel kerja');
    await passkeysDialog().getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey added').first().waitFor();
    const entry = passkeysDialog().getByRole('listitem').filter({ hasText: 'Ponsel kerja' });
    await entry.getByText(/last used never/).waitFor();
    // The authenticator keeps one credential for this address, resident (offered without a user id).
    const { credentials } = await authenticator.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
    expect(credentials[0]?.rpId).toBe('localhost');
    expect(await accessibilityViolations(page, '[role=dialog]')).toEqual([]);
    await snapshot(page, 'passkeys-390');
    await page.keyboard.press('Escape');
  });

  it('signs in with it instead of the password, and the session says so', async () => {
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/main/auth/login');
    await signInWithPasskey('main');
    await page.waitForURL('**/main/home');
    await page.getByRole('button', { name: /Profile/ }).click();
    await page.getByRole('button', { name: 'Your sessions' }).click();
    await page.getByRole('dialog', { name: 'Your sessions' }).getByRole('listitem').first().getByText(/main · passkey · address /).waitFor();
    await page.keyboard.press('Escape');
    await openPasskeys();
    await passkeysDialog().getByRole('listitem').filter({ hasText: 'Ponsel kerja' }).getByText(/last used (?!never)/).waitFor();
    await page.keyboard.press('Escape');
  });

  it('does not let it into an application he is no member of', async () => {
    await signInWithPasskey('demo');
    await page.getByText(Messages.loginFailed).first().waitFor();
    expect(page.url()).toContain('/demo/auth/login');
  });

  it('once removed, it signs no one in', async () => {
    await page.goto('/main/auth/login');
    await signInWithPasskey('main');
    await page.waitForURL('**/main/home');
    await openPasskeys();
    await passkeysDialog().getByRole('button', { name: 'Remove the passkey Ponsel kerja' }).click();
    await page.getByRole('dialog', { name: 'Remove the passkey Ponsel kerja? It no longer signs you in.' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Passkey removed').first().waitFor();
    await passkeysDialog().getByText('You have no passkey yet.').waitFor();
    await page.keyboard.press('Escape');
    // The device still offers it; the server no longer knows it.
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/main/auth/login');
    await signInWithPasskey('main');
    await page.getByText(Messages.passkeyNotFound).first().waitFor();
    expect(page.url()).toContain('/main/auth/login');
  });
});
