import {
  AppIdParamsSchema, DeleteMenuBodySchema, Messages, SaveMenuBodySchema, UpdateMenuBodySchema,
} from '@rakit/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../auth/plugin';
import { badRequest, notFound } from '../http/errors';
import { deleteMenuCascade, findMenu, insertMenu, listMenuTree, setMenuPage } from '../store/repositories/menus';
import { findPage, listAppPages, listUnassignedPages } from '../store/repositories/pages';

/** Menus and the pages they point to (spec 1 screen 8, §7). */
const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const pageOfApp = async (pageId: number, appId: number) => {
    if (pageId === 0) return;
    const page = await findPage(app.store, pageId);
    if (page === undefined || page.pageAppId !== appId) throw badRequest(Messages.pageNotFound);
  };

  app.get('/get/listMenu/:appId', {
    schema: { tags: ['menus'], summary: 'Parent menus with sub-menus; members see only menus their groups may access', params: AppIdParamsSchema },
  }, async (request) => {
    const { appId } = request.params;
    const caller = principalOf(request);
    caller.assertAppMember(appId);
    const visible = caller.isAppAdmin(appId)
      ? undefined
      : new Set(caller.groupsIn(appId).flatMap((g) => g.groupAccess.menuId));
    return { status: true, data: await listMenuTree(app.store, appId, visible) };
  });

  app.post('/save/saveMenu', {
    schema: { tags: ['menus'], summary: 'Create a parent menu (menuParentMenuId 0) or a sub-menu', body: SaveMenuBodySchema },
  }, async (request, reply) => {
    const { menuName, menuAppId, menuPageId, menuParentMenuId } = request.body;
    principalOf(request).assertAppAdmin(menuAppId);
    if (menuName === '') throw badRequest(menuParentMenuId === 0 ? Messages.parentMenuNameRequired : Messages.submenuNameRequired);
    if (menuParentMenuId !== 0) {
      const parent = await findMenu(app.store, menuParentMenuId);
      if (parent === undefined || parent.menuAppId !== menuAppId || parent.menuParentMenuId !== 0) throw badRequest(Messages.menuNotFound);
    }
    await pageOfApp(menuPageId, menuAppId);
    const menuId = await insertMenu(app.store, { menuAppId, menuName, menuPageId, menuParentMenuId });
    reply.code(201);
    return { status: true, data: { menuId } };
  });

  app.put('/save/updateMenu', {
    schema: { tags: ['menus'], summary: 'Point a menu at a page (0 removes the page)', body: UpdateMenuBodySchema },
  }, async (request) => {
    const { menuId, menuAppId, menuPageId } = request.body;
    principalOf(request).assertAppAdmin(menuAppId);
    const menu = await findMenu(app.store, menuId);
    if (menu === undefined || menu.menuAppId !== menuAppId) throw notFound(Messages.menuNotFound);
    await pageOfApp(menuPageId, menuAppId);
    await setMenuPage(app.store, menuId, menuPageId);
    return { status: true, data: { menuId, menuPageId } };
  });

  app.delete('/delete/deleteMenu', {
    schema: { tags: ['menus'], summary: 'Remove a menu, its sub-menus and the access to them', body: DeleteMenuBodySchema },
  }, async (request) => {
    const menu = await findMenu(app.store, request.body.menuId);
    if (menu === undefined) throw notFound(Messages.menuNotFound);
    principalOf(request).assertAppAdmin(menu.menuAppId);
    await app.store.transaction().execute((trx) => deleteMenuCascade(trx, menu.menuId));
    return { status: true, data: { menuId: menu.menuId } };
  });

  app.get('/get/listAppPages/:appId', {
    schema: { tags: ['pages'], summary: 'Every page of an application', params: AppIdParamsSchema },
  }, async (request) => {
    principalOf(request).assertAppAdmin(request.params.appId);
    return { status: true, data: await listAppPages(app.store, request.params.appId) };
  });

  app.get('/get/listUnassignedPages/:appId', {
    schema: { tags: ['pages'], summary: 'Pages that no menu points to', params: AppIdParamsSchema },
  }, async (request) => {
    principalOf(request).assertAppAdmin(request.params.appId);
    return { status: true, data: await listUnassignedPages(app.store, request.params.appId) };
  });
};

export default menuRoutes;
