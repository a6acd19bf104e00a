import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddonExecutor } from '../../src/workflows/addons/executor';
import { insertThirdParty } from '../../src/store/repositories/third-parties';
import { emailExecutor } from '../../src/workflows/addons/email';
import { httpExecutor } from '../../src/workflows/addons/http';
import { insertExecutor } from '../../src/workflows/addons/insert';
import { queryExecutor } from '../../src/workflows/addons/query';
import { updateExecutor } from '../../src/workflows/addons/update';
import { buildTestServer, type TestServer } from '../support/build';
import { createSqliteDatabase } from '../support/fixtures';
import { listenLocal, type LocalHttpServer } from '../support/local-http';
import { startSmtpServer } from '../support/smtp';
import { type HostileBuilder, hostileBuilder } from './hostile';
import { failureOf, stepOf } from '../support/steps';
import { specPrefix } from '../support/texts';

/**
 * A hostile author's workflow steps (issue 12): his HTTP step reaches no address of the
 * server's network under the default operator settings, follows no redirect there, and his SQL
 * steps reach no other application's connection or stored query, however he names them.
 */

describe('a hostile author\'s HTTP step', () => {
  let server: TestServer;
  let intranet: LocalHttpServer;
  let intranetHits = 0;
  let port = 0;
  let hostile: HostileBuilder;

  beforeAll(async () => {
    // The default operator: no private URL.
    server = await buildTestServer('sqlite');
    hostile = await hostileBuilder(server);
    intranet = await listenLocal((_request, response) => {
      intranetHits += 1;
      response.end('internal secret');
    });
    port = intranet.port;
  });
  afterAll(async () => {
    await intranet.close();
    await server.close();
  });

  it('is refused loopback, private, link-local and metadata addresses, for good and without a request', async () => {
    const urls = [
      `http://127.0.0.1:${port}/`, `http://localhost:${port}/`, `http://[::1]:${port}/`, `http://2130706433:${port}/`, `http://0x7f000001:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`, `http://0.0.0.0:${port}/`, 'http://169.254.169.254/latest/meta-data/', 'http://[fd00:ec2::254]/latest/meta-data/',
      'http://metadata.google.internal/computeMetadata/v1/', 'http://metadata/computeMetadata/v1/', 'http://10.0.0.1/', 'http://192.168.1.1/',
    ];
    for (const url of urls) {
      for (const method of ['GET', 'POST']) {
        const failure = await failureOf(httpExecutor.run(stepOf(server, hostile.appId), { method, url, body: { steal: true } }));
        expect(failure.retryable, url).toBe(false);
        expect(failure.message, url).toMatch(new RegExp(`^(${specPrefix('requestAddressRefusedAt')}|${Messages.requestHostRefused})`.replaceAll('.', '\\.')));
        expect(failure.message).not.toContain('internal secret');
      }
    }
    expect(intranetHits).toBe(0);
  });

  it('follows no redirect into the network behind a public-looking server', async () => {
    // A stand-in for a public server the operator's guard lets through, answering a redirect to loopback.
    const open = await buildTestServer('sqlite', { allowPrivateUrls: true });
    const redirector = await listenLocal((_request, response) => {
      response.writeHead(307, { location: `http://127.0.0.1:${port}/admin` });
      response.end();
    });
    try {
      const author = await hostileBuilder(open);
      const url = `${redirector.base}/go`;
      const failure = await failureOf(httpExecutor.run(stepOf(open, author.appId), { method: 'GET', url }));
      expect([failure.message, failure.retryable]).toEqual([expect.stringContaining('HTTP 307: redirects are not followed'), false]);
      expect(intranetHits).toBe(0);
    } finally {
      await redirector.close();
      await open.close();
    }
  });
});

