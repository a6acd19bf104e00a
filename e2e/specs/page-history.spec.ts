import { createComponent } from '@rakit/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, demoAppId, menuForStaff } from '../support/api';
import { ADMIN_PASSWORD, baseUrl, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_MEMBER, signInToDemo } from '../support/demo';

/** The super administrator's token: he sets the page up, so the demo administrator's own changes start their own versions. */
async function rootToken(): Promise<string> {
  const response = await fetch(new URL('/auth/login', baseUrl()), {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: 'admin', password: ADMIN_PASSWORD, appSlug: '_root' }),
  });
  return ((await response.json()) as { data: { token: string }[] }).data[0]?.token ?? '';
}

/**
 * Page versions (issue 17): an author changes a page three times, previews an older version,
 * restores it, and a member sees the restored page. One person's saves minutes apart fold into
 * one version, so the author names the version after his first change: the next two changes
 * fold into one version after it (checked), and the named one stays as it was.
 */
describe('an author restores an older version of a page, and a member sees it', () => {
  const stamp = Date.now().toString(36);
  const pageName = `Riwayat ${stamp}`;
  const menuName = `Riwayat ${stamp}`;
  let browser: Browser;
  let page: Page;
  let pageId: number;

  beforeAll(async () => {
    const admin = apiAs(await rootToken());
    const appId = await demoAppId();
    const created = await admin<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName }] });
    pageId = created.data.pages[0]?.pageId as number;
    const components = [createComponent('input', 'nama', 'Nama')];
    expect((await admin('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] })).httpStatus).toBe(200);
    await menuForStaff(admin, appId, menuName, [['Isi Riwayat', pageId]]);
    // The full browser: in the headless shell under load (CI's, or 4× CPU throttling) the editor
    // did not show the page after a restore or an undelete; not yet understood (issue 31's note).
    browser = await launchBrowser([], { fullBrowser: true });
    page = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  });
  afterAll(async () => { await browser.close(); });

  const row = (title: string) => page.locator(`[data-testid="editor-component"][data-title="${title}"]`);
  const saved = () => page.getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();
  const panel = () => page.getByRole('dialog', { name: 'Page history' });
  const versions = () => panel().getByTestId('page-version');
  async function relabel(from: string, to: string) {
    await row(from).getByText(from).first().click();
    await page.getByTestId('config-panel').getByLabel('Label').fill(to);
    await row(to).waitFor();
    await saved();
  }
  async function openHistory() {
    await page.getByRole('button', { name: 'History' }).click();
    await panel().getByRole('tab', { name: 'Versions' }).waitFor();
    // Slid in: its right edge at the window's.
    const width = page.viewportSize()?.width;
    await expect.poll(async () => {
      const box = await panel().boundingBox();
      return box === null ? null : Math.round(box.x + box.width);
    }, { timeout: 5000 }).toBe(width);
  }
  /** Answers the confirmation dialog (the History drawer is a dialog too). */
  async function confirm(question: string, button: string) {
    await page.getByRole('dialog').filter({ hasText: question }).getByRole('button', { name: button }).click();
  }
  async function closeHistory() {
    await page.keyboard.press('Escape');
    await panel().waitFor({ state: 'detached' });
  }

  it('makes a first change and names the version it left', async () => {
    await signInToDemo(page);
    await page.goto(`/demo/form-editor?page=${pageId}`);
    await row('Nama').waitFor();
    await relabel('Nama', 'Nama Lengkap');

    await openHistory();
    await expect.poll(() => versions().count()).toBe(3);
    await expect.poll(() => versions().first().innerText()).toContain('Changed Text Input "Nama Lengkap": title');
    await versions().first().click();
    const detail = panel().getByTestId('version-detail');
    await detail.getByLabel('Version name').fill('sebelum perubahan');
    await detail.getByRole('button', { name: 'Mark' }).click();
    await page.getByText('Version named').waitFor();
    await detail.getByRole('button', { name: 'All versions' }).click();
    await versions().filter({ hasText: 'sebelum perubahan' }).waitFor();
    await closeHistory();
  });

  it('makes two more changes, which fold into one version after the named one', async () => {
    await page.locator('[data-palette-type="text"]').click();
    await saved();
    await relabel('Nama Lengkap', 'Nama Pelanggan');

    await openHistory();
    await expect.poll(() => versions().count()).toBe(4);
    const newest = await versions().first().innerText();
    expect(newest).toMatch(/\b2 saves\b/);
    expect(newest).toContain('Changed Text Input "Nama Pelanggan": title');
    expect(newest).toMatch(/Added Text/);
    expect(await versions().nth(1).innerText()).toContain('sebelum perubahan');
    await snapshot(page, 'page-history-list');
  });

  it('previews the named version and sees what changed since', async () => {
    await versions().filter({ hasText: 'sebelum perubahan' }).click();
    const preview = panel().getByTestId('version-preview');
    await preview.getByLabel('Nama Lengkap').waitFor();
    expect(await preview.getByLabel('Nama Pelanggan').count()).toBe(0);
    await panel().getByText('Changes since').click();
    const changes = panel().getByLabel('Changes since this version');
    await changes.getByText('Changed Text Input "Nama Pelanggan": title').waitFor();
    await changes.getByText(/^Added Text/).waitFor();
    await snapshot(page, 'page-history-changes');
  });

  it('restores it after confirming; the restore is a new version', async () => {
    await panel().getByRole('button', { name: 'Restore' }).click();
    await confirm('Restore version', 'Restore');
    await page.getByText('Version restored').waitFor();
    await versions().first().filter({ hasText: 'Restored' }).waitFor();
    expect(await versions().count()).toBe(5);
    await closeHistory();
    await row('Nama Lengkap').waitFor();
    expect(await row('Nama Pelanggan').count()).toBe(0);
    expect(await page.getByTestId('editor-component').count()).toBe(1);
  });

  /** A member signed in, with the page opened through its menu entry. */
  async function memberOnPage(): Promise<Page> {
    const member = await newPage(browser);
    await signInToDemo(member, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    const nav = member.getByRole('navigation', { name: 'Application menu' });
    await nav.getByText(menuName).click();
    await nav.getByText('Isi Riwayat').click();
    await member.getByRole('heading', { name: pageName }).waitFor();
    return member;
  }

  it('shows the member the restored page', async () => {
    const member = await memberOnPage();
    await member.getByLabel('Nama Lengkap').waitFor();
    expect(await member.getByLabel('Nama Pelanggan').count()).toBe(0);
    await member.context().close();
  });

  it('deletes the page and undeletes it from the History panel', async () => {
    await openHistory();
    await panel().getByRole('button', { name: 'Delete this page' }).click();
    await confirm(`Delete the page "${pageName}"?`, 'Delete');
    // The notice, not the version the History panel lists under the same words.
    await page.getByRole('alert').filter({ hasText: 'Page deleted' }).waitFor();
    await panel().getByRole('tab', { name: 'Deleted pages', selected: true }).waitFor();
    await panel().getByRole('button', { name: `Undelete ${pageName}` }).click();
    await page.getByRole('alert').filter({ hasText: 'Page undeleted' }).waitFor();
    await closeHistory();
    await page.waitForURL(`**/demo/form-editor?page=${pageId}`);
    await row('Nama Lengkap').waitFor();
  });

  it('gives the member back the menu entry that opened the undeleted page', async () => {
    const member = await memberOnPage();
    await member.getByLabel('Nama Lengkap').waitFor();
    await member.context().close();
  });

  it('fits the History panel on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openHistory();
    await versions().first().waitFor();
    // The drawer takes the whole width.
    expect(await panel().boundingBox()).toMatchObject({ x: 0, width: 390 });
    await snapshot(page, 'page-history-phone');
    await closeHistory();
  });
});
