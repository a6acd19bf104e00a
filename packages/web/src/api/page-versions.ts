import { pageVersionCalls } from '@rakit/core';
import { callApi } from './request';

/** Page versions, restore and deleted pages (issue 17), on behalf of the user signed in to `appSlug`. */
export const pageVersionsApi = (appSlug: string) => ({
  listPageVersions: (pageId: number, page: number, pageSize: number) =>
    callApi(pageVersionCalls.listPageVersions, { params: { id: pageId }, query: { page, pageSize } }, appSlug),

  getPageVersion: (versionId: number) => callApi(pageVersionCalls.getPageVersion, { params: { id: versionId } }, appSlug),

  namePageVersion: (versionId: number, versionName: string | null) =>
    callApi(pageVersionCalls.namePageVersion, { params: { id: versionId }, body: { versionName } }, appSlug),

  restorePageVersion: (versionId: number) => callApi(pageVersionCalls.restorePageVersion, { params: { id: versionId } }, appSlug),

  deletePage: (pageId: number) => callApi(pageVersionCalls.deletePage, { params: { id: pageId } }, appSlug),

  listDeletedPages: (appId: number) => callApi(pageVersionCalls.listDeletedPages, { query: { appId } }, appSlug),

  undeletePage: (pageId: number) => callApi(pageVersionCalls.undeletePage, { params: { id: pageId } }, appSlug),
});
