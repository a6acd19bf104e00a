import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Component, createComponent, type CustomAction, VARIABLE_VALUE } from '@rakit/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { ADMIN_PASSWORD, launchBrowser, newPage } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';

/** The author's API: records the headers each call brings. */
async function startAuthorApi(): Promise<{ server: Server; base: string; calls: IncomingHttpHeaders[] }> {
  const calls: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    if (request.method === 'OPTIONS') {
      response.statusCode = 204;
      response.end();
      return;
    }
    calls.push(request.headers);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
}

/**
 * Issue 39, in Chromium: a member's click on a button whose REQUEST takes a header from the
 * environment's plain variable sends that environment's value; a secret variable the author
 * named there never reaches the member's browser (the server keeps it for queries, triggers and
 * workflow steps).
 */
describe('a member\'s REQUEST with a header from the environment\'s variables', () => {
  const stamp = Date.now().toString(36);
  const pageName = `Kunjungan ${stamp}`;
  const branch = `BRANCH_${stamp}`;
  const key = `KEY_${stamp}`;
  const secret = `sk-browser-never-${stamp}`;
  let authorApi: Awaited<ReturnType<typeof startAuthorApi>>;
  let browser: Browser;

  beforeAll(async () => {
    authorApi = await startAuthorApi();
    const api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    expect((await api('POST', '/save/saveVariable', { appId, variableId: null, name: branch, value: 'JKT-01' })).status).toBe(true);
    expect((await api('POST', '/save/saveVariable', { appId, variableId: null, name: key, secret: true, value: secret })).status).toBe(true);
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName }] });
    const pageId = created.data.pages[0]?.pageId ?? 0;
    const visit: CustomAction = {
      name: 'Lapor', action: 'REQUEST', cause: '', show: true,
      raw: {
        configuration: {
          url: `${authorApi.base}/visits`, method: 'GET', pathParams: [], body: '', bodyParams: [],
          headers: [{ name: 'X-Branch', value: VARIABLE_VALUE, customValue: branch }, { name: 'X-Key', value: VARIABLE_VALUE, customValue: key }],
        },
      },
    };
    const components: Component[] = [{ ...createComponent('button', 'lapor', 'Lapor Kunjungan'), custom_action: [visit] }];
    expect((await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] })).status).toBe(true);
    await menuForStaff(api, appId, `Kunjungan ${stamp}`, [['Harian', pageId]]);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => authorApi?.server.close(resolve));
  });

  it('sends the environment\'s plain value, and never a secret one', async () => {
    const member = await newPage(browser);
    const seen: string[] = [];
    member.on('response', (response) => {
      if (response.url().includes('/get/pageVariables/')) void response.text().then((text) => seen.push(text));
    });
    await signInToDemo(member, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await member.goto(`/demo/staff/${pageName.toLowerCase().replace(' ', '-')}`);
    await member.getByRole('button', { name: 'Lapor Kunjungan' }).click();
    await expect.poll(() => authorApi.calls.length, { timeout: 15_000 }).toBe(1);
    expect(authorApi.calls[0]?.['x-branch']).toBe('JKT-01');
    expect(authorApi.calls[0]?.['x-key'] ?? '').toBe('');
    await expect.poll(() => seen.length).toBe(1);
    expect(seen.join('')).not.toContain(secret);
    expect(await member.content()).not.toContain(secret);
    await member.context().close();
  });
});
