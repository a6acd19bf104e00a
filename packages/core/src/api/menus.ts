import { z } from 'zod';
import {
  AppIdParamsSchema, DeleteMenuBodySchema, MenuNameTranslationsBodySchema, MenuSchema, PageNameTranslationsBodySchema, PageSummarySchema, SaveMenuBodySchema, StoredMenuSchema, UpdateMenuBodySchema,
} from '../schemas/admin';
import { revisionField } from '../schemas/revision';
import { defineCall, lazyCalls } from './contract';

const MenuIdSchema = z.object({ menuId: z.number().int() });

/** Menus and the pages they point to (spec 1 screen 8, §7). */
export const menuCalls = lazyCalls(() => ({
  listMenu: defineCall({
    method: 'GET', path: '/get/listMenu/:appId', tag: 'menus',
    summary: 'Parent menus with sub-menus; members see only menus their groups may access',
    params: AppIdParamsSchema,
    data: z.array(MenuSchema),
    access: { level: 'member', app: { entity: 'app', id: (input) => input.params.appId } },
  }),
  saveMenu: defineCall({
    method: 'POST', path: '/save/saveMenu', tag: 'menus',
    summary: 'Create a parent menu (menuParentMenuId 0) or a sub-menu',
    body: SaveMenuBodySchema,
    data: MenuIdSchema,
    successCode: 201,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.menuAppId } },
  }),
  updateMenu: defineCall({
    method: 'PUT', path: '/save/updateMenu', tag: 'menus',
    summary: 'Point a menu at a page (0 removes the page)',
    body: UpdateMenuBodySchema,
    data: MenuIdSchema.extend({ menuPageId: z.number().int(), ...revisionField }),
    conflict: StoredMenuSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.menuAppId } },
  }),
  deleteMenu: defineCall({
    method: 'DELETE', path: '/delete/deleteMenu', tag: 'menus',
    summary: 'Remove a menu, its sub-menus and the access to them',
    body: DeleteMenuBodySchema,
    data: MenuIdSchema,
    access: { level: 'appAdmin', app: { entity: 'menu', id: (input) => input.body.menuId } },
  }),
  translateMenuName: defineCall({
    method: 'PUT', path: '/save/menuNameTranslations', tag: 'menus',
    summary: 'Set a menu\'s name in other languages (members reading them see it instead of its own)',
    body: MenuNameTranslationsBodySchema,
    data: MenuIdSchema.extend({ nameTranslations: MenuSchema.shape.nameTranslations }),
    access: { level: 'appAdmin', app: { entity: 'menu', id: (input) => input.body.menuId } },
  }),
  translatePageName: defineCall({
    method: 'PUT', path: '/save/pageNameTranslations', tag: 'pages',
    summary: 'Set a page\'s title in other languages (members reading them see it instead of its own)',
    body: PageNameTranslationsBodySchema,
    data: z.object({ pageId: z.number().int(), nameTranslations: PageSummarySchema.shape.nameTranslations }),
    access: { level: 'appAdmin', app: { entity: 'page', id: (input) => input.body.pageId } },
  }),
  listAppPages: defineCall({
    method: 'GET', path: '/get/listAppPages/:appId', tag: 'pages',
    summary: 'Every page of an application',
    params: AppIdParamsSchema,
    data: z.array(PageSummarySchema),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.params.appId } },
  }),
  listUnassignedPages: defineCall({
    method: 'GET', path: '/get/listUnassignedPages/:appId', tag: 'pages',
    summary: 'Pages that no menu points to',
    params: AppIdParamsSchema,
    data: z.array(PageSummarySchema),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.params.appId } },
  }),
}));

// The stored things of this area a call's application is found from (contract.ts).
declare module './contract' {
  interface AppEntities {
    /** A menu, by its id. */
    menu: true;
  }
}
