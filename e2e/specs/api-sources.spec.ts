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
/** The customers the local API serves to the tenant it knows, as an array of rows. */
const CUSTOMERS = [
  { id: 1, name: 'Toko Maju', city: 'Bandung' },
  { id: 2, name: 'Warung Sari', city: 'Surabaya' },
  { id: 3, name: 'CV Sentosa', city: 'Medan' },
];

/**
 * The local API described in OpenAPI 3, as an administrator would paste it: its orders (the
 * operation id `orders` is the name of the endpoint added by hand, so it is marked), placing an
 * order, one order by its id, and the customers of a tenant named in a required header.
 */
const OPENAPI_YAML = `openapi: 3.0.3
info:
  title: Orders service
  version: 1.2.0
paths:
  /orders:
    get:
      operationId: orders
      summary: Orders, a page at a time
      parameters:
        - { name: status, in: query, schema: { type: string } }
        - { name: page, in: query, schema: { type: integer } }
      responses:
        '200': { description: A page of orders }
    post:
      operationId: createOrder
      summary: Place an order
      requestBody:
        content:
          application/json:
            schema: { type: object }
      responses:
        '201': { description: Placed }
  /orders/{orderId}:
    parameters:
      - { name: orderId, in: path, required: true, schema: { type: integer } }
    get:
      operationId: getOrder
      summary: One order
      responses:
        '200': { description: The order }
  /customers:
    get:
      operationId: listCustomers
      summary: Every customer of a tenant
      parameters:
        - { name: X-Tenant, in: header, required: true, schema: { type: string } }
      responses:
        '200': { description: The customers }
`;

interface Seen { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders }

