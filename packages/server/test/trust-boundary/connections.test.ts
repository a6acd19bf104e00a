import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, isIP, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from '../support/build';
import { availableEngines } from '../support/engines';
import { createSqliteDatabase, storeRows } from '../support/fixtures';
import { loadConfig } from '../../src/config';
import { AllowedHosts } from '../../src/outbound/addresses';
import { insertDbConfig } from '../../src/store/repositories/db-configs';
import { type HostileBuilder, hostileBuilder } from './hostile';
import { specPrefix } from '../support/texts';

/**
 * Item 2 of issue 10: an application's author must not aim a connection at the operator's own
 * machine or network (the local PostgreSQL runs `COPY … FROM PROGRAM`, the local MariaDB's root
 * reads `LOAD_FILE`), nor learn from its errors which ports are open. Only the super
 * administrator, or the operator's environment, opens private addresses.
 */
const engines = await availableEngines();

const MARIADB = { dbType: 'mysql', dbHost: '127.0.0.1', dbPort: 3306, dbUser: 'root', dbPassword: '', dbDatabase: 'test' } as const;
const POSTGRES = { dbType: 'postgres', dbHost: '127.0.0.1', dbPort: 5432, dbUser: 'postgres', dbPassword: '', dbDatabase: 'test' } as const;

/** Hosts that are, or resolve to, the machine itself, its private network or reserved ranges. */
const PRIVATE_TARGETS = [
  { ...MARIADB },
  { ...POSTGRES },
  { ...MARIADB, dbHost: 'localhost' },
  { ...POSTGRES, dbHost: 'localhost.' },
  { ...MARIADB, dbHost: 'db.localhost' },
  { ...POSTGRES, dbHost: '[::1]' },
  { ...MARIADB, dbHost: '::1' },
  { ...POSTGRES, dbHost: '::ffff:127.0.0.1' },
  { ...MARIADB, dbHost: '10.0.0.5' },
  { ...POSTGRES, dbHost: '192.168.1.10' },
  { ...MARIADB, dbHost: '169.254.169.254' },
  { ...POSTGRES, dbHost: '0.0.0.0' },
  // Spellings the system resolver reads as 127.0.0.1: the driver must never be handed them.
  { ...MARIADB, dbHost: '2130706433' },
  { ...POSTGRES, dbHost: '127.1' },
  { ...MARIADB, dbHost: '0x7f.0.0.1' },
];

