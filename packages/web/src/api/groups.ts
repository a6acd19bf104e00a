import {
  type Group, GroupSchema,
} from '@rakit/core';
import { z } from 'zod';
import { call, query, type ApiAnswer } from './request';
import { GroupPageSchema, type GroupPage, type GroupPageQuery } from './answers';

/** Calls of the groups area, made on behalf of the user signed in to `appSlug`. */
export const groupsApi = (appSlug: string) => ({
  listGroupUser: (appId: number, paging: GroupPageQuery): Promise<ApiAnswer<GroupPage>> =>
    call({ method: 'GET', path: `/auth/listGroupUser/${appId}?${query({ ...paging })}`, data: GroupPageSchema, tokenOf: appSlug }),

  listGroup: (appId: number): Promise<ApiAnswer<Group[]>> =>
    call({ method: 'GET', path: `/auth/listgroup/${appId}`, data: z.array(GroupSchema), tokenOf: appSlug }),

  addGroup: (appId: number, groupName: string): Promise<ApiAnswer<unknown>> =>
    call({
      method: 'POST',
      path: '/auth/addgroup',
      body: { data: { groupId: null, groupName, groupAppId: appId, groupAccess: { pageId: [], actionId: [], menuId: [] } } },
      data: z.unknown(),
      tokenOf: appSlug,
    }),

  deleteGroup: (groupId: number): Promise<ApiAnswer<unknown>> =>
    call({ method: 'DELETE', path: '/auth/deletegroup', body: { data: { groupId } }, data: z.unknown(), tokenOf: appSlug }),

  setDefaultGroup: (appId: number, groupId: number): Promise<ApiAnswer<unknown>> =>
    call({ method: 'PUT', path: '/auth/setDefaultGroup', body: { data: { appId, groupId } }, data: z.unknown(), tokenOf: appSlug }),

  addUserToGroup: (userId: string, groupId: number): Promise<ApiAnswer<unknown>> =>
    call({ method: 'POST', path: '/auth/addUserToGroup', body: { userId, groupId }, data: z.unknown(), tokenOf: appSlug }),

  removeUserFromGroup: (userId: string, groupId: number): Promise<ApiAnswer<unknown>> =>
    call({ method: 'DELETE', path: '/auth/removeUserFromGroup', body: { userId, groupId }, data: z.unknown(), tokenOf: appSlug }),

  /** Gives the group access to the menu; 409 when it already has it. */
  updateGroupAccess: (groupId: number, groupAppId: number, menuId: number): Promise<ApiAnswer<unknown>> =>
    call({ method: 'PUT', path: '/auth/updategroup', body: { groupId, groupAppId, groupAccess: { menuId: [menuId] } }, data: z.unknown(), tokenOf: appSlug }),

  removeGroupAccess: (groupId: number, groupAppId: number, menuId: number): Promise<ApiAnswer<unknown>> =>
    call({ method: 'DELETE', path: '/auth/removeGroupAccess', body: { groupId, groupAppId, groupAccess: { menuId: [menuId] } }, data: z.unknown(), tokenOf: appSlug }),
});
