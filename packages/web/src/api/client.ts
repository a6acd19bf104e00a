/* The browser's API client: one function per call of core's contracts, by area. */
import {
  appCalls, authCalls, type ClientInputOf, type LoginBody, passkeyCalls, type RegistrationInput, signInCalls,
} from '@rakit/core';
import { callApi } from './request';
import { appsApi } from './apps';
import { menusApi } from './menus';
import { actionsApi } from './actions';
import { tablesApi } from './tables';
import { usersApi } from './users';
import { tasksApi } from './tasks';
import { withLazyAreas } from './lazy-areas';
import type { BuilderAreasApi } from './builder-areas';

export * from './request';
export type { RunActionBody } from './actions';
export type { ExcelRequest } from './tables';
export type { ExportOptions, ImportBundleInput } from './bundles';
export type { TableContent } from '@rakit/core';

/** Public calls: no token. */
export const publicApi = {
  getAppBySlug: (slug: string) => callApi(appCalls.getAppBySlug, { params: { slug } }, null),

  login: (body: LoginBody) => callApi(authCalls.login, { body }, null),

  /** Trades the one-time ticket a single sign-on ended with for a session (issue 36). */
  redeemSignInTicket: (ticket: string) => callApi(signInCalls.redeemSignInTicket, { body: { ticket } }, null),

  /** A passkey's sign-in (issue 36): the challenge, then the authenticator's answer to it. */
  startPasskeySignIn: (appSlug: string) => callApi(passkeyCalls.startPasskeySignIn, { body: { appSlug } }, null),
  signInWithPasskey: (appSlug: string, response: Record<string, unknown>) =>
    callApi(passkeyCalls.signInWithPasskey, { body: { appSlug, response: response as ClientInputOf<typeof passkeyCalls.signInWithPasskey>['body']['response'] } }, null),

  register: (input: RegistrationInput, appId: number) =>
    callApi(authCalls.register, {
      body: { data: { userId: input.userId, password: input.password, confirm_password: input.confirm_password, defaultGroupAppId: [appId] } },
    }, null),
};

/**
 * Calls made on behalf of the user signed in to `appSlug` (bearer token of its stored session).
 * The areas a member's page opens with are here; the others (the builders' screens, the
 * widgets that load their own code) come in a chunk of their own on their first call, so a
 * phone's first load does not carry their schemas (issue 35's budget).
 */
export function appApi(appSlug: string): AppApi {
  const firstPaint = {
    ...appsApi(appSlug),
    ...menusApi(appSlug),
    ...usersApi(appSlug),
    ...actionsApi(appSlug),
    ...tablesApi(appSlug),
    ...tasksApi(appSlug),
  };
  return withLazyAreas<typeof firstPaint, BuilderAreasApi>(firstPaint, () => import('./builder-areas').then((areas) => areas.builderAreasApi(appSlug)));
}
export type AppApi = ReturnType<typeof appsApi> & ReturnType<typeof menusApi> & ReturnType<typeof usersApi>
  & ReturnType<typeof actionsApi> & ReturnType<typeof tablesApi> & ReturnType<typeof tasksApi> & BuilderAreasApi;
