import type { IncomingMessage, ServerResponse } from 'node:http';
import { type LocalHttpServer, listenLocal } from './local-http';

/**
 * A real HTTP API for the APIs-as-data-sources tests (issue 40): 10,000 orders served by each
 * paging scheme, behind each way of signing in, an OAuth 2.0 token endpoint (client
 * credentials), and the failures a real API has (5xx, slowness, a large answer, a redirect).
 * It records every request it gets, so a test can say what reached it.
 */

export interface Order {
  id: number;
  customer: string;
  amount: string;
  paid: boolean;
  created: string;
}

export const ORDER_COUNT = 10_000;
export const orders: Order[] = Array.from({ length: ORDER_COUNT }, (_, index) => ({
  id: index + 1,
  customer: `Customer ${String(index + 1).padStart(5, '0')}`,
  amount: (((index * 37) % 1000) + 0.5).toFixed(2),
  paid: index % 3 === 0,
  created: new Date(Date.UTC(2026, 0, 1) + index * 3_600_000).toISOString(),
}));

/**
 * The orders a request's query keeps: `q` found in the customer, `paid` one of its values (the
 * parameter repeated for several), `min_amount` and `max_amount` the amount's bounds, `max_id` the id's upper one.
 */
function ordersFound(query: URLSearchParams): Order[] {
  const search = query.get('q') ?? '';
  const paid = query.getAll('paid');
  const min = query.get('min_amount');
  const max = query.get('max_amount');
  const maxId = query.get('max_id');
  if (search === '' && paid.length === 0 && min === null && max === null && maxId === null) return orders;
  return orders.filter((order) => order.customer.includes(search)
    && (paid.length === 0 || paid.includes(String(order.paid)))
    && (min === null || Number(order.amount) >= Number(min))
    && (max === null || Number(order.amount) <= Number(max))
    && (maxId === null || order.id <= Number(maxId)));
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** Which connection it came on (numbered as they open): a kept-alive connection carries several. */
  connection: number;
}

export interface TestApi extends LocalHttpServer {
  seen: SeenRequest[];
  /** What the token endpoint takes and gives. */
  oauth: { clientId: string; clientSecret: string; expiresIn: number; issued: string[]; revoked: Set<string> };
  /** How the orders are guarded: undefined (open), or the Authorization header value or API key expected. */
  guard: { authorization?: string; apiKeyHeader?: [string, string]; apiKeyQuery?: [string, string]; bearerFromOauth?: boolean };
  /** Answers of /flaky still to fail with 503. */
  flakyFailures: number;
  /** Where /redirect sends the client. */
  redirectTo: string;
}

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
};

const numberParam = (url: URL, name: string, fallback: number) => {
  const value = Number(url.searchParams.get(name) ?? fallback);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
};

