import { type Component, createComponent } from '@rakit/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';

const UNSAVED_QUESTION = 'The changes to this page are not saved. Leave without saving them?';

/**
 * The runtime viewer's edit mode (spec 1 screen 11, issue 16 part 2): an administrator edits a
 * page in place over its live data, SAVEs, and a member of 'staff' sees the change; leaving
 * with unsaved edits asks first; a refused save keeps the edits; members see no switch.
 */
describe('an administrator edits a runtime page in place and SAVEs it', () => {
  const stamp = Date.now().toString(36);
  const pageName = `Gudang ${stamp}`;
  const otherPageName = `Catatan ${stamp}`;
  const menuName = `Inventaris ${stamp}`;
  const editorUser = `penyunting-${stamp}`;
  let appId: number;
  let pageId: number;
  let admin: Api;
  let browser: Browser;
  let page: Page;

  const pageAddress = (group: string) => `/demo/${group}/gudang-${stamp}`;
  const editSwitch = (on: Page) => on.getByRole('switch', { name: 'Edit mode' });
  const row = (on: Page, title: string) => on.locator(`[data-testid="editor-component"][data-title="${title}"]`);
  const syncIndicator = (on: Page) => on.getByTestId('sync-indicator');
  const storedComponents = async () =>
    JSON.parse((await admin<{ pageComponents: string }[]>('GET', `/get/getPage/${pageId}`)).data[0]?.pageComponents ?? '[]') as Component[];

  beforeAll(async () => {
    admin = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    appId = await demoAppId();
    // A table over the demo's products (the Products page's source), so the page has live rows.
    const products = (await admin<{ pageComponents: string }[]>('GET', '/get/getPage/slug/products')).data[0];
    const source = (JSON.parse(products?.pageComponents ?? '[]') as Component[]).find((c) => c.type === 'table');
    if (source === undefined) throw new Error('the demo has no products table');
    const { database_used, table_used, primaryKey, options, mapping_table } = source;
    const table: Component = { ...createComponent('table', 'stock', 'Stok Produk'), database_used, table_used, primaryKey, options, mapping_table };
    const components = [createComponent('input', 'item', 'Nama Barang'), table];
    const created = await admin<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', {
      appId, pages: [{ pageId: null, pageName }, { pageId: null, pageName: otherPageName }],
    });
    const [edited, other] = created.data.pages;
    pageId = edited?.pageId as number;
    expect((await admin('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] })).httpStatus).toBe(200);
    await menuForStaff(admin, appId, menuName, [['Stok Gudang', pageId], ['Catatan Gudang', other?.pageId as number]]);

    browser = await launchBrowser();
    page = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  });
  afterAll(async () => { await browser.close(); });

  it('switches the page into edit mode in place, over the rows members see', async () => {
    await signInToDemo(page);
    // Through the menu, as a person does: the browser's back then stays within the viewer.
    await page.goto('/demo/admin');
    const nav = page.getByRole('navigation', { name: 'Application menu' });
    await nav.getByText(menuName).click();
    await nav.getByText('Stok Gudang').click();
    await page.waitForURL(`**${pageAddress('admin')}`);
    await page.getByRole('heading', { name: pageName }).waitFor();
    // The page as members see it: the table's first live row.
    const firstCell = page.getByTestId('data-table').locator('tbody tr').first().locator('td').first();
    // The table shows 'Loading…' in its first cell until its rows arrive.
    await expect.poll(async () => (await firstCell.innerText()).trim(), { timeout: 30_000 }).not.toMatch(/^(Loading…)?$/);
    const liveText = (await firstCell.innerText()).trim();

    await editSwitch(page).click({ force: true });
    await page.getByRole('region', { name: 'Components' }).waitFor();
    await syncIndicator(page).getByText('Saved').waitFor();
    expect(await page.getByRole('toolbar', { name: 'Page editing' }).getByRole('button', { name: 'SAVE' }).isEnabled()).toBe(true);
    // Same address, same title: edited in place, not in the editor.
    expect(new URL(page.url()).pathname).toBe(pageAddress('admin'));
    await page.getByRole('heading', { name: pageName }).waitFor();
    // The board's table shows the live rows (not the editor's sample rows) and takes no clicks.
    const tableRow = row(page, 'Stok Produk');
    await tableRow.getByText(liveText, { exact: true }).first().waitFor();
    expect(await tableRow.getByText('Nama 1', { exact: true }).count()).toBe(0);
    expect(await tableRow.locator('[inert][data-face-mode="preview"]').count()).toBe(1);
    await snapshot(page, 'runtime-edit-mode-1366');
  });

  it('changes a label with the configuration panel, and undoes and redoes it', async () => {
    await row(page, 'Nama Barang').click();
    const panel = page.getByTestId('config-panel');
    await panel.getByLabel('Label').fill('Nama Produk');
    await row(page, 'Nama Produk').waitFor();
    await syncIndicator(page).getByText('Syncronizing').waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await row(page, 'Nama Barang').waitFor();
    await page.getByRole('button', { name: 'Redo' }).click();
    await row(page, 'Nama Produk').getByRole('textbox', { name: 'Nama Produk' }).waitFor();
    await snapshot(page, 'runtime-edit-mode-changed');
  });

  it('asks before unsaved edits are left: the switch, the browser\'s back, another menu entry, closing the tab', async () => {
    const dialog = page.getByRole('dialog');
    const stay = async () => {
      await dialog.getByText(UNSAVED_QUESTION).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await row(page, 'Nama Produk').waitFor();
      expect(new URL(page.url()).pathname).toBe(pageAddress('admin'));
    };
    await editSwitch(page).click({ force: true });
    await stay();
    await page.evaluate(() => window.history.back());
    await stay();
    // Edit mode folds the sidebar away (issue 41): ☰ brings it back.
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByRole('navigation', { name: 'Application menu' }).getByText('Catatan Gudang').click();
    await stay();

    const asked: string[] = [];
    page.once('dialog', (question) => {
      asked.push(question.type());
      void question.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked, { timeout: 5000 }).toEqual(['beforeunload']);
    expect(page.isClosed()).toBe(false);
    await row(page, 'Nama Produk').waitFor();
    // Nothing reached the server meanwhile.
    expect((await storedComponents())[0]?.title).toBe('Nama Barang');
  });

  it('SAVEs through the editor\'s save, shows Saved, and the view shows the saved page', async () => {
    await page.getByRole('button', { name: 'SAVE' }).click();
    await syncIndicator(page).getByText('Saved').waitFor();
    expect((await storedComponents())[0]?.title).toBe('Nama Produk');
    // Saved: switching edit mode off asks nothing.
    await editSwitch(page).click({ force: true });
    await page.getByRole('region', { name: 'Components' }).waitFor({ state: 'detached' });
    await page.getByLabel('Nama Produk').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByTestId('editor-component').count()).toBe(0);
  });

  it('shows a member the change, and no edit mode switch', async () => {
    const member = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await signInToDemo(member, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await member.goto(pageAddress('staff'));
    await member.getByRole('heading', { name: pageName }).waitFor();
    await member.getByLabel('Nama Produk').waitFor();
    expect(await member.getByLabel('Nama Barang').count()).toBe(0);
    expect(await editSwitch(member).count()).toBe(0);
    expect(await member.getByText('Edit mode').count()).toBe(0);
    await snapshot(member, 'runtime-edit-mode-member');
    await member.context().close();
  });

  it('leaves without saving when asked to, dropping the edits', async () => {
    await editSwitch(page).click({ force: true });
    await row(page, 'Nama Produk').click();
    await page.getByTestId('config-panel').getByLabel('Label').fill('Nama Sementara');
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Application menu' });
    await nav.getByText('Catatan Gudang').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(`**/demo/admin/catatan-${stamp}`);
    await page.getByRole('heading', { name: otherPageName }).waitFor();
    expect((await storedComponents())[0]?.title).toBe('Nama Produk');
  });

  it('lays the edit mode out in one column at 390 px', async () => {
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signInToDemo(phone);
    await phone.goto(pageAddress('admin'));
    await editSwitch(phone).click({ force: true });
    await row(phone, 'Nama Produk').waitFor();
    await syncIndicator(phone).getByText('Saved').waitFor();
    const palette = await phone.getByRole('region', { name: 'Components' }).boundingBox();
    const board = await phone.getByTestId('editor-board').boundingBox();
    if (palette === null || board === null) throw new Error('the edit mode is not shown');
    // Stacked: the board under the palette, both within the screen.
    expect(board.y).toBeGreaterThanOrEqual(palette.y + palette.height);
    expect(board.x + board.width).toBeLessThanOrEqual(390);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snapshot(phone, 'runtime-edit-mode-390');
    await phone.context().close();
  });

  it('keeps the edits and shows the server\'s message when the save is refused', async () => {
    // An administrator of his own, who stops being one while he edits.
    await admin('POST', '/auth/adduser', { data: { userId: editorUser, password: 'password-123', confirm_password: 'password-123', appId } });
    const groups = (await admin<{ groupId: number; groupSlug: string }[]>('GET', `/auth/listgroup/${appId}`)).data;
    const groupId = (slug: string) => groups.find((g) => g.groupSlug === slug)?.groupId;
    const adminGroup = groupId('admin');
    // New users join 'staff'; the viewer goes by the first group of the application.
    await admin('DELETE', '/auth/removeUserFromGroup', { userId: editorUser, groupId: groupId('staff') });
    expect((await admin('POST', '/auth/addUserToGroup', { userId: editorUser, groupId: adminGroup })).status).toBe(true);
    const editor = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    // Wherever he lands, once he has left the sign-in page.
    await signInToDemo(editor, editorUser, 'password-123', /\/demo\/(?!auth\/)/);
    await editor.goto(pageAddress('admin'));
    await editSwitch(editor).click({ force: true });
    await row(editor, 'Nama Produk').click();
    await editor.getByTestId('config-panel').getByLabel('Label').fill('Nama Ditolak');
    const asEditor = apiAs(await demoToken(editorUser, 'password-123'));
    expect((await admin('DELETE', '/auth/removeUserFromGroup', { userId: editorUser, groupId: adminGroup })).status).toBe(true);

    // What the server answers his save now (his token is still valid: groups are read on each call).
    const refusal = await asEditor('POST', '/save/saveApp', { appId, pages: [{ pageId, pageAppId: appId, pageComponents: '[]' }] });
    expect(refusal.httpStatus).toBe(403);
    const message = refusal.error?.[0] ?? '';
    expect(message).not.toBe('');

    await editor.getByRole('button', { name: 'SAVE' }).click();
    await editor.getByText(message).first().waitFor();
    await syncIndicator(editor).getByText('Syncronizing').waitFor();
    await row(editor, 'Nama Ditolak').waitFor();
    expect(await editor.getByTestId('config-panel').getByLabel('Label').inputValue()).toBe('Nama Ditolak');
    expect((await storedComponents())[0]?.title).toBe('Nama Produk');
    await snapshot(editor, 'runtime-edit-mode-refused');
    await editor.context().close();
  });
});