describe.each(engines)('connections to the operator\'s network, on a %s store', (engine) => {
  let server: TestServer;
  let builder: HostileBuilder;
  let root: string;

  beforeAll(async () => {
    server = await buildTestServer(engine);
    builder = await hostileBuilder(server);
    root = await server.login('admin', ADMIN_PASSWORD, '_root');
  });
  afterAll(async () => { await server.close(); });

  const save = (body: Record<string, unknown>, token = builder.token) =>
    server.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: builder.appId, ...body }, token);
  const runQuery = (dbId: number, query: string, token = builder.token) => server.call('POST', '/action/runQuery', { dbId, query, params: [] }, token);

  it('refuses the builder a connection to loopback, private, link-local or reserved hosts, storing nothing', async () => {
    const before = await storeRows(server.store);
    for (const target of PRIVATE_TARGETS) {
      const answer = await save(target);
      const where = `${target.dbType} ${target.dbHost}`;
      expect(answer.statusCode, where).toBe(400);
      const error = answer.json().error as string[];
      expect(error[0], where).toBe(Messages.incorrectConfig);
      // Refused (or not resolved: the decimal and hex spellings are no DNS names), never connected to.
      expect(error[1], where).toMatch(new RegExp(`^(${specPrefix('databaseHostRefusedAt')}|${Messages.requestHostUnknown})`));
      // A name is refused without the address it resolves to.
      if (isIP(target.dbHost.replace(/^\[|\]$/g, '')) === 0) expect(error.join(' '), where).not.toMatch(/127\.0\.0\.1|::1/);
    }
    expect(await storeRows(server.store)).toEqual(before);
  });

  it('refuses the builder an edit that moves his connection onto a private host', async () => {
    createSqliteDatabase(server.app.services.config.dataDir, builder.appId, 'own.db', 'CREATE TABLE t (id INTEGER PRIMARY KEY)');
    const saved = await save({ dbType: 'sqlite', dbDatabase: 'own.db' });
    expect(saved.statusCode).toBe(200);
    const before = await storeRows(server.store);
    const moved = await server.call('POST', '/save/saveDbConfig', { dbId: saved.json().data.dbId, dbAppId: builder.appId, ...MARIADB }, builder.token);
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error).toEqual([Messages.incorrectConfig, `${specPrefix('databaseHostRefusedAt')}: 127.0.0.1`]);
    expect(await storeRows(server.store)).toEqual(before);
  });

  it('refuses at run time a private connection that reached the store without the operator (defence in depth)', async () => {
    const planted = async (target: typeof MARIADB | typeof POSTGRES) => insertDbConfig(server.store, {
      dbAppId: builder.appId, dbType: target.dbType, dbHost: target.dbHost, dbPort: target.dbPort, dbUser: target.dbUser, dbPasswordEnc: '', dbDatabase: target.dbDatabase,
    });
    // The attacks the connection was for: an OS command through PostgreSQL, a file through MariaDB.
    const attacks = [
      { dbId: await planted(POSTGRES), query: 'COPY (SELECT 1) TO PROGRAM \'true\'' },
      { dbId: await planted(MARIADB), query: 'SELECT LOAD_FILE(\'/etc/hostname\') AS f' },
    ];
    for (const { dbId, query } of attacks) {
      const answer = await runQuery(dbId, query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json(), query).toEqual({ status: false, error: [`${specPrefix('databaseHostRefusedAt')}: 127.0.0.1`], code: 'databaseHostRefusedAt' });
      const details = await server.call('GET', `/get/getDbDetails/${dbId}`, undefined, builder.token);
      expect(details.statusCode).toBe(400);
      // Even the super administrator's own call does not vouch for a connection he did not save.
      expect((await runQuery(dbId, 'SELECT 1', root)).statusCode).toBe(400);
    }
    // The connection list still answers, without the refused connections' tables.
    const listed = await server.call('GET', `/get/listDatabase/${builder.appId}`, undefined, builder.token);
    expect(listed.statusCode).toBe(200);
    const refused = new Set(attacks.map((a) => a.dbId));
    const listedRefused = (listed.json().data as { dbId: number; tables: unknown[] }[]).filter((db) => refused.has(db.dbId));
    expect(listedRefused.map((db) => db.tables)).toEqual([[], []]);
  });

  it('lets the super administrator add one, which then works for the application, until its author moves it', async () => {
    const saved = await save(MARIADB, root);
    expect(saved.statusCode).toBe(200);
    const dbId = saved.json().data.dbId as number;
    expect((await runQuery(dbId, 'SELECT 1 AS one')).json()).toMatchObject({ status: true, data: [{ one: 1 }] });

    // The builder may save it again unchanged (an empty password keeps the stored one)…
    expect((await server.call('POST', '/save/saveDbConfig', { dbId, dbAppId: builder.appId, ...MARIADB }, builder.token)).statusCode).toBe(200);
    expect((await runQuery(dbId, 'SELECT 1 AS one')).statusCode).toBe(200);
    // …but not aim it elsewhere on the operator's network, nor guess its passwords: the super administrator vouched for this connection as it is.
    const before = await storeRows(server.store);
    for (const moved of [{ ...MARIADB, dbHost: 'localhost' }, { ...MARIADB, dbUser: 'mysql' }, { ...MARIADB, dbDatabase: 'mysql' }, { ...MARIADB, dbPassword: 'guess' }]) {
      const answer = await server.call('POST', '/save/saveDbConfig', { dbId, dbAppId: builder.appId, ...moved }, builder.token);
      expect(answer.statusCode, JSON.stringify(moved)).toBe(400);
      expect(answer.json().error[1]).toContain(specPrefix('databaseHostRefusedAt'));
    }
    expect(await storeRows(server.store)).toEqual(before);
    expect((await runQuery(dbId, 'SELECT 1 AS one')).statusCode).toBe(200);
  });
});

describe('connections when the operator allows private databases', () => {
  let allowing: TestServer;
  let listed: TestServer;

  beforeAll(async () => {
    allowing = await buildTestServer('sqlite', { allowPrivateDatabases: true });
    listed = await buildTestServer('sqlite', { allowedDatabaseHosts: ['127.0.0.0/8', 'db.internal'] });
  });
  afterAll(async () => {
    await allowing.close();
    await listed.close();
  });

  it('lets the builder save and use a local database with RAKIT_ALLOW_PRIVATE_DATABASES', async () => {
    const builder = await hostileBuilder(allowing);
    for (const target of [MARIADB, POSTGRES]) {
      const saved = await allowing.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: builder.appId, ...target }, builder.token);
      expect(saved.statusCode, target.dbType).toBe(200);
      const ran = await allowing.call('POST', '/action/runQuery', { dbId: saved.json().data.dbId, query: 'SELECT 1 AS one', params: [] }, builder.token);
      expect(ran.json(), target.dbType).toMatchObject({ status: true, data: [{ one: 1 }] });
    }
  });

  it('lets the builder reach only the ranges RAKIT_ALLOWED_DATABASE_HOSTS names', async () => {
    const builder = await hostileBuilder(listed);
    const save = (body: Record<string, unknown>) => listed.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: builder.appId, ...body }, builder.token);
    expect((await save(MARIADB)).statusCode).toBe(200);
    expect((await save(POSTGRES)).statusCode).toBe(200);
    // A name the operator listed is his: connected to as typed (here it resolves nowhere).
    expect((await save({ ...MARIADB, dbHost: 'db.internal' })).json().error).toEqual([Messages.incorrectConfig, Messages.databaseUnreachable]);
    // localhost is 127.0.0.1 and ::1: the IPv6 loopback is not in the list.
    for (const host of ['localhost', '10.0.0.5', '::1']) {
      const answer = await save({ ...MARIADB, dbHost: host });
      expect(answer.statusCode, host).toBe(400);
      expect(answer.json().error[1], host).toBe(`${specPrefix('databaseHostRefusedAt')}: ${host}`);
    }
  });
});