export async function startTestApi(): Promise<TestApi> {
  const api = {} as TestApi;
  api.seen = [];
  api.oauth = { clientId: 'rakit-client', clientSecret: 'client-secret-value', expiresIn: 3600, issued: [], revoked: new Set() };
  api.guard = {};
  api.flakyFailures = 0;
  api.redirectTo = '';

  function allowed(request: IncomingMessage, url: URL): boolean {
    const { guard } = api;
    if (guard.authorization !== undefined && request.headers.authorization !== guard.authorization) return false;
    if (guard.apiKeyHeader !== undefined && request.headers[guard.apiKeyHeader[0].toLowerCase()] !== guard.apiKeyHeader[1]) return false;
    if (guard.apiKeyQuery !== undefined && url.searchParams.get(guard.apiKeyQuery[0]) !== guard.apiKeyQuery[1]) return false;
    if (guard.bearerFromOauth === true) {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (token === undefined || !api.oauth.issued.includes(token) || api.oauth.revoked.has(token)) return false;
    }
    return true;
  }

  function token(request: IncomingMessage, body: string, response: ServerResponse) {
    const form = new URLSearchParams(body);
    const expected = `Basic ${Buffer.from(`${api.oauth.clientId}:${api.oauth.clientSecret}`).toString('base64')}`;
    if (form.get('grant_type') !== 'client_credentials') return json(response, 400, { error: 'unsupported_grant_type' });
    if (request.headers.authorization !== expected) return json(response, 401, { error: 'invalid_client' });
    const issued = `token-${api.oauth.issued.length + 1}`;
    api.oauth.issued.push(issued);
    return json(response, 200, { access_token: issued, token_type: 'Bearer', expires_in: api.oauth.expiresIn, scope: form.get('scope') ?? '' });
  }

  function route(request: IncomingMessage, body: string, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://api.test');
    if (url.pathname === '/oauth/token' && request.method === 'POST') return token(request, body, response);
    if (url.pathname === '/redirect') return response.writeHead(302, { location: api.redirectTo }).end();
    if (url.pathname === '/flaky') {
      if (api.flakyFailures > 0) {
        api.flakyFailures--;
        return json(response, 503, { error: 'busy' });
      }
      return json(response, 200, [{ ok: true }]);
    }
    if (url.pathname === '/slow') return void setTimeout(() => json(response, 200, []), 3_000);
    if (url.pathname === '/big') return json(response, 200, [{ text: 'x'.repeat(4096) }]);
    if (url.pathname === '/echo') return json(response, 200, { rows: [{ method: request.method, path: url.pathname, query: url.search, body, user: request.headers['x-user'] ?? null }] });
    if (!url.pathname.startsWith('/orders')) return json(response, 404, { error: 'not found' });
    if (!allowed(request, url)) return json(response, 401, { error: 'unauthorized' });
    const kept = ordersFound(url.searchParams);
    const single = /^\/orders\/(\d+)$/.exec(url.pathname);
    if (single !== null) return json(response, 200, { order: orders.find((order) => order.id === Number(single[1])) ?? null });
    switch (url.pathname) {
      case '/orders': {
        // Page number (1-based) and size, with the total.
        const page = Math.max(1, numberParam(url, 'page', 1));
        const size = Math.min(100, numberParam(url, 'size', 20));
        return json(response, 200, { data: kept.slice((page - 1) * size, page * size), meta: { total: kept.length } });
      }
      case '/orders-offset': {
        const offset = numberParam(url, 'offset', 0);
        const limit = Math.min(100, numberParam(url, 'limit', 20));
        return json(response, 200, { items: kept.slice(offset, offset + limit), count: kept.length });
      }
      case '/orders-cursor': {
        // An opaque cursor: the id after which the page starts.
        const after = Number(Buffer.from(url.searchParams.get('cursor') ?? '', 'base64url').toString() || 0);
        const limit = Math.min(100, numberParam(url, 'limit', 20));
        const page = kept.filter((order) => order.id > after).slice(0, limit);
        const last = page.at(-1);
        const more = last !== undefined && kept.some((order) => order.id > last.id);
        return json(response, 200, { results: page, next: more ? Buffer.from(String(last.id)).toString('base64url') : null });
      }
      case '/orders-link': {
        const page = Math.max(1, numberParam(url, 'page', 1));
        const perPage = Math.min(100, numberParam(url, 'per_page', 20));
        const links: string[] = [];
        const pageLink = (to: number) => {
          const query = new URLSearchParams(url.searchParams);
          query.set('page', String(to));
          query.set('per_page', String(perPage));
          return `${url.pathname}?${query}`;
        };
        if (page * perPage < kept.length) links.push(`<${pageLink(page + 1)}>; rel="next"`);
        if (page > 1) links.push(`<${pageLink(page - 1)}>; rel="prev"`);
        return json(response, 200, kept.slice((page - 1) * perPage, page * perPage), links.length > 0 ? { link: links.join(', ') } : {});
      }
      default:
        return json(response, 404, { error: 'not found' });
    }
  }

  const connections = new WeakMap<object, number>();
  let opened = 0;
  const connectionOf = (socket: object) => {
    let number = connections.get(socket);
    if (number === undefined) {
      number = ++opened;
      connections.set(socket, number);
    }
    return number;
  };
  const server = await listenLocal((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      api.seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body, connection: connectionOf(request.socket) });
      route(request, body, response);
    });
  });
  return Object.assign(api, server);
}
