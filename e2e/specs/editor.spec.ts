import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, browserPageForSuite, launchBrowser, newPage, snapshot } from '../support/browser';
import { boardOutline } from '../support/editor-page';

/** One of each form widget, and a card, in the order they are added. */
const WIDGETS = ['input', 'textarea', 'datetime', 'checkbox', 'toggle', 'radio', 'dropdown', 'fileupload', 'text', 'button', 'card'] as const;

describe('an administrator designs a page in the editor', () => {
  let browser: Browser;
  let page: Page;
  const pageName = `Formulir ${Date.now().toString(36)}`;
  /** The titles the page should show, top-level titles and 'Card > nested' entries. */
  let expected: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    // Tall enough that every component is on screen while dragging.
    await page.setViewportSize({ width: 1400, height: 2200 });
  });
  afterAll(async () => { await browser.close(); });

  const rows = () => page.getByTestId('editor-component');
  const row = (title: string) => page.locator(`[data-testid="editor-component"][data-title="${title}"]`);
  const handle = (title: string) => row(title).getByRole('button', { name: 'Drag component' }).first();
  const syncIndicator = () => page.getByTestId('sync-indicator');

  const outline = () => boardOutline(page);

  async function expectOutline(wanted: string[]) {
    await expect.poll(outline, { timeout: 5000 }).toEqual(wanted);
  }

  /** Presses on `from`, moves a few pixels (dnd-kit starts dragging then), and releases over `to`. */
  async function drag(from: Locator, to: Locator, where: 'top' | 'bottom') {
    // The mouse only reaches what is on screen: bring the drop zone into view first (the page
    // grows as widgets are added; how tall depends on the machine's fonts).
    await to.scrollIntoViewIfNeeded();
    const start = await from.boundingBox();
    const target = await to.boundingBox();
    if (start === null || target === null) throw new Error('drag source or target is not visible');
    const x = start.x + start.width / 2;
    const y = start.y + start.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 6, y + 6, { steps: 3 });
    const targetY = where === 'top' ? target.y + 8 : target.y + target.height - 8;
    await page.mouse.move(target.x + target.width / 2, targetY, { steps: 15 });
    await page.mouse.move(target.x + target.width / 2 + 2, targetY, { steps: 2 });
    await page.mouse.up();
  }

  it('signs in and finds no page selected', async () => {
    await page.goto('/demo/auth/login');
    await page.getByLabel('Username').fill('demo-admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/demo/home');
    await page.goto('/demo/form-editor');
    await page.getByText('No Page Selected').waitFor();
    await page.getByRole('button', { name: 'Back' }).waitFor();
    await page.getByRole('button', { name: 'Preview' }).waitFor();
    // Saving is automatic outside the root editor.
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await page.locator('[data-palette-type="input"]').isDisabled()).toBe(true);
  });

  it('creates a page from the page selector', async () => {
    await page.getByRole('button', { name: 'Please Select Page' }).click();
    await page.getByPlaceholder('Search page you want to add ?').waitFor();
    await page.getByRole('option', { name: 'Products' }).waitFor();
    // Escape returns to the title.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Please Select Page' }).click();
    await page.getByRole('option', { name: 'Create New Page' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('PAGE TITLE').fill(pageName);
    await dialog.getByLabel('TABLE NAME').fill('pelanggan');
    await dialog.getByRole('button', { name: 'CREATE' }).click();
    await page.getByTestId('page-selector').filter({ hasText: pageName }).waitFor();
    await page.waitForURL(/\/demo\/form-editor\?page=\d+$/);
    await page.getByText('This page is empty').waitFor();
  });

  it('adds one of each form widget and a card from the palette', async () => {
    for (const type of WIDGETS) await page.locator(`[data-palette-type="${type}"]`).click();
    await expect.poll(() => rows().count()).toBe(WIDGETS.length);
    const types = await rows().evaluateAll((elements) => elements.map((element) => (element as HTMLElement).dataset.type));
    expect(types).toEqual([...WIDGETS]);
    expected = await outline();
    // New components are numbered, and the newest is the active one.
    expect(expected.every((title) => / 1$/.test(title))).toBe(true);
    expect(await rows().last().locator('[data-active]').count()).toBeGreaterThan(0);
    await syncIndicator().filter({ hasText: 'Saved' }).waitFor();
  });

  it('changes a label in the configuration panel', async () => {
    const input = expected[0] as string;
    await row(input).getByText(input).first().click();
    const panel = page.getByTestId('config-panel');
    await panel.getByLabel('Label').fill('Nama Pelanggan');
    await row('Nama Pelanggan').waitFor();
    expected[0] = 'Nama Pelanggan';
    // Ctrl+Z inside a text field is the field's own undo, not the page's.
    await panel.getByLabel('Label').press('Control+z');
    expect(await rows().count()).toBe(WIDGETS.length);
    await panel.getByLabel('Label').fill('Nama Pelanggan');
    await expectOutline(expected);
    await snapshot(page, 'editor-config');
  });

  it('moves components with the buttons and deletes one', async () => {
    const [first, second] = expected as [string, string];
    await row(first).getByRole('button', { name: 'Move down' }).first().click();
    await expectOutline([second, first, ...expected.slice(2)]);
    await row(first).getByRole('button', { name: 'Move up' }).first().click();
    await expectOutline(expected);
    await page.locator('[data-palette-type="input"]').click();
    await expect.poll(() => rows().count()).toBe(WIDGETS.length + 1);
    await rows().last().getByRole('button', { name: 'Delete component' }).click();
    await expectOutline(expected);
  });

  it('reorders by dragging', async () => {
    const [first, second] = expected as [string, string];
    await drag(handle(second), row(first), 'top');
    expected = [second, first, ...expected.slice(2)];
    await expectOutline(expected);
  });

  it('nests two widgets in the card by dragging them onto it', async () => {
    const card = expected.at(-1) as string;
    const [text, button] = expected.slice(-3, -1) as [string, string];
    await drag(handle(text), row(card).getByTestId('card-zone'), 'bottom');
    await expectOutline([...expected.slice(0, -3), button, card, `${card} > ${text}`]);
    await drag(handle(button), row(card).getByTestId('card-zone'), 'bottom');
    expected = [...expected.slice(0, -3), card, `${card} > ${text}`, `${card} > ${button}`];
    await expectOutline(expected);
    await snapshot(page, 'editor-nested');
  });

  it('undoes and redoes with the buttons and the keyboard', async () => {
    const card = expected.at(-3) as string;
    const [text, button] = [expected.at(-2)?.replace(`${card} > `, ''), expected.at(-1)?.replace(`${card} > `, '')] as [string, string];
    const beforeSecondNest = [...expected.slice(0, -3), button, card, `${card} > ${text}`];

    await page.getByRole('button', { name: 'Undo' }).click();
    await expectOutline(beforeSecondNest);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expectOutline(expected);
    expect(await page.getByRole('button', { name: 'Redo' }).isDisabled()).toBe(true);

    await page.keyboard.press('Control+z');
    await expectOutline(beforeSecondNest);
    await page.keyboard.press('Control+Shift+z');
    await expectOutline(expected);
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+y');
    await expectOutline(expected);
  });

  it('saves by itself and finds the page as it was left after a reload', async () => {
    await syncIndicator().filter({ hasText: 'Saved' }).waitFor();
    await snapshot(page, 'editor-saved');
    await page.reload();
    await page.getByTestId('page-selector').filter({ hasText: pageName }).waitFor();
    await expectOutline(expected);
  });

  it('previews the page without the configuration panel', async () => {
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByTestId('config-panel').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Move down' }).count()).toBe(0);
    expect(await page.locator('[data-palette-type]').count()).toBe(0);
    await expectOutline(expected);
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('button', { name: 'Move down' }).first().waitFor();
  });
});

