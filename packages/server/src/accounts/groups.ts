import {
  ADMIN_GROUP_SLUG, type GroupAccessBody, type GroupDraft, type GroupMembershipBody, type ListGroupUserQuery, Messages, slugify,
} from '@rakit/core';
import type { AuditContext } from '../audit/context';
import { withAudit } from '../audit/record';
import type { Principal } from '../auth/principal';
import { badRequest, conflict, local, notFound, quoted } from '../errors/http-errors';
import { cachedAccount } from '../store/cached-reads';
import {
  addMember, deleteGroupCascade, findGroup, findGroupBySlug, grantMenuAccess, groupAsAnswered, insertGroup,
  listGroupsOfApp, menuAccessOf, pageGroupsWithMembers, removeMember, renameGroup, revokeMenuAccess, setDefaultGroup,
  setGroupPageAndActionAccess,
} from '../store/repositories/groups';
import { menusBelongToApp } from '../store/repositories/menus';
import type { Store } from '../store/db';
import { claimRevision } from '../store/revisions';
import { findAppGroup, groupForAdmin } from './app-groups';
import type { Services } from '../services';
import { numericId, type OwnerLookups } from '../security/call-owners';

/*
 * User groups of an application, their members and menu access (spec 1 screen 6, §7). The
 * calls' contracts (core's groupCalls) have already checked that the caller administers the
 * application or group they name; what is checked here is what the contract cannot see.
 */

const OTHER_APPLICATION = 'The group belongs to another application';

/** A page of the application's groups, each with a page of its members (those whose id contains `query.userId`). */
export const listGroupsWithMembers = (services: Services, appId: number, query: ListGroupUserQuery) =>
  pageGroupsWithMembers(services.store, appId, { ...query, memberSearch: query.userId.trim() });

export const listGroups = (services: Services, appId: number) => listGroupsOfApp(services.store, appId);

/**
 * Only users of this application join its groups: anyone else is answered as an id that does not
 * exist, so the call neither pulls in a stranger's account nor tells which ids exist.
 */
export async function addUserToGroup(services: Services, caller: Principal, appId: number, audit: AuditContext, { groupId, userId }: GroupMembershipBody) {
  const account = await cachedAccount(services, userId);
  if (account === undefined || !caller.mayAddMember(appId, account)) throw notFound(Messages.userNotFound);
  await withAudit(services.store, audit, { entityType: 'group', entityId: groupId, summary: { key: 'audit.memberAdded', values: { user: userId, group: String(groupId) } } }, (trx) => addMember(trx, groupId, account.user.userId));
  return { groupId, userId };
}

/** An administrator may not take himself out of the administrators (the super administrator may). */
export async function removeUserFromGroup(services: Services, caller: Principal, audit: AuditContext, { groupId, userId }: GroupMembershipBody) {
  const group = await findAppGroup(services.store, groupId);
  if (group.groupSlug === ADMIN_GROUP_SLUG && userId === caller.userId && !caller.isSuperAdmin) {
    throw badRequest(local('adminRemoveSelf'));
  }
  await withAudit(services.store, audit, { entityType: 'group', entityId: groupId, summary: { key: 'audit.memberRemoved', values: { user: userId, group: String(groupId) } } }, async (trx) => {
    if ((await removeMember(trx, groupId, userId)) === 0) throw notFound(Messages.userNotFound);
  });
  return { groupId, userId };
}

/** A group's next revision in the write's transaction; stale, the group as the calls answer it (issue 33). */
const claimGroupRevision = (trx: Store, groupId: number, base: number | undefined) =>
  claimRevision(trx, 'userGroups', groupId, base, (store) => groupAsAnswered(store, groupId));

