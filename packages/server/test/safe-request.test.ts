import { createSocket } from 'node:dgram';
import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, resolveHost } from '../src/outbound/addresses';
import { MAX_OUTBOUND_AT_ONCE, outboundUrl, sendToAddress, vetHost } from '../src/outbound/safe-request';
import { REQUEST_TEST_RATE_LIMIT } from '../src/http/rate-limit';
import { buildTestServer, type TestServer } from './support/build';
import { specPrefix } from './support/texts';

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
      '::ffff:7f00:1', '64:ff9b::7f00:1', '2002:7f00:1::', '2001:db8::1',
      // IPv4-compatible (::/96), which ipaddr.js calls unicast; Teredo, NAT64, discard, documentation, site-local.
      '::7f00:1', '::127.0.0.1', '::a00:1', '::8.8.8.8', 'fe80::1%eth0', '2001::1', '64:ff9b:1::1', '100::1', '3fff::1', 'fec0::1', '4000::1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
    expect(isPublicAddress('not an address')).toBe(false);
  });

  it('refuses host names resolving to a private address, unless allowed, without telling the address', async () => {
    await expect(vetHost('localhost', false)).rejects.toMatchObject({ statusCode: 400, message: `${Messages.requestHostRefused}: localhost` });
    const intranet = async () => [{ address: '93.184.216.34', family: 4 as const }, { address: '10.20.30.40', family: 4 as const }];
    await expect(vetHost('intranet.example', false, intranet)).rejects.toMatchObject({ statusCode: 400, message: `${Messages.requestHostRefused}: intranet.example` });
    await expect(vetHost('intranet.example', true, intranet)).resolves.toHaveLength(2);
    await expect(vetHost('[::1]', false)).rejects.toMatchObject({ statusCode: 400, message: `${specPrefix('requestAddressRefusedAt')}: ::1` });
    await expect(vetHost('127.0.0.1', false)).rejects.toMatchObject({ statusCode: 400 });
    await expect(vetHost('localhost', true)).resolves.toEqual([{ address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }]);
    await expect(vetHost('no-such-host.invalid', false)).rejects.toMatchObject({ statusCode: 502 });
  });

  it('gives up on a DNS server that does not answer, within the time given', async () => {
    const silent = createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      await expect(resolveHost('slow.example', 300, [`127.0.0.1:${silent.address().port}`]))
        .rejects.toMatchObject({ statusCode: 502, message: `${specPrefix('requestHostTimedOutAt')} 0.3 seconds: slow.example` });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      silent.close();
    }
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

/** A local server the tests call: it echoes what it received, or redirects; /hold answers when the test releases it. */
async function startEcho(): Promise<{ server: Server; url: string; held: ServerResponse[] }> {
  const held: ServerResponse[] = [];
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
      } else if (req.url === '/hold') {
        held.push(res);
      } else if (req.url === '/huge') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(3 * 1024 * 1024));
      } else {
        res.writeHead(200, { 'content-type': 'application/json', 'x-echo': 'yes' })
          .end(JSON.stringify({ method: req.method, url: req.url, header: req.headers['x-token'] ?? null, expect: req.headers.expect ?? null, body }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, held };
}

describe('POST /action/testRequest', () => {
  let refusing: TestServer;
  let allowing: TestServer;
  let echo: Awaited<ReturnType<typeof startEcho>>;
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
    await server.addToGroup('081700000022', groups.find((g) => g.groupSlug === 'member')?.groupId as number);
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
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '[::7f00:1]', '[::127.0.0.1]']) {
      const url = echo.url.replace('127.0.0.1', host);
      const answer = await test(refusing, { appId, url, method: 'GET' }, admin);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().error[0], url).toContain(specPrefix('requestAddressRefusedAt'));
    }
    // A name is refused without the private address it resolves to.
    const named = await test(refusing, { appId, url: echo.url.replace('127.0.0.1', 'localhost'), method: 'GET' }, admin);
    expect(named.statusCode).toBe(400);
    expect(named.json().error).toEqual([`${Messages.requestHostRefused}: localhost`]);
  });

  it('reaches it when the operator allows private addresses, UPDATE sent as PUT', async () => {
    const answer = await test(allowing, {
      appId: appAllowing, url: `${echo.url}/items/7`, method: 'UPDATE', headers: { 'X-Token': 'abc', Host: 'evil.example', Expect: '100-continue' }, body: '{"a":1}',
    }, adminAllowing);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      status: true,
      data: { status: 200, headers: expect.objectContaining({ 'x-echo': 'yes' }), body: { method: 'PUT', url: '/items/7', header: 'abc', expect: null, body: '{"a":1}' } },
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
    const answer = await sendToAddress({ url: new URL(`http://rebind.invalid:${port}/same`), method: 'GET', headers: {} }, [{ address: '127.0.0.1', family: 4 }]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ url: '/same' });
  });

  it('keeps a connection alive only for the very addresses it was opened to', async () => {
    // Listening on every loopback address, answering which one it was reached on and from which port.
    const where = createServer((request, response) => response.end(JSON.stringify({ local: request.socket.localAddress, port: request.socket.remotePort })));
    await new Promise<void>((resolve) => where.listen(0, '0.0.0.0', resolve));
    try {
      const url = new URL(`http://pooled.invalid:${(where.address() as AddressInfo).port}/where`);
      const ask = async (address: string) => JSON.parse((await sendToAddress({ url, method: 'GET', headers: {} }, [{ address, family: 4 }], 2000, undefined, undefined, true)).text) as { local: string; port: number };
      const first = await ask('127.0.0.1');
      expect(await ask('127.0.0.1')).toEqual(first);
      // The name now vetted to another address: a connection of its own, never the kept one.
      const moved = await ask('127.0.0.2');
      expect(moved.local).toBe('127.0.0.2');
      expect(moved.port).not.toBe(first.port);
    } finally {
      where.closeAllConnections();
      await new Promise<void>((resolve) => where.close(() => resolve()));
    }
  });

  it('tries the next address of the host when one cannot be connected to', async () => {
    // The echo server listens on 127.0.0.1 only: ::1 refuses the connection.
    const port = new URL(echo.url).port;
    const targets = [{ address: '::1', family: 6 as const }, { address: '127.0.0.1', family: 4 as const }];
    const answer = await sendToAddress({ url: new URL(`http://dual.invalid:${port}/both`), method: 'GET', headers: {} }, targets);
    expect(JSON.parse(answer.text)).toMatchObject({ url: '/both' });
  });

  it('gives up on a server that does not finish answering', async () => {
    const port = new URL(echo.url).port;
    await expect(sendToAddress({ url: new URL(`http://127.0.0.1:${port}/slow`), method: 'GET', headers: {} }, [{ address: '127.0.0.1', family: 4 }], 300))
      .rejects.toMatchObject({ statusCode: 502, message: `${specPrefix('requestTimedOutAfter')} 0.3 seconds` });
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

  it('has only a few tests under way at once in the process; more are answered 503', async () => {
    const holding = Array.from({ length: MAX_OUTBOUND_AT_ONCE }, () => test(allowing, { appId: appAllowing, url: `${echo.url}/hold` }, adminAllowing));
    await expect.poll(() => echo.held.length).toBe(MAX_OUTBOUND_AT_ONCE);
    const busy = await test(allowing, { appId: appAllowing, url: `${echo.url}/q` }, adminAllowing);
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({ status: false, error: [Messages.requestTestsBusy], code: 'requestTestsBusy' });
    for (const res of echo.held.splice(0)) res.writeHead(200, { 'content-type': 'text/plain' }).end('released');
    for (const answer of await Promise.all(holding)) expect(answer.json().data.body).toBe('released');
    expect((await test(allowing, { appId: appAllowing, url: `${echo.url}/q` }, adminAllowing)).statusCode).toBe(200);
  });

  it('limits each user\'s tests per minute', async () => {
    await refusing.register('081700000024', 'password-1');
    const busyUser = await refusing.login('081700000024', 'password-1', 'main');
    const body = { appId, url: 'https://example.com/' };
    for (let i = 0; i < REQUEST_TEST_RATE_LIMIT; i++) expect((await test(refusing, body, busyUser)).statusCode).toBe(403);
    const limited = await test(refusing, body, busyUser);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: false, error: [Messages.tooManyRequests], code: 'tooManyRequests' });
    // Another user is counted on his own.
    expect((await test(refusing, { appId, url: 'ftp://example.com/' }, admin)).statusCode).toBe(400);
  });
});
