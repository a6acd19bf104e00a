import { type Component, createComponent, sessionStorageKey } from '@rakit/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import {
  checkPanelOnPhone, type LocalApi, newPages, pageSlugOf, saveApiWithEndpoints, savePageComponents, startLocalApi, storedComponents,
} from '../support/api-sources';
import { accessibilityViolations } from '../support/axe';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';

const TOKEN = `shop-token-${Date.now().toString(36)}`;
/** The member's store, a global variable of the page that the orders endpoint's {{ store }} names. */
const STORE = 'jakarta';

/** The orders the API pages by cursor: a few hundred, their customers numbered so a search finds ten. */
const ORDERS = Array.from({ length: 300 }, (_, index) => ({ id: index + 1, customer: `Customer ${String(index + 1).padStart(3, '0')}`, amount: (index + 1) * 1000 }));
/** The sales by region the API pages by number, with a total. */
const REGIONS = [['Jawa', 420], ['Sumatra', 310], ['Bali', 180], ['Kalimantan', 150], ['Sulawesi', 120], ['Papua', 60]].map(([region, sales]) => ({ region, sales }));

/** What the browser asked Rakit for the rows of a widget. */
interface LoadBody { componentId: string; page?: number; search?: string; sort?: unknown; cursor?: unknown; filterColumn?: Record<string, unknown>; params?: Record<string, unknown> }

/**
 * Data widgets reading an HTTP API (issue 40), through the real server and a real API on
 * loopback (the e2e operator allows 127.0.0.1 with RAKIT_ALLOWED_URL_HOSTS): the demo's
 * administrator adds the API and two endpoints by calls, and a page with a table on the
 * cursor-paged orders and a chart on the page-numbered sales. The member pages the table with
 * Next and Prev (the server keeps the API's cursors), finds Last disabled (the API does not say
 * how many orders it has), searches through the endpoint's search parameter and sees the chart,
 * on a desktop and on a phone, and filters the amount through the parameter the endpoint maps; the
 * table offers no sort and no row edits, and the browser never sends a sort or a cursor. In the page editor the administrator points
 * a table at the endpoint and is offered its columns.
 */
