import { createComponent, WIDGET_TYPES } from '@rakit/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { accessibilityViolations } from '../support/axe';
import { ADMIN_PASSWORD, browserPageForSuite, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';

/**
 * Issue 34: axe-core (WCAG 2.0-2.2 A/AA and best practices, every impact) finds nothing on every
 * screen and state a person reaches, at a desktop's and a phone's width. Each state is opened as
 * a person opens it (a click on the button that opens a dialog, a wrong submit for the errors),
 * then the whole page is checked, dialogs and toasts included.
 */

const WIDTHS = [[1366, 900], [390, 844]] as const;

interface ScreenState {
  /** What the test is called and the screenshot named. */
  name: string;
  /** The address, from the application's slug on (`demo/user`). */
  path: string;
  /** What shows the screen is ready. */
  ready: (page: Page) => Promise<unknown>;
  /** How a person reaches the state (a dialog opened, an error shown); none for the screen as it opens. */
  reach?: (page: Page) => Promise<unknown>;
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, exact: true }).first().waitFor();
const click = (name: string, then: (page: Page) => Promise<unknown>) => async (page: Page) => {
  await page.getByRole('button', { name, exact: true }).first().click();
  await then(page);
};

/** The demo's administrator: every screen of the application's administration, and their dialogs. */
const ADMIN_STATES: ScreenState[] = [
  { name: 'home', path: 'demo/home', ready: heading('Applications') },
  { name: 'home, new application dialog', path: 'demo/home', ready: heading('Applications'), reach: click('Create New App', (page) => page.getByRole('dialog').waitFor()) },
  { name: 'home, profile open', path: 'demo/home', ready: heading('Applications'), reach: async (page) => {
    await page.getByRole('button', { name: /Profile of demo-admin/ }).click();
    await page.getByRole('button', { name: 'change profile' }).waitFor();
  } },
  { name: 'menus', path: 'demo/menu', ready: heading('Daftar Menu') },
  { name: 'groups', path: 'demo/group', ready: heading('Daftar Group') },
  { name: 'groups, new group dialog', path: 'demo/group', ready: heading('Daftar Group'), reach: click('Add New Group', (page) => page.getByRole('dialog').waitFor()) },
  { name: 'groups, removal question', path: 'demo/group', ready: heading('Daftar Group'), reach: click('Remove group', (page) => page.getByRole('dialog').waitFor()) },
  { name: 'users', path: 'demo/user', ready: heading('Daftar User') },
  { name: 'users, new user dialog', path: 'demo/user', ready: heading('Daftar User'), reach: click('Add New User', (page) => page.getByRole('dialog').waitFor()) },
  { name: 'users, new user refused', path: 'demo/user', ready: heading('Daftar User'), reach: click('Add New User', async (page) => {
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.locator('.mantine-Notification-root').first().waitFor();
  }) },
  { name: 'databases', path: 'demo/database', ready: heading('Daftar Database') },
  { name: 'databases, new connection dialog', path: 'demo/database', ready: heading('Daftar Database'), reach: click('Add Database', (page) => page.getByRole('dialog').waitFor()) },
  { name: 'functions', path: 'demo/function', ready: heading('Functions') },
  { name: 'libraries', path: 'demo/libraries', ready: heading('Libraries') },
  { name: 'libraries, a toast', path: 'demo/libraries', ready: heading('Libraries'), reach: async (page) => {
    await page.getByRole('button', { name: /^Edit / }).first().click();
    await page.locator('.mantine-Notification-root').first().waitFor();
  } },
  { name: 'audit log', path: 'demo/audit', ready: heading('Audit log') },
  { name: 'page editor', path: 'demo/form-editor', ready: (page) => page.getByTestId('page-selector').waitFor() },
];

/** The super administrator, in _root: the screens only he has. */
const ROOT_STATES: ScreenState[] = [
  { name: 'applications of _root', path: '_root/home', ready: heading('Applications') },
  { name: 'third parties', path: '_root/third-parties', ready: heading('Third Parties') },
  { name: 'third parties, new SMTP server dialog', path: '_root/third-parties', ready: heading('Third Parties'), reach: click('Add SMTP Server', (page) => page.getByRole('dialog').waitFor()) },
  { name: 'school directory', path: '_root/schools', ready: heading('Schools') },
];

