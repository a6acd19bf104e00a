import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe';
import { browserPageForSuite, snapshot } from '../support/browser';
import { confirmRemoval, signInToDemo } from '../support/demo';

const TOKEN = `orders-token-${Date.now().toString(36)}`;

/** The orders the local API serves: 30 of the 45 paid; one customer's name is markup, to be shown as text. */
const ORDERS = Array.from({ length: 45 }, (_, index) => ({
  id: index + 1,
  customer: index === 1 ? '<b>Toko Maju</b>' : `Customer ${index + 1}`,
  total: (index + 1) * 1500,
  paid: index % 3 !== 0,
  placedAt: `2026-11-${String(1 + (index % 28)).padStart(2, '0')}T08:00:00Z`,
}));
const PAID = ORDERS.filter((order) => order.paid);

interface Seen { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders }

/**
 * APIs as data sources (issue 40): the demo's administrator adds an HTTP API that wants a bearer
 * token (a real server on loopback, which the e2e operator allows with RAKIT_ALLOWED_URL_HOSTS),
 * adds its orders endpoint, previews it (a bad expression first, then the rows, paged and
 * filtered by a sample parameter), takes the preview's columns and saves; edits the API without
 * typing the token again and the preview still signs in; on a phone too; removes the endpoint
 * and the API.
 */
