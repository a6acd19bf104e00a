import { randomBytes } from 'node:crypto';
import type { TestServer } from './build';
import { type AppTable, createAppTable } from './fixtures';
import { itemsTableSql, matrixComponents } from './matrix-page';
import { freshUserId } from '../trust-boundary/hostile';

export const AUDIT_PASSWORD = 'audit-password-1';

/** An application with a page whose items table (rows 1–3 on a SQLite file) a member edits and deletes rows of. */
export interface ItemsApp {
  appId: number;
  appSlug: string;
  adminId: string;
  admin: string;
  memberId: string;
  member: string;
  pageId: number;
  dbId: number;
  items: AppTable;
}

async function ok(answer: Promise<{ statusCode: number; body: string; json(): unknown }>, what: string) {
  const response = await answer;
  if (response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: never }).data;
}

/** Built by its administrator through the API, as the permission matrix's page is. */
export async function itemsApp(server: TestServer): Promise<ItemsApp> {
  const [adminId, memberId] = [freshUserId(), freshUserId()];
  await server.register(adminId, AUDIT_PASSWORD);
  const main = await server.login(adminId, AUDIT_PASSWORD, 'main');
  const created: { appId: number; appSlug: string } = await ok(server.call('POST', '/save/saveApp', { appId: null, appName: `Audit ${randomBytes(3).toString('hex')}`, appOpenRegistration: true }, main), 'saveApp');
  const { appId, appSlug } = created;
  const admin = await server.login(adminId, AUDIT_PASSWORD, appSlug);
  await server.register(memberId, AUDIT_PASSWORD, appId);
  const items = await createAppTable('sqlite', server.app.config.dataDir, appId, 'items', itemsTableSql);
  const { dbId }: { dbId: number } = await ok(server.call('POST', '/save/saveDbConfig', { dbAppId: appId, ...items.dbBody }, admin), 'saveDbConfig');
  const components = JSON.stringify(matrixComponents(dbId, items.table, 0).filter((c) => c.id === 'items'));
  const saved: { pages: { pageId: number }[] } = await ok(server.call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: 'Items' }] }, admin), 'saveApp pages');
  const pageId = (saved.pages[0] as { pageId: number }).pageId;
  await ok(server.call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: components }] }, admin), 'saveApp components');
  const { menuId }: { menuId: number } = await ok(server.call('POST', '/save/saveMenu', { menuName: 'Items', menuAppId: appId, menuPageId: pageId }, admin), 'saveMenu');
  const groups: { groupId: number; groupSlug: string }[] = await ok(server.call('GET', `/auth/listgroup/${appId}`, undefined, admin), 'listgroup');
  const memberGroup = groups.find((g) => g.groupSlug === 'member')?.groupId ?? 0;
  await ok(server.call('PUT', '/auth/updategroup', { groupId: memberGroup, groupAppId: appId, groupAccess: { menuId: [menuId] } }, admin), 'updategroup');
  const member = await server.login(memberId, AUDIT_PASSWORD, appSlug);
  return { appId, appSlug, adminId, admin, memberId, member, pageId, dbId, items };
}
