import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, demoAppId, demoToken } from '../support/api';
import { accessibilityViolations } from '../support/axe';
import { ADMIN_PASSWORD, baseUrl, browserPageForSuite, snapshot } from '../support/browser';
import { confirmRemoval, DEMO_ADMIN, signInToDemo } from '../support/demo';

/**
 * Tokens for machines (issue 36): the demo's administrator makes a token that may read the
 * Products page's tables, copies it from the dialog that shows it once, and a script reads the
 * products with it (and nothing else); the list then says when it was last used; revoked, the
 * script is refused. A second token only deploys the application (issue 39): it names no page.
 */
describe('an administrator gives a script a token for machines', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const name = `Impor stok ${Date.now().toString(36)}`;
  let secret = '';
  let pageIds: Record<string, number> = {};

  const row = () => page().getByRole('row').filter({ hasText: name });
  const dialog = () => page().getByRole('dialog');
  const script = (body: unknown) => fetch(new URL('/get/loadTableContent', baseUrl()), {
    method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });

  it('is linked from the top bar of the application', async () => {
    const admin = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const pages = (await admin<{ pageId: number; pageSlug: string }[]>('GET', `/get/listAppPages/${await demoAppId()}`)).data;
    pageIds = Object.fromEntries(pages.map((p) => [p.pageSlug, p.pageId]));
    await page().setViewportSize({ width: 1366, height: 900 });
    await signInToDemo(page());
    await page().getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'API tokens' }).click();
    await page().waitForURL('**/demo/api-tokens');
    await page().getByRole('heading', { name: 'API tokens' }).waitFor();
    await page().getByText('A token lets a script or another system call this application').waitFor();
  });

  it('makes a token that reads the Products page\'s tables, shown once', async () => {
    await page().getByRole('button', { name: 'New token' }).click();
    await dialog().getByLabel('Name').fill(name);
    // Reading the tables is checked to begin with.
    expect(await dialog().getByRole('checkbox', { name: 'Read and export the tables' }).isChecked()).toBe(true);
    await dialog().getByRole('combobox', { name: 'On these pages' }).click();
    await page().getByRole('option', { name: 'Products' }).click();
    await dialog().getByRole('combobox', { name: 'On these pages' }).press('Escape');
    await dialog().getByRole('combobox', { name: 'Expires after' }).click();
    await page().getByRole('option', { name: '30 days' }).click();
    await snapshot(page(), 'api-tokens-form');
    await dialog().getByRole('button', { name: 'Create token' }).click();

    await page().getByRole('dialog', { name: 'Copy the token now' }).waitFor();
    await page().getByText('This is the only time it is shown').waitFor();
    secret = (await page().getByTestId('shown-once-secret').textContent()) ?? '';
    expect(secret).toMatch(/^rkt_[a-z0-9]{24}_[A-Za-z0-9_-]{43}$/);
    await page().getByText(`Authorization: Bearer ${secret}`).waitFor();
    expect(await accessibilityViolations(page())).toEqual([]);
    await snapshot(page(), 'api-tokens-shown-once');
    await page().getByRole('button', { name: 'Done' }).click();

    await row().waitFor();
    const text = await row().textContent();
    for (const shown of ['Read and export the tables', 'Products', 'Never']) expect(text).toContain(shown);
    // Shown once: the list never holds it again.
    expect(await page().content()).not.toContain(secret);
  });

  it('lets the script read the products, and nothing else', async () => {
    const products = await script({ pageId: pageIds.products, componentId: 'products-table' });
    expect(products.status).toBe(200);
    const rows = ((await products.json()) as { data: { filteredResult: unknown[] }[] }).data[0]!.filteredResult;
    expect(rows.length).toBeGreaterThan(0);
    expect((await script({ pageId: pageIds.customers, componentId: 'customers-table' })).status).toBe(403);
    const edit = await fetch(new URL('/action/editRow', baseUrl()), {
      method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pageId: pageIds.products, componentId: 'products-table', actionName: 'EDIT', key: 1, values: { name: 'x' } }),
    });
    expect(edit.status).toBe(403);
  });

  it('says when the token was last used', async () => {
    await expect.poll(async () => {
      await page().reload();
      await row().waitFor();
      return (await row().textContent()) ?? '';
    }, { timeout: 10_000 }).not.toContain('Never');
  });

  it('fits a phone', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await page().getByRole('heading', { name: 'API tokens' }).waitFor();
    await row().scrollIntoViewIfNeeded();
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityViolations(page())).toEqual([]);
    await snapshot(page(), 'api-tokens-phone');
    await page().setViewportSize({ width: 1366, height: 900 });
  });

  it('makes a token a CI job deploys with: no page to pick, the whole application', async () => {
    const deployer = `Rilis ${Date.now().toString(36)}`;
    await page().getByRole('button', { name: 'New token' }).click();
    await dialog().getByLabel('Name').fill(deployer);
    await dialog().getByRole('checkbox', { name: 'Read and export the tables' }).click();
    await dialog().getByRole('checkbox', { name: 'Export, import, pull, push and promote the application, and set its variables (npx rakit)' }).click();
    // Deploying acts on the whole application: the page picker goes.
    await dialog().getByRole('combobox', { name: 'On these pages' }).waitFor({ state: 'detached' });
    expect(await accessibilityViolations(page())).toEqual([]);
    await page().setViewportSize({ width: 390, height: 844 });
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityViolations(page())).toEqual([]);
    await snapshot(page(), 'api-tokens-deploy-form-390');
    await page().setViewportSize({ width: 1366, height: 900 });
    await dialog().getByRole('button', { name: 'Create token' }).click();
    await page().getByRole('dialog', { name: 'Copy the token now' }).waitFor();
    const deploySecret = (await page().getByTestId('shown-once-secret').textContent()) ?? '';
    await page().getByRole('button', { name: 'Done' }).click();
    const deployRow = page().getByRole('row').filter({ hasText: deployer });
    await deployRow.waitFor();
    expect(await deployRow.textContent()).toContain('The whole application');
    // The job exports the application with it, and reads no table.
    const headers = { authorization: `Bearer ${deploySecret}`, 'content-type': 'application/json' };
    const exported = await fetch(new URL(`/get/exportApp/${await demoAppId()}`, baseUrl()), { headers });
    expect(exported.status).toBe(200);
    expect(((await exported.json()) as { data: { format: string } }).data.format).toBe('rakit-app-bundle');
    const read = await fetch(new URL('/get/loadTableContent', baseUrl()), { method: 'POST', headers, body: JSON.stringify({ pageId: pageIds.products, componentId: 'products-table' }) });
    expect(read.status).toBe(403);
  });

  it('revokes the token: the script is refused from its next call', async () => {
    await row().getByRole('button', { name: `Revoke ${name}` }).click();
    await confirmRemoval(page(), `Revoke the token ${name}?`, 'Revoke');
    await page().getByText('Token revoked').waitFor();
    await row().waitFor({ state: 'detached' });
    expect((await script({ pageId: pageIds.products, componentId: 'products-table' })).status).toBe(401);
  });
});
