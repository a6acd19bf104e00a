import { appCalls, authCalls, type PageInput, pageCalls, type SaveAppBody } from '@rakit/core';
import { callApi } from './request';

/** Calls of the apps area, made on behalf of the user signed in to `appSlug`. */
export const appsApi = (appSlug: string) => ({
  listApp: () => callApi(appCalls.listApp, {}, appSlug),

  listAppUser: (userId: string) => callApi(appCalls.listAppUser, { params: { userId } }, appSlug),

  saveApp: (body: SaveAppBody) => callApi(appCalls.saveApp, { body }, appSlug),

  /** A session of the application for its administrator, without his password (from main). */
  openApp: (appId: number) => callApi(authCalls.openApp, { body: { appId } }, appSlug),

  deleteApp: (appId: number) => callApi(appCalls.deleteApp, { body: { appId } }, appSlug),

  /** A page by slug, within the application of this session (runtime viewer). */
  getPageBySlug: (pageSlug: string) => callApi(pageCalls.getPageBySlug, { params: { slug: pageSlug }, query: { appSlug } }, appSlug),

  getPage: (pageId: number) => callApi(pageCalls.getPage, { params: { id: pageId } }, appSlug),

  /** Creates (pageId null, no components) or saves pages of the application through saveApp. */
  savePages: (appId: number, pages: PageInput[]) => callApi(appCalls.saveApp, { body: { appId, pages } }, appSlug),
});
