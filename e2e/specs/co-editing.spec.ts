import { type Component, createComponent } from '@rakit/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, demoAppId, demoToken } from '../support/api';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, signInToDemo } from '../support/demo';

/**
 * Issue 33: one administrator has the page editor open in two tabs (or two administrators one
 * page each). Each tab's save is based on the page it loaded: a tab whose copy went stale merges
 * the other's work before saving, and asks when both changed the same thing. Nothing either
 * saves is lost.
 */
describe('two tabs edit one page', () => {
  const pageName = `Dua Tab ${Date.now().toString(36)}`;
  let browser: Browser;
  let first: Page;
  let second: Page;
  let pageId: number;
  let api: ReturnType<typeof apiAs>;

  const row = (tab: Page, title: string) => tab.locator(`[data-testid="editor-component"][data-title="${title}"]`);
  const saved = (tab: Page) => tab.getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();
  const stored = async () => {
    const page = (await api<{ pageComponents: string }[]>('GET', `/get/getPage/${pageId}`)).data[0];
    return (JSON.parse(page?.pageComponents ?? '[]') as Component[]).map((c) => `${c.type}:${c.title}`);
  };
  async function relabel(tab: Page, from: string, to: string) {
    await row(tab, from).getByText(from).first().click();
    await tab.getByTestId('config-panel').getByLabel('Label').fill(to);
    await row(tab, to).waitFor();
  }

  beforeAll(async () => {
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName }] });
    pageId = created.data.pages[0]?.pageId as number;
    await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify([createComponent('input', 'nama', 'Nama')]) }] });
    browser = await launchBrowser();
    first = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    second = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    for (const tab of [first, second]) {
      await signInToDemo(tab);
      await tab.goto(`/demo/form-editor?page=${pageId}`);
      await row(tab, 'Nama').waitFor();
    }
  });
  afterAll(async () => { await browser.close(); });

  it('merges what the other tab saved into a stale tab\'s save, and tells which', async () => {
    await first.locator('[data-palette-type="text"]').click();
    await saved(first);
    expect(await stored()).toEqual(['input:Nama', 'text:Text 1']);

    // The second tab still shows the page without the text; its own addition must not remove it.
    expect(await row(second, 'Text 1').count()).toBe(0);
    await second.locator('[data-palette-type="button"]').click();
    await second.getByText('Merged with another builder\'s changes').waitFor();
    await second.getByText('Added Text "Text 1"').waitFor();
    await row(second, 'Text 1').waitFor();
    await saved(second);
    expect(await stored()).toEqual(['input:Nama', 'text:Text 1', 'button:Button 1']);
  });

  it('asks when both tabs changed the same setting, and keeps the answer with both sides\' other changes', async () => {
    // The first tab is stale now: its relabel merges the second tab's button on the way.
    await relabel(first, 'Nama', 'Nama Depan');
    await saved(first);
    await row(first, 'Button 1').waitFor();
    expect(await stored()).toEqual(['input:Nama Depan', 'text:Text 1', 'button:Button 1']);

    await relabel(second, 'Nama', 'Nama Belakang');
    const dialog = second.getByRole('dialog', { name: 'Another builder saved this page' });
    await dialog.waitFor();
    await dialog.getByText('Changed Text Input "Nama Depan": title').waitFor();
    await snapshot(second, 'co-editing-conflict');
    // Nothing is saved while the question is open.
    expect(await stored()).toEqual(['input:Nama Depan', 'text:Text 1', 'button:Button 1']);
    await dialog.getByRole('radio', { name: 'Theirs: "Nama Depan"' }).check();
    await dialog.getByRole('button', { name: 'Keep both' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(second, 'Nama Depan').waitFor();
    await saved(second);
    expect(await stored()).toEqual(['input:Nama Depan', 'text:Text 1', 'button:Button 1']);
  });

  it('keeps only his own version when he says so', async () => {
    await relabel(first, 'Nama Depan', 'Nama Tengah');
    await saved(first);
    await relabel(second, 'Nama Depan', 'Nama Akhir');
    const dialog = second.getByRole('dialog', { name: 'Another builder saved this page' });
    await dialog.getByRole('button', { name: 'Keep only mine' }).click();
    await saved(second);
    expect(await stored()).toEqual(['input:Nama Akhir', 'text:Text 1', 'button:Button 1']);
  });
});
