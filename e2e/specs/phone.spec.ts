import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { onScreen, sidewaysOverflow } from '../support/layout';

/** A phone held upright (iPhone 12-15). */
const PHONE = { width: 390, height: 844 };

async function phonePage(browser: Browser): Promise<Page> {
  const page = await newPage(browser);
  await page.setViewportSize(PHONE);
  return page;
}

describe('at 390 px wide, people find their way', () => {
  const stamp = Date.now().toString(36);
  const menuName = `Ponsel ${stamp}`;
  const pageName = `Stok Harian ${stamp}`;
  let pageId: number;
  let browser: Browser;

  beforeAll(async () => {
    // The author's part, through the API: a page in a menu of the demo's staff group.
    const admin = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    const created = await admin<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName }] });
    pageId = created.data.pages[0]?.pageId as number;
    await menuForStaff(admin, appId, menuName, [['Lihat Stok', pageId]]);
    browser = await launchBrowser();
  });
  afterAll(async () => { await browser.close(); });

  it('lets a member open the sidebar with ☰, open a page from it, and closes it again', async () => {
    const page = await phonePage(browser);
    await signInToDemo(page, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    const sidebar = page.getByRole('navigation', { name: 'Application menu' });
    // Shut by itself on a phone, so the page has the whole width.
    await expect.poll(() => onScreen(sidebar)).toBe(false);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect.poll(() => onScreen(sidebar)).toBe(true);
    // It stays open (it used to shut again at once).
    await page.waitForTimeout(500);
    expect(await onScreen(sidebar)).toBe(true);
    await snapshot(page, 'phone-runtime-menu');

    await sidebar.getByText(menuName).click();
    await sidebar.getByText('Lihat Stok').click();
    await page.waitForURL(`**/demo/staff/stok-harian-${stamp}`);
    await page.getByRole('heading', { name: pageName }).waitFor();
    await expect.poll(() => onScreen(sidebar)).toBe(false);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await snapshot(page, 'phone-runtime-page');
  });

  it('lets the root administrator reach Home and Database from the top bar\'s menu', async () => {
    const page = await phonePage(browser);
    await page.goto('/_root/auth/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/_root/home');
    await page.getByText('Rakit Main').waitFor();
    // The tabs do not fit: they are behind the menu button.
    expect(await page.getByRole('link', { name: 'Database' }).isVisible()).toBe(false);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    const mainMenu = page.getByRole('button', { name: 'Administration menu' });
    await mainMenu.click();
    await page.getByRole('menuitem', { name: 'Home' }).waitFor();
    await page.waitForTimeout(300); // the menu's fade-in, for the picture
    await snapshot(page, 'phone-root-menu');
    await page.getByRole('menuitem', { name: 'Database' }).click();
    await page.waitForURL('**/_root/database');
    await page.getByRole('menuitem', { name: 'Database' }).waitFor({ state: 'hidden' });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await snapshot(page, 'phone-root-database');

    await mainMenu.click();
    await page.getByRole('menuitem', { name: 'Home' }).click();
    await page.waitForURL('**/_root/home');
    await page.getByText('Rakit Main').waitFor();
    // Logout is an icon on a phone, still one tap away.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/_root/auth/login');
  });

  it('fits the page editor in the window, with a page and a component chosen', async () => {
    const page = await phonePage(browser);
    await signInToDemo(page);
    await page.goto(`/demo/form-editor?page=${pageId}`);
    await page.getByTestId('page-selector').getByText(pageName).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // A click on a palette entry adds a component at the end of the page.
    await page.locator('[data-palette-type="input"]').click();
    await page.getByTestId('editor-component').first().click();
    await page.getByTestId('editor-component').first().waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await snapshot(page, 'phone-editor');
  });
});