describe('a hostile author\'s SQL steps', () => {
  let server: TestServer;
  let victim: HostileBuilder;
  let hostile: HostileBuilder;
  let victimDb = 0;
  let victimQuery = 0;

  const victimRows = async () => {
    const step = stepOf(server, victim.appId);
    return (await queryExecutor.run(step, { queryId: victimQuery })).output;
  };

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    victim = await hostileBuilder(server, `Victim ${randomBytes(3).toString('hex')}`);
    hostile = await hostileBuilder(server);
    createSqliteDatabase(server.app.services.config.dataDir, victim.appId, 'payroll.db', "CREATE TABLE pay (id INTEGER PRIMARY KEY, who TEXT NOT NULL, amount INT); INSERT INTO pay (who, amount) VALUES ('ani', 100)");
    const saved = await server.call('POST', '/save/saveDbConfig', { dbAppId: victim.appId, dbType: 'sqlite', dbDatabase: 'payroll.db' }, victim.token);
    victimDb = saved.json().data.dbId as number;
    const query = await server.call('POST', '/save/saveQuery', { actionId: null, actionDbId: victimDb, actionName: 'all', actionSQLQuery: 'SELECT who, amount FROM pay' }, victim.token);
    victimQuery = query.json().data.actionId as number;
  });
  afterAll(async () => {
    await server.close();
  });

  it('cannot run, insert into or update another application\'s connection, by id or by its text', async () => {
    const before = await victimRows();
    expect(before).toEqual([{ who: 'ani', amount: 100 }]);
    const step = stepOf(server, hostile.appId);
    const attempts: [AddonExecutor, Record<string, unknown>, string][] = [
      [queryExecutor, { queryId: victimQuery }, Messages.actionNotFound],
      [queryExecutor, { queryId: String(victimQuery), params: '[]' }, Messages.actionNotFound],
      [insertExecutor, { dbId: victimDb, table: 'pay', values: { who: 'mallory', amount: 1_000_000 } }, Messages.databaseNotFound],
      [updateExecutor, { dbId: String(victimDb), table: 'pay', values: { amount: 0 }, where: { who: 'ani' } }, Messages.databaseNotFound],
      [updateExecutor, { dbId: victimDb, table: 'pay', values: '{"amount": 0}', where: '{"id": 1}' }, Messages.databaseNotFound],
    ];
    for (const [executor, params, message] of attempts) {
      const failure = await failureOf(executor.run(step, params));
      expect([failure.message, failure.retryable], JSON.stringify(params)).toEqual([message, false]);
    }
    expect(await victimRows()).toEqual(before);
  });

  it('cannot reach past his own SQLite file through a stored query step', async () => {
    createSqliteDatabase(server.app.services.config.dataDir, hostile.appId, 'mine.db', 'CREATE TABLE t (id INTEGER PRIMARY KEY)');
    const saved = await server.call('POST', '/save/saveDbConfig', { dbAppId: hostile.appId, dbType: 'sqlite', dbDatabase: 'mine.db' }, hostile.token);
    const dbId = saved.json().data.dbId as number;
    const meta = path.join(server.app.services.config.dataDir, 'rakit.db');
    for (const sql of [`ATTACH DATABASE '${meta}' AS meta`, "SELECT load_extension('/tmp/x.so')", 'PRAGMA writable_schema = 1']) {
      const query = await server.call('POST', '/save/saveQuery', { actionId: null, actionDbId: dbId, actionName: 'evil', actionSQLQuery: sql }, hostile.token);
      const queryId = query.json().data.actionId as number;
      const failure = await failureOf(queryExecutor.run(stepOf(server, hostile.appId), { queryId }));
      expect([failure.message, failure.retryable], sql).toEqual([expect.stringContaining(Messages.queryError), false]);
    }
  });
});

describe('a hostile author\'s email step', () => {
  it('reaches no SMTP server on a private address once the operator no longer allows it, and adds no header', async () => {
    const smtp = await startSmtpServer();
    // The default operator; the row was saved while private SMTP hosts were allowed.
    const server = await buildTestServer('sqlite');
    try {
      const hostile = await hostileBuilder(server);
      await insertThirdParty(server.store, {
        serviceKind: 'smtp', serviceName: 'Relay', host: '127.0.0.1', port: smtp.port, security: 'none', username: '', passwordEnc: '', fromAddress: 'robot@example.com',
      });
      const refused = await failureOf(emailExecutor.run(stepOf(server, hostile.appId), { to: 'ani@example.com', subject: 'x', body: 'x' }));
      expect([refused.message, refused.retryable]).toEqual([`${Messages.smtpHostRefused}: 127.0.0.1`, false]);
      for (const params of [
        { to: 'ani@example.com\r\nBcc: everyone@example.com', subject: 'x', body: 'x' },
        { to: 'ani@example.com', subject: 'x\nBcc: everyone@example.com', body: 'x' },
        { to: 'ani@example.com', cc: 'a@example.com\rBcc: b@example.com', subject: 'x', body: 'x' },
      ]) {
        const failure = await failureOf(emailExecutor.run(stepOf(server, hostile.appId), params));
        expect([failure.message, failure.retryable]).toEqual([expect.stringContaining('must be one line'), false]);
      }
      expect(smtp.received).toEqual([]);
      expect(smtp.signIns).toBe(0);
    } finally {
      await server.close();
      await smtp.close();
    }
  });
});
