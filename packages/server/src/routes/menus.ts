import { menuCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route';
import { addMenu, appPages, menuTreeFor, pointMenu, removeMenu, translateName, unassignedPages } from '../pages/menus';

/** Menus and the pages they point to (spec 1 screen 8, §7): pages/menus.ts. */
const menuRoutes: FastifyPluginAsync = async (app) => {
  route(app, menuCalls.listMenu, async ({ caller, appId }) => menuTreeFor(app.services, caller, appId));
  route(app, menuCalls.saveMenu, async ({ input: { body }, audit }) => addMenu(app.services, audit, body));
  route(app, menuCalls.updateMenu, async ({ input: { body }, audit }) => pointMenu(app.services, audit, body));
  route(app, menuCalls.deleteMenu, async ({ input: { body }, audit }) => removeMenu(app.services, audit, body.menuId));
  route(app, menuCalls.translateMenuName, async ({ input: { body }, audit }) =>
    ({ menuId: body.menuId, nameTranslations: await translateName(app.services, audit, 'menus', body.menuId, body.translations) }));
  route(app, menuCalls.translatePageName, async ({ input: { body }, audit }) =>
    ({ pageId: body.pageId, nameTranslations: await translateName(app.services, audit, 'pages', body.pageId, body.translations) }));
  route(app, menuCalls.listAppPages, async ({ appId }) => appPages(app.services, appId));
  route(app, menuCalls.listUnassignedPages, async ({ appId }) => unassignedPages(app.services, appId));
};

export { menuOwners as owners } from '../pages/menus';

export default menuRoutes;