describe('an administrator reads rows from an HTTP API', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const apiName = `Orders API ${Date.now().toString(36)}`;
  const seen: Seen[] = [];
  let server: Server;
  let baseUrl = '';

  const dialog = (name: string) => page().getByRole('dialog', { name });
  const section = () => page().getByRole('region', { name: apiName });
  const endpointRow = () => section().getByRole('row').filter({ hasText: 'Orders' });
  const choose = async (scope: Locator, combobox: string, option: string) => {
    await scope.getByRole('combobox', { name: combobox }).click();
    await page().getByRole('option', { name: option, exact: true }).click();
  };
  const lastCall = () => seen.at(-1);

  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      seen.push({ method: request.method ?? '', path: url.pathname, query: url.searchParams, headers: request.headers });
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== `Bearer ${TOKEN}`) return answer(401, { error: 'unauthorized' });
      if (request.method !== 'GET' || url.pathname !== '/v1/orders') return answer(404, { error: 'not found' });
      const status = url.searchParams.get('status');
      const rows = status === null || status === '' ? ORDERS : ORDERS.filter((order) => order.paid === (status === 'paid'));
      const number = Number(url.searchParams.get('page') ?? '1');
      const size = Number(url.searchParams.get('size') ?? '10');
      return answer(200, { data: rows.slice((number - 1) * size, number * size), meta: { total: rows.length } });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('is linked from the top bar beside Database', async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    await signInToDemo(page());
    const nav = page().getByRole('navigation', { name: 'Administration' });
    await nav.getByRole('link', { name: 'APIs', exact: true }).waitFor();
    const links = await nav.getByRole('link').allInnerTexts();
    expect(links.indexOf('APIs')).toBe(links.indexOf('Database') + 1);
    await nav.getByRole('link', { name: 'APIs', exact: true }).click();
    await page().waitForURL('**/demo/apis');
    await page().getByRole('heading', { name: 'APIs', level: 1 }).waitFor();
  });

  it('adds an API that signs in with a bearer token, listed without it', async () => {
    await page().getByRole('button', { name: 'Add API' }).click();
    const form = dialog('Add API');
    await form.getByLabel('Name', { exact: true }).fill(apiName);
    await form.getByLabel('Base URL').fill(baseUrl);
    await choose(form, 'Authentication', 'Bearer token');
    await form.getByLabel('Token', { exact: true }).fill(TOKEN);
    await form.getByRole('button', { name: 'Add header' }).click();
    await form.getByLabel('Name of header 1').fill('X-Client');
    await form.getByLabel('Value of header 1').fill('rakit-e2e');
    await form.getByLabel('Time limit (seconds)').fill('10');
    expect(await accessibilityViolations(page())).toEqual([]);
    await snapshot(page(), 'api-sources-api-dialog-1366');
    await form.getByRole('button', { name: 'Save' }).click();
    await page().getByText('API saved').last().waitFor();
    await form.waitFor({ state: 'detached' });

    await section().waitFor();
    const text = await section().textContent();
    for (const shown of [baseUrl, 'Bearer token', '0 endpoints', 'No endpoint yet.']) expect(text).toContain(shown);
    expect(await page().content()).not.toContain(TOKEN);
  });

  it('adds the orders endpoint: previews it, takes its columns and saves it', async () => {
    await section().getByRole('button', { name: `Add endpoint to ${apiName}` }).click();
    const form = dialog(`Add endpoint to ${apiName}`);
    await form.getByLabel('Name', { exact: true }).fill('Orders');
    await form.getByLabel('Path', { exact: true }).fill('/orders');
    // A GET has no body.
    expect(await form.getByLabel('JSON body').count()).toBe(0);
    await form.getByRole('button', { name: 'Add query parameter' }).click();
    await form.getByLabel('Name of query parameter 1').fill('status');
    await form.getByLabel('Value of query parameter 1').fill('{{ status }}');
    await form.getByLabel('Sample value of status').fill('paid');
    await choose(form, 'Paging', 'Page number and size');
    // Only the page scheme's parameters are asked for.
    expect(await form.getByLabel('Page parameter').inputValue()).toBe('page');
    expect(await form.getByLabel('Page size parameter').inputValue()).toBe('size');
    expect(await form.getByLabel('Offset parameter').count()).toBe(0);
    expect(await form.getByLabel('Cursor parameter').count()).toBe(0);
    await form.getByLabel('Total rows (JMESPath)').fill('meta.total');

    // A rows expression that is not JMESPath: the server says so, the API is not called.
    const calls = seen.length;
    await form.getByLabel('Rows (JMESPath)', { exact: true }).fill('data[');
    await form.getByRole('button', { name: 'Preview', exact: true }).click();
    await form.getByRole('alert').filter({ hasText: 'The preview failed' }).filter({ hasText: 'data[' }).waitFor();
    expect(seen.length).toBe(calls);

    await form.getByLabel('Rows (JMESPath)', { exact: true }).fill('data');
    await form.getByRole('button', { name: 'Preview', exact: true }).click();
    const rows = form.getByRole('table', { name: 'Rows of the preview' });
    await rows.waitFor();
    await form.getByText('Status 200', { exact: true }).waitFor();
    await form.getByText(/^20 rows in [\d.]+ ms$/).waitFor();
    // A screen reader hears it too.
    await form.getByRole('status').filter({ hasText: /^Answered 200: 20 rows in [\d.]+ ms$/ }).waitFor({ state: 'attached' });
    await form.getByText(`${PAID.length} in all`).waitFor();
    await form.getByText('more pages follow').waitFor();
    expect(await form.getByRole('alert').count()).toBe(0);
    // The server signed in and sent the default header, the sample value and the first page.
    const call = lastCall();
    expect(call?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(call?.headers['x-client']).toBe('rakit-e2e');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ status: 'paid', page: '1', size: '20' });
    // The columns the rows have, and the rows, values drawn as text: the markup is not markup.
    expect(await rows.getByRole('columnheader').allInnerTexts()).toEqual(['id', 'customer', 'total', 'paid', 'placedAt']);
    expect(await rows.locator('tbody tr').count()).toBe(20);
    expect(await rows.locator('tbody tr').first().getByRole('cell').allInnerTexts()).toEqual(['2', '<b>Toko Maju</b>', '3000', 'true', '2026-11-02T08:00:00Z']);
    expect(await rows.locator('b').count()).toBe(0);
    await form.getByRole('button', { name: 'Use these columns' }).click();
    expect(await form.getByLabel('Name of column 1').inputValue()).toBe('id');
    expect(await form.getByLabel('Name of column 5').inputValue()).toBe('placedAt');
    await choose(form, 'Type of column 5', 'Date');
    await form.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(() => rows.locator('tbody tr').first().getByRole('cell').last().innerText()).toBe('2026-11-02T08:00:00.000Z');
    expect(await accessibilityViolations(page())).toEqual([]);
    await form.getByRole('button', { name: 'Use these columns' }).scrollIntoViewIfNeeded();
    await snapshot(page(), 'api-sources-endpoint-dialog-1366');

    await form.getByRole('button', { name: 'Save' }).click();
    await page().getByText('Endpoint saved').last().waitFor();
    await form.waitFor({ state: 'detached' });
    await endpointRow().waitFor();
    expect(await endpointRow().getByRole('cell').allInnerTexts()).toEqual(['Orders', 'GET', '/orders', '']);
    expect(await section().textContent()).toContain('1 endpoint');
    expect(await accessibilityViolations(page())).toEqual([]);
    await snapshot(page(), 'api-sources-list-1366');
  });

  it('edits the API without typing the token again, and the endpoint still signs in', async () => {
    await section().getByRole('button', { name: `Edit API ${apiName}` }).click();
    const form = dialog('Edit API');
    const token = form.getByLabel('Token', { exact: true });
    expect(await token.inputValue()).toBe('');
    expect(await token.getAttribute('placeholder')).toBe('A secret is stored');
    await form.getByText('Leave empty to keep the stored secret').waitFor();
    expect(await form.getByLabel('Value of header 1').inputValue()).toBe('rakit-e2e');
    await form.getByLabel('Value of header 1').fill('rakit-e2e-2');
    await form.getByRole('button', { name: 'Save' }).click();
    await page().getByText('API saved').last().waitFor();
    await form.waitFor({ state: 'detached' });

    await endpointRow().getByRole('button', { name: 'Edit endpoint Orders' }).click();
    const endpoint = dialog(`Edit endpoint of ${apiName}`);
    // What was saved comes back: the query, the paging and the columns taken from the preview.
    expect(await endpoint.getByLabel('Value of query parameter 1').inputValue()).toBe('{{ status }}');
    expect(await endpoint.getByLabel('Rows (JMESPath)', { exact: true }).inputValue()).toBe('data');
    expect(await endpoint.getByRole('combobox', { name: 'Paging' }).inputValue()).toBe('Page number and size');
    expect(await endpoint.getByRole('combobox', { name: 'Type of column 5' }).inputValue()).toBe('Date');
    await endpoint.getByLabel('Sample value of status').fill('unpaid');
    await endpoint.getByRole('button', { name: 'Preview', exact: true }).click();
    await endpoint.getByText(/^15 rows in [\d.]+ ms$/).waitFor();
    expect(lastCall()?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(lastCall()?.headers['x-client']).toBe('rakit-e2e-2');
    await endpoint.getByRole('button', { name: 'Cancel' }).click();
    await endpoint.waitFor({ state: 'detached' });
  });

  it('fits a phone: the list and both dialogs', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await page().goto('/demo/home');
    await page().getByRole('button', { name: 'Administration menu' }).click();
    await page().getByRole('menuitem', { name: 'APIs', exact: true }).click();
    await page().waitForURL('**/demo/apis');
    await endpointRow().waitFor();
    const overflow = () => page().evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page())).toEqual([]);
    await snapshot(page(), 'api-sources-list-390');

    await section().getByRole('button', { name: `Edit API ${apiName}` }).click();
    const form = dialog('Edit API');
    await form.getByLabel('Token', { exact: true }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page())).toEqual([]);
    await snapshot(page(), 'api-sources-api-dialog-390');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });

    await endpointRow().getByRole('button', { name: 'Edit endpoint Orders' }).click();
    const endpoint = dialog(`Edit endpoint of ${apiName}`);
    await endpoint.getByLabel('Sample value of status').fill('paid');
    await endpoint.getByRole('button', { name: 'Preview', exact: true }).click();
    await endpoint.getByRole('table', { name: 'Rows of the preview' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page())).toEqual([]);
    await snapshot(page(), 'api-sources-endpoint-dialog-390');
    await endpoint.getByRole('button', { name: 'Use these columns' }).scrollIntoViewIfNeeded();
    await snapshot(page(), 'api-sources-endpoint-preview-390');
    await endpoint.getByRole('button', { name: 'Cancel' }).click();
    await endpoint.waitFor({ state: 'detached' });
    await page().setViewportSize({ width: 1366, height: 900 });
  });

  it('removes the endpoint, then the API', async () => {
    await endpointRow().getByRole('button', { name: 'Remove endpoint Orders' }).click();
    await confirmRemoval(page(), 'Remove the endpoint Orders?');
    await page().getByText('Endpoint removed').waitFor();
    await endpointRow().waitFor({ state: 'detached' });
    await section().getByText('No endpoint yet.').waitFor();

    await section().getByRole('button', { name: `Remove API ${apiName}` }).click();
    await confirmRemoval(page(), `Remove the API ${apiName}?`);
    await page().getByText('API removed').waitFor();
    await section().waitFor({ state: 'detached' });
  });
});