/** A member of the demo's staff: the pages their group sees. */
const MEMBER_STATES: ScreenState[] = [
  { name: 'products table', path: 'demo/staff/products', ready: (page) => page.getByTestId('data-table').first().waitFor() },
  { name: 'products table, filters open', path: 'demo/staff/products', ready: (page) => page.getByTestId('data-table').first().waitFor(), reach: async (page) => {
    await page.getByRole('button', { name: 'Filters' }).first().click();
    await page.getByRole('button', { name: 'Clear filters' }).waitFor();
  } },
  { name: 'customers form', path: 'demo/staff/customers', ready: (page) => page.locator('form, [data-runtime-component]').first().waitFor() },
  { name: 'customers form, required fields left empty', path: 'demo/staff/customers', ready: (page) => page.locator('form, [data-runtime-component]').first().waitFor(), reach: async (page) => {
    await page.getByRole('button', { name: /simpan|save/i }).first().click();
    await page.getByText('wajib diisi').first().waitFor();
  } },
  { name: 'orders kanban', path: 'demo/staff/orders', ready: (page) => page.getByTestId('kanban').first().waitFor() },
  { name: 'reports chart', path: 'demo/staff/reports', ready: (page) => page.getByTestId('chart').first().waitFor() },
];

// The pages ask for less motion (support/browser.ts): a dialog or a toast is drawn whole at
// once, so axe reads its colours as everyone sees them once it has arrived.
async function expectNoViolations(page: Page, name: string): Promise<void> {
  const found = await accessibilityViolations(page);
  // A picture of what failed, to look at after the run.
  if (found.length > 0) await snapshot(page, `a11y-${name.replace(/[^a-z0-9]+/gi, '-')}`);
  expect(found, `${name}:\n${found.join('\n')}`).toEqual([]);
}

async function visit(page: Page, state: ScreenState, width: number): Promise<void> {
  await page.goto(`/${state.path}`);
  await state.ready(page);
  await state.reach?.(page);
  await expectNoViolations(page, `${state.name}-${width}`);
}

async function signInToRoot(page: Page): Promise<void> {
  await page.goto('/_root/auth/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/_root/home');
}

/** One browser for the block, signed in once by `signIn` at the width given, then each state in turn. */
function visitsAs(states: ScreenState[], width: number, height: number, signIn: (page: Page) => Promise<void>) {
  const suite = browserPageForSuite();
  let signedIn = false;
  it.each(states)('$name', async (state) => {
    if (!signedIn) {
      await suite.page.setViewportSize({ width, height });
      await signIn(suite.page);
      signedIn = true;
    }
    await visit(suite.page, state, width);
  });
  return suite;
}

describe.each(WIDTHS)('accessibility at %i px', (width, height) => {
  describe('before signing in', () => {
    const suite = browserPageForSuite();
    it('sign-in, registration and not found', async () => {
      const { page } = suite;
      await page.setViewportSize({ width, height });
      await page.goto('/demo/auth/login');
      await page.getByLabel('Username').waitFor();
      await expectNoViolations(page, `sign-in-${width}`);
      await page.getByLabel('Username').fill(DEMO_MEMBER);
      await page.getByLabel('Password', { exact: true }).fill('not the password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.locator('.mantine-Notification-root').first().waitFor();
      await expectNoViolations(page, `sign-in-refused-${width}`);
      await page.goto('/main/auth/register');
      await page.getByRole('button', { name: 'Register' }).waitFor();
      await expectNoViolations(page, `registration-${width}`);
      await page.goto('/no-such-application/auth/login');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await expectNoViolations(page, `not-found-${width}`);
    });
  });

  describe('the demo\'s administrator', () => {
    visitsAs(ADMIN_STATES, width, height, (page) => signInToDemo(page, DEMO_ADMIN, ADMIN_PASSWORD));
  });

  describe('the super administrator', () => {
    visitsAs(ROOT_STATES, width, height, signInToRoot);
  });

  describe('a member of the demo\'s staff', () => {
    const suite = visitsAs(MEMBER_STATES, width, height, (page) => signInToDemo(page, DEMO_MEMBER, ADMIN_PASSWORD, /\/demo\/(?!auth)/));

    it.runIf(width < 768)('the phone\'s menu drawer', async () => {
      const { page } = suite;
      await page.goto('/demo/staff/products');
      await page.getByRole('button', { name: 'Toggle menu' }).click();
      await page.getByRole('navigation', { name: 'Application menu' }).locator('a, button').first().waitFor();
      await expectNoViolations(page, `member-menu-drawer-${width}`);
    });
  });
});

/** Every widget's configuration panel, opened from its row in the page editor. */
describe.each(WIDTHS)('the page editor\'s configuration panel of each widget at %i px', (width, height) => {
  const suite = browserPageForSuite();
  let pageId = 0;

  beforeAll(async () => {
    const api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: `Every widget ${Date.now()}` }] });
    pageId = (created.data.pages[0] as { pageId: number }).pageId;
    const components = WIDGET_TYPES.map((type) => createComponent(type, `${type}-widget`, `The ${type}`));
    const saved = await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] });
    expect(saved.status, saved.error?.join(', ')).toBe(true);
  });

  it.each(WIDGET_TYPES)('%s', async (type) => {
    const { page } = suite;
    if (!page.url().includes('/demo/')) {
      await page.setViewportSize({ width, height });
      await signInToDemo(page, DEMO_ADMIN, ADMIN_PASSWORD);
      await page.goto(`/demo/form-editor?page=${pageId}`);
      await page.getByTestId('editor-component').first().waitFor();
    }
    const row = page.locator(`[data-testid="editor-component"][data-title="The ${type}"]`);
    await row.locator('[aria-label="Drag component"] ~ span').first().click();
    await page.getByTestId('config-panel').filter({ hasText: `The ${type}` }).first().waitFor();
    await expectNoViolations(page, `config-${type}-${width}`);
  });
});

