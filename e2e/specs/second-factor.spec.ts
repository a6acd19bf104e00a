import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe';
import { baseUrl, launchBrowser, newPage, snapshot, uniquePhone } from '../support/browser';
import { readQrCode } from '../support/qr';

/**
 * Two-step verification (issue 36), as people meet it: a builder turns it on from his profile
 * with his authenticator app (the spec computes the app's codes from the key the screen shows),
 * keeps his recovery codes, then signs in with a code, and once with a recovery code. A builder
 * whose application requires it of administrators, and who has none, meets the setup before
 * anything else, on a phone.
 */
const PASSWORD = 'two-step-password-1';

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(new URL(path, baseUrl()), {
    method: path === '/save/adminSecondFactor' ? 'PUT' : 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${response.status}`).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

const register = (userId: string) => post('/auth/register', { data: { userId, password: PASSWORD, confirm_password: PASSWORD, defaultGroupAppId: [1] } });

/** The key the screen shows, as the authenticator app reads it, and the app's code for it now or a step away. */
async function appCode(page: Page, offsetSeconds = 0): Promise<string> {
  const key = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  return generate({ secret: key, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

async function signIn(page: Page, appSlug: string, userId: string) {
  await page.goto(`/${appSlug}/auth/login`);
  await page.getByLabel(/^Username/).fill(userId);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('a builder turns on two-step verification and signs in with it', () => {
  let browser: Browser;
  let page: Page;
  const userId = uniquePhone();
  let key = '';
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await register(userId);
  });
  afterAll(async () => { await browser.close(); });
  const dialog = () => page.getByRole('dialog', { name: 'Two-step verification' });

  it('sets it up from the profile: a QR code and the key, a code and the password', async () => {
    await signIn(page, 'main', userId);
    await page.waitForURL('**/main/home');
    await page.getByRole('button', { name: /Profile/ }).click();
    await page.getByRole('button', { name: 'Two-step verification' }).click();
    await dialog().getByText('Off', { exact: true }).waitFor();
    await dialog().getByRole('button', { name: 'Set up' }).click();
    const qr = dialog().getByRole('img', { name: 'QR code to add Rakit to an authenticator app' });
    await qr.waitFor();
    key = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{16,}$/);
    // The camera reads the same key the text shows, for this account.
    expect(await readQrCode(qr)).toEqual([`otpauth://totp/Rakit:${userId}?secret=${key}&issuer=Rakit`]);
    expect(await accessibilityViolations(page, '[role=dialog]')).toEqual([]);
    await snapshot(page, 'second-factor-setup');

    // A wrong code first: told so, nothing turned on.
    await dialog().getByLabel('Code from the app').fill('000000');
    await dialog().getByLabel('Your password').fill(PASSWORD);
    await dialog().getByRole('button', { name: 'Turn on' }).click();
    await dialog().getByRole('alert').getByText('The code is wrong or was already used').waitFor();
    await dialog().getByLabel('Code from the app').fill(await appCode(page));
    await dialog().getByRole('button', { name: 'Turn on' }).click();
    const codes = dialog().getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    recoveryCodes = await codes.allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await snapshot(page, 'second-factor-recovery-codes');
    await dialog().getByRole('button', { name: 'I have kept them' }).click();
    await dialog().getByText('On', { exact: true }).waitFor();
    await dialog().getByText(/10 recovery codes left/).waitFor();
    await page.keyboard.press('Escape');
  });

  it('asks for the code after the password at the next sign-in, by keyboard alone', async () => {
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/main/auth/login');
    // The user id field has the focus; Tab to the password, Enter to send.
    await page.getByLabel('Username (Nomer WA Aktif)').waitFor();
    await page.keyboard.type(userId);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    const code = page.getByLabel('Kode verifikasi');
    await code.waitFor();
    // The code's field takes the focus as it appears.
    await expect.poll(() => code.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.type(await generate({ secret: key, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/main/home');
  });

  it('takes a recovery code once, and counts it', async () => {
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 } });
    try {
      await signIn(phone, 'main', userId);
      await phone.getByLabel('Kode verifikasi').fill(recoveryCodes[0]!);
      await phone.getByRole('button', { name: 'Sign In' }).click();
      await phone.waitForURL('**/main/home');
      await snapshot(phone, 'second-factor-signed-in-390');
    } finally {
      await phone.context().close();
    }
    await page.getByRole('button', { name: /Profile/ }).click();
    await page.getByRole('button', { name: 'Two-step verification' }).click();
    await dialog().getByText(/9 recovery codes left/).waitFor();
    await page.keyboard.press('Escape');
  });
});

