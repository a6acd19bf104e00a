import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER_USER_ID, seedDemo } from '../src/store/demo';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './support/build';
import { freshUserId } from './trust-boundary/hostile';

const DEMO_PASSWORD = 'demo-password-1';

/**
 * The demo's Reports page (issue 41): its stat cards are Text blocks whose figures are QUERY
 * actions of the text, run by the server as any saved page's action: for a member whose group
 * reaches the page, never for one whose group does not.
 */
describe("the demo's Reports page", () => {
  let server: TestServer;
  let appId: number;
  let reportsPageId: number;
  let staff: string;

  const runAction = (componentId: string, actionName: string, token: string) =>
    server.call('POST', '/action/runAction', { pageId: reportsPageId, componentId, actionName, params: {} }, token);
  const firstValue = async (componentId: string, actionName: string, token = staff) => {
    const answer = await runAction(componentId, actionName, token);
    expect(answer.statusCode, answer.body).toBe(200);
    return Object.values((answer.json().data as Record<string, unknown>[])[0] ?? {})[0];
  };

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    await seedDemo(server.store, { dataDir: server.app.services.config.dataDir, password: DEMO_PASSWORD });
    appId = (await server.call('GET', '/get/getApp/slug/demo')).json().data.appId;
    const page = await server.store.selectFrom('pages').select('pageId').where('pageAppId', '=', appId).where('pageSlug', '=', 'reports').executeTakeFirstOrThrow();
    reportsPageId = page.pageId;
    staff = await server.login(DEMO_MEMBER_USER_ID, DEMO_PASSWORD, 'demo');
  });
  afterAll(async () => { await server.close(); });

  it("runs the stat cards' text variables for the staff: one figure each", async () => {
    expect(Number(await firstValue('stat-products-value', 'jumlah'))).toBe(10);
    expect(Number(await firstValue('stat-stock-value', 'total'))).toBe(797);
    expect(Number(await firstValue('stat-new-orders-value', 'baru'))).toBe(4);
  });

  it('warns, counts and lists low stock under one threshold', async () => {
    expect(Number(await firstValue('low-stock', 'config'))).toBe(3);
    expect(Number(await firstValue('low-stock', 'menipis'))).toBe(3);
    const table = await server.call('POST', '/get/loadTableContent', { pageId: reportsPageId, componentId: 'low-stock-table' }, staff);
    expect(table.statusCode, table.body).toBe(200);
    const rows = (table.json().data[0] as { filteredResult: { name: string; stock: number }[] }).filteredResult;
    expect(rows.map((r) => r.name)).toEqual(['Kecap Manis 520 ml', 'Kopi Bubuk 200 g', 'Deterjen 800 g']);
  });

  it("refuses a text's variable to a member whose group does not reach the page, and to a stranger", async () => {
    const root = await server.login('admin', ADMIN_PASSWORD, '_root');
    const memberId = freshUserId();
    const added = await server.call('POST', '/auth/adduser', { data: { userId: memberId, password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD, appId } }, root);
    expect(added.statusCode, added.body).toBe(201);
    // Out of Staff (the default group, which reaches Reports) into a group with no menus.
    const groups = (await server.call('GET', `/auth/listgroup/${appId}`, undefined, root)).json().data as { groupId: number; groupSlug: string }[];
    const staffGroup = groups.find((g) => g.groupSlug === 'staff')?.groupId as number;
    const made = await server.call('POST', '/auth/addgroup', { data: { groupId: null, groupName: 'Kasir', groupAppId: appId } }, root);
    expect(made.statusCode, made.body).toBe(201);
    expect((await server.call('DELETE', '/auth/removeUserFromGroup', { userId: memberId, groupId: staffGroup }, root)).statusCode).toBe(200);
    await server.addToGroup(memberId, made.json().data.groupId as number);
    const cashier = await server.login(memberId, DEMO_PASSWORD, 'demo');
    // A member of the demo all the same: he reads its menus (none for his group).
    expect((await server.call('GET', `/get/listMenu/${appId}`, undefined, cashier)).statusCode).toBe(200);

    expect((await runAction('stat-products-value', 'jumlah', cashier)).statusCode).toBe(403);
    await server.register('081700000041', 'password-1');
    const stranger = await server.login('081700000041', 'password-1', 'main');
    expect((await runAction('stat-products-value', 'jumlah', stranger)).statusCode).toBe(403);
    expect((await runAction('stat-products-value', 'jumlah', staff)).statusCode).toBe(200);
  });
});
