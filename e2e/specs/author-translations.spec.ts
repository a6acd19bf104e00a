import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, demoAppId, demoToken } from '../support/api';
import { accessibilityViolations } from '../support/axe';
import { ADMIN_PASSWORD, browserPageForSuite, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { createPageInEditor, pageForStaff } from '../support/editor-page';

/**
 * Issue 35, authors' own texts: a builder gives a Text Input an English title and a Radio English
 * labels with the panel's "Add translation"; a member reading English sees them (the radio's
 * value still the author's option), a member in the specification's catalog sees the author's
 * own wording, and undo takes a translation back.
 */
describe('an author translates a field\'s title', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const stamp = Date.now().toString(36);
  const english = `Full name ${stamp}`;
  const firstChoice = `First choice ${stamp}`;
  const englishTitle = `Translated page ${stamp}`;
  const englishMenu = `Translated menu ${stamp}`;
  const englishEntry = `Translated entry ${stamp}`;
  const englishMember = `reader-en-${stamp}`;
  let pageId = 0;
  let own = '';

  beforeAll(async () => {
    const admin = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    await admin('POST', '/auth/adduser', { data: { userId: englishMember, password: 'password-123', confirm_password: 'password-123', appId } });
    const reader = apiAs(await demoToken(englishMember, 'password-123'));
    const chosen = await reader('PUT', '/auth/myLanguage', { language: 'en' });
    expect(chosen.httpStatus).toBe(200);
  });

  it('adds an English title with Add translation, and it is saved', async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    await signInToDemo(page());
    await page().goto('/demo/form-editor');
    pageId = await createPageInEditor(page(), `Translated ${stamp}`);
    await page().locator('[data-palette-type="input"]').click();
    const row = page().getByTestId('editor-component').first();
    own = (await row.getAttribute('data-title')) ?? '';
    expect(own).not.toBe('');
    await row.click();
    const panel = page().getByTestId('config-panel');
    const section = panel.getByRole('region', { name: 'Translations' });
    await section.getByRole('button', { name: 'Add translation' }).click();
    await page().getByRole('menuitem', { name: 'Title in English' }).click();
    await section.getByRole('textbox', { name: 'Title in English' }).fill(english);
    await page().getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();
    expect(await accessibilityViolations(page(), '[data-testid="config-panel"]')).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await snapshot(page(), 'author-translations-panel-1366');
    await page().setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await snapshot(page(), 'author-translations-panel-390');
    await page().setViewportSize({ width: 1366, height: 900 });
    const { components } = await pageForStaff(pageId, `Translated ${stamp}`, `Translated ${stamp}`);
    expect(components[0]).toMatchObject({ title: own, translations: { en: { title: english } } });
  });

  it('undo takes the translation back, redo gives it again', async () => {
    const section = page().getByTestId('config-panel').getByRole('region', { name: 'Translations' });
    await page().getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => section.getByRole('textbox', { name: 'Title in English' }).inputValue()).toBe('');
    await page().getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => section.getByRole('textbox', { name: 'Title in English' }).inputValue()).toBe(english);
    await page().getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();
  });

  it('labels a radio\'s options in English under Labels in English, one field per option', async () => {
    await page().locator('[data-palette-type="radio"]').click();
    const row = page().getByTestId('editor-component').nth(1);
    await row.click();
    const section = page().getByTestId('config-panel').getByRole('region', { name: 'Translations' });
    await section.getByRole('button', { name: 'Add translation' }).click();
    await page().getByRole('menuitem', { name: 'Labels in English' }).click();
    const labels = section.getByRole('group', { name: 'Labels in English' });
    await labels.getByRole('textbox', { name: 'Option 1' }).fill(firstChoice);
    await page().getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();
    await labels.scrollIntoViewIfNeeded();
    await snapshot(page(), 'author-translations-labels-1366');
    expect(await accessibilityViolations(page(), '[data-testid="config-panel"]')).toEqual([]);
    const { components } = await pageForStaff(pageId, `Translated ${stamp}`, `Translated ${stamp}`);
    // The values stay the author's options; only the labels have a translation, by position.
    expect(components[1]).toMatchObject({ type: 'radio', options: 'Option 1,Option 2', translations: { en: { options: [firstChoice] } } });
  });

  it('translates the page\'s title beside the page selector, and its menu on the Menus screen', async () => {
    await page().getByRole('button', { name: 'Translate the page title' }).click();
    const titleDialog = page().getByRole('dialog', { name: `Translations of Translated ${stamp}` });
    await titleDialog.getByRole('textbox', { name: 'Name in English' }).fill(englishTitle);
    expect(await accessibilityViolations(page(), '[role="dialog"]')).toEqual([]);
    await titleDialog.getByRole('button', { name: 'Save' }).click();
    await page().getByRole('alert').filter({ hasText: 'Translations saved' }).waitFor();
    await titleDialog.waitFor({ state: 'detached' });

    await page().goto('/demo/menu');
    const parent = page().getByRole('button', { name: new RegExp(`^Translated ${stamp}`) }).first();
    await parent.click();
    const translate = async (label: string, english: string) => {
      await page().getByRole('button', { name: `Translate ${label}`, exact: true }).first().click();
      const dialog = page().getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Name in English' }).fill(english);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await translate(`Translated ${stamp} ( Parent Menu )`, englishMenu);
    await translate(`Translated ${stamp}`, englishEntry);
    await snapshot(page(), 'author-translations-menus-1366');
    const menus = (await apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD))<{ menuName: string; nameTranslations: unknown; submenu: { nameTranslations: unknown }[] }[]>(
      'GET', `/get/listMenu/${await demoAppId()}`)).data;
    const translated = menus.find((menu) => menu.menuName === `Translated ${stamp}` && (menu.nameTranslations as { en?: string }).en === englishMenu);
    expect(translated?.submenu[0]?.nameTranslations).toEqual({ en: englishEntry });
  });

  it('shows a member reading English the translation, and one in the specification\'s catalog the original', async () => {
    const [stored] = (await apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD))<{ pageSlug: string }[]>('GET', `/get/getPage/${pageId}`)).data;
    const slug = stored?.pageSlug ?? '';
    await page().context().clearCookies();
    await page().goto('/demo/auth/login');
    await page().evaluate(() => localStorage.clear());
    await signInToDemo(page(), englishMember, 'password-123', /\/demo\/(?!auth)/);
    await page().goto(`/demo/staff/${slug}`);
    await page().getByRole('textbox', { name: english }).waitFor();
    expect(await page().getByRole('textbox', { name: own, exact: true }).count()).toBe(0);
    // The page's heading and its menu in English.
    await page().getByRole('heading', { level: 1, name: englishTitle }).waitFor();
    const nav = page().getByRole('navigation', { name: 'Application menu' });
    await nav.getByRole('button', { name: englishMenu }).waitFor();
    await nav.getByRole('link', { name: englishEntry }).waitFor();
    // The radio reads the translated label and keeps the author's option as its value.
    const choice = page().getByRole('radio', { name: firstChoice });
    await choice.check();
    expect(await choice.getAttribute('value')).toBe('Option 1');
    expect(await page().getByRole('radio', { name: 'Option 2' }).count()).toBe(1);
    await snapshot(page(), 'author-translations-member-en');

    await page().context().clearCookies();
    await page().goto('/demo/auth/login');
    await page().evaluate(() => localStorage.clear());
    await signInToDemo(page(), DEMO_MEMBER, ADMIN_PASSWORD, /\/demo\/(?!auth)/);
    await page().goto(`/demo/staff/${slug}`);
    await page().getByRole('textbox', { name: own, exact: true }).waitFor();
    // Each component's face renders when it comes near the screen (a transition): the radio may follow the field.
    await page().getByRole('radio', { name: 'Option 1' }).waitFor();
    expect(await page().getByRole('textbox', { name: english }).count()).toBe(0);
    expect(await page().getByRole('radio', { name: 'Option 1' }).count()).toBe(1);
    expect(await page().getByRole('radio', { name: firstChoice }).count()).toBe(0);
    await page().getByRole('heading', { level: 1, name: `Translated ${stamp}` }).waitFor();
    expect(await page().getByRole('navigation', { name: 'Application menu' }).getByRole('button', { name: englishMenu }).count()).toBe(0);
  });
});
