import { type MenuDraft, type MenuPointing, Messages, type NameTranslations } from '@rakit/core';
import type { AuditContext } from '../audit/context';
import { withAudit } from '../audit/record';
import type { Principal } from '../auth/principal';
import { badRequest, notFound } from '../errors/http-errors';
import { deleteMenuCascade, findMenu, insertMenu, listMenuTree, setMenuPage, storedMenu } from '../store/repositories/menus';
import { type NamedTable, setNameTranslations } from '../store/repositories/name-translations';
import { findPage, listAppPages, listUnassignedPages } from '../store/repositories/pages';
import type { Store } from '../store/db';
import { claimRevision } from '../store/revisions';
import type { Services } from '../services';
import { numericId, type OwnerLookups } from '../security/call-owners';

/*
 * Menus and the pages they point to (spec 1 screen 8, §7). The calls' contracts (core's
 * menuCalls) have already checked the caller's access to the application or menu they name;
 * what is checked here is what the contract cannot see (a page or parent of another application).
 */

/** A menu points to no page (0) or to one of its own application's. */
async function pageOfApp(store: Store, pageId: number, appId: number): Promise<void> {
  if (pageId === 0) return;
  const page = await findPage(store, pageId);
  if (page === undefined || page.pageAppId !== appId) throw badRequest(Messages.pageNotFound);
}

/** The application's menu tree: all of it for its administrators, the menus of his groups for a member. */
export function menuTreeFor(services: Services, caller: Principal, appId: number) {
  const visible = caller.isAppAdmin(appId) ? undefined : new Set(caller.groupsIn(appId).flatMap((g) => g.groupAccess.menuId));
  return listMenuTree(services.store, appId, visible);
}

/** A new menu, or a sub-menu of one of the application's top-level menus. */
export async function addMenu(services: Services, audit: AuditContext, { menuName, menuAppId, menuPageId, menuParentMenuId }: MenuDraft) {
  if (menuName === '') throw badRequest(menuParentMenuId === 0 ? Messages.parentMenuNameRequired : Messages.submenuNameRequired);
  if (menuParentMenuId !== 0) {
    const parent = await findMenu(services.store, menuParentMenuId);
    if (parent === undefined || parent.menuAppId !== menuAppId || parent.menuParentMenuId !== 0) throw badRequest(Messages.menuNotFound);
  }
  await pageOfApp(services.store, menuPageId, menuAppId);
  const menuId = await withAudit(services.store, audit, (id: number) => ({ entityType: 'menu', entityId: id, summary: { key: 'audit.menuAdded', values: { menu: menuName } } }),
    (trx) => insertMenu(trx, { menuAppId, menuName, menuPageId, menuParentMenuId }));
  return { menuId };
}

/** Points a menu to another page, unless it changed since the screen read it (409). */
export async function pointMenu(services: Services, audit: AuditContext, { menuId, menuAppId, menuPageId, revision: seen }: MenuPointing) {
  const menu = await findMenu(services.store, menuId);
  if (menu === undefined || menu.menuAppId !== menuAppId) throw notFound(Messages.menuNotFound);
  await pageOfApp(services.store, menuPageId, menuAppId);
  const revision = await withAudit(services.store, audit, { entityType: 'menu', entityId: menuId, summary: { key: 'audit.menuPointed', values: { menu: menu.menuName, page: String(menuPageId) } } }, async (trx) => {
    const claimed = await claimRevision(trx, 'menus', menuId, seen, (store) => storedMenu(store, menuId));
    await setMenuPage(trx, menuId, menuPageId);
    return claimed;
  });
  return { menuId, menuPageId, revision };
}

/** Removes a menu with its sub-menus and the groups' access to them. */
export async function removeMenu(services: Services, audit: AuditContext, menuId: number) {
  await withAudit(services.store, audit, { entityType: 'menu', entityId: menuId, summary: { key: 'audit.menuDeleted', values: { menu: String(menuId) } } }, (trx) => deleteMenuCascade(trx, menuId));
  return { menuId };
}

/** An author's name of a menu or title of a page in other catalogs (issue 35): all languages at once, empty ones removed. */
export function translateName(services: Services, audit: AuditContext, table: NamedTable, id: number, translations: NameTranslations): Promise<NameTranslations> {
  const what = table === 'menus' ? { entityType: 'menu', summary: { key: 'audit.menuNameTranslated', values: { id: String(id) } }, missing: Messages.menuNotFound } as const
    : { entityType: 'page', summary: { key: 'audit.pageTitleTranslated', values: { id: String(id) } }, missing: Messages.pageNotFound } as const;
  return withAudit(services.store, audit, { entityType: what.entityType, entityId: id, summary: what.summary }, async (trx) => {
    const stored = await setNameTranslations(trx, table, id, translations);
    if (stored === null) throw notFound(what.missing);
    return stored;
  });
}

/** The application's pages, for a menu to point to. */
export const appPages = (services: Services, appId: number) => listAppPages(services.store, appId);

/** The application's pages no menu points to yet. */
export const unassignedPages = (services: Services, appId: number) => listUnassignedPages(services.store, appId);

/** How the entities of this area lead to their application (the access check's lookups, http/call-access.ts). */
export const menuOwners: OwnerLookups = {
  menu: { find: async (services, id) => (await findMenu(services.store, numericId(id)))?.menuAppId, missing: Messages.menuNotFound },
};