describe('the root editor saves on demand, and a refused save stays unsynced', () => {
  const suite = browserPageForSuite();

  const syncIndicator = () => suite.page.getByTestId('sync-indicator');

  it('creates a page in _root and saves it with Save', async () => {
    await suite.page.goto('/_root/auth/login');
    await suite.page.getByLabel('Username').fill('admin');
    await suite.page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await suite.page.getByRole('button', { name: 'Sign In' }).click();
    await suite.page.waitForURL('**/_root/home');
    await suite.page.goto('/_root/form-editor');
    await suite.page.getByRole('button', { name: 'Please Select Page' }).click();
    await suite.page.getByRole('option', { name: 'Create New Page' }).click();
    await suite.page.getByRole('dialog').getByLabel('PAGE TITLE').fill(`Root ${Date.now().toString(36)}`);
    await suite.page.getByRole('dialog').getByRole('button', { name: 'CREATE' }).click();
    await suite.page.getByText('This page is empty').waitFor();
    await suite.page.locator('[data-palette-type="text"]').click();
    await syncIndicator().filter({ hasText: 'Syncronizing' }).waitFor();
    // No automatic save here: still unsynced after the autosave delay, and the selector stays static.
    await suite.page.waitForTimeout(1200);
    expect(await syncIndicator().textContent()).toContain('Syncronizing');
    // The selector says it is blocked (aria-disabled); a click anyway does not open it.
    await suite.page.getByTestId('page-selector').click({ force: true });
    expect(await suite.page.getByPlaceholder('Search page you want to add ?').count()).toBe(0);
    // Leaving with the edit unsaved asks first; Cancel keeps the editor and the edit.
    await suite.page.locator('header[aria-label="Editor"]').getByRole('button', { name: 'Back' }).click();
    await suite.page.getByText('The changes to this page are not saved. Leave without saving them?').waitFor();
    await suite.page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(suite.page.url()).pathname).toBe('/_root/form-editor');
    expect(await syncIndicator().textContent()).toContain('Syncronizing');
    await suite.page.getByRole('button', { name: 'Save', exact: true }).click();
    await syncIndicator().filter({ hasText: 'Saved' }).waitFor();
  });

  it('shows the server\'s refusal and keeps the page unsynced', async () => {
    await suite.page.route('**/save/saveApp', (route) => route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ status: false, error: ['pageComponents[0].title: too long'] }),
    }));
    await suite.page.locator('[data-palette-type="button"]').click();
    await suite.page.getByRole('button', { name: 'Save', exact: true }).click();
    await suite.page.getByText('pageComponents[0].title: too long').waitFor();
    expect(await syncIndicator().textContent()).toContain('Syncronizing');
    await suite.page.unroute('**/save/saveApp');
    await suite.page.getByRole('button', { name: 'Save', exact: true }).click();
    await syncIndicator().filter({ hasText: 'Saved' }).waitFor();
  });
});
