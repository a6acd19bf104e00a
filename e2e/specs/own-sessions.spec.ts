import { sessionStorageKey } from '@rakit/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe';
import { baseUrl, launchBrowser, newPage, snapshot, uniquePhone } from '../support/browser';
import { DEMO_MEMBER, signInToDemo } from '../support/demo';
import { tabTo } from '../support/keyboard';

/**
 * Sessions one can see (issue 36): a builder signed in on his phone and at his desk lists both
 * from the profile, ends the phone's, then every other one; the phone's open page is signed out
 * on its next call. Signing out ends the session on the server. A member finds his sessions in
 * the runtime's header.
 */
const PHONE_AGENT = 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const PASSWORD = 'sessions-password-1';

describe('a person sees and ends his own sessions', () => {
  let browser: Browser;
  let desk: Page;
  let phone: Page;
  const userId = uniquePhone();

  beforeAll(async () => {
    browser = await launchBrowser();
    const registered = await fetch(new URL('/auth/register', baseUrl()), {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { userId, password: PASSWORD, confirm_password: PASSWORD, defaultGroupAppId: [1] } }),
    });
    expect(registered.status).toBe(201);
    desk = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  });
  afterAll(async () => { await browser.close(); });

  async function signIn(page: Page) {
    await page.goto('/main/auth/login');
    await page.getByLabel('Username (Nomer WA Aktif)').fill(userId);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/main/home');
  }
  const phoneAt390 = () => newPage(browser, { viewport: { width: 390, height: 844 }, userAgent: PHONE_AGENT, isMobile: true, hasTouch: true });
  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Your sessions' });
  const entries = (page: Page) => dialog(page).getByRole('listitem');

  async function openSessions(page: Page) {
    await page.getByRole('button', { name: /Profile/ }).click();
    await page.getByRole('button', { name: 'Your sessions' }).click();
    await entries(page).first().waitFor();
  }

  it('lists the phone and the desk, this device first, from the profile popover', async () => {
    phone = await phoneAt390();
    await signIn(phone);
    await signIn(desk);
    await openSessions(desk);
    expect(await entries(desk).count()).toBe(2);
    const first = entries(desk).first();
    await first.getByText('This device').waitFor();
    // The desk's own is said by its browser; it has no End button (signing out is Logout).
    expect(await first.getByRole('button', { name: /^End the session/ }).count()).toBe(0);
    const other = entries(desk).nth(1);
    await other.getByText('Chrome 131 on Android 14').waitFor();
    await other.getByText(/main · password · address /).waitFor();
    await other.getByText(/^Signed in .* · last used /).waitFor();
    expect(await accessibilityViolations(desk, '[role=dialog]')).toEqual([]);
    await snapshot(desk, 'own-sessions-1366');
  });

  it('shows them on the phone at 390 px, readable and without sideways scrolling', async () => {
    await openSessions(phone);
    expect(await entries(phone).count()).toBe(2);
    await entries(phone).first().getByText('Chrome 131 on Android 14').waitFor();
    await entries(phone).first().getByText('This device').waitFor();
    const overflows = await phone.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(overflows).toBe(false);
    expect(await accessibilityViolations(phone, '[role=dialog]')).toEqual([]);
    await snapshot(phone, 'own-sessions-390');
    await phone.keyboard.press('Escape');
    await dialog(phone).waitFor({ state: 'detached' });
  });

  it('ends the phone\'s session by keyboard: the phone\'s open page goes to the sign-in screen on its next call', async () => {
    await tabTo(desk, 'End the session on Chrome 131 on Android 14');
    await desk.keyboard.press('Enter');
    await desk.getByText('Session ended').first().waitFor();
    await expect.poll(() => entries(desk).count()).toBe(1);
    await phone.reload();
    await phone.waitForURL('**/main/auth/login');
    await phone.getByText('Sesi Anda telah berakhir: silakan masuk lagi').first().waitFor();
    // The desk goes on.
    await desk.keyboard.press('Escape');
    await desk.reload();
    await desk.getByRole('button', { name: 'Create New App' }).waitFor();
    expect(desk.url()).toContain('/main/home');
  });

  it('ends every other session after asking', async () => {
    await signIn(phone);
    const third = await phoneAt390();
    try {
      await signIn(third);
      await openSessions(desk);
      await expect.poll(() => entries(desk).count()).toBe(3);
      await dialog(desk).getByRole('button', { name: 'End all other sessions' }).click();
      const question = desk.getByRole('dialog', { name: 'End the 2 other sessions? Those devices are signed out and must sign in again.' });
      await question.getByRole('button', { name: 'End all other sessions' }).click();
      await desk.getByText('2 sessions ended').first().waitFor();
      await expect.poll(() => entries(desk).count()).toBe(1);
      expect(await dialog(desk).getByRole('button', { name: 'End all other sessions' }).isDisabled()).toBe(true);
      for (const page of [phone, third]) {
        await page.reload();
        await page.waitForURL('**/main/auth/login');
      }
    } finally {
      await third.context().close();
    }
  });

  it('ends the session on the server when he signs out', async () => {
    await desk.keyboard.press('Escape');
    await dialog(desk).waitFor({ state: 'detached' });
    const token = await desk.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').user.token as string, sessionStorageKey('main'));
    const listed = () => fetch(new URL('/auth/sessions', baseUrl()), { headers: { authorization: `Bearer ${token}` } }).then((answer) => answer.status);
    expect(await listed()).toBe(200);
    await desk.getByRole('button', { name: 'Logout' }).first().click();
    await desk.waitForURL('**/main/auth/login');
    // A copy of the token taken before is refused too.
    expect(await listed()).toBe(401);
  });
});

describe('a member finds his sessions in the runtime\'s header', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser.close(); });

  it('opens them at 390 px', async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, userAgent: PHONE_AGENT });
    await signInToDemo(page, DEMO_MEMBER, undefined, /\/demo\/(?!auth)/);
    await page.getByRole('button', { name: 'Your sessions' }).click();
    const mine = page.getByRole('dialog', { name: 'Your sessions' }).getByRole('listitem').first();
    await mine.getByText('This device').waitFor();
    await mine.getByText('Chrome 131 on Android 14').waitFor();
    await mine.getByText(/demo · password · address /).waitFor();
    expect(await accessibilityViolations(page, '[role=dialog]')).toEqual([]);
  });
});
