import { createComponent, Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { specPrefix } from './support/texts';

/** Stored triggers and their runs on each metadata store engine (spec 2 §3, §5, §7). */
const engines = await availableEngines();

describe.each(engines)('triggers on a %s store', (engine) => {
  let server: TestServer;
  let appId: number;
  let otherAppId: number;
  let pageId: number;
  let admin: string;
  let member: string;
  let guest: string;
  let outsider: string;
  let otherAdmin: string;
  let triggerId: number;
  const MEMBER = '081700000012';
  const GUEST = '081700000013';

  const saveTrigger = (body: Record<string, unknown>, token = admin) => server.call('POST', '/action/saveTrigger', body, token);
  const runTrigger = (id: number | string, body: Record<string, unknown>, token = member) => server.call('POST', `/action/runTrigger/${id}`, body, token);
  const runRows = () => server.store.selectFrom('triggerRuns').selectAll().orderBy('runId').execute();
  const triggerRows = () => server.store.selectFrom('triggers').selectAll().orderBy('triggerId').execute();

  /** Saves the page with a button (and a table) whose TRIGGER actions run the trigger. */
  async function savePage(id: number) {
    const button = createComponent('button', 'send-button', 'Kirim');
    button.custom_action = [{
      name: 'kirim', action: 'TRIGGER', cause: '', show: true,
      raw: { id, alias: 'kirim', params: [{ name: 'nama', source: 'in-name', custom: '' }, { name: 'oleh', source: '--userId--', custom: '' }] },
    }];
    const components = [createComponent('input', 'in-name', 'Nama'), button];
    const saved = await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] }, admin);
    expect(saved.statusCode).toBe(200);
  }

  beforeAll(async () => {
    server = await buildTestServer(engine);
    for (const user of ['081700000011', MEMBER, GUEST, '081700000014', '081700000015']) await server.register(user, 'password-1');
    const builder = await server.login('081700000011', 'password-1', 'main');
    const created = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Pemicu', appDescription: '' }, builder)).json().data;
    appId = created.appId;
    admin = await server.login('081700000011', 'password-1', created.appSlug);
    const otherBuilder = await server.login('081700000015', 'password-1', 'main');
    const other = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Lain', appDescription: '' }, otherBuilder)).json().data;
    otherAppId = other.appId;
    otherAdmin = await server.login('081700000015', 'password-1', other.appSlug);

    pageId = (await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: 'Kirim' }] }, admin)).json().data.pages[0].pageId;
    const groups = (await server.call('GET', `/auth/listgroup/${appId}`, undefined, admin)).json().data as { groupId: number; groupSlug: string }[];
    const memberGroup = groups.find((g) => g.groupSlug === 'member')?.groupId as number;
    await server.addToGroup(MEMBER, memberGroup);
    const menu = (await server.call('POST', '/save/saveMenu', { menuId: null, menuName: 'Kirim', menuAppId: appId, menuPageId: pageId, menuParentMenuId: 0 }, admin)).json().data.menuId;
    await server.call('PUT', '/auth/updategroup', { groupId: memberGroup, groupAppId: appId, groupAccess: { menuId: [menu] } }, admin);
    // A member of the application whose group reaches no page.
    const guestGroup = (await server.call('POST', '/auth/addgroup', { data: { groupId: null, groupName: 'Tamu', groupAppId: appId } }, admin)).json().data.groupId as number;
    await server.addToGroup(GUEST, guestGroup);

    member = await server.login(MEMBER, 'password-1', created.appSlug);
    guest = await server.login(GUEST, 'password-1', created.appSlug);
    outsider = await server.login('081700000014', 'password-1', 'main');
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates a trigger with whitespace-free parameter names and lists it', async () => {
    const saved = await saveTrigger({ triggerId: null, triggerAppId: appId, triggerAlias: 'kirim', triggerParams: JSON.stringify(['na ma', 'oleh']) });
    expect(saved.statusCode).toBe(201);
    triggerId = saved.json().data.action.actionId as number;
    expect(triggerId).toBeGreaterThan(0);
    // The page stores the parameter as 'nama': the server strips whitespace too.
    await savePage(triggerId);
    const listed = await server.call('GET', `/action/listTriggers/${appId}`, undefined, admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([{ triggerId, triggerAppId: appId, triggerAlias: 'kirim', triggerParams: ['nama', 'oleh'], revision: 1 }]);
  });

  it('updates a trigger of the same application only', async () => {
    const updated = await saveTrigger({ triggerId, triggerAppId: appId, triggerAlias: 'kirim data', triggerParams: '["nama","oleh","catatan"]' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.action.actionId).toBe(triggerId);
    expect((await triggerRows())[0]).toMatchObject({ triggerName: 'kirim data', triggerParams: '["nama","oleh","catatan"]' });

    const before = await triggerRows();
    const foreign = await saveTrigger({ triggerId, triggerAppId: otherAppId, triggerAlias: 'stolen', triggerParams: '[]' }, otherAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toEqual([Messages.triggerNotFound]);
    const notAdmin = await saveTrigger({ triggerId, triggerAppId: appId, triggerAlias: 'stolen', triggerParams: '[]' }, otherAdmin);
    expect(notAdmin.statusCode).toBe(403);
    expect(await triggerRows()).toEqual(before);
  });

  it('refuses invalid parameter lists with 400 and stores nothing', async () => {
    const before = await triggerRows();
    for (const [triggerParams, message] of [
      ['not json', Messages.triggerParamsNotJson],
      ['{"a":1}', Messages.triggerParamsNotJson],
      ['[1, 2]', Messages.triggerParamsNotJson],
      ['["a", " "]', Messages.actionParamNameRequired],
      ['["a b", "ab"]', `${Messages.triggerParamTwice}: ab`],
    ] as const) {
      const answer = await saveTrigger({ triggerId: null, triggerAppId: appId, triggerAlias: 'x', triggerParams });
      expect(answer.statusCode, triggerParams).toBe(400);
      expect(answer.json().error).toEqual([message]);
    }
    expect((await saveTrigger({ triggerId: null, triggerAppId: appId, triggerAlias: '  ', triggerParams: '[]' })).statusCode).toBe(400);
    expect(await triggerRows()).toEqual(before);
  });

  it('lets only the application\'s administrators save and list triggers', async () => {
    const body = { triggerId: null, triggerAppId: appId, triggerAlias: 'x', triggerParams: '[]' };
    expect((await server.call('POST', '/action/saveTrigger', body)).statusCode).toBe(401);
    expect((await saveTrigger(body, member)).statusCode).toBe(403);
    expect((await saveTrigger(body, outsider)).statusCode).toBe(403);
    expect((await server.call('GET', `/action/listTriggers/${appId}`)).statusCode).toBe(401);
    expect((await server.call('GET', `/action/listTriggers/${appId}`, undefined, member)).statusCode).toBe(403);
    expect((await server.call('GET', `/action/triggerRuns/${triggerId}`, undefined, member)).statusCode).toBe(403);
    expect((await server.call('GET', `/action/triggerRuns/${triggerId}`, undefined, otherAdmin)).statusCode).toBe(403);
  });

  it('records a member\'s run through a page he reaches, with --userId-- from his token', async () => {
    // 'catatan' is declared but the page does not map it: nothing the member sends sets it.
    const answer = await runTrigger(triggerId, { nama: 'Siti', oleh: 'admin', catatan: 3 });
    expect(answer.statusCode).toBe(202);
    const { runId } = answer.json().data;
    // No built workflow listens to the trigger: the run is recorded, queued for one that will.
    expect(answer.json()).toEqual({ status: true, data: { runId, triggerId, status: 'no-workflow', runs: [], errors: [] } });
    const runs = await server.call('GET', `/action/triggerRuns/${triggerId}`, undefined, admin);
    expect(runs.statusCode).toBe(200);
    expect(runs.json().data[0]).toMatchObject({ runId, triggerId, userId: MEMBER, status: 'queued', params: { nama: 'Siti', oleh: MEMBER, catatan: null } });
  });

  it('fills parameters the body leaves out with null', async () => {
    const answer = await runTrigger(triggerId, { nama: 'Budi' });
    expect(answer.statusCode).toBe(202);
    expect((await runRows()).at(-1)?.params).toBe(JSON.stringify({ nama: 'Budi', oleh: MEMBER, catatan: null }));
  });

  it('keeps the values the author fixed on the page, whatever a member sends', async () => {
    const button = (id: string, status: string, source = '--custom--') => {
      const component = createComponent('button', id, 'Kirim');
      component.custom_action = [{
        name: 'kirim', action: 'TRIGGER', cause: '', show: true,
        raw: { id: triggerId, alias: 'kirim', params: [{ name: 'nama', source, custom: status }, { name: 'oleh', source: '--userId--', custom: '' }] },
      }];
      return component;
    };
    const save = async (components: unknown[]) => {
      expect((await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] }, admin)).statusCode).toBe(200);
    };
    const recorded = async (body: Record<string, unknown>) => {
      expect((await runTrigger(triggerId, body)).statusCode).toBe(202);
      return JSON.parse((await runRows()).at(-1)?.params ?? '{}') as unknown;
    };
    await save([button('b1', 'baru')]);
    expect(await recorded({ nama: 'selesai', oleh: 'admin', catatan: 'x' })).toEqual({ nama: 'baru', oleh: MEMBER, catatan: null });
    expect(await recorded({})).toEqual({ nama: 'baru', oleh: MEMBER, catatan: null });
    // Two buttons fixing different values: either is accepted, anything else is the first.
    await save([button('b1', 'baru'), button('b2', 'arsip')]);
    expect(await recorded({ nama: 'arsip' })).toEqual({ nama: 'arsip', oleh: MEMBER, catatan: null });
    expect(await recorded({ nama: 'hapus' })).toEqual({ nama: 'baru', oleh: MEMBER, catatan: null });
    // A page input beside a fixed value: the member's value is the input's.
    await save([button('b1', 'baru'), createComponent('input', 'in-name', 'Nama'), button('b3', '', 'in-name')]);
    expect(await recorded({ nama: 'Tuti' })).toEqual({ nama: 'Tuti', oleh: MEMBER, catatan: null });
    await savePage(triggerId);
  });

  it('ignores names the trigger does not declare for members (a page saved before a rename)', async () => {
    const answer = await runTrigger(triggerId, { nama: 'Ani', namaLama: 'x' });
    expect(answer.statusCode).toBe(202);
    expect((await runRows()).at(-1)?.params).toBe(JSON.stringify({ nama: 'Ani', oleh: MEMBER, catatan: null }));
  });

  it('lets an administrator run the trigger with any declared values', async () => {
    const answer = await runTrigger(triggerId, { nama: 'Admin', oleh: 'someone', catatan: 5 }, admin);
    expect(answer.statusCode).toBe(202);
    expect((await runRows()).at(-1)).toMatchObject({
      userId: '081700000011', appId, status: 'queued', params: JSON.stringify({ nama: 'Admin', oleh: 'someone', catatan: 5 }),
    });
  });

  it('refuses anyone else and records nothing', async () => {
    const before = await runRows();
    expect((await server.call('POST', `/action/runTrigger/${triggerId}`, { nama: 'x' })).statusCode).toBe(401);
    const refused = await runTrigger(triggerId, { nama: 'x' }, outsider);
    expect(refused.statusCode).toBe(403);
    const noPage = await runTrigger(triggerId, { nama: 'x' }, guest);
    expect(noPage.statusCode).toBe(403);
    expect(noPage.json().error).toEqual([Messages.forbidden]);
    expect((await runTrigger(triggerId, { nama: 'x' }, otherAdmin)).statusCode).toBe(403);
    expect(await runRows()).toEqual(before);
  });

  it('refuses an administrator\'s unknown parameters, unknown triggers and a missing or too large id', async () => {
    const before = await runRows();
    const unknown = await runTrigger(triggerId, { nama: 'x', rahasia: 'y' }, admin);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toEqual([`${specPrefix('triggerParamUnknownAt')}: rahasia`]);
    expect((await runTrigger(triggerId, { nama: { nested: true } })).statusCode).toBe(400);
    expect((await runTrigger(999_999, { nama: 'x' })).statusCode).toBe(404);
    for (const id of ['2147483648', '9999999999']) {
      const large = await runTrigger(id, { nama: 'x' });
      expect(large.statusCode, id).toBe(400);
      expect(large.json().error).toEqual([`${specPrefix('triggerIdTooLargeAt')} 2147483647`]);
      expect((await server.call('GET', `/action/triggerRuns/${id}`, undefined, admin)).statusCode, id).toBe(400);
    }
    expect((await server.call('GET', '/action/listTriggers/2147483648', undefined, admin)).statusCode).toBe(400);
    expect((await saveTrigger({ triggerId: 2_147_483_648, triggerAppId: appId, triggerAlias: 'x', triggerParams: '[]' })).statusCode).toBe(400);
    for (const url of ['/action/runTrigger/', '/action/runTrigger', '/action/runTrigger/abc', '/action/runTrigger/0']) {
      const missing = await server.call('POST', url, { nama: 'x' }, member);
      expect(missing.statusCode, url).toBe(400);
      expect(missing.json().error).toEqual([Messages.triggerIdEmpty]);
    }
    expect(await runRows()).toEqual(before);
  });

  it('stops a member once the page no longer holds the trigger', async () => {
    const second = (await saveTrigger({ triggerId: null, triggerAppId: appId, triggerAlias: 'lain', triggerParams: '["nama"]' })).json().data.action.actionId as number;
    expect((await runTrigger(second, { nama: 'x' })).statusCode).toBe(403);
    await savePage(second);
    expect((await runTrigger(second, { nama: 'x' })).statusCode).toBe(202);
    expect((await runTrigger(triggerId, { nama: 'x' })).statusCode).toBe(403);
  });

  it('counts a TRIGGER action of a table like a button\'s', async () => {
    const third = (await saveTrigger({ triggerId: null, triggerAppId: appId, triggerAlias: 'baris', triggerParams: '["id"]' })).json().data.action.actionId as number;
    expect((await runTrigger(third, { id: 1 })).statusCode).toBe(403);
    const table = createComponent('table', 'rows', 'Baris');
    table.custom_action = [{ name: 'proses', action: 'TRIGGER', cause: '', show: true, raw: { id: third, alias: 'baris', params: [{ name: 'id', source: 'id', custom: '' }] } }];
    const saved = await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify([table]) }] }, admin);
    expect(saved.statusCode).toBe(200);
    expect((await runTrigger(third, { id: 1 })).statusCode).toBe(202);
  });
});
