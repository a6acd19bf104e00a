import { Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';

/**
 * The root application's Third Parties (spec 1 screen 4, issue 12) on each metadata store: the
 * super administrator keeps SMTP servers whose passwords are sealed and never answered; their
 * hosts pass the outbound address guard.
 */
const engines = await availableEngines();

describe.each(engines)('Third Parties on a %s store', (engine) => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let root: string;
  const PASSWORD = 'smtp-secret-password';

  const save = (body: Record<string, unknown>, token = root) => server.call('POST', '/save/saveThirdParty', body, token);
  const list = async () => (await server.call('GET', '/get/listThirdParties', undefined, root)).json().data as Record<string, unknown>[];
  const smtpBody = (overrides: Record<string, unknown> = {}) => ({
    serviceId: null, name: 'Mail relay', host: '127.0.0.1', port: smtp.port, security: 'none', username: 'robot', password: PASSWORD,
    fromAddress: 'robot@example.com', ...overrides,
  });

  beforeAll(async () => {
    smtp = await startSmtpServer({ user: 'robot', password: PASSWORD });
    // This operator runs his mail relay on the same machine.
    server = await buildTestServer(engine, { allowPrivateSmtp: true });
    root = await server.login('admin', ADMIN_PASSWORD, '_root');
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('saves an SMTP server, lists it without its password, and keeps the password sealed', async () => {
    const created = await save(smtpBody());
    expect(created.statusCode, created.body).toBe(201);
    const { serviceId } = created.json().data as { serviceId: number };
    const listed = await list();
    expect(listed).toEqual([{
      serviceId, kind: 'smtp', name: 'Mail relay', host: '127.0.0.1', port: smtp.port, security: 'none', username: 'robot', fromAddress: 'robot@example.com', hasPassword: true, revision: 1,
    }]);
    const answerText = (await server.call('GET', '/get/listThirdParties', undefined, root)).body;
    expect(answerText).not.toContain(PASSWORD);
    const stored = await server.store.selectFrom('thirdParties').selectAll().where('serviceId', '=', serviceId).executeTakeFirstOrThrow();
    expect(stored.passwordEnc).not.toContain(PASSWORD);
    expect(server.app.services.secretBox.open(stored.passwordEnc)).toBe(PASSWORD);

    const tested = await server.call('POST', '/action/testThirdParty', { serviceId }, root);
    expect([tested.statusCode, tested.json().data?.message]).toEqual([200, `Connected to 127.0.0.1:${smtp.port} as robot`]);
  });

  it('keeps the password when an edit leaves it empty, replaces it when one is given', async () => {
    const { serviceId } = (await save(smtpBody({ name: 'Keep' }))).json().data as { serviceId: number };
    const edited = await save(smtpBody({ serviceId, name: 'Kept', password: '' }));
    expect(edited.statusCode).toBe(200);
    expect((await list()).find((s) => s.serviceId === serviceId)).toMatchObject({ name: 'Kept', hasPassword: true });
    expect((await server.call('POST', '/action/testThirdParty', { serviceId }, root)).statusCode).toBe(200);

    expect((await save(smtpBody({ serviceId, password: 'wrong-password' }))).statusCode).toBe(200);
    const refused = await server.call('POST', '/action/testThirdParty', { serviceId }, root);
    expect([refused.statusCode, refused.json().error]).toEqual([502, ['The SMTP server refused the user name or password']]);
    expect(refused.body).not.toContain('wrong-password');
  });

  it('refuses bad settings and unknown services', async () => {
    for (const [overrides, field] of [
      [{ name: ' ' }, 'name'], [{ port: 0 }, 'port'], [{ port: 70_000 }, 'port'], [{ security: 'ssl' }, 'security'],
      [{ fromAddress: 'Robot <robot@example.com>' }, 'fromAddress'], [{ fromAddress: 'robot@example.com\r\nBcc: x@evil.com' }, 'fromAddress'],
      [{ host: 'mail.example.com/evil' }, 'host'], [{ kind: 'sms' }, 'kind'],
    ] as const) {
      const answer = await save(smtpBody(overrides));
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(answer.body).toContain(field);
    }
    const missing = await save(smtpBody({ serviceId: 999_999 }));
    expect([missing.statusCode, missing.json().error]).toEqual([404, [Messages.thirdPartyNotFound]]);
    expect((await server.call('POST', '/action/testThirdParty', { serviceId: 999_999 }, root)).statusCode).toBe(404);
    expect((await server.call('DELETE', '/delete/deleteThirdParty', { serviceId: 999_999 }, root)).statusCode).toBe(404);
  });

  it('says when the SMTP server cannot be reached', async () => {
    const { serviceId } = (await save(smtpBody({ name: 'Closed port', port: 1 }))).json().data as { serviceId: number };
    const tested = await server.call('POST', '/action/testThirdParty', { serviceId }, root);
    expect([tested.statusCode, tested.json().error]).toEqual([502, ['The SMTP server could not be reached']]);
  });

  it('deletes a service', async () => {
    const { serviceId } = (await save(smtpBody({ name: 'Gone' }))).json().data as { serviceId: number };
    const deleted = await server.call('DELETE', '/delete/deleteThirdParty', { serviceId }, root);
    expect([deleted.statusCode, deleted.json().data]).toEqual([200, { serviceId }]);
    expect((await list()).some((s) => s.serviceId === serviceId)).toBe(false);
  });
});

describe('the default operator\'s SMTP host guard', () => {
  let server: TestServer;
  let root: string;

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    root = await server.login('admin', ADMIN_PASSWORD, '_root');
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses private, loopback and link-local SMTP hosts unless the operator allows them', async () => {
    for (const host of ['127.0.0.1', 'localhost', '10.1.2.3', '169.254.169.254', '[::1]']) {
      const answer = await server.call('POST', '/save/saveThirdParty', {
        serviceId: null, name: 'Internal', host, port: 25, security: 'none', fromAddress: 'robot@example.com',
      }, root);
      expect([answer.statusCode, answer.json().error?.[0]], host).toEqual([400, Messages.smtpHostRefused]);
    }
    expect(await server.store.selectFrom('thirdParties').selectAll().execute()).toEqual([]);
    const publicHost = await server.call('POST', '/save/saveThirdParty', {
      serviceId: null, name: 'Public', host: '1.1.1.1', port: 587, security: 'starttls', username: 'u', password: 'p', fromAddress: 'robot@example.com',
    }, root);
    expect(publicHost.statusCode).toBe(201);
  });
});
