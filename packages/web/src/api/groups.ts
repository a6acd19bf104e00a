import { groupCalls } from '@rakit/core';
import { callApi } from './request';
import type { UserSearch } from './users';

/** A page of groups, each with a page of its members, searched by member id. */
export interface GroupSearch extends UserSearch {
  pageUser: number;
  limitUser: number;
}

/** Calls of the groups area, made on behalf of the user signed in to `appSlug`. */
export const groupsApi = (appSlug: string) => ({
  listGroupUser: (appId: number, search: GroupSearch) =>
    callApi(groupCalls.listGroupUser, { params: { appId }, query: { ...search } }, appSlug),

  listGroup: (appId: number) => callApi(groupCalls.listGroup, { params: { appId } }, appSlug),

  addGroup: (appId: number, groupName: string) =>
    callApi(groupCalls.addGroup, {
      body: { data: { groupId: null, groupName, groupAppId: appId, groupAccess: { pageId: [], actionId: [], menuId: [] } } },
    }, appSlug),

  deleteGroup: (groupId: number) => callApi(groupCalls.deleteGroup, { body: { data: { groupId } } }, appSlug),

  setDefaultGroup: (appId: number, groupId: number) =>
    callApi(groupCalls.setDefaultGroup, { body: { data: { appId, groupId } } }, appSlug),

  addUserToGroup: (userId: string, groupId: number) =>
    callApi(groupCalls.addUserToGroup, { body: { userId, groupId } }, appSlug),

  removeUserFromGroup: (userId: string, groupId: number) =>
    callApi(groupCalls.removeUserFromGroup, { body: { userId, groupId } }, appSlug),

  /** Gives the group access to the menu; 409 when it already has it. */
  updateGroupAccess: (groupId: number, groupAppId: number, menuId: number) =>
    callApi(groupCalls.updateGroup, { body: { groupId, groupAppId, groupAccess: { menuId: [menuId] } } }, appSlug),

  removeGroupAccess: (groupId: number, groupAppId: number, menuId: number) =>
    callApi(groupCalls.removeGroupAccess, { body: { groupId, groupAppId, groupAccess: { menuId: [menuId] } } }, appSlug),
});
