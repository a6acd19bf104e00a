import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, demoAppId, demoToken } from '../support/api';
import { accessibilityViolations } from '../support/axe';
import { ADMIN_PASSWORD, browserPageForSuite, snapshot, uniquePhone } from '../support/browser';
import { DEMO_ADMIN, signInToDemo } from '../support/demo';

/** The screens of an application's administrators: main's builder may open none of them in main. */
const APP_ADMIN_SCREENS: readonly (readonly [route: string, form: (page: Page) => Locator])[] = [
  ['form-editor', (page) => page.getByText('Please Select Page')],
  ['menu', (page) => page.getByRole('button', { name: 'Add Parent Menu' })],
  ['group', (page) => page.getByRole('button', { name: 'Add New Group' })],
  ['user', (page) => page.getByRole('button', { name: 'Add New User' })],
  ['database', (page) => page.getByRole('button', { name: 'Add Database' })],
  ['workflow', (page) => page.getByText('Please Select Workflow')],
  ['function', (page) => page.getByLabel('Function Name')],
  ['audit', (page) => page.getByRole('table')],
];

async function registerAndSignIn(page: Page, phone: string): Promise<void> {
  await page.goto('/main/auth/register');
  await page.getByLabel('Nomer WA Aktif').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('password-123');
  await page.getByLabel('Confirm Password').fill('password-123');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/main/auth/login');
  await page.getByLabel('Username (Nomer WA Aktif)').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('password-123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/main/home');
  await page.getByRole('heading', { name: 'Applications' }).waitFor();
}

/**
 * Issue 41 item 1: a self-registered builder in `main` administers his own applications, not
 * main. The top bar offers him exactly what he may use there (spec 1 screen 4 hides Home and
 * Database in main), and an address of a screen he may not use says so without a form that
 * could only be refused. In the application he made, every tab is his.
 */
describe("a builder's top bar in main", () => {
  const suite = browserPageForSuite();
  const page = () => suite.page;
  const phone = uniquePhone();

  it('lists only the screens he may use, and the title leads back to his applications', async () => {
    await registerAndSignIn(page(), phone);
    const nav = page().getByRole('navigation', { name: 'Administration' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Libraries']);
    await nav.getByRole('link', { name: 'Libraries' }).click();
    await page().waitForURL('**/main/libraries');
    await page().getByRole('banner').getByRole('link', { name: 'RAKIT' }).click();
    await page().waitForURL('**/main/home');
    await page().getByRole('heading', { name: 'Applications' }).waitFor();
    expect(await accessibilityViolations(page(), 'nav[aria-label="Administration"]')).toEqual([]);
    await snapshot(page(), 'builder-tabs-main-wide');
  });

  it('at 390 px lists the same behind the menu button', async () => {
    // The pointer off the notices: a hovered notice stays (Mantine pauses its timer), over the bar.
    await page().mouse.move(200, 700);
    await page().setViewportSize({ width: 390, height: 844 });
    await page().getByRole('button', { name: 'Administration menu' }).click();
    // The dropdown fills as it opens: read it once its entry is there.
    await page().getByRole('menu').getByRole('menuitem').first().waitFor();
    expect(await page().getByRole('menu').getByRole('menuitem').allInnerTexts()).toEqual(['Libraries']);
    await page().keyboard.press('Escape');
    await snapshot(page(), 'builder-tabs-main-phone');
    await page().setViewportSize({ width: 1280, height: 800 });
  });

  it("answers an administrators' screen of main by its address with a way back, and no form", async () => {
    for (const [route, form] of APP_ADMIN_SCREENS) {
      await page().goto(`/main/${route}`);
      const notice = page().getByRole('heading', { name: 'Not available here' });
      await notice.waitFor();
      expect(await form(page()).count(), route).toBe(0);
      expect(await page().getByText('You do not have access to this resource').count(), route).toBe(0);
    }
    expect(await accessibilityViolations(page(), 'main')).toEqual([]);
    await snapshot(page(), 'builder-tabs-main-refused');
    await page().getByRole('link', { name: 'My applications' }).click();
    await page().waitForURL('**/main/home');
  });

  it('has every tab in the application he made', async () => {
    const name = `Warung ${Date.now().toString(36)}`;
    await page().getByRole('button', { name: 'Create New App' }).click();
    await page().getByRole('dialog').getByLabel('Name').fill(name);
    await page().getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page().getByTestId('app-card').filter({ hasText: name }).getByRole('button', { name: 'Open' }).click();
    await page().waitForURL((url) => /^\/[^/]+\/home$/.test(url.pathname) && !url.pathname.startsWith('/main/'));
    const nav = page().getByRole('navigation', { name: 'Administration' });
    await nav.getByRole('link', { name: 'Function' }).click();
    await page().getByLabel('Function Name').waitFor();
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Home', 'Editor', 'Menu', 'Group', 'User', 'Database', 'APIs', 'Workflow', 'Function', 'Libraries', 'API tokens', 'Git', 'Environments', 'Audit log']);
  });
});

/**
 * Issue 41 item 7: attaching a card as the TRIGGER before the workflow has a trigger keeps the
 * specification's 'trigger id kosong' and says the next step beside it.
 */
describe('a flow card attached to a trigger not chosen yet', () => {
  const suite = browserPageForSuite();
  const page = () => suite.page;

  it("says 'trigger id kosong' and to choose a trigger in the header first", async () => {
    const api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const saved = await api<{ chainId: number }>('POST', '/save/saveWorkflow', {
      chainId: null, chainAppId: await demoAppId(), chainName: `No trigger ${Date.now().toString(36)}`, chainTrigger: null,
    });
    expect(saved.status).toBe(true);
    await signInToDemo(page());
    await page().goto(`/demo/workflow?workflow=${saved.data.chainId}`);
    const canvas = page().getByTestId('flow-canvas');
    await canvas.waitFor();
    await page().locator('[data-testid="palette-item"][data-label="HTTP Request"]').dragTo(canvas, { targetPosition: { x: 80, y: 60 } });
    await page().locator('[data-testid="flow-card"][data-alias="HTTP Request"]').waitFor();
    await page().getByRole('button', { name: 'Configure HTTP Request' }).click();
    const dialog = page().getByTestId('flow-config');
    await dialog.getByRole('combobox', { name: 'Before', exact: true }).click();
    await page().getByRole('option', { name: 'TRIGGER', exact: true }).click();
    // Beside the choice, before Apply: what is wrong, in the specification's words, and what to do.
    await dialog.getByText('trigger id kosong').waitFor();
    await dialog.getByText('Choose a trigger in the header first').waitFor();
    expect(await accessibilityViolations(page(), '[data-testid="flow-config"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const notice = page().locator('.mantine-Notification-root').filter({ hasText: 'trigger id kosong' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Choose a trigger in the header first');
    await snapshot(page(), 'flow-trigger-missing');
  });
});
