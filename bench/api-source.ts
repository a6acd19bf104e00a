// Issue 40's figure: a member's table reading an API endpoint, through POST /get/loadTableContent
// over real HTTP (auth, page lookup, reach check, the endpoint's request signed and sent under the
// outbound rules, the answer mapped to typed rows), against calling the same API directly for the
// same page of rows. Prints p50/p95 of both and the overhead (target: ≤ 2 ms at p50).
// The server runs in its own process as `npm start` runs it; the API is a Node HTTP server here.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createComponent } from '@rakit/core';
import { freePort, jsonClient, startServerProcess } from './server-process';
import { latencyLine, measureInTurns, percentile } from './stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);
const PAGE_SIZE = 20;
const TOKEN = 'bench-api-token';

// The API: 10,000 orders by page and size, behind a bearer token, as a marketplace's would be.
const orders = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, customer: `Customer ${i + 1}`, amount: ((i * 37) % 1000) + 0.5, paid: i % 3 === 0 }));
const apiPort = await freePort();
const api = http.createServer((request, response) => {
  if (request.headers.authorization !== `Bearer ${TOKEN}`) {
    response.writeHead(401).end();
    return;
  }
  const url = new URL(request.url ?? '/', 'http://api');
  const page = Number(url.searchParams.get('page') ?? 1);
  const size = Number(url.searchParams.get('size') ?? PAGE_SIZE);
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: orders.slice((page - 1) * size, page * size), meta: { total: orders.length } }));
});
await new Promise<void>((resolve) => api.listen(apiPort, '127.0.0.1', resolve));
const apiBase = `http://127.0.0.1:${apiPort}`;

// The same page of rows asked of the API directly, as a script of the team's would (keep-alive).
const direct = new http.Agent({ keepAlive: true, maxSockets: 1 });
const callApi = () => new Promise<unknown>((resolve, reject) => {
  http.get(`${apiBase}/orders?page=1&size=${PAGE_SIZE}`, { agent: direct, headers: { authorization: `Bearer ${TOKEN}`, accept: 'application/json' } }, (response) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
  }).on('error', reject);
});

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-bench-api-'));
// The operator lets authors reach the API's address (RAKIT_ALLOWED_URL_HOSTS), as an intranet API would be allowed.
const server = await startServerProcess(dataDir, 'bench-password', [], undefined, { RAKIT_ALLOWED_URL_HOSTS: '127.0.0.1' });
const call = jsonClient(server.base);
const login = async (userId: string) => ((await call('POST', '/auth/login', { userId, password: 'bench-password', appSlug: 'demo' })).data as { token: string }[])[0]?.token as string;

// The author: an API, an endpoint paged by number, a page with a table on it, a menu the staff group reaches.
const admin = await login('demo-admin');
const appId = ((await call('GET', '/get/getApp/slug/demo', undefined)).data as { appId: number }).appId;
const saved = await call('POST', '/save/saveApiSource', { sourceId: null, appId, name: 'Marketplace', baseUrl: apiBase, auth: { kind: 'bearer' }, secret: TOKEN }, admin);
if (!saved.status) throw new Error(`saveApiSource: ${JSON.stringify(saved)}`);
const { sourceId } = saved.data as { sourceId: number };
const columns = [{ name: 'id', type: 'number' }, { name: 'customer' }, { name: 'amount', type: 'number' }, { name: 'paid', type: 'boolean' }];
const { endpointId } = (await call('POST', '/save/saveApiEndpoint', { endpointId: null, sourceId, name: 'Orders', path: '/orders', rowsPath: 'data', columns, paging: { scheme: 'page', totalPath: 'meta.total' } }, admin)).data as { endpointId: number };
const table = { ...createComponent('table', 'orders', 'Pesanan'), apiEndpointId: endpointId, options: 'Id,Customer,Amount,Paid', mapping_table: 'id,customer,amount,paid', search: false };
const pageId = ((await call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: 'Pesanan' }] }, admin)).data as { pages: { pageId: number }[] }).pages[0]?.pageId as number;
await call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify([table]) }] }, admin);
const menuId = ((await call('POST', '/save/saveMenu', { menuId: null, menuName: 'Pesanan', menuAppId: appId, menuPageId: pageId, menuParentMenuId: 0 }, admin)).data as { menuId: number }).menuId;
const groups = (await call('GET', `/auth/listgroup/${appId}`, undefined, admin)).data as { groupId: number; groupSlug: string }[];
await call('PUT', '/auth/updategroup', { groupId: groups.find((g) => g.groupSlug === 'staff')?.groupId, groupAppId: appId, groupAccess: { menuId: [menuId] } }, admin);
const member = await login('demo-user');

const body = { pageId, componentId: 'orders', page: 1, limit: PAGE_SIZE };
const check = await call('POST', '/get/loadTableContent', body, member);
const rows = (check.data as { filteredResult: unknown[] }[] | undefined)?.[0]?.filteredResult;
if (!check.status || rows?.length !== PAGE_SIZE) throw new Error(`loadTableContent did not answer the page: ${JSON.stringify(check).slice(0, 300)}`);

console.log(`a member's table on an API endpoint: ${PAGE_SIZE} rows of 10,000, ${ROUNDS} rounds each in turns; the server in its own process, the API a Node HTTP server`);
const [health, viaRakit, viaApi] = await measureInTurns([
  () => call('GET', '/health'),
  () => call('POST', '/get/loadTableContent', body, member),
  callApi,
], ROUNDS, 200);
console.log(latencyLine('HTTP round trip alone (GET /health)', health as number[]));
console.log(latencyLine('Rakit POST /get/loadTableContent', viaRakit as number[]));
console.log(latencyLine('the API called directly', viaApi as number[]));
const overhead = percentile(viaRakit as number[], 0.5) - percentile(viaApi as number[], 0.5);
console.log(`overhead of the table over the API (p50): ${overhead.toFixed(3)} ms (target <= 2 ms): ${overhead <= 2 ? 'met' : 'NOT met'}`);
console.log(`ratio Rakit / API directly: p50 ${(percentile(viaRakit as number[], 0.5) / percentile(viaApi as number[], 0.5)).toFixed(2)}`);

await server.stop();
api.close();
rmSync(dataDir, { recursive: true, force: true });
