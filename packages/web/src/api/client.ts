/* The browser's API client: one function per call of core's contracts, by area. */
import {
  type LoginBody, PublicApplicationSchema, type PublicApplication, type RegistrationInput, type SessionUser, SessionUserSchema,
} from '@rakit/core';
import { z } from 'zod';
import { call, type ApiAnswer } from './request';
import { appsApi } from './apps';
import { databasesApi } from './databases';
import { groupsApi } from './groups';
import { usersApi } from './users';
import { menusApi } from './menus';
import { actionsApi } from './actions';
import { tablesApi } from './tables';
import { printApi } from './print';

export * from './request';
export * from './answers';
export type { RunActionBody } from './actions';
export type { ExcelRequest } from './tables';
export type { TableContent } from '@rakit/core';

/** Public calls: no token. */
export const publicApi = {
  getAppBySlug: (slug: string): Promise<ApiAnswer<PublicApplication>> =>
    call({ method: 'GET', path: `/get/getApp/slug/${encodeURIComponent(slug)}`, data: PublicApplicationSchema, tokenOf: null }),

  login: (body: LoginBody): Promise<ApiAnswer<SessionUser[]>> =>
    call({ method: 'POST', path: '/auth/login', body, data: z.array(SessionUserSchema), tokenOf: null }),

  register: (input: RegistrationInput, appId: number): Promise<ApiAnswer<unknown>> =>
    call({
      method: 'POST',
      path: '/auth/register',
      body: { data: { userId: input.userId, password: input.password, confirm_password: input.confirm_password, defaultGroupAppId: [appId] } },
      data: z.unknown(),
      tokenOf: null,
    }),
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
  };
}
export type AppApi = ReturnType<typeof appApi>;
