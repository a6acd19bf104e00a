import { createComponent, type Component, FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES, Messages } from '@rakit/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';

describe('a member works with a page through his group\'s menu', () => {
  const stamp = Date.now().toString(36);
  const menuName = `Formulir ${stamp}`;
  const otherUser = `gudang-${stamp}`;
  let browser: Browser;
  let page: Page;
  let pageId: number;

  beforeAll(async () => {
    // The author's part, through the API (the editor has its own spec).
    const admin = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    const created = await admin<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: `Pendaftaran ${stamp}` }] });
    pageId = created.data.pages[0]?.pageId as number;
    const email: Component = { ...createComponent('input', 'email', 'Alamat Email'), subtype: 'email', required: false };
    const upload: Component = { ...createComponent('fileupload', 'file', 'Lampiran'), required: false };
    const components = [createComponent('input', 'name', 'Nama Lengkap'), email, upload];
    expect((await admin('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] })).httpStatus).toBe(200);
    await menuForStaff(admin, appId, menuName, [['Isi Formulir', pageId]]);

    // A member of another group of the same application.
    const other = await admin<{ groupId: number }>('POST', '/auth/addgroup', { data: { groupId: null, groupName: `Gudang ${stamp}`, groupAppId: appId } });
    await admin('POST', '/auth/adduser', { data: { userId: otherUser, password: 'password-123', confirm_password: 'password-123', appId } });
    const groups = (await admin<{ groupId: number; groupSlug: string }[]>('GET', `/auth/listgroup/${appId}`)).data;
    await admin('DELETE', '/auth/removeUserFromGroup', { userId: otherUser, groupId: groups.find((g) => g.groupSlug === 'staff')?.groupId });
    await admin('POST', '/auth/addUserToGroup', { userId: otherUser, groupId: other.data.groupId });

    browser = await launchBrowser();
    page = await newPage(browser);
  });
  afterAll(async () => { await browser.close(); });

  it('shows the member his group\'s menu and opens the page from it', async () => {
    await signInToDemo(page, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    const nav = page.getByRole('navigation', { name: 'Application menu' });
    await nav.getByText(menuName).click();
    await nav.getByText('Isi Formulir').click();
    await page.waitForURL(`**/demo/staff/pendaftaran-${stamp}`);
    await page.getByRole('heading', { name: `Pendaftaran ${stamp}` }).waitFor();
    await page.getByLabel('Nama Lengkap').waitFor();
  });

  it('flags an empty required input and a malformed e-mail', async () => {
    await page.getByLabel('Nama Lengkap').click();
    await page.getByLabel('Alamat Email').click();
    await page.getByText(Messages.fieldRequired).first().waitFor();
    await page.getByLabel('Alamat Email').fill('bukan-email');
    await page.getByText(Messages.emailInvalid).waitFor();
    await page.getByLabel('Alamat Email').fill('siti@example.co.id');
    await page.getByText(Messages.emailInvalid).waitFor({ state: 'detached' });
    await page.getByLabel('Nama Lengkap').fill('Siti Rahma');
    await page.getByText(Messages.fieldRequired).waitFor({ state: 'detached' });
    await snapshot(page, 'runtime-form');
  });

  it('refuses a file over 2 MB and uploads a small one', async () => {
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'besar.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(MAX_UPLOAD_BYTES + 10, 7) });
    await page.getByText(FILE_TOO_LARGE_MESSAGE).waitFor();
    await fileInput.setInputFiles({ name: 'catatan.txt', mimeType: 'text/plain', buffer: Buffer.from('catatan kecil') });
    await page.getByText('catatan.txt').first().waitFor();
    await page.getByText(FILE_TOO_LARGE_MESSAGE).waitFor({ state: 'detached' });
    await snapshot(page, 'runtime-upload');
  });

  it('offers administrators an edit mode, from which the page opens in the editor', async () => {
    const admin = await newPage(browser);
    await signInToDemo(admin);
    await admin.goto(`/demo/admin/pendaftaran-${stamp}`);
    await admin.getByLabel('Nama Lengkap').waitFor();
    // The edit mode itself has its own spec (runtime-edit-mode.spec.ts).
    await admin.getByRole('switch', { name: 'Edit mode' }).click({ force: true });
    await admin.getByRole('link', { name: 'Open in editor' }).click();
    await admin.waitForURL(`**/demo/form-editor?page=${pageId}`);
    await admin.getByText('Saved', { exact: true }).waitFor();
    // The editor's board, its faces drawn once they are near the screen.
    await admin.getByTestId('editor-board').getByText('Nama Lengkap').waitFor();
  });

  it('gives a member of another group no such menu and a 403 from the page call', async () => {
    const other = await newPage(browser);
    await signInToDemo(other, otherUser, 'password-123', `**/demo/gudang-${stamp}`);
    await other.getByRole('navigation', { name: 'Application menu' }).getByText('No menu is available to your group yet.').waitFor();
    expect(await other.getByText(menuName).count()).toBe(0);
    const asOther = apiAs(await demoToken(otherUser, 'password-123'));
    expect((await asOther('GET', `/get/getPage/${pageId}`)).httpStatus).toBe(403);
    await other.goto(`/demo/gudang-${stamp}/pendaftaran-${stamp}`);
    await other.getByText('You do not have access to this page.').waitFor();
  });
});
