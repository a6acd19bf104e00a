import type http from 'node:http';
import { Messages } from '@rakit/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StepContext } from '../src/workflows/addons/executor';
import { httpExecutor } from '../src/workflows/addons/http';
import { buildTestServer, type TestServer } from './support/build';
import { listenLocal, type LocalHttpServer } from './support/local-http';
import { failureOf } from './support/steps';
import { specPrefix } from './support/texts';

/**
 * The HTTP request add-on (issue 12), called as the engine calls it, against a local HTTP server
 * (the operator here allows private URLs, as an intranet would: trust-boundary/workflow-addons
 * plays the default operator). Its answers tell the engine whether a retry may help.
 */

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('the HTTP request add-on', () => {
  let server: TestServer;
  let remote: LocalHttpServer;
  let base: string;
  let received: Received[] = [];
  let context: StepContext;

  beforeAll(async () => {
    server = await buildTestServer('sqlite', { allowPrivateUrls: true });
    remote = await listenLocal((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        const path = request.url ?? '';
        if (path.startsWith('/json')) {
          response.writeHead(201, { 'content-type': 'application/json', 'set-cookie': 'session=secret', 'x-request-id': 'r-1', 'x-internal-token': 'hidden' });
          response.end(JSON.stringify({ id: 7, tags: ['a', 'b'] }));
        } else if (path === '/text') {
          response.writeHead(200, { 'content-type': 'text/plain' });
          response.end('plain words');
        } else if (path === '/fail') {
          response.writeHead(503);
          response.end('down');
        } else if (path === '/busy') {
          response.writeHead(429);
          response.end();
        } else if (path === '/missing') {
          response.writeHead(404);
          response.end('no');
        } else if (path === '/redirect') {
          response.writeHead(302, { location: 'http://127.0.0.1:1/secret' });
          response.end();
        } else if (path === '/big') {
          response.writeHead(200, { 'content-type': 'text/plain' });
          response.end('x'.repeat(3 * 1024 * 1024));
        } else if (path === '/reset') {
          request.socket.destroy();
        } else if (path === '/slow') {
          // Never answers: the step's signal ends it.
        } else {
          response.writeHead(200);
          response.end();
        }
      });
    });
    base = remote.base;
    context = { services: server.app.services, appId: 1, runId: 4, actionId: 9, idempotencyKey: 'run-4-action-9', signal: new AbortController().signal };
  });
  beforeEach(() => {
    received = [];
  });
  afterAll(async () => {
    await remote.close();
    await server.close();
  });

  it('sends the method, headers, JSON body and idempotency key, and answers status, safe headers and parsed JSON', async () => {
    const outcome = await httpExecutor.run(context, {
      method: 'POST', url: `${base}/json?x=1`, headers: { Authorization: 'Bearer t', 'Idempotency-Key': 'forged' }, body: { name: 'Ani', qty: 2 },
    });
    expect(outcome.output).toEqual({
      status: 201,
      headers: expect.objectContaining({ 'content-type': 'application/json', 'x-request-id': 'r-1' }),
      body: { id: 7, tags: ['a', 'b'] },
    });
    const { headers } = outcome.output as { headers: Record<string, string> };
    expect(headers['set-cookie']).toBeUndefined();
    expect(headers['x-internal-token']).toBeUndefined();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/json?x=1', body: '{"name":"Ani","qty":2}' });
    expect(received[0]?.headers).toMatchObject({ authorization: 'Bearer t', 'content-type': 'application/json', 'idempotency-key': 'run-4-action-9' });
  });

  it('takes headers and body as JSON text, sends no body with GET, and answers text as text', async () => {
    const outcome = await httpExecutor.run(context, { method: 'GET', url: `${base}/text`, headers: '{"Accept": "text/plain"}', body: '{"ignored": true}' });
    expect(outcome.output).toMatchObject({ status: 200, body: 'plain words' });
    expect(received[0]).toMatchObject({ method: 'GET', body: '' });
    expect(received[0]?.headers.accept).toBe('text/plain');
    const patched = await httpExecutor.run(context, { method: 'PATCH', url: `${base}/json`, body: '[1, "two"]' });
    expect((patched.output as { status: number }).status).toBe(201);
    expect(received[1]).toMatchObject({ method: 'PATCH', body: '[1,"two"]' });
  });

  it('tells a retry may help for 5xx, 429, a reset connection and an unresolvable name', async () => {
    const cases: [string, string][] = [
      [`${base}/fail`, 'answered HTTP 503'],
      [`${base}/busy`, 'answered HTTP 429'],
      [`${base}/reset`, specPrefix('requestFailedAt')],
      ['http://no-such-host.invalid/', Messages.requestHostUnknown],
    ];
    for (const [url, message] of cases) {
      const failure = await failureOf(httpExecutor.run(context, { method: 'GET', url }));
      expect([failure.message, failure.retryable], url).toEqual([expect.stringContaining(message), true]);
    }
  });

  it('fails for good on 4xx, a redirect, an oversized answer and a malformed configuration', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ method: 'GET', url: `${base}/missing` }, 'answered HTTP 404'],
      [{ method: 'GET', url: `${base}/redirect` }, 'answered HTTP 302: redirects are not followed'],
      [{ method: 'GET', url: `${base}/big` }, Messages.requestTooLarge],
      [{ method: 'TRACE', url: `${base}/` }, 'The parameter method must be one of'],
      [{ method: 'GET', url: 'file:///etc/passwd' }, Messages.requestUrlInvalid],
      [{ method: 'GET', url: `http://user:pw@127.0.0.1:${new URL(base).port}/` }, Messages.requestUrlInvalid],
      [{ method: 'GET', url: `${base}/`, headers: { 'X-Evil': 'a\r\nSet-Cookie: b' } }, 'Invalid header'],
      [{ method: 'GET', url: `${base}/`, headers: { 'X-List': ['a'] } }, 'The header X-List must be text'],
      [{ method: 'POST', url: `${base}/`, body: '{not json' }, 'The parameter body must be JSON'],
      [{ method: 'GET', url: '' }, 'The parameter url is empty'],
    ];
    for (const [params, message] of cases) {
      const failure = await failureOf(httpExecutor.run(context, params));
      expect([failure.message, failure.retryable], JSON.stringify(params)).toEqual([expect.stringContaining(message), false]);
    }
    // The redirect's target was never called, nor a request with an injected header sent.
    expect(received.map((r) => r.url)).toEqual(['/missing', '/redirect', '/big']);
  });

  it('gives up when its step is aborted', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(new Error('step timed out')), 200);
    await expect(httpExecutor.run({ ...context, signal: controller.signal }, { method: 'GET', url: `${base}/slow` })).rejects.toThrow('step timed out');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