/**
 * APIs as data sources (issue 40): the demo's administrator adds an HTTP API that wants a bearer
 * token (a real server on loopback, which the e2e operator allows with RAKIT_ALLOWED_URL_HOSTS),
 * adds its orders endpoint, previews it (a bad expression first, then the rows, paged and
 * filtered by a sample parameter), takes the preview's columns and saves; edits the API without
 * typing the token again and the preview still signs in; on a phone too; imports operations of
 * an OpenAPI document as endpoints (pasted, then read from a file on a phone); removes the
 * endpoint and the API.
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
  /** The row of the endpoint named exactly so (an imported one's path may hold the same word). */
  const rowOf = (name: string) => section().getByRole('row').filter({ has: page().getByRole('cell', { name, exact: true }) });
  const endpointRow = () => rowOf('Orders');
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
      if (request.method === 'GET' && url.pathname === '/v1/customers') {
        return request.headers['x-tenant'] === 'acme' ? answer(200, CUSTOMERS) : answer(403, { error: 'unknown tenant' });
      }
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

    // The column a table may filter, the parameter the API filters it by, and the choices offered.
    await form.getByRole('button', { name: 'Add filter' }).click();
    await form.getByLabel('Column of filter 1', { exact: true }).fill('paid');
    await form.getByLabel('Parameter of filter 1', { exact: true }).fill('paid');
    const choices = form.getByLabel('Choices of filter 1', { exact: true });
    for (const choice of ['true', 'false']) {
      await choices.fill(choice);
      await choices.press('Enter');
    }
    expect(await accessibilityViolations(page())).toEqual([]);
    const saving = page().waitForRequest((request) => request.url().includes('/save/saveApiEndpoint'));
    await form.getByRole('button', { name: 'Save' }).click();
    expect(((await saving).postDataJSON() as { filterParams: unknown }).filterParams).toEqual([{ field: 'paid', param: 'paid', maxParam: '', choices: ['true', 'false'] }]);
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

  it('imports two operations of an OpenAPI document as endpoints, one previewing its rows', async () => {
    await section().getByRole('button', { name: `Import from OpenAPI into ${apiName}` }).click();
    const form = dialog(`Import from OpenAPI into ${apiName}`);
    const documentField = form.getByLabel('Document', { exact: true });
    const read = form.getByRole('button', { name: 'Read', exact: true });

    // Not an OpenAPI document: the server says why, in the dialog.
    await documentField.fill('title: Orders\nitems: []\n');
    await read.click();
    await form.getByRole('alert').filter({ hasText: 'The document could not be read' }).filter({ hasText: 'not an OpenAPI 3 document' }).waitFor();

    await documentField.fill(OPENAPI_YAML);
    await read.click();
    await form.getByRole('heading', { name: 'Orders service 1.2.0: 4 operations' }).waitFor();
    expect(await form.getByRole('alert').count()).toBe(0);
    const operation = (name: string) => form.getByRole('checkbox', { name, exact: true });
    const description = (name: string) => operation(name).evaluate((input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
    // Nothing is checked at first; the operation named as the endpoint added by hand is marked.
    for (const name of ['GET /orders', 'POST /orders', 'GET /orders/{orderId}', 'GET /customers']) expect(await operation(name).isChecked()).toBe(false);
    expect(await description('GET /orders')).toContain('Already an endpoint');
    expect(await description('GET /customers')).not.toContain('Already an endpoint');
    // What each would be: its summary, the endpoint's name, its parameters.
    expect(await description('GET /customers')).toContain('Every customer of a tenant');
    expect(await description('GET /customers')).toContain('Endpoint name: listCustomers');
    expect(await description('GET /customers')).toContain('Parameters: X-Tenant (header, required)');
    expect(await description('GET /orders/{orderId}')).toContain('Parameters: orderId (path, required)');

    // Select all leaves the marked one out; one unchecked again leaves two.
    await form.getByRole('checkbox', { name: 'Select all' }).check();
    expect(await operation('GET /orders').isChecked()).toBe(false);
    await form.getByRole('button', { name: 'Add 3 endpoints' }).waitFor();
    await operation('POST /orders').uncheck();
    await form.getByRole('button', { name: 'Add 2 endpoints' }).waitFor();
    expect(await accessibilityViolations(page())).toEqual([]);
    await snapshot(page(), 'api-sources-openapi-dialog-1366');

    await form.getByRole('button', { name: 'Add 2 endpoints' }).click();
    await form.getByRole('alert').filter({ hasText: '2 endpoints added' }).waitFor();
    await form.getByRole('alert').filter({ hasText: '2 endpoints added' }).scrollIntoViewIfNeeded();
    await snapshot(page(), 'api-sources-openapi-added-1366');
    // The added are now marked too, and the list behind has them.
    expect(await description('GET /customers')).toContain('Already an endpoint');
    expect(await operation('GET /customers').isChecked()).toBe(false);
    await rowOf('listCustomers').waitFor();
    // A marked operation checked anyway is added under a name of its own.
    await operation('GET /orders').check();
    await form.getByRole('button', { name: 'Add 1 endpoint' }).click();
    await form.getByRole('alert').filter({ hasText: '1 endpoint added' }).waitFor();
    await form.getByRole('button', { name: 'Done' }).click();
    await form.waitFor({ state: 'detached' });

    expect(await rowOf('listCustomers').getByRole('cell').allInnerTexts()).toEqual(['listCustomers', 'GET', '/customers', '']);
    expect(await rowOf('getOrder').getByRole('cell').allInnerTexts()).toEqual(['getOrder', 'GET', '/orders/{{orderId}}', '']);
    expect(await rowOf('orders (2)').getByRole('cell').allInnerTexts()).toEqual(['orders (2)', 'GET', '/orders', '']);
    expect(await rowOf('createOrder').count()).toBe(0);
    await section().getByText('4 endpoints').waitFor();

    // The imported customers endpoint sends its required header as a parameter and reads rows.
    await rowOf('listCustomers').getByRole('button', { name: 'Edit endpoint listCustomers' }).click();
    const endpoint = dialog(`Edit endpoint of ${apiName}`);
    expect(await endpoint.getByLabel('Name of header 1').inputValue()).toBe('X-Tenant');
    expect(await endpoint.getByLabel('Value of header 1').inputValue()).toBe('{{X-Tenant}}');
    await endpoint.getByLabel('Sample value of X-Tenant').fill('acme');
    await endpoint.getByRole('button', { name: 'Preview', exact: true }).click();
    const rows = endpoint.getByRole('table', { name: 'Rows of the preview' });
    await rows.waitFor();
    await endpoint.getByText(/^3 rows in [\d.]+ ms$/).waitFor();
    expect(lastCall()?.path).toBe('/v1/customers');
    expect(lastCall()?.headers['x-tenant']).toBe('acme');
    expect(await rows.getByRole('columnheader').allInnerTexts()).toEqual(['id', 'name', 'city']);
    expect(await rows.locator('tbody tr').first().getByRole('cell').allInnerTexts()).toEqual(['1', 'Toko Maju', 'Bandung']);
    await endpoint.getByRole('button', { name: 'Cancel' }).click();
    await endpoint.waitFor({ state: 'detached' });
  });

  it('the import dialog fits a phone; a file is read in the browser, one over 2 MB is refused', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await section().getByRole('button', { name: `Import from OpenAPI into ${apiName}` }).click();
    const form = dialog(`Import from OpenAPI into ${apiName}`);
    const file = form.locator('input[type="file"]');
    await file.setInputFiles({ name: 'huge.yaml', mimeType: 'application/yaml', buffer: Buffer.alloc(3 * 1024 * 1024, 'a') });
    await form.getByText('huge.yaml is 3 MB: an OpenAPI document may be 2 MB at most').waitFor();
    expect(await form.getByLabel('Document', { exact: true }).inputValue()).toBe('');

    await file.setInputFiles({ name: 'orders.yaml', mimeType: 'application/yaml', buffer: Buffer.from(OPENAPI_YAML) });
    await expect.poll(() => form.getByLabel('Document', { exact: true }).inputValue()).toBe(OPENAPI_YAML);
    await form.getByRole('button', { name: 'Read', exact: true }).click();
    await form.getByRole('heading', { name: 'Orders service 1.2.0: 4 operations' }).waitFor();
    // Three are endpoints already; the one left is all Select all takes.
    await form.getByRole('checkbox', { name: 'Select all' }).check();
    await form.getByRole('button', { name: 'Add 1 endpoint' }).waitFor();
    expect(await form.getByRole('checkbox', { name: 'POST /orders', exact: true }).isChecked()).toBe(true);
    const overflow = () => page().evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page())).toEqual([]);
    await snapshot(page(), 'api-sources-openapi-dialog-390');
    await form.getByRole('button', { name: 'Add 1 endpoint' }).scrollIntoViewIfNeeded();
    await snapshot(page(), 'api-sources-openapi-dialog-390-end');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    expect(await rowOf('createOrder').count()).toBe(0);

    // The imported endpoints go again, so the API is left as the tests below expect it.
    await page().setViewportSize({ width: 1366, height: 900 });
    for (const name of ['listCustomers', 'getOrder', 'orders (2)']) {
      await rowOf(name).getByRole('button', { name: `Remove endpoint ${name}` }).click();
      await confirmRemoval(page(), `Remove the endpoint ${name}?`);
      await rowOf(name).waitFor({ state: 'detached' });
      // Its notice is closed, so the one of the removal below is the only one.
      const notice = page().getByRole('alert').filter({ hasText: 'Endpoint removed' });
      await notice.getByRole('button', { name: 'Close' }).click();
      await notice.waitFor({ state: 'detached' });
    }
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
