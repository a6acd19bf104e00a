import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, demoToken } from '../support/api';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { onScreen, sidewaysOverflow } from '../support/layout';

const SIZES = [[1366, 900], [390, 844]] as const;
const header = (page: Page) => page.getByRole('banner');
const editSwitch = (page: Page) => page.getByRole('switch', { name: 'Edit mode' });

async function openReports(browser: Browser, user: string, width: number, height: number): Promise<Page> {
  const page = await newPage(browser, { viewport: { width, height } });
  const group = user === DEMO_MEMBER ? 'staff' : 'admin';
  await signInToDemo(page, user, ADMIN_PASSWORD, `**/demo/${user === DEMO_MEMBER ? 'staff' : 'home'}`);
  await page.goto(`/demo/${group}/reports`);
  await page.getByRole('heading', { name: 'Reports' }).waitFor();
  return page;
}

async function startEditing(page: Page): Promise<void> {
  await editSwitch(page).click({ force: true });
  await page.getByTestId('sync-indicator').getByText('Saved').waitFor();
}

/**
 * Issue 41 item 2: an administrator on a runtime page of his application has a way back to the
 * admin screens and to the page's editor in the header; members and the preview window do not.
 */
describe('an administrator on his application\'s runtime pages', () => {
  let browser: Browser;
  let reportsPageId: number;

  beforeAll(async () => {
    const admin = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    reportsPageId = (await admin<{ pageId: number }[]>('GET', '/get/getPage/slug/reports')).data[0]?.pageId ?? 0;
    expect(reportsPageId).toBeGreaterThan(0);
    browser = await launchBrowser();
  });
  afterAll(async () => { await browser.close(); });

  for (const [width, height] of SIZES) {
    it(`goes back to the admin home and to the page's editor from the header at ${width} px`, async () => {
      const page = await openReports(browser, DEMO_ADMIN, width, height);
      const toEditor = header(page).getByRole('link', { name: 'Open in editor' });
      const toAdminHome = header(page).getByRole('link', { name: 'Admin home' });
      expect(await onScreen(toEditor)).toBe(true);
      expect(await onScreen(toAdminHome)).toBe(true);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await snapshot(page, `admin-runtime-header-${width}`);

      await toEditor.click();
      await page.waitForURL(`**/demo/form-editor?page=${reportsPageId}`);
      await page.getByTestId('page-selector').filter({ hasText: 'Reports' }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: 'Reports' }).waitFor();
      // In edit mode too.
      await startEditing(page);
      await toAdminHome.click();
      await page.waitForURL('**/demo/home');
      await page.context().close();
    });
  }

  it('shows members no way to the admin screens, and the preview window neither', async () => {
    const member = await openReports(browser, DEMO_MEMBER, 1366, 900);
    await member.getByText('Pesanan Baru').first().waitFor();
    expect(await member.getByRole('link', { name: 'Admin home' }).count()).toBe(0);
    expect(await member.getByRole('link', { name: 'Open in editor' }).count()).toBe(0);
    await member.context().close();

    const admin = await openReports(browser, DEMO_ADMIN, 1366, 900);
    await admin.goto('/demo/preview/reports');
    await admin.getByRole('heading', { name: 'Reports' }).waitFor();
    expect(await admin.getByRole('link', { name: 'Admin home' }).count()).toBe(0);
    expect(await admin.getByRole('link', { name: 'Open in editor' }).count()).toBe(0);
    await admin.context().close();
  });
});
