import { randomUUID } from 'node:crypto';
import { createComponent } from '@rakit/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherProcess, buildTestServer, type TestServer } from './support/build';
import { availableEngines, type EngineName } from './support/engines';
import { type AppTable, createAppTable } from './support/fixtures';
import { type TcpProxy, tcpProxy } from './support/tcp-proxy';
import { type HostileBuilder, hostileBuilder } from './trust-boundary/hostile';

/**
 * Writes sent again (issue 38): a phone's queue sends each write with an Idempotency-Key, and
 * sends it again when the connection dropped before the answer came. The write is applied once,
 * on any replica; the second sending gets the first answer back. The store's primary key decides,
 * so the store engine is the one under test here (the application's table lives beside it).
 */
const engines = await availableEngines();

describe.each(engines)('replayable writes on a %s store', (engine: EngineName) => {
  let server: TestServer;
  let replica: TestServer;
  let fixture: AppTable;
  let appId: number;
  let pageId: number;
  let admin: string;
  let member: string;
  let secondMember: string;
  let hostile: HostileBuilder;
  /** MariaDB's or PostgreSQL's link, through a relay the test can cut. */
  let link: TcpProxy | undefined;

  const count = async (name: string) =>
    ((await server.call('POST', '/action/runQuery', { dbId, query: `SELECT COUNT(*) AS n FROM ${fixture.table} WHERE name = ?`, params: [name] }, admin)).json().data[0] as { n: number | string }).n;
  let dbId: number;

  /** The member's Save, as the phone's queue sends it. */
  const save = (on: TestServer, token: string, key: string | undefined, name: string, actionName = 'insert'): Promise<LightMyRequestResponse> =>
    on.app.inject({
      method: 'POST', url: '/action/runAction',
      headers: { authorization: `Bearer ${token}`, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: { pageId, componentId: 'save-button', actionName, params: { 'in-name': name } },
    });

  beforeAll(async () => {
    server = await buildTestServer(engine, { allowPrivateDatabases: true });
    replica = await anotherProcess(server);
    await server.register('081800000001', 'password-1');
    await server.register('081800000002', 'password-1');
    await server.register('081800000003', 'password-1');
    const builder = await server.login('081800000001', 'password-1', 'main');
    const created = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Gudang', appDescription: '' }, builder)).json().data;
    appId = created.appId;
    admin = await server.login('081800000001', 'password-1', created.appSlug);
    fixture = await createAppTable(engine, server.app.services.config.dataDir, appId, 'receipts', (quoted) => {
      const id = engine === 'mysql' ? 'INT AUTO_INCREMENT PRIMARY KEY' : engine === 'postgres' ? 'SERIAL PRIMARY KEY' : 'INTEGER PRIMARY KEY AUTOINCREMENT';
      return `CREATE TABLE ${quoted} (id ${id}, name VARCHAR(200) NOT NULL, owner VARCHAR(100) NOT NULL)`;
    });
    dbId = (await server.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: appId, ...fixture.dbBody }, admin)).json().data.dbId;
    const insertOn = (database: number) =>
      ({ database, query: `INSERT INTO ${fixture.table} (name, owner) VALUES (?, ?)`, params: [{ source: 'in-name' }, { source: '--userId--' }] });
    const button = createComponent('button', 'save-button', 'Simpan');
    const actions = [{ name: 'insert', action: 'QUERY', cause: '', show: true, stored: insertOn(dbId) }];
    button.custom_action = actions;
    if (engine !== 'sqlite') {
      link = await tcpProxy({ host: '127.0.0.1', port: engine === 'mysql' ? 3306 : 5432 });
      const linked = (await server.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: appId, ...fixture.dbBody, dbName: 'Lewat relay', dbPort: link.port }, admin)).json().data.dbId as number;
      actions.push({ name: 'insertThroughLink', action: 'QUERY', cause: '', show: true, stored: insertOn(linked) });
    }
    pageId = (await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: 'Terima' }] }, admin)).json().data.pages[0].pageId;
    await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify([createComponent('input', 'in-name', 'Nama'), button]) }] }, admin);
    const groups = (await server.call('GET', `/auth/listgroup/${appId}`, undefined, admin)).json().data as { groupId: number; groupSlug: string }[];
    const memberGroup = groups.find((g) => g.groupSlug === 'member')?.groupId as number;
    await server.addToGroup('081800000002', memberGroup);
    await server.addToGroup('081800000003', memberGroup);
    const menu = (await server.call('POST', '/save/saveMenu', { menuId: null, menuName: 'Terima', menuAppId: appId, menuPageId: pageId, menuParentMenuId: 0 }, admin)).json().data.menuId;
    await server.call('PUT', '/auth/updategroup', { groupId: memberGroup, groupAppId: appId, groupAccess: { menuId: [menu] } }, admin);
    member = await server.login('081800000002', 'password-1', created.appSlug);
    secondMember = await server.login('081800000003', 'password-1', created.appSlug);
    hostile = await hostileBuilder(server);
  });
  afterAll(async () => {
    await fixture?.drop();
    await link?.close();
    await replica?.close();
    await server?.close();
  });

  it('applies a write sent twice with one key once, and answers the second with the first answer', async () => {
    const key = randomUUID();
    const first = await save(server, member, key, 'Semen 40 kg');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await save(server, member, key, 'Semen 40 kg');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(Number(await count('Semen 40 kg'))).toBe(1);
    // Without a key a write is a write each time, as before.
    await save(server, member, undefined, 'Semen 40 kg');
    expect(Number(await count('Semen 40 kg'))).toBe(2);
  });

  it('applies once when two replicas get the same key at the same moment', async () => {
    const key = randomUUID();
    const answers = await Promise.all([server, replica, server, replica, server, replica].map((on) => save(on, member, key, 'Paku 5 cm')));
    const applied = answers.filter((a) => a.statusCode === 200 && a.headers['idempotent-replayed'] === undefined);
    expect(applied).toHaveLength(1);
    for (const answer of answers.filter((a) => !applied.includes(a))) {
      // Either the first answer again, or "still being carried out" while the first had not finished.
      if (answer.statusCode === 200) expect(answer.json()).toEqual(applied[0]?.json());
      else expect([answer.statusCode, answer.json().code]).toEqual([409, 'requestInProgress']);
    }
    expect(Number(await count('Paku 5 cm'))).toBe(1);
    // Once settled, any replica answers the first answer.
    const later = await save(replica, member, key, 'Paku 5 cm');
    expect([later.statusCode, later.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(Number(await count('Paku 5 cm'))).toBe(1);
  });

  it('refuses a key used again for another request, and applies nothing', async () => {
    const key = randomUUID();
    expect((await save(server, member, key, 'Cat putih')).statusCode).toBe(200);
    const reused = await save(server, member, key, 'Cat merah');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('requestKeyReused');
    expect(Number(await count('Cat merah'))).toBe(0);
  });

  it('keeps keys per caller: another member\'s write with the same key is his own', async () => {
    const key = randomUUID();
    expect((await save(server, member, key, 'Pipa 3/4')).statusCode).toBe(200);
    const other = await save(server, secondMember, key, 'Pipa 3/4');
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(Number(await count('Pipa 3/4'))).toBe(2);
  });

  it('gives the hostile author his own refusal for a member\'s key, never the member\'s answer, and keeps nothing of it', async () => {
    const key = randomUUID();
    const memberAnswer = await save(server, member, key, 'Kunci rahasia');
    expect(memberAnswer.statusCode).toBe(200);
    for (let sending = 0; sending < 2; sending += 1) {
      const stolen = await save(server, hostile.token, key, 'Kunci rahasia');
      expect([stolen.statusCode, stolen.json().code]).toEqual([403, 'forbidden']);
      expect(stolen.body).not.toContain('affectedRows');
    }
    const his = await server.store.selectFrom('requestKeys').select(['httpStatus']).where('caller', '=', `${hostile.appSlug}:${hostile.userId}`).execute();
    expect(his).toEqual([{ httpStatus: 403 }]);
    const anonymous = await save(server, '', key, 'Kunci rahasia');
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a malformed key with 400 and runs nothing', async () => {
    for (const key of ['short', 'x'.repeat(101), 'spasi di dalam kunci', 'kunci/miring/123']) {
      const answer = await save(server, member, key, 'Kunci salah');
      expect(answer.statusCode, key).toBe(400);
      expect(answer.json().code).toBe('requestKeyInvalid');
    }
    expect(Number(await count('Kunci salah'))).toBe(0);
  });

  it('keeps a refusal of the action as the answer, so a second sending is refused the same way', async () => {
    const key = randomUUID();
    const refused = await save(server, member, key, 'Tak ada', 'noSuchAction');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const again = await save(server, member, key, 'Tak ada', 'noSuchAction');
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([refused.statusCode, 'true']);
    expect(again.json()).toEqual(refused.json());
  });

  // An unreachable database is a network engine's failure (the embedded SQLite file is always there).
  it.runIf(engine !== 'sqlite')('releases the key when the write failed on our side, so the same sending applies once later', async () => {
    const key = randomUUID();
    await link?.cut();
    try {
      const failed = await save(server, member, key, 'Genteng', 'insertThroughLink');
      expect(failed.statusCode, failed.body).toBe(503);
    } finally {
      await link?.mend();
    }
    const retried = await save(server, member, key, 'Genteng', 'insertThroughLink');
    expect([retried.statusCode, retried.headers['idempotent-replayed']], retried.body).toEqual([200, undefined]);
    expect(Number(await count('Genteng'))).toBe(1);
  });

  it('says when the outcome cannot be known: a claim left running by a server that stopped', async () => {
    const running = async (secondsAgo: number, claimedBy: string) => {
      const key = randomUUID();
      // What a process killed between its write and recording the answer leaves in the store.
      const first = await save(server, member, key, 'Bata merah');
      expect(first.statusCode).toBe(200);
      await server.store.updateTable('requestKeys').set({ status: 'running', httpStatus: null, answer: null, createdAt: new Date(Date.now() - secondsAgo * 1000).toISOString(), claimedBy })
        .where('requestKey', '=', key).execute();
      return (await save(replica, member, key, 'Bata merah')).json().code as string;
    };
    await replica.app.ready();
    await expect.poll(() => server.store.selectFrom('serverProcesses').select('processId').where('processId', '=', replica.app.services.processId).executeTakeFirst()).toBeDefined();
    // Its process alive (this one, another replica): still being carried out.
    expect(await running(45, server.app.services.processId)).toBe('requestInProgress');
    expect(await running(45, replica.app.services.processId)).toBe('requestInProgress');
    // A process that claimed a moment ago is alive, though the store has not seen it yet.
    expect(await running(0, randomUUID())).toBe('requestInProgress');
    // Longer than any write runs, even on a process alive.
    expect(await running(300, server.app.services.processId)).toBe('requestOutcomeUnknown');
    // Its process gone (killed, so its row was left to go stale; or never seen since): known at once.
    const killed = randomUUID();
    await server.store.insertInto('serverProcesses').values({ processId: killed, seenAt: new Date(Date.now() - 60_000).toISOString() }).execute();
    expect(await running(45, killed)).toBe('requestOutcomeUnknown');
    expect(await running(45, randomUUID())).toBe('requestOutcomeUnknown');
    // None was applied again.
    expect(Number(await count('Bata merah'))).toBe(6);
  });

  it('keeps each server process\'s presence in the store, one row per process, fresh while it runs', async () => {
    const seen = async (processId: string) => (await server.store.selectFrom('serverProcesses').select('seenAt').where('processId', '=', processId).executeTakeFirst())?.seenAt;
    await expect.poll(async () => Date.now() - Date.parse(await seen(server.app.services.processId) ?? '0')).toBeLessThan(15_000);
    expect(server.app.services.processId).not.toBe(replica.app.services.processId);
    const another = await anotherProcess(server);
    await another.app.ready();
    await expect.poll(() => seen(another.app.services.processId)).toBeDefined();
    await another.close();
  });
});
