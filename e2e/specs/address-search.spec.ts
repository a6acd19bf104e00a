import { Messages } from '@rakit/core';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, baseUrl, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_MEMBER, signInToDemo } from '../support/demo';
import { createPageInEditor, pageForStaff } from '../support/editor-page';

/** Requests the page made that leave the server (none may: the areas are served by Rakit). */
function outsideRequests(page: Page): Request[] {
  const outside: Request[] = [];
  const origin = new URL(baseUrl()).origin;
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:') && !request.url().startsWith('blob:')) outside.push(request);
  });
  return outside;
}

/**
 * The address search widget (spec 3 §2, §5, §8; issue 14): an author places and configures it in
 * the editor, a member then finds his village by typing part of its name and its district's.
 */
describe('the address search widget', () => {
  const stamp = Date.now().toString(36);
  const pageName = `Alamat ${stamp}`;
  let browser: Browser;
  let pageSlug: string;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => { await browser.close(); });

  it('is placed and configured by an author in the editor', async () => {
    const author = await newPage(browser);
    await author.setViewportSize({ width: 1366, height: 900 });
    await signInToDemo(author);
    await author.goto('/demo/form-editor');
    const pageId = await createPageInEditor(author, pageName);

    await author.locator('[data-palette-type="address"]').click();
    const panel = author.getByTestId('config-panel');
    await panel.getByLabel('Label', { exact: true }).fill('Alamat Rumah');
    await author.locator('[data-testid="editor-component"][data-title="Alamat Rumah"]').waitFor();
    const required = panel.getByRole('switch', { name: 'Required' });
    if (!(await required.isChecked())) await required.check();
    await panel.getByText('idn-area-data').waitFor();
    expect(await author.getByText('configured in a later release').count()).toBe(0);
    await author.getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();
    await snapshot(author, 'address-configured-in-editor');
    await author.context().close();

    const stored = await pageForStaff(pageId, `Alamat ${stamp}`, 'Alamat');
    pageSlug = stored.pageSlug;
    expect(stored.components).toHaveLength(1);
    expect(stored.components[0]).toMatchObject({ type: 'address', title: 'Alamat Rumah', required: true });
  });

  for (const [width, height] of [[1366, 900], [390, 844]] as const) {
    it(`lets a member find and choose his village at ${width} px`, async () => {
      const member = await newPage(browser);
      await member.setViewportSize({ width, height });
      const outside = outsideRequests(member);
      const lookups: string[] = [];
      member.on('request', (request) => {
        if (request.url().endsWith('/get/getAddress')) lookups.push((request.postDataJSON() as { address: string }).address);
      });
      await signInToDemo(member, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
      await member.goto(`/demo/staff/${pageSlug}`);
      await member.getByRole('heading', { name: pageName }).waitFor();
      const field = member.locator('input').and(member.getByLabel('Alamat Rumah'));
      await field.waitFor();
      await member.getByText('Type at least 6 characters').first().waitFor();

      // Left empty, the required field says so.
      await field.click();
      await member.getByRole('heading', { name: pageName }).click();
      await member.getByText(Messages.fieldRequired).waitFor();

      // Five characters look nothing up.
      await field.click();
      await field.pressSequentially('sukam', { delay: 30 });
      await member.waitForTimeout(700);
      expect(lookups).toEqual([]);

      // The village and its district, with a typo: the village of that district comes first.
      await field.pressSequentially('aju cibungbulan', { delay: 30 });
      const first = member.getByRole('option').first();
      await first.filter({ hasText: 'Sukamaju, Cibungbulang, Kabupaten Bogor, Jawa Barat' }).waitFor();
      expect(lookups.every((typed) => typed.length >= 6)).toBe(true);
      await snapshot(member, `address-options-${width}`);
      await first.click();
      expect(await field.inputValue()).toBe('Sukamaju, Cibungbulang, Kabupaten Bogor, Jawa Barat');
      await member.getByText(Messages.fieldRequired).waitFor({ state: 'detached' });

      // Cleared, a text no area holds offers nothing and cannot be kept as the value.
      await member.locator('[aria-label="Clear the address"]').click();
      expect(await field.inputValue()).toBe('');
      await field.click();
      await field.pressSequentially('qxzvwq jjjkkq', { delay: 20 });
      await member.getByText('No address matches').waitFor();
      await member.getByRole('heading', { name: pageName }).click();
      expect(await field.inputValue()).toBe('');
      await member.getByText(Messages.fieldRequired).waitFor();

      // Chosen again, the value stays.
      await field.click();
      await field.pressSequentially('sukamaju cibungbulang', { delay: 20 });
      await member.getByRole('option').first().filter({ hasText: 'Sukamaju, Cibungbulang' }).click();
      await member.getByText(Messages.fieldRequired).waitFor({ state: 'detached' });
      expect(await field.inputValue()).toBe('Sukamaju, Cibungbulang, Kabupaten Bogor, Jawa Barat');
      await snapshot(member, `address-member-${width}`);
      expect(outside.map((r) => r.url())).toEqual([]);
      await member.context().close();
    });
  }

  it('answers on a phone without a network from the villages looked up on it before, and says so', async () => {
    const member = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInToDemo(member, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await member.goto(`/demo/staff/${pageSlug}`);
    const field = member.locator('input').and(member.getByLabel('Alamat Rumah'));
    await field.click();
    await field.pressSequentially('sukamaju cibungbulan', { delay: 20 });
    await member.getByRole('option').first().filter({ hasText: 'Sukamaju, Cibungbulang, Kabupaten Bogor, Jawa Barat' }).waitFor();
    await member.keyboard.press('Escape');

    await member.context().setOffline(true);
    await field.fill('');
    await field.pressSequentially('sukamaju', { delay: 20 });
    await member.getByRole('option', { name: 'Sukamaju, Cibungbulang, Kabupaten Bogor, Jawa Barat' }).waitFor();
    await member.getByText('Offline: only what was looked up on this device before').waitFor();
    await snapshot(member, 'address-offline-390');
    await field.fill('');
    await field.pressSequentially('kampung baru', { delay: 20 });
    await member.getByText('Not looked up on this device before: try again when you are online').waitFor();
    await member.context().close();
  });
});
