import { createComponent, VARIABLE_VALUE } from '@rakit/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../support/api';
import { accessibilityViolations } from '../support/axe';
import { browserPageForSuite, snapshot, uniquePhone } from '../support/browser';
import { demoCopyAdministeredBy } from '../support/demo';
import { tabTo } from '../support/keyboard';
import { noticesGone } from '../support/settled';

interface FamilyMember { appId: number; appSlug: string; name: string }

/**
 * Issue 39, an application's environments, as its administrator works with them: on his copy of
 * the demo he creates Development, Staging and Production from the Environments screen; a
 * retitled products table in Development is checked (the page and the table named, the title
 * before and after, the page drawn both ways), promoted to Production with the keyboard, found in Production's editor and
 * undone; a fix made in Production itself stops the next promotion, named. The application is a
 * copy of the demo, so that the promotions' imports never touch what other specs read.
 */
describe('an administrator promotes his application from Development to Production', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const stamp = Date.now().toString(36);
  const appSlug = `env-${stamp}`;
  const userId = uniquePhone();
  const password = 'env-password-1';
  let root: Api;
  let appId = 0;
  /** Development, Staging and Production once created. */
  let family: FamilyMember[] = [];
  const environment = (name: string): FamilyMember => {
    const found = family.find((member) => member.name === name);
    if (found === undefined) throw new Error(`no environment ${name} in ${family.map((member) => member.name).join(', ')}`);
    return found;
  };

  const productsPageId = async (inApp: number) =>
    (await root<{ pageId: number; pageSlug: string }[]>('GET', `/get/listAppPages/${inApp}`)).data.find((p) => p.pageSlug === 'products')?.pageId ?? 0;
  async function productsTableTitle(inApp: number): Promise<string | undefined> {
    const components = JSON.parse((await root<{ pageComponents: string }[]>('GET', `/get/getPage/${await productsPageId(inApp)}`)).data[0]?.pageComponents ?? '[]') as { id: string; title: string }[];
    return components.find((c) => c.id === 'products-table')?.title;
  }
  /** A builder's change, made through the API as the editor saves it: the products table retitled. */
  async function retitleProductsTable(inApp: number, title: string): Promise<void> {
    const pageId = await productsPageId(inApp);
    const components = JSON.parse((await root<{ pageComponents: string }[]>('GET', `/get/getPage/${pageId}`)).data[0]?.pageComponents ?? '[]') as { id: string; title: string }[];
    const table = components.find((c) => c.id === 'products-table');
    if (table === undefined) throw new Error('no products table on the products page');
    table.title = title;
    const saved = await root('POST', '/save/saveApp', { appId: inApp, pages: [{ pageId, pageComponents: JSON.stringify(components) }] });
    expect(saved.status, saved.error?.join(', ')).toBe(true);
  }
  /** The Environments screen's row of an environment. */
  const row = (name: string) => page().getByTestId('environment-row').filter({ has: page().locator('td:first-child').getByText(name, { exact: true }) });

  beforeAll(async () => {
    ({ root, appId } = await demoCopyAdministeredBy({ appName: `Toko Env ${stamp}`, appSlug }, { userId, password }));
  });

  it('creates Development, Staging and Production from the top bar\'s Environments screen', async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    await page().goto(`/${appSlug}/auth/login`);
    await page().getByLabel('Username').fill(userId);
    await page().getByLabel('Password', { exact: true }).fill(password);
    await page().getByRole('button', { name: 'Sign In' }).click();
    await page().waitForURL(`**/${appSlug}/home`);
    // No family yet: no banner over his screens.
    expect(await page().getByTestId('environment-banner').count()).toBe(0);
    await page().getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Environments' }).click();
    await page().waitForURL(`**/${appSlug}/environments`);
    await page().getByRole('heading', { name: 'Environments', level: 1 }).waitFor();
    await page().getByText('This application has no environments yet').waitFor();

    await page().getByRole('button', { name: 'Create environments' }).click();
    await page().locator('.mantine-Notification-root').filter({ hasText: 'Development, Staging and Production are ready' }).waitFor();
    const rows = page().getByTestId('environment-row');
    await rows.nth(2).waitFor();
    expect(await rows.evaluateAll((each) => each.map((r) => r.querySelector('td p')?.textContent))).toEqual(['Development', 'Staging', 'Production']);
    // This application became Production; the banner over every admin screen says so, and where its data is.
    expect(await row('Production').getAttribute('aria-current')).toBe('true');
    // His, each of them: where their connections lead is shown.
    for (const name of ['Development', 'Staging', 'Production']) await row(name).getByText('sqlite demo-shop.db').waitFor();
    const banner = page().getByRole('region', { name: 'Environment', exact: true });
    expect(await banner.textContent()).toBe('Environment: Production · sqlite demo-shop.db');

    const listed = await root<{ environments: FamilyMember[] }>('GET', `/get/environments/${appId}`);
    family = listed.data.environments;
    expect(family.map((member) => member.name)).toEqual(['Development', 'Staging', 'Production']);
    await row('Development').getByRole('link', { name: `Toko Env ${stamp} (Development)` }).waitFor();
    await noticesGone(page());
    expect(await accessibilityViolations(page())).toEqual([]);
    await snapshot(page(), 'environments-created');
  });

  it('checks the promotion of a change made in Development and promotes it to Production with the keyboard', async () => {
    await retitleProductsTable(environment('Development').appId, 'Daftar Produk (baru)');
    // Development is opened from its row, without signing in again.
    await row('Development').getByRole('link', { name: `Toko Env ${stamp} (Development)` }).click();
    await page().waitForURL(`**/${environment('Development').appSlug}/home`);
    await page().getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Environments' }).click();
    await page().getByRole('heading', { name: 'Environments', level: 1 }).waitFor();
    expect(await page().getByRole('region', { name: 'Environment', exact: true }).textContent()).toBe('Environment: Development · sqlite demo-shop.db');
    await row('Development').getByText('This one').waitFor();

    // Staging, the next one, is offered first.
    const target = page().getByRole('combobox', { name: 'Promote to' });
    expect(await target.inputValue()).toBe('Staging');
    await target.click();
    await page().getByRole('option', { name: 'Production', exact: true }).click();
    expect(await target.inputValue()).toBe('Production');

    await tabTo(page(), 'Check the promotion');
    await page().keyboard.press('Enter');
    const preview = page().getByTestId('promotion-preview');
    await preview.getByRole('heading', { name: '1 change to Production' }).waitFor();
    const change = preview.getByRole('article', { name: 'Page: Products' });
    await change.getByText('table Daftar Produk (baru)', { exact: true }).waitFor();
    const titleRow = change.getByRole('row').filter({ hasText: 'title' });
    expect(await titleRow.getByRole('cell').allTextContents()).toEqual(['title', 'Daftar Produk', 'Daftar Produk (baru)']);
    expect(await page().getByTestId('changed-in-target').count()).toBe(0);
    // The page drawn as Production has it and as it will be, side by side.
    await change.getByRole('button', { name: 'Show the page before and after' }).click();
    const before = change.getByRole('figure', { name: 'Before' });
    const after = change.getByRole('figure', { name: 'After' });
    await after.scrollIntoViewIfNeeded();
    await before.getByText('Daftar Produk', { exact: true }).waitFor();
    await after.getByText('Daftar Produk (baru)', { exact: true }).waitFor();
    expect(await before.getByText('Daftar Produk (baru)', { exact: true }).count()).toBe(0);
    expect(await after.getByText('Daftar Produk', { exact: true }).count()).toBe(0);
    expect(await accessibilityViolations(page())).toEqual([]);
    await page().screenshot({ path: '/tmp/env-preview-1366.png', fullPage: true });
    await page().setViewportSize({ width: 390, height: 844 });
    await preview.getByRole('button', { name: 'Promote to Production' }).waitFor();
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityViolations(page())).toEqual([]);
    await page().screenshot({ path: '/tmp/env-preview-390.png', fullPage: true });
    await page().setViewportSize({ width: 1366, height: 900 });

    await tabTo(page(), 'Promote to Production');
    await page().keyboard.press('Enter');
    await page().getByText('Promoted to Production: 1 file changed').waitFor();
    await row('Production').getByText(new RegExp(`^Promoted from Development at .+ by ${userId}$`)).waitFor();
    await snapshot(page(), 'environments-promoted');
    expect(await productsTableTitle(environment('Production').appId)).toBe('Daftar Produk (baru)');
    // Staging was not touched.
    expect(await productsTableTitle(environment('Staging').appId)).toBe('Daftar Produk');

    // Production's page editor shows the promoted title (his session there is the one he signed in with).
    await page().goto(`/${appSlug}/form-editor?page=${await productsPageId(environment('Production').appId)}`);
    await page().locator('[data-testid="editor-component"][data-title="Daftar Produk (baru)"]').first().waitFor();
  });

  it('undoes the promotion from Development\'s screen', async () => {
    await page().goto(`/${environment('Development').appSlug}/environments`);
    await row('Production').getByRole('button', { name: 'Undo last promotion of Production' }).click();
    await page().getByRole('dialog').getByText('Put Production back as it was before its last promotion from Development?').waitFor();
    await page().getByRole('dialog').getByRole('button', { name: 'Undo last promotion' }).click();
    await page().getByText('Production is back as before its last promotion: 1 file changed').waitFor();
    await row('Production').getByRole('button', { name: 'Undo last promotion of Production' }).waitFor({ state: 'detached' });
    expect(await productsTableTitle(environment('Production').appId)).toBe('Daftar Produk');
  });

  it('refuses a promotion over a fix made in Production since, naming it', async () => {
    await retitleProductsTable(environment('Production').appId, 'Produk (perbaikan)');
    await page().setViewportSize({ width: 390, height: 844 });
    await page().goto(`/${environment('Development').appSlug}/environments`);
    await page().getByRole('combobox', { name: 'Promote to' }).click();
    await page().getByRole('option', { name: 'Production', exact: true }).click();
    await page().getByRole('button', { name: 'Check the promotion' }).click();
    const refused = page().getByTestId('changed-in-target');
    await refused.getByText('Production was changed since its last promotion').waitFor();
    const fix = refused.getByRole('article', { name: 'Page: Products' });
    expect(await fix.getByRole('row').filter({ hasText: 'title' }).getByRole('cell').allTextContents()).toEqual(['title', 'Daftar Produk', 'Produk (perbaikan)']);
    expect(await page().getByRole('button', { name: 'Promote to Production' }).isDisabled()).toBe(true);
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityViolations(page())).toEqual([]);
    await snapshot(page(), 'environments-refused-390');
    await page().screenshot({ path: '/tmp/env-refused-390.png', fullPage: true });
    // The server says the same to a promotion sent anyway: nothing is written.
    const sent = await root('POST', '/save/promote', { appId: environment('Development').appId, targetAppId: environment('Production').appId });
    expect(sent.httpStatus).toBe(409);
    expect(await productsTableTitle(environment('Production').appId)).toBe('Produk (perbaikan)');
  });

  it('keeps each environment\'s variables, offers them where a value comes from, and asks Staging\'s for those its promoted pages use', async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    const development = environment('Development');
    await page().goto(`/${development.appSlug}/environments`);
    const section = page().getByRole('region', { name: 'Variables of this environment' });
    await section.getByText('No variables yet').waitFor();
    const addVariable = async (name: string, value: string, secret: boolean) => {
      await section.getByRole('button', { name: 'Add variable' }).click();
      const dialog = page().getByRole('dialog', { name: 'Add variable' });
      await dialog.getByLabel('Name', { exact: true }).fill(name);
      if (secret) await dialog.getByLabel('Secret', { exact: true }).check();
      await dialog.getByLabel('Value', { exact: true }).fill(value);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page().getByText(`Variable ${name} saved`).waitFor();
      await dialog.waitFor({ state: 'detached' });
    };
    await addVariable('BRANCH', 'DEV-JKT', false);
    await addVariable('API_KEY', 'dev-key-5c1f', true);
    const variableRows = section.getByTestId('variable-row');
    await variableRows.nth(1).waitFor();
    expect(await variableRows.evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(0, 2).map((cell) => cell.textContent)))).toEqual([
      ['API_KEY', 'Secret, stored'], ['BRANCH', 'DEV-JKT'],
    ]);
    expect(await page().content()).not.toContain('dev-key-5c1f');

    // Development's products page gets a button whose query takes both (saved as the editor saves).
    const pageId = await productsPageId(development.appId);
    const components = JSON.parse((await root<{ pageComponents: string }[]>('GET', `/get/getPage/${pageId}`)).data[0]?.pageComponents ?? '[]') as unknown[];
    const dbId = (await root<{ dbId: number }[]>('GET', `/get/getDbConf/${development.appId}`)).data[0]?.dbId;
    const button = {
      ...createComponent('button', 'branch-button', 'Cabang'),
      custom_action: [{ name: 'branch', action: 'QUERY', cause: '', show: true, stored: { database: dbId, query: 'SELECT ? AS branch, ? AS apiKey', params: [{ source: VARIABLE_VALUE, custom: 'BRANCH' }, { source: VARIABLE_VALUE, custom: 'API_KEY' }] } }],
    };
    expect((await root('POST', '/save/saveApp', { appId: development.appId, pages: [{ pageId, pageComponents: JSON.stringify([...components, button]) }] })).status).toBe(true);

    // Where a value comes from, the editor offers the environment's variables by name.
    await page().goto(`/${development.appSlug}/form-editor?page=${pageId}`);
    await page().locator('[data-testid="editor-component"][data-title="Cabang"]').getByText('Cabang').first().click();
    const panel = page().getByTestId('config-panel');
    await panel.getByRole('button', { name: 'Add Action' }).click();
    const dialog = page().getByRole('dialog');
    await dialog.getByLabel('Action type', { exact: true }).click();
    await page().getByRole('option', { name: 'TRIGGER', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add parameter' }).click();
    await dialog.getByLabel('Source of parameter 1', { exact: true }).click();
    const variables = page().getByRole('listbox').getByRole('group', { name: 'Environment variables' });
    expect(await variables.getByRole('option').allTextContents()).toEqual(['API_KEY', 'BRANCH']);
    await variables.getByRole('option', { name: 'BRANCH', exact: true }).click();
    expect(await dialog.getByLabel('Source of parameter 1', { exact: true }).inputValue()).toBe('BRANCH');
    await page().keyboard.press('Escape');

    // The promotion to Staging asks Staging's own values; the source's are never carried.
    await page().goto(`/${development.appSlug}/environments`);
    const target = page().getByRole('combobox', { name: 'Promote to' });
    expect(await target.inputValue()).toBe('Staging');
    await page().getByRole('button', { name: 'Check the promotion' }).click();
    const asked = page().getByTestId('promotion-preview').getByRole('group', { name: 'Variables Staging does not have' });
    await asked.getByLabel('API_KEY', { exact: true }).fill('stg-key-88aa');
    await asked.getByLabel('BRANCH', { exact: true }).fill('STG-BDG');
    expect(await accessibilityViolations(page())).toEqual([]);
    await page().setViewportSize({ width: 390, height: 844 });
    await asked.scrollIntoViewIfNeeded();
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page().screenshot({ path: '/tmp/env-variables-390.png', fullPage: true });
    await page().getByRole('button', { name: 'Promote to Staging' }).click();
    await page().getByText(/^Promoted to Staging: \d+ files? changed$/).waitFor();

    // Staging is opened from its row, without signing in again.
    await row('Staging').getByRole('link', { name: `Toko Env ${stamp} (Staging)` }).click();
    await page().waitForURL(`**/${environment('Staging').appSlug}/home`);
    await page().goto(`/${environment('Staging').appSlug}/environments`);
    const stagingRows = page().getByRole('region', { name: 'Variables of this environment' }).getByTestId('variable-row');
    await stagingRows.nth(1).waitFor();
    expect(await stagingRows.evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(0, 2).map((cell) => cell.textContent)))).toEqual([
      ['API_KEY', 'Secret, stored'], ['BRANCH', 'STG-BDG'],
    ]);
    expect(await accessibilityViolations(page())).toEqual([]);
    await page().screenshot({ path: '/tmp/env-variables-staging-390.png', fullPage: true });
  });
});
