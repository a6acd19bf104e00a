import { menuCalls, Messages, type NameTranslations } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { badRequest, notFound } from '../errors/http-errors';
import { route } from '../http/route';
import { withAudit } from '../audit/record';
import {
  deleteMenuCascade, findMenu, insertMenu, listMenuTree, setMenuPage, storedMenu,
} from '../store/repositories/menus';
import { claimRevision } from '../store/revisions';
import { findPage, listAppPages, listUnassignedPages } from '../store/repositories/pages';
import { type NamedTable, setNameTranslations } from '../store/repositories/name-translations';
import type { AuditContext } from '../audit/context';

/** Menus and the pages they point to (spec 1 screen 8, §7). */
const menuRoutes: FastifyPluginAsync = async (app) => {
  const pageOfApp = async (pageId: number, appId: number) => {
    if (pageId === 0) return;
    const page = await findPage(app.store, pageId);
    if (page === undefined || page.pageAppId !== appId) throw badRequest(Messages.pageNotFound);
  };

  route(app, menuCalls.listMenu, async ({ caller, appId }) => {
    const visible = caller.isAppAdmin(appId)
      ? undefined
      : new Set(caller.groupsIn(appId).flatMap((g) => g.groupAccess.menuId));
    return listMenuTree(app.store, appId, visible);
  });

  route(app, menuCalls.saveMenu, async ({ input: { body }, audit }) => {
    const { menuName, menuAppId, menuPageId, menuParentMenuId } = body;
    if (menuName === '') throw badRequest(menuParentMenuId === 0 ? Messages.parentMenuNameRequired : Messages.submenuNameRequired);
    if (menuParentMenuId !== 0) {
      const parent = await findMenu(app.store, menuParentMenuId);
      if (parent === undefined || parent.menuAppId !== menuAppId || parent.menuParentMenuId !== 0) throw badRequest(Messages.menuNotFound);
    }
    await pageOfApp(menuPageId, menuAppId);
    const menuId = await withAudit(app.store, audit, (id: number) => ({ entityType: 'menu', entityId: id, summary: { key: 'audit.menuAdded', values: { menu: menuName } } }),
      (trx) => insertMenu(trx, { menuAppId, menuName, menuPageId, menuParentMenuId }));
    return { menuId };
  });

  route(app, menuCalls.updateMenu, async ({ input: { body }, audit }) => {
    const { menuId, menuAppId, menuPageId } = body;
    const menu = await findMenu(app.store, menuId);
    if (menu === undefined || menu.menuAppId !== menuAppId) throw notFound(Messages.menuNotFound);
    await pageOfApp(menuPageId, menuAppId);
    const revision = await withAudit(app.store, audit, { entityType: 'menu', entityId: menuId, summary: { key: 'audit.menuPointed', values: { menu: menu.menuName, page: String(menuPageId) } } }, async (trx) => {
      const claimed = await claimRevision(trx, 'menus', menuId, body.revision, (store) => storedMenu(store, menuId));
      await setMenuPage(trx, menuId, menuPageId);
      return claimed;
    });
    return { menuId, menuPageId, revision };
  });

  route(app, menuCalls.deleteMenu, async ({ input: { body }, audit }) => {
    await withAudit(app.store, audit, { entityType: 'menu', entityId: body.menuId, summary: { key: 'audit.menuDeleted', values: { menu: String(body.menuId) } } }, (trx) => deleteMenuCascade(trx, body.menuId));
    return { menuId: body.menuId };
  });

  // An author's names in other catalogs (issue 35): all languages at once, empty ones removed.
  const translateName = async (audit: AuditContext, table: NamedTable, id: number, translations: NameTranslations): Promise<NameTranslations> => {
    const what = table === 'menus' ? { entityType: 'menu', summary: { key: 'audit.menuNameTranslated', values: { id: String(id) } }, missing: Messages.menuNotFound } as const
      : { entityType: 'page', summary: { key: 'audit.pageTitleTranslated', values: { id: String(id) } }, missing: Messages.pageNotFound } as const;
    return withAudit(app.store, audit, { entityType: what.entityType, entityId: id, summary: what.summary }, async (trx) => {
      const stored = await setNameTranslations(trx, table, id, translations);
      if (stored === null) throw notFound(what.missing);
      return stored;
    });
  };

  route(app, menuCalls.translateMenuName, async ({ input: { body }, audit }) =>
    ({ menuId: body.menuId, nameTranslations: await translateName(audit, 'menus', body.menuId, body.translations) }));

  route(app, menuCalls.translatePageName, async ({ input: { body }, audit }) =>
    ({ pageId: body.pageId, nameTranslations: await translateName(audit, 'pages', body.pageId, body.translations) }));

  route(app, menuCalls.listAppPages, async ({ appId }) => listAppPages(app.store, appId));

  route(app, menuCalls.listUnassignedPages, async ({ appId }) => listUnassignedPages(app.store, appId));
};

export default menuRoutes;
