import { Messages } from '@rakit/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailExecutor, MAX_EMAIL_RECIPIENTS } from '../src/workflows/addons/email';
import type { StepContext } from '../src/workflows/addons/executor';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './support/build';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';
import { failureOf } from './support/steps';

/**
 * The Send Email add-on (issue 12), called as the engine calls it, through a real SMTP server
 * the test starts and the super administrator configures in Third Parties.
 */

describe('the Send Email add-on', () => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let root: string;
  let serviceId: number;
  let context: StepContext;
  const PASSWORD = 'relay-password-1';

  const saveService = async (overrides: Record<string, unknown> = {}) => {
    const answer = await server.call('POST', '/save/saveThirdParty', {
      serviceId, name: 'Relay', host: '127.0.0.1', port: smtp.port, security: 'none', username: 'robot', password: PASSWORD, fromAddress: 'robot@example.com', ...overrides,
    }, root);
    expect(answer.statusCode, answer.body).toBeLessThan(300);
  };

  beforeAll(async () => {
    smtp = await startSmtpServer({ user: 'robot', password: PASSWORD });
    server = await buildTestServer('sqlite', { allowPrivateSmtp: true });
    root = await server.login('admin', ADMIN_PASSWORD, '_root');
    context = { services: server.app.services, appId: 1, runId: 3, actionId: 5, idempotencyKey: 'run-3-action-5', signal: new AbortController().signal };
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('fails for good while no SMTP server is configured', async () => {
    const failure = await failureOf(emailExecutor.run(context, { to: 'ani@example.com', subject: 'Hi', body: 'Hello' }));
    expect([failure.message, failure.retryable]).toEqual(['No SMTP server is configured (Third Parties)', false]);
    expect(Messages.smtpNotConfigured).toBe(failure.message);
  });

  it('sends through the configured server, signed in, from its sender, with the step\'s Message-ID', async () => {
    const answer = await server.call('POST', '/save/saveThirdParty', {
      serviceId: null, name: 'Relay', host: '127.0.0.1', port: smtp.port, security: 'none', username: 'robot', password: PASSWORD, fromAddress: 'robot@example.com',
    }, root);
    serviceId = answer.json().data.serviceId as number;
    const outcome = await emailExecutor.run(context, { to: 'ani@example.com, budi@example.com', cc: 'cici@example.com', subject: 'Pesanan 42 diterima', body: 'Halo Ani,\nterima kasih.' });
    expect(outcome.output).toEqual({
      messageId: '<run-3-action-5@rakit.workflow>', accepted: ['ani@example.com', 'budi@example.com', 'cici@example.com'], rejected: [],
    });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail?.from).toBe('robot@example.com');
    expect(mail?.to).toEqual(['ani@example.com', 'budi@example.com', 'cici@example.com']);
    expect(mail?.raw).toMatch(/^Subject: Pesanan 42 diterima\r$/m);
    expect(mail?.raw).toMatch(/^To: ani@example.com, budi@example.com\r$/m);
    expect(mail?.raw).toMatch(/^Cc: cici@example.com\r$/m);
    expect(mail?.raw).toMatch(/^Message-ID: <run-3-action-5@rakit.workflow>\r$/m);
    expect(mail?.raw).toContain('terima kasih.');
  });

  it('refuses header injection, display names, too many recipients and oversized texts, sending nothing', async () => {
    const many = Array.from({ length: MAX_EMAIL_RECIPIENTS + 1 }, (_, i) => `u${i}@example.com`).join(',');
    const cases: [Record<string, unknown>, string][] = [
      [{ to: 'ani@example.com\r\nBcc: spy@evil.com', subject: 'x', body: 'x' }, 'The parameter to must be one line'],
      [{ to: 'ani@example.com', cc: 'x@example.com\nBcc: spy@evil.com', subject: 'x', body: 'x' }, 'The parameter cc must be one line'],
      [{ to: 'ani@example.com', subject: 'Hi\r\nBcc: spy@evil.com', body: 'x' }, 'The parameter subject must be one line'],
      [{ to: 'ani@example.com', subject: 'Hi\u0000there', body: 'x' }, 'must not hold control characters'],
      [{ to: 'Ani <ani@example.com>', subject: 'x', body: 'x' }, 'is not a plain e-mail address'],
      [{ to: 'not-an-address', subject: 'x', body: 'x' }, 'is not a plain e-mail address'],
      [{ to: ' , ', subject: 'x', body: 'x' }, 'The parameter to names no address'],
      [{ to: many, subject: 'x', body: 'x' }, `at most ${MAX_EMAIL_RECIPIENTS} recipients`],
      [{ to: 'ani@example.com', subject: 's'.repeat(256), body: 'x' }, 'The subject is longer than 255 characters'],
      [{ to: 'ani@example.com', subject: 'x', body: 'b'.repeat(257 * 1024) }, 'The body is larger than 256 KB'],
      [{ to: 'ani@example.com', body: 'x' }, 'The parameter subject is empty'],
      [{ to: ['ani@example.com'], subject: 'x', body: 'x' }, 'The parameter to must be text'],
    ];
    for (const [params, message] of cases) {
      const failure = await failureOf(emailExecutor.run(context, params));
      expect([failure.message, failure.retryable], JSON.stringify(params).slice(0, 100)).toEqual([expect.stringContaining(message), false]);
    }
    expect(smtp.received).toEqual([]);
  });

  it('tells a temporary refusal from a final one', async () => {
    const final = await failureOf(emailExecutor.run(context, { to: 'nobody@reject.example.com', subject: 'x', body: 'x' }));
    expect([final.message, final.retryable]).toEqual([expect.stringContaining('The SMTP server answered 550'), false]);
    const temporary = await failureOf(emailExecutor.run(context, { to: 'busy@later.example.com', subject: 'x', body: 'x' }));
    expect([temporary.message, temporary.retryable]).toEqual([expect.stringContaining('The SMTP server answered 451'), true]);
    expect(smtp.received).toEqual([]);
  });

  it('fails for good on a refused sign-in, and may retry when the server cannot be reached', async () => {
    await saveService({ password: 'not-the-password' });
    const refused = await failureOf(emailExecutor.run(context, { to: 'ani@example.com', subject: 'x', body: 'x' }));
    expect([refused.message, refused.retryable]).toEqual(['The SMTP server refused the user name or password', false]);
    await saveService({ port: 1 });
    const unreachable = await failureOf(emailExecutor.run(context, { to: 'ani@example.com', subject: 'x', body: 'x' }));
    expect([unreachable.message, unreachable.retryable]).toEqual(['The SMTP server could not be reached', true]);
    await saveService();
    expect((await emailExecutor.run(context, { to: 'ani@example.com', subject: 'back', body: 'x' })).output).toMatchObject({ accepted: ['ani@example.com'] });
  });

  it('gives up when its step is aborted while the server stalls', async () => {
    const stalled = await startSmtpServer(undefined, { holdData: true });
    try {
      await saveService({ port: stalled.port, username: '', password: '' });
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error('step timed out')), 300);
      const started = Date.now();
      await expect(emailExecutor.run({ ...context, signal: controller.signal }, { to: 'ani@example.com', subject: 'x', body: 'x' })).rejects.toThrow('step timed out');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await stalled.close();
      await saveService();
    }
  });
});