/** Every widget's face as a member meets it, on one page (each as the palette adds it). */
describe.each(WIDTHS)('every widget\'s face on a member\'s page at %i px', (width, height) => {
  const suite = browserPageForSuite();
  const stamp = `${Date.now()}-${width}`;

  beforeAll(async () => {
    const api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: `Faces ${stamp}` }] });
    const pageId = (created.data.pages[0] as { pageId: number }).pageId;
    const components = WIDGET_TYPES.map((type) => createComponent(type, `${type}-face`, `The ${type}`));
    const saved = await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] });
    expect(saved.status, saved.error?.join(', ')).toBe(true);
    await menuForStaff(api, appId, `Faces ${stamp}`, [[`Faces ${stamp}`, pageId]]);
  });

  it('shows them all, and the barcode reader\'s dialog, without a violation', async () => {
    const { page } = suite;
    await page.setViewportSize({ width, height });
    await signInToDemo(page, DEMO_MEMBER, ADMIN_PASSWORD, /\/demo\/(?!auth)/);
    await page.goto(`/demo/staff/faces-${stamp}`);
    await page.getByRole('heading', { name: `Faces ${stamp}` }).waitFor();
    await page.getByTestId('barcode').waitFor();
    // Faces that load their rows or code settle first.
    await page.waitForTimeout(1500);
    await expectNoViolations(page, `member-faces-${width}`);
    await page.getByTestId('barcode').getByRole('button').first().click();
    await page.getByRole('dialog').waitFor();
    await expectNoViolations(page, `member-barcode-dialog-${width}`);
  });
});

/**
 * Motion (WCAG 2.3.3): a refused sign-in's toast slides in for a person who has not asked
 * otherwise, and is simply there for one whose system asks for less motion.
 */
describe('a toast\'s motion follows the person\'s wish', () => {
  const suite = browserPageForSuite();
  /** The toast's transition, in seconds, as the browser computes it. */
  const toastTransitionSeconds = async (reducedMotion: 'reduce' | 'no-preference') => {
    const page = await newPage(suite.browser, { reducedMotion });
    try {
      await page.goto('/demo/auth/login');
      await page.getByLabel('Username').fill(DEMO_MEMBER);
      await page.getByLabel('Password', { exact: true }).fill('not the password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      const toast = page.locator('.mantine-Notification-root').first();
      await toast.waitFor();
      const durations = await toast.evaluate((element) => getComputedStyle(element).transitionDuration);
      return Math.max(...durations.split(',').map((duration) => Number.parseFloat(duration)));
    } finally {
      await page.context().close();
    }
  };

  it('slides in by default, and appears at once when less motion is asked for', async () => {
    expect(await toastTransitionSeconds('no-preference')).toBeGreaterThanOrEqual(0.1);
    expect(await toastTransitionSeconds('reduce')).toBeLessThan(0.01);
  });
});
