import { Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { httpExecutor } from '../../src/workflows/addons/http';
import { buildTestServer, type TestServer } from '../support/build';
import { listenLocal, type LocalHttpServer } from '../support/local-http';
import { type HostileBuilder, hostileBuilder } from './hostile';
import { failureOf, stepOf } from '../support/steps';
import { specPrefix } from '../support/texts';

/**
 * RAKIT_ALLOWED_URL_HOSTS: the operator opens named private hosts to the workflows' HTTP steps
 * (an intranet API), and only those: a hostile author's step still reaches no other private
 * address, no metadata host, and the Request section's Test stays closed.
 */

describe('the private hosts an operator allows to HTTP steps', () => {
  let server: TestServer;
  let intranet: LocalHttpServer;
  let hits = 0;
  let port = 0;
  let hostile: HostileBuilder;

  beforeAll(async () => {
    server = await buildTestServer('sqlite', { allowedUrlHosts: ['127.0.0.1'] });
    hostile = await hostileBuilder(server);
    intranet = await listenLocal((_request, response) => {
      hits += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    port = intranet.port;
  });
  afterAll(async () => {
    await intranet.close();
    await server.close();
  });

  it('reaches the listed address', async () => {
    const outcome = await httpExecutor.run(stepOf(server, hostile.appId), { method: 'GET', url: `http://127.0.0.1:${port}/` });
    expect(outcome.output).toMatchObject({ status: 200, body: { ok: true } });
    expect(hits).toBe(1);
  });

  it('still refuses every other private address and the metadata hosts', async () => {
    const before = hits;
    for (const url of ['http://10.0.0.1/', 'http://192.168.1.1/', `http://[::1]:${port}/`, 'http://169.254.169.254/latest/meta-data/', 'http://metadata.google.internal/computeMetadata/v1/']) {
      const failure = await failureOf(httpExecutor.run(stepOf(server, hostile.appId), { method: 'GET', url }));
      expect(failure.retryable, url).toBe(false);
      expect(failure.message, url).toMatch(new RegExp(`^(${specPrefix('requestAddressRefusedAt')}|${Messages.requestHostRefused})`.replaceAll('.', '\\.')));
    }
    expect(hits).toBe(before);
  });

  it('leaves the Request section\'s Test closed to the listed host', async () => {
    const answer = await server.call('POST', '/action/testRequest', { appId: hostile.appId, url: `http://127.0.0.1:${port}/`, method: 'GET' }, hostile.token);
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ error: string[] }>().error[0]).toContain(specPrefix('requestAddressRefusedAt'));
  });

  it('stops the start on a mistyped entry', () => {
    expect(() => loadConfig({ RAKIT_DATA_DIR: server.app.services.config.dataDir, RAKIT_ALLOWED_URL_HOSTS: '10.0.0.0/99' })).toThrow(/RAKIT_ALLOWED_URL_HOSTS/);
    expect(loadConfig({ RAKIT_DATA_DIR: server.app.services.config.dataDir, RAKIT_ALLOWED_URL_HOSTS: ' 10.1.2.3 , api.intranet ' }).allowedUrlHosts).toEqual(['10.1.2.3', 'api.intranet']);
  });
});
