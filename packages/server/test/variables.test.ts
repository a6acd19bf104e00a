import { type AppVariable, createComponent, VARIABLE_VALUE } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorTriggerArguments, memberTriggerArguments } from '../src/engine/trigger-arguments';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { type AppTable, createAppTable } from './support/fixtures';
import { freshUserId, type HostileBuilder, hostileBuilder } from './trust-boundary/hostile';

/**
 * An environment's named variables (issue 39): its administrators keep them, a secret one is
 * sealed and never answered, and the server binds them into the queries of the pages a member
 * reaches, never the browser. A hostile author reaches no other application's variables and his
 * own of the same name change nothing elsewhere. On each store engine, through real HTTP.
 */
const engines = await availableEngines();
const PASSWORD = 'member-password-1';
const SECRET = 'sk-live-7f3a9c1e';

describe.each(engines)('named variables on a %s store', (engine) => {
  let server: TestServer;
  let author: HostileBuilder;
  let outsider: HostileBuilder;
  let fixture: AppTable;
  let dbId: number;
  let pageId: number;
  let memberToken: string;
  const ids = { branch: 0, key: 0 };

  const list = async (appId: number, token: string) => (await server.call('GET', `/get/listVariables/${appId}`, undefined, token));
  const save = (body: Record<string, unknown>, token = author.token) => server.call('POST', '/save/saveVariable', { variableId: null, ...body }, token);
  const runPage = (params: Record<string, unknown>, token = memberToken) =>
    server.call('POST', '/action/runAction', { pageId, componentId: 'check-button', actionName: 'check', params }, token);
  const rowsOf = (answer: { json(): unknown }) => (answer.json() as { data: Record<string, unknown>[] }).data;

  beforeAll(async () => {
    server = await buildTestServer(engine);
    author = await hostileBuilder(server, 'Cabang');
    outsider = await hostileBuilder(server);
    fixture = await createAppTable('sqlite', server.app.services.config.dataDir, author.appId, 'visits', (quoted) =>
      `CREATE TABLE ${quoted} (id INTEGER PRIMARY KEY, branch VARCHAR(20) NOT NULL, note VARCHAR(200) NOT NULL)`);
    const saved = await server.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: author.appId, ...fixture.dbBody }, author.token);
    expect(saved.statusCode).toBe(200);
    dbId = saved.json().data.dbId;
    pageId = (await server.call('POST', '/save/saveApp', { appId: author.appId, appOpenRegistration: true, pages: [{ pageId: null, pageName: 'Kunjungan' }] }, author.token)).json().data.pages[0].pageId;

    const button = createComponent('button', 'check-button', 'Cek');
    button.custom_action = [
      {
        name: 'check', action: 'QUERY', cause: '', show: true,
        stored: { pageId, database: dbId, query: 'SELECT ? AS branch, ? AS apiKey, ? AS typed', params: [{ source: VARIABLE_VALUE, custom: 'BRANCH' }, { source: VARIABLE_VALUE, custom: 'API_KEY' }, { source: 'in-note' }] },
      },
      {
        name: 'record', action: 'CUSTOM', cause: '', show: true,
        raw: { database: dbId, type: 'INSERT', table: fixture.table, setValues: [{ column: 'id', source: 'in-id' }, { column: 'branch', source: VARIABLE_VALUE, custom: 'BRANCH' }, { column: 'note', source: 'in-note' }] },
      },
    ];
    // A REQUEST runs in the member's browser: it may name a plain variable; a secret one it names is never given to it.
    const request = createComponent('button', 'request-button', 'Kirim');
    request.custom_action = [{
      name: 'send', action: 'REQUEST', cause: '', show: true,
      raw: { configuration: { url: 'https://example.com/visits', method: 'GET', headers: [{ name: 'X-Branch', value: VARIABLE_VALUE, customValue: 'BRANCH' }, { name: 'X-Key', value: VARIABLE_VALUE, customValue: 'API_KEY' }] } },
    }];
    const components = [createComponent('input', 'in-note', 'Catatan'), createComponent('input', 'in-id', 'No'), button, request];
    expect((await server.call('POST', '/save/saveApp', { appId: author.appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] }, author.token)).statusCode).toBe(200);
    const groups = (await server.call('GET', `/auth/listgroup/${author.appId}`, undefined, author.token)).json().data as { groupId: number; groupIsDefault: string }[];
    const memberGroup = groups.find((g) => g.groupIsDefault === '1')?.groupId as number;
    const menu = (await server.call('POST', '/save/saveMenu', { menuId: null, menuName: 'Kunjungan', menuAppId: author.appId, menuPageId: pageId, menuParentMenuId: 0 }, author.token)).json().data.menuId;
    expect((await server.call('PUT', '/auth/updategroup', { groupId: memberGroup, groupAppId: author.appId, groupAccess: { menuId: [menu] } }, author.token)).statusCode).toBe(200);
    const member = freshUserId();
    await server.register(member, PASSWORD, author.appId);
    memberToken = await server.login(member, PASSWORD, author.appSlug);
  });
  afterAll(async () => {
    await fixture.drop();
    await server.close();
  });

  it('keeps an application\'s variables for its administrators, a secret one sealed and never answered', async () => {
    const branch = await save({ appId: author.appId, name: 'BRANCH', value: 'JKT' });
    expect(branch.statusCode, branch.body).toBe(201);
    ids.branch = branch.json().data.variableId;
    const key = await save({ appId: author.appId, name: 'API_KEY', secret: true, value: SECRET });
    expect(key.statusCode).toBe(201);
    ids.key = key.json().data.variableId;

    const listed = await list(author.appId, author.token);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(SECRET);
    expect((listed.json().data as AppVariable[]).map((v) => [v.name, v.secret, v.value, v.hasValue, v.revision])).toEqual([
      ['API_KEY', true, '', true, 1], ['BRANCH', false, 'JKT', true, 1],
    ]);
    // Sealed at rest: the store holds no trace of the value as typed.
    const stored = await server.store.selectFrom('appVariables').select('varValue').where('variableId', '=', ids.key).executeTakeFirstOrThrow();
    expect(stored.varValue).not.toContain(SECRET);
    // Nor does the audit log, which names the variable.
    const entries = await server.store.selectFrom('auditLog').selectAll().where('appId', '=', author.appId).execute();
    expect(JSON.stringify(entries)).not.toContain(SECRET);
    expect(JSON.stringify(entries)).toContain('API_KEY');
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const refusals: [Record<string, unknown>, number, RegExp][] = [
      [{ appId: author.appId, name: 'BRANCH', value: 'BDG' }, 409, /BRANCH already exists/],
      [{ appId: author.appId, name: '9LIVES', value: 'x' }, 400, /letters, digits and _/],
      [{ appId: author.appId, name: 'has space', value: 'x' }, 400, /letters, digits and _/],
      [{ appId: author.appId, name: 'LONG', value: 'x'.repeat(4001) }, 400, /at most 4000 characters/],
      [{ appId: author.appId, name: "x'; DROP TABLE app_variables; --", value: 'x' }, 400, /letters, digits and _/],
    ];
    for (const [body, status, message] of refusals) {
      const answer = await save(body);
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.body).toMatch(message);
    }
    expect(((await list(author.appId, author.token)).json().data as AppVariable[]).map((v) => v.name)).toEqual(['API_KEY', 'BRANCH']);
    // Two first saves of one name at once: one is made, the other told (never a 500).
    const racing = await Promise.all([1, 2, 3].map((n) => save({ appId: author.appId, name: 'RACE', value: String(n) })));
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const raced = ((await list(author.appId, author.token)).json().data as AppVariable[]).find((v) => v.name === 'RACE') as AppVariable;
    expect((await server.call('DELETE', '/delete/deleteVariable', { variableId: raced.variableId }, author.token)).statusCode).toBe(200);
    // An edit based on a revision another has replaced is refused with the variable as stored (never a secret value).
    expect((await save({ appId: author.appId, variableId: ids.branch, name: 'BRANCH', value: 'JKT', revision: 1 })).statusCode).toBe(200);
    const stale = await save({ appId: author.appId, variableId: ids.key, name: 'API_KEY', secret: true, value: '', revision: 1 });
    expect(stale.statusCode).toBe(200);
    const conflict = await save({ appId: author.appId, variableId: ids.key, name: 'API_KEY', secret: true, value: 'other', revision: 1 });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.body).not.toContain(SECRET);
  });

  it('binds a member\'s query and query-builder write with the environment\'s values, whatever his browser sends', async () => {
    const answer = await runPage({ 'in-note': 'hello', [VARIABLE_VALUE]: 'forged', BRANCH: 'forged', API_KEY: 'forged' });
    expect(answer.statusCode, answer.body).toBe(200);
    // The secret one kept its value through the edit with an empty value.
    expect(rowsOf(answer)).toEqual([{ branch: 'JKT', apiKey: SECRET, typed: 'hello' }]);
    const write = await server.call('POST', '/action/runAction', { pageId, componentId: 'check-button', actionName: 'record', params: { 'in-id': 7, 'in-note': 'visit' } }, memberToken);
    expect(write.statusCode, write.body).toBe(200);
    const rows = await server.call('POST', '/action/runQuery', { dbId, query: `SELECT id, branch, note FROM "${fixture.table}"`, params: [] }, author.token);
    expect(rowsOf(rows)).toEqual([{ id: 7, branch: 'JKT', note: 'visit' }]);

    // A changed value is bound at once; a removed variable binds null.
    expect((await save({ appId: author.appId, variableId: ids.branch, name: 'BRANCH', value: 'BDG' })).statusCode).toBe(200);
    expect(rowsOf(await runPage({ 'in-note': 'x' }))[0]?.branch).toBe('BDG');
    expect((await server.call('DELETE', '/delete/deleteVariable', { variableId: ids.branch }, author.token)).statusCode).toBe(200);
    expect(rowsOf(await runPage({ 'in-note': 'x' }))[0]?.branch).toBeNull();
    const again = await save({ appId: author.appId, name: 'BRANCH', value: 'JKT' });
    ids.branch = again.json().data.variableId;
  });

  it('gives a page\'s reader the plain variables its REQUEST actions name, and nothing else', async () => {
    const asked = await server.call('GET', `/get/pageVariables/${pageId}`, undefined, memberToken);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toEqual({ BRANCH: 'JKT' });
    expect(asked.body).not.toContain(SECRET);
    // Not one who may not read the page: another application's author, nobody signed in.
    expect((await server.call('GET', `/get/pageVariables/${pageId}`, undefined, outsider.token)).statusCode).toBe(403);
    expect((await server.call('GET', `/get/pageVariables/${pageId}`)).statusCode).toBe(401);
    expect((await server.call('GET', '/get/pageVariables/999999', undefined, memberToken)).statusCode).toBe(404);
  });

  it('keeps a hostile author away from another application\'s variables, and his own change nothing there', async () => {
    // Another application's list, edits and removal are refused; nothing changes.
    expect((await list(author.appId, outsider.token)).statusCode).toBe(403);
    expect((await list(author.appId, memberToken)).statusCode).toBe(403);
    expect((await list(author.appId, '')).statusCode).toBe(401);
    expect((await save({ appId: author.appId, name: 'BRANCH2', value: 'x' }, outsider.token)).statusCode).toBe(403);
    expect((await server.call('DELETE', '/delete/deleteVariable', { variableId: ids.key }, outsider.token)).statusCode).toBe(403);
    // Naming the other's variable under his own application: not found there.
    const smuggled = await save({ appId: outsider.appId, variableId: ids.key, name: 'API_KEY', secret: false, value: 'mine' }, outsider.token);
    expect(smuggled.statusCode).toBe(404);
    // His own variable of the same names is his application's only.
    expect((await save({ appId: outsider.appId, name: 'BRANCH', value: 'HOSTILE' }, outsider.token)).statusCode).toBe(201);
    expect((await save({ appId: outsider.appId, name: 'API_KEY', value: 'HOSTILE' }, outsider.token)).statusCode).toBe(201);
    expect(rowsOf(await runPage({ 'in-note': 'x' }))).toEqual([{ branch: 'JKT', apiKey: SECRET, typed: 'x' }]);
    expect(((await list(outsider.appId, outsider.token)).json().data as AppVariable[]).map((v) => [v.name, v.value])).toEqual([['API_KEY', 'HOSTILE'], ['BRANCH', 'HOSTILE']]);
    // A member reads the value only through what the author's query answers: never the list.
    const listedForAuthor = await list(author.appId, author.token);
    expect(listedForAuthor.body).not.toContain(SECRET);
  });

  it('fills a trigger\'s parameter fed by a variable on the server, for a member and for the author', () => {
    const actions = [{ componentId: 'b', actionName: 'go', triggerId: 1, params: [{ name: 'branch', source: VARIABLE_VALUE, custom: 'BRANCH' }, { name: 'note', source: 'in-note', custom: '' }] }];
    const fixed = { userId: 'u1', variables: new Map([['BRANCH', 'JKT']]) };
    expect(memberTriggerArguments(['branch', 'note'], actions, { branch: 'forged', note: 'n' }, fixed)).toEqual({ branch: 'JKT', note: 'n' });
    expect(memberTriggerArguments(['branch'], actions, {}, { userId: 'u1', variables: new Map() })).toEqual({ branch: null });
    // The author's page sends none (his browser has no secret): the server fills it; a value he sends is his.
    expect(authorTriggerArguments(['branch', 'note'], actions, { note: 'n' }, fixed)).toEqual({ branch: 'JKT', note: 'n' });
    expect(authorTriggerArguments(['branch'], actions, { branch: 'typed' }, fixed)).toEqual({ branch: 'typed' });
  });

  it('goes with its application', async () => {
    expect((await server.call('DELETE', '/delete/deleteApp', { appId: outsider.appId }, outsider.mainToken)).statusCode).toBeLessThan(300);
    expect(await server.store.selectFrom('appVariables').select('variableId').where('appId', '=', outsider.appId).execute()).toEqual([]);
  });
});
