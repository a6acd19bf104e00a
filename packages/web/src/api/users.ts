import { z } from 'zod';
import { call, query, type ApiAnswer } from './request';
import { UserPageSchema, type UserPage, type PageQuery, type UserEntries } from './answers';

/** Calls of the users area, made on behalf of the user signed in to `appSlug`. */
export const usersApi = (appSlug: string) => ({
  listUser: (appId: number, paging: PageQuery): Promise<ApiAnswer<UserPage>> =>
    call({ method: 'GET', path: `/auth/listuser?${query({ appId, ...paging })}`, data: UserPageSchema, tokenOf: appSlug }),

  addUser: (appId: number, entries: UserEntries): Promise<ApiAnswer<unknown>> =>
    call({ method: 'POST', path: '/auth/adduser', body: { data: { ...entries, appId } }, data: z.unknown(), tokenOf: appSlug }),

  changePassword: (appId: number, entries: UserEntries): Promise<ApiAnswer<unknown>> =>
    call({ method: 'PUT', path: '/auth/changePassword', body: { data: { ...entries, appId } }, data: z.unknown(), tokenOf: appSlug }),

  deleteUser: (appId: number, userId: string): Promise<ApiAnswer<unknown>> =>
    call({ method: 'DELETE', path: '/auth/deleteuser', body: { data: { userId, appId } }, data: z.unknown(), tokenOf: appSlug }),
});
