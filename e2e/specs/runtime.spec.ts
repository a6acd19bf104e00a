import { createComponent, type Component, FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES, Messages } from '@rakit/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, baseUrl, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';

/** A JSON call as the demo's administrator (or another token). */
async function api(method: string, path: string, body: unknown, token: string) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { status: boolean; data: never; error?: string[] } };
}
const signIn = async (userId: string, password: string) =>
  (await (await fetch(`${baseUrl()}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId, password, appSlug: 'demo' }) })).json()).data[0].token as string;

describe('a member works with a page through his group\'s menu', () => {
  const stamp = Date.now().toString(36);
  const menuName = `Formulir ${stamp}`;
  const otherUser = `gudang-${stamp}`;
  let browser: Browser;
  let page: Page;
  let pageId: number;

  beforeAll(async () => {
    // The author's part, through the API (the editor has its own spec).
    const admin = await signIn(DEMO_ADMIN, ADMIN_PASSWORD);
    const appId = (await (await fetch(`${baseUrl()}/get/getApp/slug/demo`)).json()).data.appId as number;
    const created = await api('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: `Pendaftaran ${stamp}` }] }, admin);
    pageId = (created.body.data as { pages: { pageId: number }[] }).pages[0]?.pageId as number;
    const email: Component = { ...createComponent('input', 'email', 'Alamat Email'), subtype: 'email', required: false };
    const upload: Component = { ...createComponent('fileupload', 'file', 'Lampiran'), required: false };
    const components = [createComponent('input', 'name', 'Nama Lengkap'), email, upload];
    expect((await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] }, admin)).status).toBe(200);

    const parent = (await api('POST', '/save/saveMenu', { menuId: null, menuName, menuAppId: appId, menuPageId: 0, menuParentMenuId: 0 }, admin)).body.data as { menuId: number };
    const sub = (await api('POST', '/save/saveMenu', { menuId: null, menuName: 'Isi Formulir', menuAppId: appId, menuPageId: pageId, menuParentMenuId: parent.menuId }, admin)).body.data as { menuId: number };
    const groups = (await api('GET', `/auth/listgroup/${appId}`, undefined, admin)).body.data as { groupId: number; groupSlug: string }[];
    const staff = groups.find((g) => g.groupSlug === 'staff')?.groupId as number;
    expect((await api('PUT', '/auth/updategroup', { groupId: staff, groupAppId: appId, groupAccess: { menuId: [parent.menuId, sub.menuId] } }, admin)).status).toBe(200);

    // A member of another group of the same application.
    const other = (await api('POST', '/auth/addgroup', { data: { groupId: null, groupName: `Gudang ${stamp}`, groupAppId: appId } }, admin)).body.data as { groupId: number };
    await api('POST', '/auth/adduser', { data: { userId: otherUser, password: 'password-123', confirm_password: 'password-123', appId } }, admin);
    await api('DELETE', '/auth/removeUserFromGroup', { userId: otherUser, groupId: staff }, admin);
    await api('POST', '/auth/addUserToGroup', { userId: otherUser, groupId: other.groupId }, admin);

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

  it('gives a member of another group no such menu and a 403 from the page call', async () => {
    const other = await newPage(browser);
    await signInToDemo(other, otherUser, 'password-123', `**/demo/gudang-${stamp}`);
    await other.getByRole('navigation', { name: 'Application menu' }).getByText('No menu is available to your group yet.').waitFor();
    expect(await other.getByText(menuName).count()).toBe(0);
    const token = await signIn(otherUser, 'password-123');
    expect((await api('GET', `/get/getPage/${pageId}`, undefined, token)).status).toBe(403);
    await other.goto(`/demo/gudang-${stamp}/pendaftaran-${stamp}`);
    await other.getByText('You do not have access to this page.').waitFor();
  });
});
