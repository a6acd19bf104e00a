import { type Component, contrastRatio, createComponent } from '@rakit/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId, demoToken } from '../support/api';
import { accessibilityViolations } from '../support/axe';
import { ADMIN_PASSWORD, browserPageForSuite, snapshot } from '../support/browser';
import { DEMO_ADMIN, signInToDemo } from '../support/demo';

/**
 * Issue 34, authors build accessible pages: the page editor warns of what the author's own choices
 * break (a field's label left empty, a text colour below 4.5:1), on the component's row and in its
 * configuration panel, and each warning's Fix applies the fix as one undo step. Warnings never
 * stop the page from saving.
 */
describe('the page editor warns of an author\'s accessibility mistakes and fixes them', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const stamp = Date.now().toString(36);
  let api: Api;
  let pageId: number;

  const storedComponents = async () => {
    const [stored] = (await api<{ pageComponents: string | Component[] }[]>('GET', `/get/getPage/${pageId}`)).data;
    const list = stored?.pageComponents ?? [];
    return (typeof list === 'string' ? JSON.parse(list) : list) as Component[];
  };
  const row = (id: string) => page().locator(`[data-testid="editor-component"][data-component-id="${id}"]`);
  const select = async (id: string) => {
    await row(id).locator('[aria-label="Drag component"] ~ span').first().click();
    await page().getByTestId('config-panel').waitFor();
  };

  beforeAll(async () => {
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: `Warnings ${stamp}` }] });
    pageId = (created.data.pages[0] as { pageId: number }).pageId;
    const components = [createComponent('input', 'alamat', ''), { ...createComponent('text', 'judul', 'Laporan'), color: '#999999' }, createComponent('input', 'nama', 'Nama')];
    expect((await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] })).status).toBe(true);
  });

  afterAll(async () => {
    if (pageId !== undefined) expect((await api('DELETE', `/page/${pageId}`)).status).toBe(true);
  });

  it('fills an empty label with the field\'s name, as one undo step', async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    await signInToDemo(page());
    await page().goto(`/demo/form-editor?page=${pageId}`);
    await row('alamat').waitFor();

    // The rows say how many warnings they have; a labelled field has none.
    await row('alamat').getByRole('img', { name: '1 accessibility warning' }).waitFor();
    await row('judul').getByRole('img', { name: '1 accessibility warning' }).waitFor();
    expect(await row('nama').getByTestId('accessibility-marker').count()).toBe(0);

    await select('alamat');
    const panel = page().getByTestId('config-panel');
    const warnings = panel.getByTestId('accessibility-warnings');
    await warnings.getByText(/The field has no label/).waitFor();
    expect(await accessibilityViolations(page(), '[data-testid="config-panel"]')).toEqual([]);
    await snapshot(page(), 'author-warnings-label');
    await warnings.getByRole('button', { name: 'Fix: Use its name "alamat" as the label' }).click();
    await warnings.waitFor({ state: 'detached' });
    expect(await panel.getByRole('textbox', { name: 'Label' }).inputValue()).toBe('alamat');
    await row('alamat').getByTestId('accessibility-marker').waitFor({ state: 'detached' });

    // One undo step brings the empty label (and the warning) back; redo applies the fix again.
    await page().getByRole('button', { name: 'Undo', exact: true }).click();
    await warnings.waitFor();
    await page().getByRole('button', { name: 'Redo', exact: true }).click();
    await warnings.waitFor({ state: 'detached' });
    await page().getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();
    await expect.poll(async () => (await storedComponents()).find((c) => c.id === 'alamat')?.title).toBe('alamat');
  });

  it('darkens a low-contrast text colour to the nearest shade that passes', async () => {
    await select('judul');
    const warnings = page().getByTestId('config-panel').getByTestId('accessibility-warnings');
    await warnings.getByText(/#999999 has a contrast of 2\.85:1/).waitFor();
    expect(await accessibilityViolations(page(), '[data-testid="config-panel"]')).toEqual([]);
    const fix = warnings.getByRole('button', { name: /^Fix: Use the darker shade #[0-9a-f]{6}$/ });
    const shade = /#[0-9a-f]{6}/.exec(await fix.textContent() ?? '')?.[0] as string;
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shade, '#ffffff')).toBeLessThan(4.65);
    await fix.click();
    await warnings.waitFor({ state: 'detached' });
    expect(await page().getByTestId('config-panel').getByRole('textbox', { name: 'Text colour' }).inputValue()).toBe(shade);
    await row('judul').getByTestId('accessibility-marker').waitFor({ state: 'detached' });
    // What axe found on the board were the author's two mistakes (a field without a label, text
    // at 2.85:1); fixed, the whole editor is clean.
    expect(await accessibilityViolations(page())).toEqual([]);
    await page().getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();
    await expect.poll(async () => (await storedComponents()).find((c) => c.id === 'judul')?.color).toBe(shade);
  });

  it('saves a page whose warnings are left as they are', async () => {
    await select('nama');
    const label = page().getByTestId('config-panel').getByRole('textbox', { name: 'Label' });
    await label.fill('');
    await row('nama').getByRole('img', { name: '1 accessibility warning' }).waitFor();
    await page().getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();
    await expect.poll(async () => (await storedComponents()).find((c) => c.id === 'nama')?.title).toBe('');
  });
});
