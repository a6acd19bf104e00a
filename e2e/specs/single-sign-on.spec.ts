import { Messages } from '@rakit/core';
import { translate } from '@rakit/core/translate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../../packages/server/test/support/oidc-provider';
import { accessibilityViolations } from '../support/axe';
import { apiAs, type Api } from '../support/api';
import { baseUrl, launchBrowser, newPage, snapshot, uniquePhone } from '../support/browser';

/**
 * Single sign-on (issue 36) as people do it, against a real OpenID provider (oidc-provider on a
 * local port): an application's administrator adds his organisation's provider in the Users
 * screen's Sign-in section; a member of the organisation opens the sign-in screen, presses
 * "Masuk dengan Kantor", is sent to the provider and back, and lands in the application in the
 * group the provider names; an answer the provider got wrong brings him back to the sign-in
 * screen, told why.
 */
describe('single sign-on through an OpenID provider', () => {
  const stamp = Date.now().toString(36);
  const builder = uniquePhone();
  const password = 'sso-builder-password-1';
  let browser: Browser;
  let oidc: TestOidcProvider;
  let appSlug = '';
  let admin: Api;

  beforeAll(async () => {
    browser = await launchBrowser();
    oidc = await startOidcProvider({ redirectUris: [`${baseUrl()}/auth/sso/callback`] });
    const call = async <T>(path: string, body: unknown, token?: string) => {
      const response = await fetch(new URL(path, baseUrl()), {
        method: 'POST', headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) }, body: JSON.stringify(body),
      });
      return (await response.json()) as { data: T };
    };
    await call('/auth/register', { data: { userId: builder, password, confirm_password: password, defaultGroupAppId: [1] } });
    const main = (await call<{ token: string }[]>('/auth/login', { userId: builder, password, appSlug: 'main' })).data[0]?.token ?? '';
    appSlug = (await call<{ appSlug: string }>('/save/saveApp', { appId: null, appName: `Kantor ${stamp}`, appDescription: '' }, main)).data.appSlug;
    admin = apiAs((await call<{ token: string }[]>('/auth/login', { userId: builder, password, appSlug })).data[0]?.token ?? '');
  });
  afterAll(async () => {
    await oidc?.close();
    await browser?.close();
  });

  async function signInAsBuilder(page: Page) {
    await page.goto(`/${appSlug}/auth/login`);
    await page.getByLabel('Username').fill(builder);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`**/${appSlug}/home`);
  }

  it('lets the administrator add his organisation\'s provider in the Users screen', async () => {
    const page = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await signInAsBuilder(page);
    await page.goto(`/${appSlug}/user`);
    const section = page.getByRole('region', { name: 'Sign-in' });
    await section.getByText('No identity provider yet: people sign in with their password.').waitFor();
    expect(await section.getByText(`${baseUrl()}/auth/sso/callback`).count()).toBe(1);
    await section.getByRole('button', { name: 'Add identity provider' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Button name').fill('Kantor');
    await dialog.getByLabel('Issuer URL').fill(oidc.issuer);
    await dialog.getByLabel('Client ID').fill(oidc.clientId);
    await dialog.getByLabel('Client secret').fill(oidc.clientSecret);
    await dialog.getByLabel('Scopes').fill('openid email profile groups');
    await dialog.getByLabel('Groups claim').fill('groups');
    await dialog.getByRole('button', { name: /save/i }).click();
    await page.getByText('Identity provider saved').first().waitFor();
    const row = section.getByRole('row').filter({ hasText: 'Kantor' });
    await row.waitFor();
    expect(await row.textContent()).toContain(oidc.issuer);
    // The secret went in and never comes back.
    await row.getByRole('button', { name: 'Edit Kantor' }).click();
    expect(await page.getByRole('dialog').getByLabel('Client secret').inputValue()).toBe('');
    await page.getByRole('dialog').getByText('Leave empty to keep the stored secret').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await snapshot(page, 'sso-settings-1366');
    await page.context().close();
  });

  it('signs a member of the organisation in through the provider, into the group it names', async () => {
    oidc.signInAs({ sub: `rina-${stamp}`, preferred_username: `rina-${stamp}`, groups: ['admin'] });
    const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`/${appSlug}/auth/login`);
    const button = page.getByRole('link', { name: translate('spec', 'shell.signIn.withProvider', { name: 'Kantor' }) });
    await button.waitFor();
    // Both ways in: the provider's button, then the password form.
    await page.getByLabel('Username').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await snapshot(page, 'sso-sign-in-390');
    await button.click();
    await page.waitForURL(`**/${appSlug}/home`);
    // Signed in as the account the provider's person got (the name sits in the top bar, hidden on a phone).
    expect(await page.getByTestId('signed-in-user').textContent()).toBe(`rina-${stamp}`);
    // The ticket is gone from the address and the history.
    expect(page.url()).not.toContain('ticket=');
    await page.context().close();
  });

  it('brings the person back to the sign-in screen, told why, when the provider\'s answer is refused', async () => {
    oidc.signInAs({ sub: `tamper-${stamp}`, preferred_username: `tamper-${stamp}` });
    oidc.tamperNextIdToken((claims) => ({ ...claims, nonce: 'not-the-one-asked-for' }));
    const page = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await page.goto(`/${appSlug}/auth/login`);
    await page.getByRole('link', { name: translate('spec', 'shell.signIn.withProvider', { name: 'Kantor' }) }).click();
    await page.getByText(Messages.ssoRefused).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${appSlug}/auth/login`);
    await page.context().close();
  });

  it('shows the provider only, once the administrator turns the password form off', async () => {
    const apps = await admin<{ appId: number }>('GET', `/get/getApp/slug/${appSlug}`);
    expect((await admin('PUT', '/save/passwordSignIn', { appId: apps.data.appId, password: false })).status).toBe(true);
    const page = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await page.goto(`/${appSlug}/auth/login`);
    await page.getByRole('link', { name: translate('spec', 'shell.signIn.withProvider', { name: 'Kantor' }) }).waitFor();
    expect(await page.getByLabel('Username').count()).toBe(0);
    await snapshot(page, 'sso-only-1366');
    await page.context().close();
  });
});
