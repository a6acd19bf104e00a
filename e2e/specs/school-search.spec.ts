import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_MEMBER, signInToDemo } from '../support/demo';
import { createPageInEditor, pageForStaff } from '../support/editor-page';

/**
 * The school directory and the school widgets (spec 3 §2, §7, §8; issue 14): the super
 * administrator imports a CSV file in the root application, an author places School Search and
 * School Address on a page, a member finds a school and reads its address.
 */
describe('the school search and school address widgets', () => {
  const stamp = Date.now().toString(36);
  const pageName = `Sekolah ${stamp}`;
  let browser: Browser;
  let pageSlug: string;
  let pageId: number;

  /** Types into the page's School Search and picks the school it offers. */
  const chooseSchool = async (on: Page, typed: string, schoolName: string) => {
    const school = on.locator('input').and(on.getByLabel('Asal Sekolah'));
    await school.click();
    await school.pressSequentially(typed, { delay: 30 });
    await on.getByRole('option', { name: schoolName }).click();
  };
  const schoolAddress = (on: Page) => on.getByRole('textbox', { name: 'Alamat Sekolah' });

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => { await browser.close(); });

  it('lets the super administrator import a school directory with its failures listed', async () => {
    const root = await newPage(browser);
    await root.setViewportSize({ width: 1366, height: 900 });
    await root.goto('/_root/auth/login');
    await root.getByLabel('Username').fill('admin');
    await root.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await root.getByRole('button', { name: 'Sign In' }).click();
    await root.waitForURL('**/_root/home');
    await root.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Schools' }).click();
    await root.waitForURL('**/_root/schools');
    await root.getByText('Sample data').waitFor();
    await root.getByText('SAMPLE', { exact: true }).first().waitFor();

    const csv = [
      'NPSN,Nama Sekolah,Jenjang,Status,Alamat,Kode Desa',
      `20219${stamp.slice(-3).replace(/\D/g, '0').padStart(3, '0')},SD Negeri Sukamaju ${stamp},SD,Negeri,"Jl. Raya Sukamaju No. 5, Cibungbulang",32.01.16.2013`,
      `20218${stamp.slice(-3).replace(/\D/g, '0').padStart(3, '0')},SMP Tanpa Alamat ${stamp},SMP,Swasta,,`,
      '123,SD Rusak,SD,Negeri,,',
    ].join('\n');
    await root.locator('input[type="file"]').setInputFiles({ name: 'sekolah.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await root.getByText('sekolah.csv: 3 rows').waitFor();
    // The columns were matched from the header.
    expect(await root.locator('input').and(root.getByLabel('Column of NPSN')).inputValue()).toBe('NPSN');
    expect(await root.locator('input').and(root.getByLabel('Column of School name')).inputValue()).toBe('Nama Sekolah');
    expect(await root.locator('input').and(root.getByLabel('Column of Village code')).inputValue()).toBe('Kode Desa');
    await root.getByRole('button', { name: 'Import 3 rows' }).click();
    await root.getByText('2 imported, 1 failed').waitFor();
    await root.getByRole('table', { name: 'Rows that failed' }).getByText("The NPSN '123' is not 8 digits").waitFor();
    await root.getByRole('progressbar', { name: 'Import progress' }).waitFor();
    await root.getByText(`SD Negeri Sukamaju ${stamp}`).waitFor();
    await root.getByText('Sample data').waitFor({ state: 'detached' });
    await snapshot(root, 'schools-imported');
    await root.context().close();
  });

  it('is placed by an author in the editor', async () => {
    const author = await newPage(browser);
    await author.setViewportSize({ width: 1366, height: 900 });
    await signInToDemo(author);
    await author.goto('/demo/form-editor');
    pageId = await createPageInEditor(author, pageName);
    const panel = author.getByTestId('config-panel');
    await author.locator('[data-palette-type="school"]').click();
    await panel.getByLabel('Label', { exact: true }).fill('Asal Sekolah');
    await author.locator('[data-testid="editor-component"][data-title="Asal Sekolah"]').waitFor();
    await author.locator('[data-palette-type="schooladdress"]').click();
    await panel.getByLabel('Label', { exact: true }).fill('Alamat Sekolah');
    await author.locator('[data-testid="editor-component"][data-title="Alamat Sekolah"]').waitFor();
    expect(await author.getByText('configured in a later release').count()).toBe(0);
    await author.getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();
    await snapshot(author, 'school-configured-in-editor');
    await author.context().close();

    const stored = await pageForStaff(pageId, `Sekolah ${stamp}`, 'Sekolah');
    pageSlug = stored.pageSlug;
    expect(stored.components.map((c) => [c.type, c.title])).toEqual([['school', 'Asal Sekolah'], ['schooladdress', 'Alamat Sekolah']]);
  });

  // Issue 41 item 5: the editor's Preview showed 'Choose a school first' after a school was chosen.
  it('shows the chosen school\'s address in the editor\'s Preview', async () => {
    const author = await newPage(browser);
    await author.setViewportSize({ width: 1366, height: 900 });
    await signInToDemo(author);
    await author.goto(`/demo/form-editor?page=${pageId}`);
    await author.locator('[data-testid="editor-component"][data-title="Alamat Sekolah"]').waitFor();
    await author.getByRole('button', { name: 'Preview' }).click();
    await author.getByTestId('config-panel').waitFor({ state: 'detached' });
    await chooseSchool(author, 'sukamaju', `SD Negeri Sukamaju ${stamp}`);
    await expect.poll(() => schoolAddress(author).inputValue()).toBe('Jl. Raya Sukamaju No. 5, Cibungbulang');
    await snapshot(author, 'school-editor-preview');
    await author.context().close();
  });

  for (const [width, height] of [[1366, 900], [390, 844]] as const) {
    it(`lets a member find a school and read its address at ${width} px`, async () => {
      const member = await newPage(browser);
      await member.setViewportSize({ width, height });
      await signInToDemo(member, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
      await member.goto(`/demo/staff/${pageSlug}`);
      await member.getByRole('heading', { name: pageName }).waitFor();
      await chooseSchool(member, 'sukamaju', `SD Negeri Sukamaju ${stamp}`);
      await expect.poll(() => schoolAddress(member).inputValue()).toBe('Jl. Raya Sukamaju No. 5, Cibungbulang');
      await snapshot(member, `school-member-${width}`);

      await member.locator('[aria-label="Clear the school"]').click();
      await chooseSchool(member, 'tanpa alamat', `SMP Tanpa Alamat ${stamp}`);
      await expect.poll(() => schoolAddress(member).inputValue()).toBe('Address not available');
      await member.context().close();
    });
  }
});
