import type { Menu } from '@rakit/core';
import type { Store } from '../db';
import { insertReturningId } from '../insert';
import { nameTranslationsOf } from './name-translations';

export const findMenu = (db: Store, menuId: number) =>
  db.selectFrom('menus').selectAll().where('menuId', '=', menuId).executeTakeFirst();

/**
 * An application's parent menus with their sub-menus and page names (GET /get/listMenu).
 * `visibleMenuIds` limits the tree to menus a member's groups may access.
 */
export async function listMenuTree(db: Store, appId: number, visibleMenuIds?: ReadonlySet<number>): Promise<Menu[]> {
  const rows = await db.selectFrom('menus as m')
    .leftJoin('pages as p', 'p.pageId', 'm.menuPageId')
    .select(['m.menuId', 'm.menuName', 'm.menuAppId', 'm.menuPageId', 'm.menuParentMenuId', 'm.revision', 'm.nameTranslations', 'p.pageName', 'p.pageSlug'])
    .where('m.menuAppId', '=', appId)
    .orderBy('m.menuOrder').orderBy('m.menuId')
    .execute();
  const visible = (menuId: number) => visibleMenuIds === undefined || visibleMenuIds.has(menuId);
  const parents = rows.filter((r) => r.menuParentMenuId === 0);
  return parents
    .filter((parent) => visible(parent.menuId) || rows.some((r) => r.menuParentMenuId === parent.menuId && visible(r.menuId)))
    .map((parent) => ({
      menuId: parent.menuId,
      menuName: parent.menuName,
      nameTranslations: nameTranslationsOf(parent.nameTranslations),
      menuAppId: parent.menuAppId,
      menuPageId: parent.menuPageId,
      menuParentMenuId: 0,
      pageName: parent.pageName ?? '',
      revision: parent.revision,
      submenu: rows
        .filter((r) => r.menuParentMenuId === parent.menuId && visible(r.menuId))
        .map((r) => ({ menuId: r.menuId, menuName: r.menuName, nameTranslations: nameTranslationsOf(r.nameTranslations), menuPageId: r.menuPageId, pageName: r.pageName ?? '', pageSlug: r.pageSlug ?? '', revision: r.revision })),
    }));
}

export async function insertMenu(db: Store, values: { menuAppId: number; menuName: string; menuPageId: number; menuParentMenuId: number; nameTranslations?: string | null }) {
  const last = await db.selectFrom('menus').select((eb) => eb.fn.max('menuOrder').as('order')).where('menuAppId', '=', values.menuAppId).executeTakeFirst();
  return insertReturningId(db, 'menus', { ...values, menuOrder: Number(last?.order ?? 0) + 1 }, 'menuId');
}

export async function setMenuPage(db: Store, menuId: number, menuPageId: number): Promise<void> {
  await db.updateTable('menus').set({ menuPageId }).where('menuId', '=', menuId).execute();
}

/** A menu as a stale updateMenu answers it (core's StoredMenuSchema). */
export async function storedMenu(db: Store, menuId: number) {
  const row = await db.selectFrom('menus as m').leftJoin('pages as p', 'p.pageId', 'm.menuPageId')
    .select(['m.menuId', 'm.menuName', 'm.menuPageId', 'm.revision', 'p.pageName']).where('m.menuId', '=', menuId).executeTakeFirst();
  return row === undefined ? undefined : { ...row, pageName: row.pageName ?? '' };
}

/** Removes a menu, its sub-menus and every group's access to them. Call inside a transaction. */
export async function deleteMenuCascade(db: Store, menuId: number): Promise<void> {
  const children = await db.selectFrom('menus').select('menuId').where('menuParentMenuId', '=', menuId).execute();
  const ids = [menuId, ...children.map((c) => c.menuId)];
  await db.deleteFrom('groupMenuAccess').where('menuId', 'in', ids).execute();
  await db.deleteFrom('menus').where('menuId', 'in', ids).execute();
}

/** Whether every id names a menu of the application. */
export async function menusBelongToApp(db: Store, appId: number, menuIds: number[]): Promise<boolean> {
  const rows = await db.selectFrom('menus').select('menuId').where('menuAppId', '=', appId).where('menuId', 'in', menuIds).execute();
  return new Set(rows.map((r) => r.menuId)).size === new Set(menuIds).size;
}
