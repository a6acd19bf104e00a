import { type Component, createComponent, Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_COUNT, orders, startTestApi, type TestApi } from './support/api-server';
import { buildTestServer, type TestServer } from './support/build';
import { readSheet } from './support/sheets';
import { specPrefix } from './support/texts';
import { freshUserId, hostileBuilder, type HostileBuilder } from './trust-boundary/hostile';

/**
 * Data widgets on an API endpoint (issue 40): a member's table pages through an API's 10,000
 * rows by its cursors, searches through its search parameter, gets its own rows where the
 * endpoint names him, and reaches the endpoint only through a widget of a page he may open.
 * Against a real HTTP API started here.
 */

type Content = {
  count: number; countCapped: boolean; pageCount: number; page: number; columns: { label: string; field: string }[];
  filteredResult: Record<string, unknown>[]; possibleFilters: unknown[]; fromApi?: { searchable: boolean; sequential?: boolean }; primaryKey: string | null;
};

describe('data widgets reading an API endpoint', () => {
  let server: TestServer;
  let api: TestApi;
  let owner: HostileBuilder;
  let member: string;
  let outsider: HostileBuilder;
  let pageId: number;
  let hiddenPageId: number;
  const endpoints: Record<string, number> = {};

  const load = (componentId: string, body: Record<string, unknown> = {}, token = member, page = pageId) =>
    server.call('POST', '/get/loadTableContent', { pageId: page, componentId, ...body }, token);
  const loaded = async (componentId: string, body: Record<string, unknown> = {}, token = member) => {
    const answer = await load(componentId, body, token);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().data as Content[])[0] as Content;
  };
  const widget = (type: 'table' | 'chart' | 'kanban' | 'loader', id: string, endpoint: string, columns: string[]): Component => ({
    ...createComponent(type, id, id), apiEndpointId: endpoints[endpoint], options: columns.join(','), mapping_table: columns.join(','),
  });

  beforeAll(async () => {
    api = await startTestApi();
    server = await buildTestServer('sqlite', { allowPrivateUrls: true });
    owner = await hostileBuilder(server, 'Marketplace orders');
    outsider = await hostileBuilder(server, 'Another shop');
    const call = async (method: 'POST' | 'PUT', url: string, body: unknown) => {
      const answer = await server.call(method, url, body, owner.token);
      expect(answer.statusCode, `${url} ${answer.body}`).toBeLessThan(300);
      return answer.json().data;
    };
    const { sourceId } = await call('POST', '/save/saveApiSource', { sourceId: null, appId: owner.appId, name: 'Marketplace', baseUrl: api.base, auth: { kind: 'bearer' }, secret: 'market-token' });
    const endpoint = async (name: string, body: Record<string, unknown>) => {
      endpoints[name] = (await call('POST', '/save/saveApiEndpoint', { endpointId: null, sourceId, name, ...body })).endpointId as number;
    };
    await endpoint('cursor', { path: '/orders-cursor', rowsPath: 'results', paging: { scheme: 'cursor', sizeParam: 'limit', nextCursorPath: 'next' }, searchParam: 'q', columns: [{ name: 'id', type: 'number' }, { name: 'customer' }, { name: 'amount', type: 'number' }] });
    await endpoint('pages', { path: '/orders', rowsPath: 'data', paging: { scheme: 'page', totalPath: 'meta.total' } });
    await endpoint('filtered', {
      path: '/orders-link', paging: { scheme: 'link', sizeParam: 'per_page' }, columns: [{ name: 'id', type: 'number' }, { name: 'paid', type: 'boolean' }, { name: 'amount', type: 'number' }],
      filterParams: [{ field: 'paid', param: 'paid', choices: ['true', 'false'] }, { field: 'amount', param: 'min_amount', maxParam: 'max_amount' }, { field: 'id', maxParam: 'max_id' }],
    });
    await endpoint('mine', { path: '/echo', method: 'POST', body: '{"for": "--userId--", "status": "{{status}}"}', rowsPath: 'rows' });
    await endpoint('cached', { path: '/orders', rowsPath: 'data', paging: { scheme: 'page' }, cacheS: 60 });
    await endpoint('whole', { path: '/orders-link', paging: { scheme: 'none' } });
    await endpoint('labelled', { path: '/orders-link', paging: { scheme: 'none' }, columns: [{ name: 'id', type: 'number' }, { name: 'label', path: "join(', ', [customer, amount])" }] });
    const doubled = await call('POST', '/function/saveFunction', {
      appId: owner.appId, name: 'Doubled', parameter: [{ name: 'rate', type: 'int' }], content: 'return rows.map((row) => ({ ...row, doubled: row.amount * rate }));',
    });

    const components = JSON.stringify([
      { ...widget('table', 'orders', 'cursor', ['id', 'customer', 'amount']), options: 'Id,Customer,Amount', toExcel: true },
      widget('table', 'numbered', 'pages', ['id', 'customer']),
      {
        ...widget('table', 'filtered', 'filtered', ['id', 'paid', 'amount']),
        toExcel: true,
        filters: [
          { field: 'paid', type: 'select', column: 'Paid' }, { field: 'amount', type: 'interval', column: 'Amount' },
          { field: 'id', type: 'interval', column: 'Id' }, { field: 'created', type: 'select', column: 'Created' },
        ],
      },
      widget('table', 'mine', 'mine', ['body']),
      widget('table', 'cached', 'cached', ['id']),
      widget('table', 'whole', 'whole', ['id']),
      { ...widget('table', 'transformed', 'pages', ['id', 'amount']), functionId: doubled.id as number },
      widget('chart', 'chart', 'pages', ['customer', 'amount']),
      widget('kanban', 'board', 'pages', ['id', 'customer']),
      { ...createComponent('dropdown', 'customer', 'Customer'), apiEndpointId: endpoints.pages, optionTextColumn: 'customer', optionValueColumn: 'id' },
      { ...createComponent('radio', 'paid', 'Paid'), apiEndpointId: endpoints.whole, optionTextColumn: 'paid' },
      { ...createComponent('checkbox', 'own', 'Own'), options: 'A,B' },
      { ...createComponent('checkbox', 'byId', 'By id'), apiEndpointId: endpoints.labelled, optionTextColumn: 'label', optionValueColumn: 'id' },
      { ...createComponent('checkbox', 'byLabel', 'By label'), apiEndpointId: endpoints.labelled, optionTextColumn: 'label', optionValueColumn: 'label' },
    ]);
    const pages = (await call('POST', '/save/saveApp', { appId: owner.appId, pages: [{ pageId: null, pageName: 'Orders' }, { pageId: null, pageName: 'Hidden' }] })).pages as { pageId: number }[];
    pageId = pages[0]?.pageId as number;
    hiddenPageId = pages[1]?.pageId as number;
    await call('POST', '/save/saveApp', { appId: owner.appId, pages: [{ pageId, pageComponents: components }, { pageId: hiddenPageId, pageComponents: components }] });
    const groups = (await server.call('GET', `/auth/listgroup/${owner.appId}`, undefined, owner.token)).json().data as { groupId: number; groupSlug: string }[];
    const memberGroup = groups.find((group) => group.groupSlug === 'member')?.groupId as number;
    const memberId = freshUserId();
    await server.register(memberId, 'password-1');
    await server.addToGroup(memberId, memberGroup);
    const menu = (await call('POST', '/save/saveMenu', { menuId: null, menuName: 'Orders', menuAppId: owner.appId, menuPageId: pageId, menuParentMenuId: 0 })).menuId as number;
    await call('PUT', '/auth/updategroup', { groupId: memberGroup, groupAppId: owner.appId, groupAccess: { menuId: [menu] } });
    member = await server.login(memberId, 'password-1', owner.appSlug);
    api.guard = { authorization: 'Bearer market-token' };
  });
  afterAll(async () => {
    await server.close();
    await api.close();
  });

  it('pages a member through 10,000 rows by the API\'s cursors, Next after Next, and back', async () => {
    const first = await loaded('orders', { page: 1, limit: 100 });
    expect(first.filteredResult[0]).toEqual({ id: 1, customer: 'Customer 00001', amount: 0.5 });
    expect([first.count, first.countCapped, first.pageCount, first.primaryKey, first.fromApi]).toEqual([100, true, 2, null, { searchable: true, sequential: true }]);
    expect(first.columns).toEqual([{ label: 'Id', field: 'id' }, { label: 'Customer', field: 'customer' }, { label: 'Amount', field: 'amount' }]);
    const start = api.seen.length;
    let last: Content = first;
    for (let page = 2; page <= ORDER_COUNT / 100; page++) last = await loaded('orders', { page, limit: 100 });
    // One request per Next: each page's cursor came with the page before.
    expect(api.seen.length - start).toBe(ORDER_COUNT / 100 - 1);
    // On one kept-alive connection, not a connection (and a TLS handshake) per page.
    expect(new Set(api.seen.slice(start).map((request) => request.connection)).size).toBe(1);
    expect([last.filteredResult.length, last.filteredResult.at(-1)?.id, last.countCapped, last.count, last.pageCount]).toEqual([100, ORDER_COUNT, false, ORDER_COUNT, 100]);
    // Prev: its cursor is known, one request.
    const back = api.seen.length;
    expect((await loaded('orders', { page: 50, limit: 100 })).filteredResult[0]?.id).toBe(4901);
    expect(api.seen.length - back).toBe(1);
    // A page far past the cursors known is refused rather than walked to.
    const far = await load('orders', { page: 40, limit: 20 });
    expect([far.statusCode, far.json().error]).toEqual([400, [Messages.apiPageTooFar]]);
  });

  it('exports every row through the API\'s pages, searched as the table is', async () => {
    const answer = await server.call('GET', `/print/excelFromTable/stream?pageId=${pageId}&componentId=orders&filename=orders`, undefined, member);
    expect(answer.statusCode, answer.body).toBe(200);
    const sheet = await readSheet(answer.rawPayload);
    expect(sheet).toHaveLength(ORDER_COUNT + 1);
    expect(sheet.slice(0, 2)).toEqual([['Id', 'Customer', 'Amount'], [1, 'Customer 00001', 0.5]]);
    expect(sheet.at(-1)?.[0]).toBe(ORDER_COUNT);
    const searched = await server.call('GET', `/print/excelFromTable/stream?pageId=${pageId}&componentId=orders&search=Customer%20099&filename=x`, undefined, member);
    expect((await readSheet(searched.rawPayload)).map((row) => row[0])).toEqual(['Id', ...Array.from({ length: 100 }, (_, i) => 9900 + i)]);
    // The table that does not offer Export To Excel: members may not export it.
    expect((await server.call('GET', `/print/excelFromTable/stream?pageId=${pageId}&componentId=numbered`, undefined, member)).statusCode).toBe(403);
    // Administrators export any data widget; the whole list, read page after page.
    const blob = await server.call('POST', '/print/blob/excelFromTable', { pageId, componentId: 'numbered', filter: {} }, owner.token);
    expect(blob.statusCode, blob.body).toBe(200);
    expect((await readSheet(Buffer.from(blob.json().data.buffer, 'base64'))).length).toBe(ORDER_COUNT + 1);
    const small = await server.call('POST', '/print/blob/excelFromTable', { pageId, componentId: 'orders', filter: { search: 'Customer 0000' } }, member);
    expect(small.statusCode, small.body).toBe(200);
    expect((await readSheet(Buffer.from(small.json().data.buffer, 'base64'))).length).toBe(10);
  });

  it('searches through the endpoint\'s search parameter, and says so where it has none', async () => {
    const found = await loaded('orders', { search: 'Customer 0424' });
    expect(found.filteredResult.map((row) => row.id)).toEqual(Array.from({ length: 10 }, (_, i) => 4240 + i));
    expect(api.seen.at(-1)?.url).toContain('q=Customer+0424');
    const refused = await load('numbered', { search: 'x' });
    expect([refused.statusCode, refused.json().error]).toEqual([400, [Messages.apiCannotSearch]]);
    expect((await loaded('numbered')).fromApi).toEqual({ searchable: false, sequential: false });
    const sorted = await load('orders', { sort: { column: 'amount', direction: 'desc' } });
    expect([sorted.statusCode, sorted.json().error]).toEqual([400, [Messages.apiCannotSort]]);
    const filtered = await load('orders', { filterColumn: { customer: 'x' } });
    expect([filtered.statusCode, filtered.json().error]).toEqual([400, [Messages.apiCannotFilter]]);
  });

  it('filters through the parameters the endpoint maps, page after page and in the export', async () => {
    const offered = await loaded('filtered');
    expect(offered.possibleFilters).toEqual([
      { field: 'paid', column: 'Paid', type: 'select', options: ['true', 'false'] },
      { field: 'amount', column: 'Amount', type: 'interval', options: [] },
      { field: 'id', column: 'Id', type: 'interval', options: [] },
    ]);
    const asked = () => new URL(api.seen.at(-1)?.url ?? '', api.base).searchParams;
    const chosen = { filterColumn: { paid: 'true', amount: { min: 990, max: 0 } }, limit: 10 };
    const first = await loaded('filtered', chosen);
    expect(Object.fromEntries(asked())).toEqual({ per_page: '10', paid: 'true', min_amount: '990' });
    const kept = (row: Record<string, unknown>) => row.paid === true && Number(row.amount) >= 990;
    expect([first.filteredResult.length, first.filteredResult.every(kept)]).toEqual([10, true]);
    const second = await loaded('filtered', { ...chosen, page: 2 });
    expect([second.filteredResult.length, second.filteredResult.every(kept)]).toEqual([10, true]);
    expect(second.filteredResult[0]?.id as number).toBeGreaterThan(first.filteredResult[9]?.id as number);
    const both = await loaded('filtered', { possibleFilters: [{ field: 'paid', values: ['true', 'false'] }], limit: 5 });
    expect(asked().getAll('paid')).toEqual(['true', 'false']);
    expect(both.filteredResult.map((row) => row.id)).toEqual([1, 2, 3, 4, 5]);

    // A column the endpoint maps no parameter for, or a bound it takes none for: refused, never shown as filtered.
    for (const filterColumn of [{ created: '2026-01-01' }, { id: { min: 5 } }, { customer: 'x' }]) {
      const refused = await load('filtered', { filterColumn });
      expect([refused.statusCode, refused.json().error], JSON.stringify(filterColumn)).toEqual([400, [Messages.apiCannotFilter]]);
    }
    expect((await loaded('filtered', { filterColumn: { id: { max: 3 } } })).filteredResult.map((row) => row.id)).toEqual([1, 2, 3]);

    const unpaid = encodeURIComponent(JSON.stringify({ paid: 'false' }));
    const exported = await server.call('GET', `/print/excelFromTable/stream?pageId=${pageId}&componentId=filtered&filterColumn=${unpaid}&filename=unpaid`, undefined, member);
    expect(exported.statusCode, exported.body).toBe(200);
    const sheet = await readSheet(exported.rawPayload);
    expect(sheet.length - 1).toBe(orders.filter((order) => !order.paid).length);
  });

  it('jumps to any page and knows the last from the API\'s total', async () => {
    const page = await loaded('numbered', { page: 437, limit: 20 });
    expect([page.filteredResult[0]?.id, page.count, page.countCapped, page.pageCount]).toEqual([8721, ORDER_COUNT, false, 501]);
    const chart = await loaded('chart', { limit: 5 });
    expect(chart.filteredResult.map((row) => row.customer)).toEqual(['Customer 00001', 'Customer 00002', 'Customer 00003', 'Customer 00004', 'Customer 00005']);
    expect((await loaded('board', { limit: 3 })).filteredResult).toHaveLength(3);
    // The whole list in one answer (no paging scheme): the table pages it here.
    const whole = await loaded('whole', { page: 2, limit: 5 });
    expect([whole.filteredResult.map((row) => row.id), whole.count]).toEqual([[6, 7, 8, 9, 10], 20]);
  });

  it('gives a dropdown and a radio their options from endpoints, at most 1,000, without repeats', async () => {
    const options = async (componentId: string, token = member) => {
      const answer = await server.call('POST', '/get/loadApiOptions', { pageId, componentId }, token);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data as { options: { textOption: string; valueOption: string }[]; truncated: boolean; withComma: number };
    };
    const customers = await options('customer');
    expect([customers.options.length, customers.truncated]).toEqual([1000, true]);
    expect(customers.options[0]).toEqual({ textOption: 'Customer 00001', valueOption: '1' });
    expect(await options('paid')).toEqual({ options: [{ textOption: 'true', valueOption: 'true' }, { textOption: 'false', valueOption: 'false' }], truncated: false, withComma: 0 });
    // A checkbox's value joins its values by commas: a value holding one is left out, and counted.
    const byId = await options('byId');
    expect([byId.options.length, byId.options[0], byId.withComma]).toEqual([20, { textOption: 'Customer 00001, 0.50', valueOption: '1' }, 0]);
    expect(await options('byLabel')).toEqual({ options: [], truncated: false, withComma: 20 });
    // A checkbox with its own options, a table, another application's builder, a hidden page: no options from an API.
    expect((await server.call('POST', '/get/loadApiOptions', { pageId, componentId: 'own' }, member)).statusCode).toBe(400);
    expect((await server.call('POST', '/get/loadApiOptions', { pageId, componentId: 'orders' }, member)).statusCode).toBe(404);
    expect((await server.call('POST', '/get/loadApiOptions', { pageId, componentId: 'customer' }, outsider.token)).statusCode).toBe(403);
    expect((await server.call('POST', '/get/loadApiOptions', { pageId: hiddenPageId, componentId: 'customer' }, member)).statusCode).toBe(403);
  });

  it('sends the browser only the fields the widget shows, and passes them through the widget\'s function', async () => {
    // The endpoint names no column: every field of the API's rows is read, only the widget's two leave.
    const content = await loaded('transformed', { limit: 2, params: { rate: 3 } });
    expect(content.filteredResult).toEqual([{ id: 1, amount: '0.50', doubled: 1.5 }, { id: 2, amount: '37.50', doubled: 112.5 }]);
    expect(content.columns.map((column) => column.field)).toEqual(['id', 'amount', 'doubled']);
  });

  it('fills --userId-- with the member\'s own id and {{ }} parameters from the page\'s values', async () => {
    const rows = (await loaded('mine', { params: { status: 'open', userId: 'someone-else' } })).filteredResult;
    const sent = JSON.parse(String(rows[0]?.body)) as { for: string; status: string };
    expect(sent.status).toBe('open');
    expect(sent.for).not.toBe('someone-else');
    expect(sent.for).toMatch(/^089/);
  });

  it('keeps an answer for the endpoint\'s cache time', async () => {
    const start = api.seen.length;
    await loaded('cached', { page: 3 });
    await loaded('cached', { page: 3 });
    await loaded('cached', { page: 3 }, owner.token);
    expect(api.seen.length - start).toBe(1);
  });

  it('shows administrators why an API fails, and never a 5xx of ours', async () => {
    api.guard = { authorization: 'Bearer another-token' };
    try {
      const failed = await load('numbered', { page: 2 }, owner.token);
      expect([failed.statusCode, failed.json().error]).toEqual([502, [`${specPrefix('apiAnswerStatus')} 401`]]);
    } finally {
      api.guard = { authorization: 'Bearer market-token' };
    }
  });

  it('lets nobody reach an endpoint but through a widget of a page he may open', async () => {
    // A page his group does not reach.
    expect((await load('orders', {}, member, hiddenPageId)).statusCode).toBe(403);
    // Another application's builder, and nobody signed in.
    expect((await load('orders', {}, outsider.token)).statusCode).toBe(403);
    expect((await load('orders', {}, '')).statusCode).toBe(401);
    // No row writes through an API's widget.
    const edit = await server.call('POST', '/action/editRow', { pageId, componentId: 'orders', actionName: 'EDIT', key: { id: 1 }, values: { customer: 'x' } }, owner.token);
    expect(edit.statusCode).toBe(400);
  });

  it('travels in a bundle: APIs and endpoints without their secret, widgets pointing at the copy\'s endpoints', async () => {
    await server.call('POST', '/save/saveApiSource', {
      sourceId: null, appId: owner.appId, name: 'Keyed', baseUrl: api.base, headers: [{ name: 'X-Api-Key', value: 'header-secret' }, { name: 'X-Shop', value: 'north' }],
    }, owner.token);
    const exported = await server.call('GET', `/get/exportApp/${owner.appId}`, undefined, owner.token);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).not.toContain('market-token');
    expect(exported.body).not.toContain('header-secret');
    const bundle = exported.json().data as { apis: { id: number; name: string; hadSecret: boolean; headers: unknown[]; endpoints: { id: number; name: string }[] }[] };
    expect(bundle.apis.map((a) => [a.name, a.hadSecret, a.endpoints.length])).toEqual([['Keyed', false, 0], ['Marketplace', true, 7]]);
    // An endpoint's filter parameters travel with it.
    expect(JSON.stringify(bundle.apis[1]?.endpoints.find((e) => e.name === 'filtered'))).toContain('"maxParam":"max_amount"');
    expect(bundle.apis[0]?.headers).toEqual([{ name: 'X-Api-Key', value: '' }, { name: 'X-Shop', value: 'north' }]);
    const marketplace = bundle.apis.find((a) => a.name === 'Marketplace');

    const importAs = (appName: string, extra: Record<string, unknown>) => server.call('POST', '/save/importApp', { bundle, target: { kind: 'new', appName }, ...extra }, owner.mainToken);
    const preview = await server.call('POST', '/save/previewImport', { bundle, target: { kind: 'new', appName: 'Copy' } }, owner.mainToken);
    expect(preview.json().data.apis).toEqual([
      { id: bundle.apis[0]?.id, name: 'Keyed', baseUrl: api.base, needsSecret: false }, { id: marketplace?.id, name: 'Marketplace', baseUrl: api.base, needsSecret: true },
    ]);
    const withoutSecret = await importAs('Copy without secret', {});
    expect([withoutSecret.statusCode, withoutSecret.json().error]).toEqual([400, [Messages.bundleApiSecretMissing.replace('{name}', 'Marketplace')]]);

    const imported = await importAs('Orders copy', { apiSecrets: { [String(marketplace?.id)]: 'market-token' } });
    expect(imported.statusCode, imported.body).toBe(201);
    const copy = imported.json().data as { appId: number; appSlug: string; counts: Record<string, number> };
    expect(copy.counts.apis).toBe(2);
    const copyToken = await server.login(owner.userId, owner.password, copy.appSlug);
    const copied = (await server.call('GET', `/get/listApiSources/${copy.appId}`, undefined, copyToken)).json().data as { name: string; endpoints: { endpointId: number; name: string }[] }[];
    const copiedCursor = copied.find((a) => a.name === 'Marketplace')?.endpoints.find((e) => e.name === 'cursor')?.endpointId;
    expect(copiedCursor).toBeDefined();
    expect(copiedCursor).not.toBe(endpoints.cursor);
    const pages = (await server.store.selectFrom('pages').select(['pageId', 'pageComponents']).where('pageAppId', '=', copy.appId).execute());
    const table = pages.flatMap((page) => JSON.parse(page.pageComponents) as { id: string; apiEndpointId?: number }[]).find((c) => c.id === 'orders');
    expect(table?.apiEndpointId).toBe(copiedCursor);
    const ordersPage = pages.find((page) => page.pageComponents.includes('"orders"'))?.pageId as number;
    const rows = await server.call('POST', '/get/loadTableContent', { pageId: ordersPage, componentId: 'orders', limit: 3 }, copyToken);
    expect(rows.statusCode, rows.body).toBe(200);
    expect((rows.json().data[0] as Content).filteredResult.map((row) => row.id)).toEqual([1, 2, 3]);

    // A bundle whose widget names an endpoint it does not hold is refused, naming it.
    const stray = structuredClone(bundle) as typeof bundle & { pages: { pageComponents: { id: string; apiEndpointId?: number }[] }[] };
    for (const page of stray.pages) for (const component of page.pageComponents) if (component.id === 'orders') component.apiEndpointId = 987_654;
    const refused = await server.call('POST', '/save/importApp', { bundle: stray, target: { kind: 'new', appName: 'Stray' }, apiSecrets: { [String(marketplace?.id)]: 'x' } }, owner.mainToken);
    expect([refused.statusCode, refused.body]).toEqual([400, expect.stringContaining('987654')]);
  });

  it('gives a hostile builder nothing of another application\'s endpoint named in his own widget', async () => {
    const { appId, token } = outsider;
    const components = JSON.stringify([{ ...createComponent('table', 'stolen', 'Stolen'), apiEndpointId: endpoints.cursor, options: 'id', mapping_table: 'id' }]);
    const pages = (await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: 'Steal' }] }, token)).json().data.pages as { pageId: number }[];
    const stealPage = pages[0]?.pageId as number;
    await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId: stealPage, pageComponents: components }] }, token);
    const start = api.seen.length;
    const answer = await load('stolen', {}, token, stealPage);
    expect([answer.statusCode, answer.json().error]).toEqual([404, [Messages.apiEndpointNotFound]]);
    expect(api.seen.length).toBe(start);
  });
});