describe('data widgets reading an HTTP API', () => {
  const stamp = Date.now().toString(36);
  const pageName = `API Orders ${stamp}`;
  const editorPageName = `API Editor ${stamp}`;
  const apiName = `Shop API ${stamp}`;
  let server: LocalApi;
  let browser: Browser;
  let api: Api;
  let sourceId: number;
  let pageId: number;
  let pageSlug: string;
  let editorPageId: number;
  const endpoints: Record<'orders' | 'regions', number> = { orders: 0, regions: 0 };

  beforeAll(async () => {
    server = await startLocalApi('/v1', (url, request, answer) => {
      if (request.headers.authorization !== `Bearer ${TOKEN}`) return answer(401, { error: 'unauthorized' });
      if (url.pathname === '/v1/orders') {
        const q = url.searchParams.get('q') ?? '';
        const least = Number(url.searchParams.get('min_amount') ?? 0);
        const rows = ORDERS.filter((order) => order.customer.includes(q) && order.amount >= least);
        const start = Number(/^c(\d+)$/.exec(url.searchParams.get('cursor') ?? '')?.[1] ?? 0);
        const limit = Number(url.searchParams.get('limit') ?? 20);
        return answer(200, { results: rows.slice(start, start + limit), next: start + limit < rows.length ? `c${start + limit}` : null });
      }
      if (url.pathname === '/v1/regions') {
        const number = Number(url.searchParams.get('page') ?? 1);
        const size = Number(url.searchParams.get('size') ?? 10);
        return answer(200, { data: REGIONS.slice((number - 1) * size, number * size), meta: { total: REGIONS.length } });
      }
      return answer(404, { error: 'not found' });
    });

    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    const saved = await saveApiWithEndpoints(api, { appId, name: apiName, baseUrl: server.baseUrl, auth: { kind: 'bearer' }, secret: TOKEN }, [{
      name: 'Orders', path: '/orders', query: [{ name: 'store', value: '{{ store }}' }], rowsPath: 'results',
      paging: { scheme: 'cursor', sizeParam: 'limit', cursorParam: 'cursor', nextCursorPath: 'next' }, searchParam: 'q',
      filterParams: [{ field: 'amount', param: 'min_amount' }],
      columns: [{ name: 'id', type: 'number' }, { name: 'customer' }, { name: 'amount', type: 'number' }],
    }, {
      name: 'Sales by region', path: '/regions', rowsPath: 'data',
      paging: { scheme: 'page', pageParam: 'page', sizeParam: 'size', totalPath: 'meta.total' }, columns: [{ name: 'region' }, { name: 'sales', type: 'number' }],
    }]);
    sourceId = saved.sourceId;
    [endpoints.orders, endpoints.regions] = saved.endpointIds as [number, number];

    [pageId, editorPageId] = await newPages(api, appId, [pageName, editorPageName]) as [number, number];
    const table: Component = {
      ...createComponent('table', 'orders', 'Pesanan'), apiEndpointId: endpoints.orders, options: 'No,Pelanggan,Jumlah', mapping_table: 'id,customer,amount', search: true,
      // The customer filter was configured while the table read a database: the endpoint sends
      // no parameter for it, so only the amount's is offered. An API's rows are never edited.
      filters: [{ column: 'Pelanggan', type: 'select', field: 'customer' }, { column: 'Jumlah', type: 'interval', field: 'amount' }],
      custom_action: [{ name: 'Ubah', action: 'EDIT', cause: '', show: true, raw: { editFields: [{ name: 'customer', type: 'text', options: '' }] } }],
    };
    const chart: Component = {
      ...createComponent('chart', 'regions', 'Penjualan per Wilayah'), apiEndpointId: endpoints.regions, options: 'Wilayah,Penjualan', mapping_table: 'region,sales',
      sourceType: 'row', subtype: 'bar', showTable: true,
    };
    await savePageComponents(api, appId, [[pageId, [table, chart]], [editorPageId, [createComponent('table', 'fresh', 'Tabel Baru')]]]);
    pageSlug = await pageSlugOf(api, pageId);
    await menuForStaff(api, appId, pageName, [['Pesanan API', pageId]]);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    for (const id of [pageId, editorPageId]) if (id !== undefined) await api(`DELETE`, `/page/${id}`);
    if (sourceId !== undefined) await api('DELETE', '/delete/deleteApiSource', { sourceId });
    await server?.close();
  });

  for (const width of [1366, 390]) {
    it(`lets a member page, search and chart an API's rows at ${width} px`, async () => {
      const page = await newPage(browser, { viewport: { width, height: 900 } });
      const loads: LoadBody[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/get/loadTableContent') || request.url().includes('/get/countTableContent')) loads.push(request.postDataJSON() as LoadBody);
      });
      await signInToDemo(page, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
      await page.evaluate(({ key, store }) => window.localStorage.setItem(key, JSON.stringify({ store: { value: store, type: 'permanent' } })), { key: `${sessionStorageKey('demo')}:globals`, store: STORE });
      const apiCalls = server.seen.length;
      await page.goto(`/demo/staff/${pageSlug}`);

      const table = page.getByTestId('data-table');
      const pager = table.getByRole('navigation', { name: 'Pages' });
      const firstCells = () => table.locator('tbody tr').first().getByRole('cell').allInnerTexts();
      const firstIds = async () => (await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent ?? ''))).map(Number);
      await expect.poll(firstCells).toEqual(['1', 'Customer 001', expect.stringMatching(/^1[.,]?000$/)]);
      expect(await firstIds()).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      await table.getByTestId('total-item').filter({ hasText: 'Total Item: 20+' }).waitFor();
      // The API's order: plain headers, no sort buttons; no row edit (an API's rows have no key here).
      expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['No', 'Pelanggan', 'Jumlah']);
      expect(await table.locator('thead button').count()).toBe(0);
      expect(await table.getByRole('button', { name: /Edit row/ }).count()).toBe(0);
      // The last page of an API that gives no total is not known.
      expect(await pager.getByRole('button', { name: 'Last page' }).isDisabled()).toBe(true);
      expect(await pager.getByRole('button', { name: 'Prev' }).isDisabled()).toBe(true);

      const chart = page.getByTestId('chart');
      await chart.locator('.chart-bar').first().waitFor();
      expect(await chart.locator('.chart-bar').count()).toBe(REGIONS.length);
      await chart.getByRole('cell', { name: 'Kalimantan', exact: true }).waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await snapshot(page, `api-widgets-member-${width}`);

      const next = pager.getByRole('button', { name: 'Next' });
      await next.click();
      await expect.poll(firstIds).toEqual(Array.from({ length: 20 }, (_, i) => i + 21));
      await next.click();
      await expect.poll(firstIds).toEqual(Array.from({ length: 20 }, (_, i) => i + 41));
      await pager.getByRole('button', { name: 'Prev' }).click();
      await expect.poll(firstIds).toEqual(Array.from({ length: 20 }, (_, i) => i + 21));
      await pager.getByRole('button', { name: 'Page 2' }).and(page.locator('[aria-current="page"]')).waitFor();
      expect(await pager.getByRole('button', { name: 'Last page' }).isDisabled()).toBe(true);

      await table.getByRole('textbox', { name: 'Search Inside Table' }).fill('Customer 12');
      await expect.poll(firstIds).toEqual(Array.from({ length: 10 }, (_, i) => i + 120));
      await table.getByTestId('total-item').filter({ hasText: 'Total Item: 10' }).waitFor();
      expect(await next.isDisabled()).toBe(true);
      expect(await accessibilityViolations(page, '[data-testid="data-table"]')).toEqual([]);
      // From the top: a full-page capture of a scrolled page draws the fixed bar (and the skip link above it) mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await snapshot(page, `api-widgets-member-search-${width}`);

      // Pages by number with the page's values; never a sort or a cursor; no filter yet.
      const ordersLoads = loads.filter((body) => body.componentId === 'orders');
      expect(ordersLoads.map((body) => body.page)).toEqual(expect.arrayContaining([1, 2, 3]));
      for (const body of ordersLoads) {
        expect([body.sort, body.cursor, Object.keys(body.filterColumn ?? {})]).toEqual([undefined, undefined, []]);
        expect(body.params?.store).toBe(STORE);
      }
      // The API got the member's store, the search in its search parameter, one request per Next
      // (the cursor came with the page before) and the chart's first page.
      const orderCalls = server.seen.slice(apiCalls).filter((url) => url.pathname === '/v1/orders');
      expect(orderCalls.every((url) => url.searchParams.get('store') === STORE)).toBe(true);
      expect(orderCalls.map((url) => url.searchParams.get('cursor'))).toEqual(expect.arrayContaining([null, 'c20', 'c40']));
      expect(orderCalls.some((url) => url.searchParams.get('q') === 'Customer 12')).toBe(true);
      expect(server.seen.slice(apiCalls).some((url) => url.pathname === '/v1/regions' && url.searchParams.get('page') === '1')).toBe(true);

      // The amount filter, the one the endpoint sends a parameter for: the API filters the rows.
      await table.getByRole('textbox', { name: 'Search Inside Table' }).fill('');
      await expect.poll(firstIds).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      await table.getByRole('button', { name: 'Filters' }).click();
      expect(await page.getByRole('textbox', { name: 'Pelanggan', exact: true }).count()).toBe(0);
      await page.getByRole('textbox', { name: 'Jumlah min', exact: true }).fill('296000');
      await expect.poll(firstIds).toEqual([296, 297, 298, 299, 300]);
      await table.getByRole('button', { name: 'Filters (1)' }).waitFor();
      await page.keyboard.press('Escape');
      await table.getByTestId('total-item').filter({ hasText: 'Total Item: 5' }).waitFor();
      expect(server.seen.slice(apiCalls).some((url) => url.pathname === '/v1/orders' && url.searchParams.get('min_amount') === '296000')).toBe(true);
      await snapshot(page, `api-widgets-member-filtered-${width}`);
      await page.context().close();
    });
  }

  it('lets the administrator point a table at an endpoint in its panel, offered its columns', async () => {
    const page: Page = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await signInToDemo(page);
    await page.goto(`/demo/form-editor?page=${editorPageId}`);
    const onBoard = page.locator('[data-testid="editor-component"][data-title="Tabel Baru"]');
    // The row's header (the type's name beside the drag handle) selects it.
    await onBoard.locator('[aria-label="Drag component"] ~ span').first().click();
    const panel = page.getByTestId('config-panel');
    const rowsFrom = panel.getByRole('radiogroup', { name: 'Rows from' });
    await rowsFrom.waitFor();
    expect(await panel.getByRole('combobox', { name: 'Primary key' }).count()).toBe(1);

    await rowsFrom.getByText('An API endpoint', { exact: true }).click();
    expect(await panel.getByRole('combobox', { name: 'Primary key' }).count()).toBe(0);
    expect(await panel.getByRole('combobox', { name: 'Database' }).count()).toBe(0);
    await panel.getByRole('combobox', { name: 'Endpoint' }).click();
    await page.getByRole('option', { name: `${apiName} › Orders`, exact: true }).click();
    expect(await panel.getByRole('combobox', { name: 'Endpoint' }).inputValue()).toBe(`${apiName} › Orders`);

    await panel.getByRole('combobox', { name: 'Source of column 1' }).click();
    await expect.poll(() => page.getByRole('listbox').getByRole('option').allInnerTexts()).toEqual(['id', 'customer', 'amount']);
    await page.getByRole('option', { name: 'customer', exact: true }).click();
    expect(await accessibilityViolations(page, '[data-testid="config-panel"]')).toEqual([]);
    await snapshot(page, 'api-widgets-panel-1366');

    // Stored as the endpoint, with no connection.
    const stored = async () => {
      const fresh = (await storedComponents(api, editorPageId)).find((c) => c.id === 'fresh');
      return [fresh?.apiEndpointId, fresh?.database_used, fresh?.mapping_table];
    };
    await expect.poll(stored).toEqual([endpoints.orders, '', 'customer']);

    // An endpoint without a search parameter turns the table's search off.
    await panel.getByRole('combobox', { name: 'Endpoint' }).click();
    await page.getByRole('option', { name: `${apiName} › Sales by region`, exact: true }).click();
    const search = panel.getByRole('checkbox', { name: 'Enable Search' });
    expect([await search.isChecked(), await search.isDisabled()]).toEqual([false, true]);
    await panel.getByText('This endpoint has no search parameter').waitFor();
    await checkPanelOnPhone(page, panel.getByRole('radiogroup', { name: 'Rows from' }), 'api-widgets-panel-390');

    // Back to Database: the endpoint is forgotten.
    await rowsFrom.getByText('A database table', { exact: true }).click();
    await panel.getByRole('combobox', { name: 'Database' }).waitFor();
    await expect.poll(async () => (await stored())[0]).toBe(0);
    await page.context().close();
  });
});
