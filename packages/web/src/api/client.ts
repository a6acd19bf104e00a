/* The browser's API client: one function per call of core's contracts, by area. */
import {
  appCalls, authCalls, type LoginBody, type RegistrationInput,
} from '@rakit/core';
import { callApi } from './request';
import { appsApi } from './apps';
import { databasesApi } from './databases';
import { groupsApi } from './groups';
import { usersApi } from './users';
import { menusApi } from './menus';
import { actionsApi } from './actions';
import { tablesApi } from './tables';
import { printApi } from './print';
import { workflowsApi } from './workflows';
import { thirdPartiesApi } from './third-parties';
import { functionsApi } from './functions';
import { pdfTemplatesApi } from './pdf-templates';
import { pageVersionsApi } from './page-versions';
import { lookupsApi } from './lookups';
import { bundlesApi } from './bundles';
import { auditApi } from './audit';

export * from './request';
export type { RunActionBody } from './actions';
export type { ExcelRequest } from './tables';
export type { ExportOptions, ImportBundleInput } from './bundles';
export type { TableContent } from '@rakit/core';

/** Public calls: no token. */
export const publicApi = {
  getAppBySlug: (slug: string) => callApi(appCalls.getAppBySlug, { params: { slug } }, null),

  login: (body: LoginBody) => callApi(authCalls.login, { body }, null),

  register: (input: RegistrationInput, appId: number) =>
    callApi(authCalls.register, {
      body: { data: { userId: input.userId, password: input.password, confirm_password: input.confirm_password, defaultGroupAppId: [appId] } },
    }, null),
};

/** Calls made on behalf of the user signed in to `appSlug` (bearer token of its stored session). */
export function appApi(appSlug: string) {
  return {
    ...appsApi(appSlug),
    ...databasesApi(appSlug),
    ...groupsApi(appSlug),
    ...usersApi(appSlug),
    ...menusApi(appSlug),
    ...actionsApi(appSlug),
    ...tablesApi(appSlug),
    ...printApi(appSlug),
    ...workflowsApi(appSlug),
    ...thirdPartiesApi(appSlug),
    ...functionsApi(appSlug),
    ...pdfTemplatesApi(appSlug),
    ...pageVersionsApi(appSlug),
    ...lookupsApi(appSlug),
    ...bundlesApi(appSlug),
    ...auditApi(appSlug),
  };
}
export type AppApi = ReturnType<typeof appApi>;