/** Renames the group `draft.groupId` names, or creates one with its page, action and menu access. */
export async function saveGroup(services: Services, caller: Principal, appId: number, audit: AuditContext, draft: GroupDraft) {
  const { groupId, groupName, groupAccess } = draft;
  if (groupId !== null) {
    const group = await groupForAdmin(services.store, caller, groupId);
    if (group.appId !== appId) throw badRequest(OTHER_APPLICATION);
    const revision = await withAudit(services.store, audit, { entityType: 'group', entityId: groupId, summary: { key: 'audit.groupRenamed', values: { group: String(groupId), name: groupName } } }, async (trx) => {
      const claimed = await claimGroupRevision(trx, groupId, draft.revision);
      await renameGroup(trx, groupId, groupName);
      return claimed;
    });
    return { groupId, revision };
  }
  const groupSlug = slugify(groupName);
  if ((await findGroupBySlug(services.store, String(appId), groupSlug)) !== undefined) throw conflict(local('groupExists', { group: quoted(groupName) }));
  if (groupAccess.menuId.length > 0 && !(await menusBelongToApp(services.store, appId, groupAccess.menuId))) {
    throw badRequest(Messages.menuNotFound);
  }
  const created = await withAudit(services.store, audit, (id: number) => ({ entityType: 'group', entityId: id, summary: { key: 'audit.groupAdded', values: { group: groupName } } }), async (trx) => {
    const id = await insertGroup(trx, { groupName, groupAppId: String(appId), groupSlug });
    await setGroupPageAndActionAccess(trx, id, { pageId: groupAccess.pageId, actionId: groupAccess.actionId });
    if (groupAccess.menuId.length > 0) await grantMenuAccess(trx, id, [...new Set(groupAccess.menuId)]);
    return id;
  });
  return { groupId: created, revision: 1 };
}

/** Removes a group with its memberships and access; the administrators' group stays. */
export async function deleteGroup(services: Services, audit: AuditContext, groupId: number) {
  const group = await findAppGroup(services.store, groupId);
  if (group.groupSlug === ADMIN_GROUP_SLUG) throw badRequest(Messages.groupProtected);
  await withAudit(services.store, audit, { entityType: 'group', entityId: group.groupId, summary: { key: 'audit.groupDeleted', values: { group: group.groupName } } }, (trx) => deleteGroupCascade(trx, group.groupId));
  return { groupId: group.groupId };
}

/** The group registrants join: never the administrators' (it would hand out administration). */
export async function makeDefaultGroup(services: Services, caller: Principal, appId: number, audit: AuditContext, groupId: number) {
  const group = await groupForAdmin(services.store, caller, groupId);
  if (group.appId !== appId) throw badRequest(OTHER_APPLICATION);
  if (group.groupSlug === ADMIN_GROUP_SLUG) throw badRequest(Messages.adminGroupNotDefault);
  await withAudit(services.store, audit, { entityType: 'group', entityId: group.groupId, summary: { key: 'audit.defaultGroupSet', values: { group: group.groupName } } }, (trx) => setDefaultGroup(trx, appId, group.groupId));
  return { appId, groupId: group.groupId };
}

/** Gives the group menus of its own application it does not have yet (one it has is a 409). */
export async function grantGroupMenus(services: Services, appId: number, audit: AuditContext, { groupId, groupAppId, groupAccess, revision: base }: GroupAccessBody) {
  if (appId !== groupAppId || !(await menusBelongToApp(services.store, groupAppId, groupAccess.menuId))) {
    throw badRequest(Messages.menuNotFound);
  }
  const granted = new Set((await menuAccessOf(services.store, groupId)).map((a) => a.menuId));
  const wanted = [...new Set(groupAccess.menuId)];
  if (wanted.some((menuId) => granted.has(menuId))) throw conflict(Messages.groupUsed);
  const revision = await withAudit(services.store, audit, { entityType: 'group', entityId: groupId, summary: { key: 'audit.menusGiven', values: { group: String(groupId), menus: wanted.join(', ') } } }, async (trx) => {
    const claimed = await claimGroupRevision(trx, groupId, base);
    await grantMenuAccess(trx, groupId, wanted);
    return claimed;
  });
  return { groupId, menuId: wanted, revision };
}

export async function revokeGroupMenus(services: Services, appId: number, audit: AuditContext, { groupId, groupAppId, groupAccess, revision: base }: GroupAccessBody) {
  if (appId !== groupAppId) throw badRequest(OTHER_APPLICATION);
  const revision = await withAudit(services.store, audit, { entityType: 'group', entityId: groupId, summary: { key: 'audit.menusTaken', values: { menus: groupAccess.menuId.join(', '), group: String(groupId) } } }, async (trx) => {
    const claimed = await claimGroupRevision(trx, groupId, base);
    await revokeMenuAccess(trx, groupId, groupAccess.menuId);
    return claimed;
  });
  return { groupId, menuId: groupAccess.menuId, revision };
}

/** How the entities of this area lead to their application (the access check's lookups, http/call-access.ts). */
export const groupOwners: OwnerLookups = {
  group: {
    find: async (services, id) => {
      const group = await findGroup(services.store, numericId(id));
      // The super administrator's marker group belongs to no application.
      return group === undefined || !/^\d+$/.test(group.groupAppId) ? undefined : Number(group.groupAppId);
    },
    missing: Messages.groupNotFound,
  },
};
