import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPageForSuite, snapshot } from '../support/browser';
import { signInToDemo } from '../support/demo';

/** Each admin screen as the top bar names it, and what the screen shows once it is open. */
const WALK: readonly (readonly [label: string, route: string, seen: (page: Page) => Locator])[] = [
  ['Menu', 'menu', (page) => page.getByRole('heading', { name: 'Daftar Menu' })],
  ['Group', 'group', (page) => page.getByRole('heading', { name: 'Daftar Group' })],
  ['User', 'user', (page) => page.getByRole('heading', { name: 'Daftar User' })],
  ['Editor', 'form-editor', (page) => page.getByTestId('workflow-selector').getByText('Please Select Workflow')],
  ['Workflow', 'workflow', (page) => page.getByTestId('flow-canvas').or(page.getByText('No Workflow Selected', { exact: false }))],
  ['Database', 'database', (page) => page.getByRole('heading', { name: 'Daftar Database' })],
  ['Home', 'home', (page) => page.getByRole('heading', { name: 'Applications' })],
];

async function currentLinks(nav: Locator): Promise<string[]> {
  return nav.locator('[aria-current="page"]').allInnerTexts();
}

describe("an application's administrator finds every admin screen from the top bar", () => {
  const suite = browserPageForSuite();
  const page = () => suite.page;

  it('walks home → menus → groups → users → editor → workflows → databases by clicking, the current one marked', async () => {
    await signInToDemo(page());
    const nav = page().getByRole('navigation', { name: 'Administration' });
    await page().getByRole('heading', { name: 'Applications' }).waitFor();
    expect(await currentLinks(nav)).toEqual(['Home']);
    for (const [label, route, seen] of WALK) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await page().waitForURL(`**/demo/${route}`);
      await seen(page()).waitFor();
      expect(await currentLinks(nav)).toEqual([label]);
    }
    await snapshot(page(), 'admin-nav-wide');
  });

  it('at 390 px lists the same screens behind a menu button', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    const nav = page().getByRole('navigation', { name: 'Administration' });
    await nav.waitFor({ state: 'hidden' });
    for (const [label, route, seen] of WALK) {
      await page().getByRole('button', { name: 'Administration menu' }).click();
      await page().getByRole('menuitem', { name: label, exact: true }).click();
      await page().waitForURL(`**/demo/${route}`);
      await seen(page()).waitFor();
    }
    await page().getByRole('button', { name: 'Administration menu' }).click();
    const current = page().getByRole('menuitem', { name: 'Home', exact: true });
    expect(await current.getAttribute('aria-current')).toBe('page');
    expect(await page().getByRole('menuitem', { name: 'Menu', exact: true }).getAttribute('aria-current')).toBeNull();
    await current.waitFor();
    await page().waitForTimeout(300); // the menu's fade-in, for the picture only
    const width = await page().evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await snapshot(page(), 'admin-nav-phone');
  });
});
