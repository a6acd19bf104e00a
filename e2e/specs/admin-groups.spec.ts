import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from '../support/browser';
import { confirmRemoval, DEMO_MEMBER, openDemoScreen, signInToDemo } from '../support/demo';

describe('the demo administrator manages user groups', () => {
  let browser: Browser;
  let page: Page;
  const name = `Kasir ${Date.now()}`;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
  });
  afterAll(async () => { await browser.close(); });

  const row = () => page.getByRole('row').filter({ hasText: name });
  const dialog = () => page.getByRole('dialog');

  async function chooseDefaultGroup(groupName: string) {
    // A notice of an earlier choice goes first, so the one seen is this choice's.
    await page.getByText('Insert default group success').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Default Group : / }).click();
    await dialog().getByText('Select Default Group').waitFor();
    await dialog().getByRole('radio', { name: groupName, exact: true }).click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Insert default group success').waitFor();
    await page.getByRole('button', { name: `Default Group : ${groupName}` }).waitFor();
  }

  it('shows the groups with their members and the default group', async () => {
    await signInToDemo(page);
    await openDemoScreen(page, 'group', 'Daftar Group');
    await page.getByRole('button', { name: 'Default Group : Staff' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Staff' }).getByText(DEMO_MEMBER).waitFor();
  });

  it('asks for a name before creating a group', async () => {
    await page.getByRole('button', { name: 'Add New Group' }).click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText("Please, fill group's name").waitFor();
    await dialog().getByLabel('Name').fill(name);
    await dialog().getByLabel('Name').press('Enter');
    await page.getByText('Create group success').waitFor();
    await row().waitFor();
  });

  it('adds a user to the group with the Select User dialog', async () => {
    await row().getByRole('button', { name: 'Add member' }).click();
    await dialog().getByText('Select User').waitFor();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please, select user').waitFor();
    const search = dialog().getByRole('combobox');
    await search.fill(DEMO_MEMBER);
    await page.getByRole('option', { name: DEMO_MEMBER }).waitFor();
    await search.press('Enter');
    await page.getByText('Insert user success').waitFor();
    await row().getByText(DEMO_MEMBER).waitFor();
    await snapshot(page, 'admin-groups-member');
  });

  it('makes the group the default one and back', async () => {
    await chooseDefaultGroup(name);
    await row().getByText('Default', { exact: true }).waitFor();
    await chooseDefaultGroup('Staff');
  });

  it('finds groups by a member with Search User', async () => {
    await page.getByRole('textbox', { name: 'Search User' }).fill(DEMO_MEMBER);
    await page.getByRole('row').filter({ hasText: 'Admin' }).waitFor({ state: 'detached' });
    await row().waitFor();
    await page.getByRole('textbox', { name: 'Search User' }).fill('');
    await page.getByRole('row').filter({ hasText: 'Admin' }).waitFor();
  });

  it('removes the member and then the group', async () => {
    await row().getByRole('button', { name: `Remove ${DEMO_MEMBER}` }).click();
    await page.getByText('Remove user success').waitFor();
    await row().getByText(DEMO_MEMBER).waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: 'Staff' }).getByText(DEMO_MEMBER).waitFor();

    await row().getByRole('button', { name: 'Remove group' }).click();
    await confirmRemoval(page, 'Are you sure to remove this group?');
    await page.getByText('Remove group success').waitFor();
    await row().waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Default Group : Staff' }).isVisible()).toBe(true);
  });
});
