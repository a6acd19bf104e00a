import { bundleCalls, type ClientInputOf } from '@rakit/core';
import { callApi } from './request';

/** What previewImport and importApp take: the bundle as read from its file, where it goes, the connections' passwords. */
export type ImportBundleInput = ClientInputOf<typeof bundleCalls.importApp>['body'];

/** What an export holds besides the application itself. */
export interface ExportOptions {
  users: boolean;
  data: boolean;
}

/** Application export and import (issue 17), made on behalf of the user signed in to `appSlug`. */
export const bundlesApi = (appSlug: string) => ({
  /** The application as a bundle; with users, their ids (never a password); without data, no SQLite rows. */
  exportApp: (appId: number, options: ExportOptions) =>
    callApi(bundleCalls.exportApp, { params: { appId }, query: { users: options.users ? 'true' : 'false', data: options.data ? 'true' : 'false' } }, appSlug),

  previewImport: (body: ImportBundleInput) => callApi(bundleCalls.previewImport, { body }, appSlug),

  importApp: (body: ImportBundleInput) => callApi(bundleCalls.importApp, { body }, appSlug),
});