/** A local TCP service: 'silent' accepts and never speaks (a filtered port), 'banner' speaks another protocol. */
async function listen(kind: 'silent' | 'banner'): Promise<{ server: Server; port: number; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
    if (kind === 'banner') socket.write('SSH-2.0-OpenSSH_9.6p1 Debian-3\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, sockets };
}

/** A port nobody listens on: one just opened and closed again. */
async function closedPort(): Promise<number> {
  const { server, port } = await listen('silent');
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('connection errors tell nothing of which ports are open', () => {
  let server: TestServer;
  let builder: HostileBuilder;
  const services: Awaited<ReturnType<typeof listen>>[] = [];

  beforeAll(async () => {
    // The allowance is on so that the connections are attempted at all.
    server = await buildTestServer('sqlite', { allowPrivateDatabases: true });
    builder = await hostileBuilder(server);
    services.push(await listen('silent'), await listen('banner'));
  });
  afterAll(async () => {
    for (const { server: service, sockets } of services) {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => service.close(resolve));
    }
    await server.close();
  });

  it('gives one message for a closed port, a silent one and another protocol\'s, on MariaDB and PostgreSQL', async () => {
    const ports = { closed: await closedPort(), silent: services[0]!.port, banner: services[1]!.port };
    for (const target of [MARIADB, POSTGRES]) {
      const answers = await Promise.all(Object.entries(ports).map(async ([kind, port]) => {
        const answer = await server.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: builder.appId, ...target, dbPort: port }, builder.token);
        return { kind, status: answer.statusCode, error: answer.json().error as string[] };
      }));
      for (const answer of answers) {
        expect(answer, `${target.dbType} ${answer.kind}`).toEqual({ kind: answer.kind, status: 400, error: [Messages.incorrectConfig, Messages.databaseUnreachable] });
      }
    }
  }, 60_000);
});

describe('the operator\'s list of private database hosts', () => {
  it('takes addresses, ranges, names and domains, and stops the start on a mistyped entry', () => {
    const allowed = new AllowedHosts(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'DB.internal.', '*.corp.lan']);
    for (const address of ['10.1.2.3', '::ffff:10.1.2.3', '192.168.1.7', 'fd12::1']) expect(allowed.allowsAddress(address), address).toBe(true);
    for (const address of ['11.0.0.1', '192.168.1.8', '127.0.0.1', '::1', 'not an address']) expect(allowed.allowsAddress(address), address).toBe(false);
    for (const name of ['db.internal', 'db.INTERNAL.', 'pg.corp.lan', 'a.b.corp.lan']) expect(allowed.allowsName(name), name).toBe(true);
    for (const name of ['internal', 'corp.lan', 'evilcorp.lan', 'db.internal.evil.example', '10.1.2.3']) expect(allowed.allowsName(name), name).toBe(false);

    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-config-'));
    try {
      for (const entry of ['10.0.0.0/33', 'db internal', 'http://db.internal', '*']) {
        expect(() => loadConfig({ RAKIT_SECRET: 'x'.repeat(40), RAKIT_ALLOWED_DATABASE_HOSTS: `10.0.0.0/8,${entry}` }, { dataDir }), entry).toThrow(/RAKIT_ALLOWED_DATABASE_HOSTS/);
      }
      const config = loadConfig({ RAKIT_SECRET: 'x'.repeat(40), RAKIT_ALLOWED_DATABASE_HOSTS: ' 10.0.0.0/8 , db.internal,', RAKIT_ALLOW_PRIVATE_DATABASES: 'true' }, { dataDir });
      expect(config.allowedDatabaseHosts).toEqual(['10.0.0.0/8', 'db.internal']);
      expect(config.allowPrivateDatabases).toBe(true);
      expect(loadConfig({ RAKIT_SECRET: 'x'.repeat(40) }, { dataDir })).toMatchObject({ allowPrivateDatabases: false, allowedDatabaseHosts: [] });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
