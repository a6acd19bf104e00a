import { createComponent, type Component } from '@rakit/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, demoAppId, demoToken } from '../support/api';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, signInToDemo } from '../support/demo';

describe('the Action Management dialog names what it refuses, in the dialog', () => {
  const stamp = Date.now().toString(36);
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: `Aksi ${stamp}` }] });
    const pageId = (created.data.pages[0] as { pageId: number }).pageId;
    const components: Component[] = [createComponent('button', 'kirim', 'Kirim')];
    expect((await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] })).status).toBe(true);
    browser = await launchBrowser();
    page = await newPage(browser);
    await signInToDemo(page);
    await page.goto(`/demo/form-editor?page=${pageId}`);
    await page.locator('[data-testid="editor-component"][data-title="Kirim"]').getByText('Kirim').first().click();
    await page.getByTestId('config-panel').getByRole('button', { name: 'Add Action' }).click();
  });
  afterAll(async () => { await browser?.close(); });

  const dialog = () => page.getByRole('dialog');

  it('says on the Name field that the action needs a name', async () => {
    await dialog().getByLabel('Name', { exact: true }).fill('');
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    const name = dialog().getByLabel('Name', { exact: true });
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await dialog().getByText("Please, fill the action's name").waitFor();
    await snapshot(page, 'action-dialog-name-refused');
    // Typing a name clears the refusal.
    await name.fill('Kirim Data');
    await dialog().getByText("Please, fill the action's name").waitFor({ state: 'detached' });
  });

  it('names the Alias when Save Trigger has neither an alias nor a name', async () => {
    await dialog().getByLabel('Action type', { exact: true }).click();
    await page.getByRole('option', { name: 'TRIGGER', exact: true }).click();
    await dialog().getByLabel('Name', { exact: true }).fill('');
    await dialog().getByRole('button', { name: 'Save Trigger' }).click();
    await dialog().getByText("Please, fill the trigger's alias (or the action's name)").waitFor();
    expect(await page.getByText('triggerAlias').count()).toBe(0);
    await snapshot(page, 'action-dialog-trigger-refused');
  });

  it('says on the dialog which part of the section is missing', async () => {
    await dialog().getByLabel('Name', { exact: true }).fill('Picu');
    await dialog().getByRole('button', { name: 'Add parameter' }).click();
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    await dialog().getByText('Every parameter needs a name').waitFor();
  });
});
