import { menuCalls, type NameTranslations } from '@rakit/core';
import { callApi } from './request';

/** Calls of the menus area, made on behalf of the user signed in to `appSlug`. */
export const menusApi = (appSlug: string) => ({
  listMenu: (appId: number) => callApi(menuCalls.listMenu, { params: { appId } }, appSlug),

  /** Creates a parent menu (menuParentMenuId 0) or a sub-menu, without a page. */
  saveMenu: (menuAppId: number, menuName: string, menuParentMenuId: number) =>
    callApi(menuCalls.saveMenu, { body: { menuId: null, menuName, menuAppId, menuPageId: 0, menuParentMenuId } }, appSlug),

  /** Points a menu at a page (0 removes the page), based on the menu's `revision` as listed. */
  updateMenu: (menuAppId: number, menuId: number, menuPageId: number, revision?: number) =>
    callApi(menuCalls.updateMenu, { body: { menuId, menuAppId, menuPageId, revision } }, appSlug),

  /** A menu's name in other catalogs (issue 35); an empty one is removed. */
  translateMenuName: (menuId: number, translations: NameTranslations) =>
    callApi(menuCalls.translateMenuName, { body: { menuId, translations } }, appSlug),

  /** A page's title in other catalogs (issue 35); an empty one is removed. */
  translatePageName: (pageId: number, translations: NameTranslations) =>
    callApi(menuCalls.translatePageName, { body: { pageId, translations } }, appSlug),

  deleteMenu: (menuId: number) => callApi(menuCalls.deleteMenu, { body: { menuId } }, appSlug),

  listAppPages: (appId: number) => callApi(menuCalls.listAppPages, { params: { appId } }, appSlug),

  listUnassignedPages: (appId: number) => callApi(menuCalls.listUnassignedPages, { params: { appId } }, appSlug),
});
