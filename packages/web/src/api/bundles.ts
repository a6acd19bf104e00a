import { bundleCalls, type ClientInputOf } from '@rakit/core';
import { callApi } from './request';

/** What previewImport and importApp take: the bundle as read from its file, where it goes, the connections' passwords. */
export type ImportBundleInput = ClientInputOf<typeof bundleCalls.importApp>['body'];

/** Application export and import (issue 17), made on behalf of the user signed in to `appSlug`. */
export const bundlesApi = (appSlug: string) => ({
  /** The application as a bundle; with users, their ids (never a password). */
  exportApp: (appId: number, users: boolean) => callApi(bundleCalls.exportApp, { params: { appId }, query: { users: users ? 'true' : 'false' } }, appSlug),

  previewImport: (body: ImportBundleInput) => callApi(bundleCalls.previewImport, { body }, appSlug),

  importApp: (body: ImportBundleInput) => callApi(bundleCalls.importApp, { body }, appSlug),
});
