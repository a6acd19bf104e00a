import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, demoToken } from '../support/api';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { onScreen, sidewaysOverflow } from '../support/layout';
import { accessibilityViolations } from '../support/axe';

const SIZES = [[1366, 900], [390, 844]] as const;
/** The Reports page's stat cards, by their titles. */
const STAT_CARDS = ['Produk', 'Stok', 'Pesanan Baru'] as const;
/**
 * What the edit mode's frame around each component (its border, padding and controls row) takes
 * from a card's width, at most: the board itself is as wide as the member's page.
 */
const EDIT_FRAME_PX = 24;

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Application menu' });
const header = (page: Page) => page.getByRole('banner');
const editSwitch = (page: Page) => page.getByRole('switch', { name: 'Edit mode' });
const palette = (page: Page) => page.getByRole('region', { name: 'Components' });
const panelToggle = (page: Page, name: 'Components panel' | 'Configuration panel') => page.getByRole('toolbar', { name: 'Page editing' }).getByRole('button', { name });

/** The widths of the Reports page's stat cards, as drawn now, once all three are there. */
async function statCardWidths(page: Page): Promise<number[]> {
  const widths: number[] = [];
  for (const title of STAT_CARDS) {
    const card = page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await card.waitFor();
    const box = await card.boundingBox();
    widths.push(Math.round(box?.width ?? 0));
  }
  return widths;
}

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
 * Issue 41 items 2 and 3: an administrator on a runtime page of his application has a way back
 * to the admin screens and to the page's editor in the header; members and the preview window
 * do not. In edit mode the page keeps the width members see it at: the sidebar folds away, the
 * palette and the configuration panel open and close by their toggles, and neither narrows it.
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
      expect(await accessibilityViolations(page, 'header')).toEqual([]);
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

  it('edits the Reports page at the width members see it at 1366 px', async () => {
    const member = await openReports(browser, DEMO_MEMBER, 1366, 900);
    const memberWithSidebar = await statCardWidths(member);
    await member.getByRole('button', { name: 'Toggle menu' }).click();
    await expect.poll(() => onScreen(sidebar(member))).toBe(false);
    const memberWithoutSidebar = await statCardWidths(member);
    await member.context().close();

    const page = await openReports(browser, DEMO_ADMIN, 1366, 900);
    await startEditing(page);
    // The sidebar folds away when edit mode starts; ☰ brings it back.
    await expect.poll(() => onScreen(sidebar(page))).toBe(false);
    const editing = await statCardWidths(page);
    console.log(`stat cards at 1366 px: member ${memberWithSidebar.join('/')} (sidebar open), ${memberWithoutSidebar.join('/')} (sidebar closed); edit mode ${editing.join('/')}`);
    editing.forEach((cardWidth, index) => {
      expect(cardWidth).toBeGreaterThanOrEqual(memberWithSidebar[index] ?? Infinity);
      expect(cardWidth).toBeGreaterThanOrEqual((memberWithoutSidebar[index] ?? Infinity) - EDIT_FRAME_PX);
    });
    await snapshot(page, 'admin-runtime-edit-1366');

    // The configuration panel opens over the page, which keeps its width.
    await page.locator('[data-testid="editor-component"][data-title="Produk"]').click({ position: { x: 60, y: 12 } });
    await page.getByTestId('config-panel').waitFor();
    expect(await statCardWidths(page)).toEqual(editing);
    expect(await accessibilityViolations(page, 'main')).toEqual([]);
    await snapshot(page, 'admin-runtime-edit-config-1366');

    // Each panel has its toggle; the choice holds while he edits, edit mode off and on again.
    await panelToggle(page, 'Configuration panel').click();
    await page.getByTestId('config-panel').waitFor({ state: 'detached' });
    await panelToggle(page, 'Components panel').click();
    await palette(page).waitFor({ state: 'detached' });
    expect(await panelToggle(page, 'Components panel').getAttribute('aria-pressed')).toBe('false');
    expect(await statCardWidths(page)).toEqual(editing);
    await editSwitch(page).click({ force: true });
    await page.getByTestId('sync-indicator').waitFor({ state: 'detached' });
    await startEditing(page);
    expect(await palette(page).count()).toBe(0);
    await panelToggle(page, 'Components panel').click();
    await palette(page).waitFor();

    // With the sidebar open again, the page is as wide as a member's with his sidebar open.
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect.poll(() => onScreen(sidebar(page))).toBe(true);
    const withSidebar = await statCardWidths(page);
    withSidebar.forEach((cardWidth, index) => expect(cardWidth).toBeGreaterThanOrEqual((memberWithSidebar[index] ?? Infinity) - EDIT_FRAME_PX));
    await page.context().close();
  });

  it('edits the Reports page at a phone\'s width, the panels never squeezing it, at 390 px', async () => {
    const member = await openReports(browser, DEMO_MEMBER, 390, 844);
    const memberWidths = await statCardWidths(member);
    await member.context().close();

    const page = await openReports(browser, DEMO_ADMIN, 390, 844);
    await startEditing(page);
    const editing = await statCardWidths(page);
    editing.forEach((cardWidth, index) => expect(cardWidth).toBeGreaterThanOrEqual((memberWidths[index] ?? Infinity) - EDIT_FRAME_PX));
    await page.locator('[data-testid="editor-component"][data-title="Produk"]').click({ position: { x: 60, y: 12 } });
    const panel = page.getByTestId('config-panel');
    await panel.waitFor();
    // Over the page, within the screen, never beside it.
    const box = await panel.boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await statCardWidths(page)).toEqual(editing);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page, 'main')).toEqual([]);
    await snapshot(page, 'admin-runtime-edit-config-390');
    await panelToggle(page, 'Configuration panel').click();
    await panel.waitFor({ state: 'detached' });
    await panelToggle(page, 'Components panel').click();
    await palette(page).waitFor({ state: 'detached' });
    await snapshot(page, 'admin-runtime-edit-390');
    await page.context().close();
  });
});
