import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, outboundUrl, sendToAddress, vetHost } from '../src/outbound/safe-request';
import { buildTestServer, type TestServer } from './support/build';

describe('the address check of server-sent requests', () => {
  it('refuses loopback, private, link-local and other special IPv4 ranges', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254',
      '0.0.0.0', '255.255.255.255', '224.0.0.1', '100.64.0.1', '192.0.2.1', '240.0.0.1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '93.184.216.34']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses the IPv6 ones, IPv4-mapped private addresses included', () => {
    for (const address of ['::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
      '::ffff:7f00:1', '64:ff9b::7f00:1', '2002:7f00:1::', '2001:db8::1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
    expect(isPublicAddress('not an address')).toBe(false);
  });

  it('refuses host names resolving to a private address, unless allowed', async () => {
    await expect(vetHost('localhost', false)).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining(Messages.requestAddressRefused) });
    await expect(vetHost('[::1]', false)).rejects.toMatchObject({ statusCode: 400 });
    await expect(vetHost('127.0.0.1', false)).rejects.toMatchObject({ statusCode: 400 });
    await expect(vetHost('localhost', true)).resolves.toMatchObject({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) });
    await expect(vetHost('no-such-host.invalid', false)).rejects.toMatchObject({ statusCode: 502 });
  });

  it('takes only http and https URLs', () => {
    for (const text of ['ftp://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'gopher://x', 'example.com', 'http://user:pw@example.com/']) {
      expect(() => outboundUrl(text), text).toThrow();
    }
    expect(outboundUrl('https://example.com/a?b=1').hostname).toBe('example.com');
    // The URL parser reads odd IPv4 spellings as the address they are.
    expect(outboundUrl('http://0x7f.1/').hostname).toBe('127.0.0.1');
  });
});

/** A local server the tests call: it echoes what it received, or redirects. */
async function startEcho(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    req.on('end', () => {
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end();
      } else if (req.url === '/text') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('plain words');
      } else if (req.url === '/slow') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('started');
        // …and never ends.
      } else if (req.url === '/huge') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(3 * 1024 * 1024));
      } else {
        res.writeHead(200, { 'content-type': 'application/json', 'x-echo': 'yes' })
          .end(JSON.stringify({ method: req.method, url: req.url, header: req.headers['x-token'] ?? null, body }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('POST /action/testRequest', () => {
  let refusing: TestServer;
  let allowing: TestServer;
  let echo: { server: Server; url: string };
  let appId: number;
  let admin: string;
  let adminAllowing: string;
  let appAllowing: number;
  let member: string;
  let outsider: string;

  /** An application with an administrator and a member, on a server. */
  async function setUp(server: TestServer) {
    for (const user of ['081700000021', '081700000022', '081700000023']) await server.register(user, 'password-1');
    const builder = await server.login('081700000021', 'password-1', 'main');
    const created = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Uji', appDescription: '' }, builder)).json().data;
    const groups = (await server.call('GET', `/auth/listgroup/${created.appId}`, undefined, await server.login('081700000021', 'password-1', created.appSlug))).json().data as { groupId: number; groupSlug: string }[];
    const adminToken = await server.login('081700000021', 'password-1', created.appSlug);
    await server.call('POST', '/auth/addUserToGroup', { userId: '081700000022', groupId: groups.find((g) => g.groupSlug === 'member')?.groupId }, adminToken);
    return {
      appId: created.appId as number, admin: adminToken,
      member: await server.login('081700000022', 'password-1', created.appSlug), outsider: await server.login('081700000023', 'password-1', 'main'),
    };
  }

  beforeAll(async () => {
    echo = await startEcho();
    refusing = await buildTestServer('sqlite');
    ({ appId, admin, member, outsider } = await setUp(refusing));
    allowing = await buildTestServer('sqlite', { allowPrivateUrls: true });
    ({ appId: appAllowing, admin: adminAllowing } = await setUp(allowing));
  });
  afterAll(async () => {
    await refusing.close();
    await allowing.close();
    echo.server.closeAllConnections();
    await new Promise((resolve) => echo.server.close(resolve));
  });

  const test = (server: TestServer, body: Record<string, unknown>, token?: string) => server.call('POST', '/action/testRequest', body, token);

  it('refuses a server on 127.0.0.1 by default', async () => {
    for (const url of [`${echo.url}/items`, echo.url.replace('127.0.0.1', 'localhost'), echo.url.replace('127.0.0.1', '[::ffff:127.0.0.1]')]) {
      const answer = await test(refusing, { appId, url, method: 'GET' }, admin);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().error[0]).toContain(Messages.requestAddressRefused);
    }
  });

  it('reaches it when the operator allows private addresses, UPDATE sent as PUT', async () => {
    const answer = await test(allowing, { appId: appAllowing, url: `${echo.url}/items/7`, method: 'UPDATE', headers: { 'X-Token': 'abc', Host: 'evil.example' }, body: '{"a":1}' }, adminAllowing);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      status: true,
      data: { status: 200, headers: expect.objectContaining({ 'x-echo': 'yes' }), body: { method: 'PUT', url: '/items/7', header: 'abc', body: '{"a":1}' } },
    });
    const get = await test(allowing, { appId: appAllowing, url: `${echo.url}/q`, method: 'GET', body: 'ignored' }, adminAllowing);
    expect(get.json().data.body).toMatchObject({ method: 'GET', body: '' });
    const text = await test(allowing, { appId: appAllowing, url: `${echo.url}/text` }, adminAllowing);
    expect(text.json().data.body).toBe('plain words');
  });

  it('answers a redirect instead of following it, and refuses answers over 2 MB', async () => {
    const redirect = await test(allowing, { appId: appAllowing, url: `${echo.url}/redirect` }, adminAllowing);
    expect(redirect.json().data).toMatchObject({ status: 302, headers: { location: 'http://127.0.0.1:1/elsewhere' } });
    const huge = await test(allowing, { appId: appAllowing, url: `${echo.url}/huge` }, adminAllowing);
    expect(huge.statusCode).toBe(502);
    expect(huge.json().error).toEqual([Messages.requestTooLarge]);
  });

  it('connects to the checked address, never asking DNS again (no rebinding)', async () => {
    // The name does not resolve at all: the request can only have gone to the vetted address.
    const port = new URL(echo.url).port;
    const answer = await sendToAddress({ url: new URL(`http://rebind.invalid:${port}/same`), method: 'GET', headers: {} }, { address: '127.0.0.1', family: 4 });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ url: '/same' });
  });

  it('gives up on a server that does not finish answering', async () => {
    const port = new URL(echo.url).port;
    await expect(sendToAddress({ url: new URL(`http://127.0.0.1:${port}/slow`), method: 'GET', headers: {} }, { address: '127.0.0.1', family: 4 }, 300))
      .rejects.toMatchObject({ statusCode: 502, message: Messages.requestTimedOut });
  });

  it('refuses URLs that are not http(s)', async () => {
    for (const url of ['ftp://example.com/x', 'file:///etc/passwd', 'not a url']) {
      const answer = await test(refusing, { appId, url }, admin);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().error).toEqual([Messages.requestUrlInvalid]);
    }
  });

  it('is for the application\'s administrators only', async () => {
    const body = { appId, url: 'https://example.com/' };
    expect((await test(refusing, body)).statusCode).toBe(401);
    expect((await test(refusing, body, member)).statusCode).toBe(403);
    expect((await test(refusing, body, outsider)).statusCode).toBe(403);
  });
});