describe('an administrator whose application requires it sets it up before anything else', () => {
  let browser: Browser;
  const builder = uniquePhone();
  let appSlug = '';
  let adminPage: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    await register(builder);
    const main = (await post<{ token: string }[]>('/auth/login', { userId: builder, password: PASSWORD, appSlug: 'main' }))[0]!.token;
    const created = await post<{ appId: number; appSlug: string }>('/save/saveApp', { appId: null, appName: `Gudang ${builder}`, appDescription: '' }, main);
    appSlug = created.appSlug;
    const admin = (await post<{ token: string }[]>('/auth/login', { userId: builder, password: PASSWORD, appSlug }))[0]!.token;
    await post('/save/adminSecondFactor', { appId: created.appId, required: true }, admin);
  });
  afterAll(async () => { await browser.close(); });

  it('shows the setup on a phone, then the application', async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(page, appSlug, builder);
    await page.getByText('This application requires two-step verification of its administrators: set it up first').waitFor();
    await page.getByRole('img', { name: 'QR code to add Rakit to an authenticator app' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);
    await snapshot(page, 'second-factor-required-390');
    await page.getByLabel('Code from the app').fill(await appCode(page));
    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('button', { name: 'I have kept them' }).click();
    // The application's own screens now, with the switch that asked for it.
    await page.goto(`/${appSlug}/user`);
    const required = page.getByRole('switch', { name: 'Administrators sign in with two-step verification' });
    await required.waitFor();
    expect(await required.isChecked()).toBe(true);
    adminPage = page;
  });

  it('turns off the second factor of a member who lost his phone, after asking', async () => {
    // A member of the application with two-step verification on, made through the API as his own phone would.
    const member = uniquePhone();
    const adminToken = await adminPage.evaluate((slug) => JSON.parse(localStorage.getItem(`rakit:${slug}`) ?? '{}').user.token as string, appSlug);
    const appId = ((await (await fetch(new URL(`/get/getApp/slug/${appSlug}`, baseUrl()))).json()) as { data: { appId: number } }).data.appId;
    await post('/auth/adduser', { data: { userId: member, password: PASSWORD, confirm_password: PASSWORD, appId } }, adminToken);
    const memberToken = (await post<{ token: string }[]>('/auth/login', { userId: member, password: PASSWORD, appSlug }))[0]!.token;
    const { secret } = await post<{ secret: string }>('/auth/secondFactor/start', {}, memberToken);
    await post('/auth/secondFactor/confirm', { password: PASSWORD, code: await generate({ secret }) }, memberToken);
    const withoutCode = await fetch(new URL('/auth/login', baseUrl()), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: member, password: PASSWORD, appSlug }) });
    expect(withoutCode.status).toBe(401);

    await adminPage.getByRole('textbox', { name: 'Search user' }).fill(member);
    const row = adminPage.getByRole('row').filter({ has: adminPage.getByText(member, { exact: true }) });
    await row.getByRole('button', { name: `Turn off the two-step verification of ${member}` }).click();
    const question = adminPage.getByRole('dialog', { name: /^Turn off the two-step verification of / });
    await question.getByRole('button', { name: 'Turn off' }).click();
    await adminPage.getByText('Two-step verification turned off').first().waitFor();
    const passwordAlone = await fetch(new URL('/auth/login', baseUrl()), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: member, password: PASSWORD, appSlug }) });
    expect(passwordAlone.status).toBe(200);
  });
});
