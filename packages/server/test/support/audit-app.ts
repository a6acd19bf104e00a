import { randomBytes } from 'node:crypto';
import type { TestServer } from './build';
import type { AppTable } from './fixtures';
import { dataWidgetApp } from './data-widget-app';
import type { EngineName } from './engines';
import { itemsTableSql, matrixComponents } from './matrix-page';
import { freshUserId } from '../trust-boundary/hostile';

/** The password dataWidgetApp registers its users with. */
export const AUDIT_PASSWORD = 'password-1';

/** An application with a page whose items table (rows 1–3, on a SQLite file unless said otherwise) a member edits and deletes rows of. */
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

/** Built by its administrator through the API (dataWidgetApp), with fresh users. */
export async function itemsApp(server: TestServer, tableEngine: EngineName = 'sqlite'): Promise<ItemsApp> {
  const [adminId, memberId, outsiderId] = [freshUserId(), freshUserId(), freshUserId()];
  const built = await dataWidgetApp(server, tableEngine, {
    users: [adminId, memberId, outsiderId], appName: `Audit ${randomBytes(3).toString('hex')}`, pageName: 'Items',
    table: { prefix: 'items', createSql: itemsTableSql },
    widgets: (dbId, table) => matrixComponents(dbId, table, 0).filter((c) => c.id === 'items'),
  });
  return {
    appId: built.appId, appSlug: built.appSlug, adminId, admin: built.admin, memberId, member: built.member,
    pageId: built.pageId, dbId: built.dbId, items: built.fixture,
  };
}
