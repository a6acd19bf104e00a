import { ADMIN_GROUP_SLUG, groupCalls, Messages, slugify } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { findAppGroup, groupForAdmin } from '../accounts/app-groups';
import { badRequest, conflict, notFound } from '../errors/http-errors';
import { route } from '../http/route';
import { withAudit } from '../audit/record';
import { cachedAccount } from '../store/cached-reads';
import {
  addMember, deleteGroupCascade, findGroupBySlug, grantMenuAccess, insertGroup, listGroupsOfApp, menuAccessOf,
  pageGroupsWithMembers, removeMember, renameGroup, revokeMenuAccess, setDefaultGroup, setGroupPageAndActionAccess,
} from '../store/repositories/groups';
import { menusBelongToApp } from '../store/repositories/menus';

const OTHER_APPLICATION = 'The group belongs to another application';

/** User groups of an application, their members and menu access (spec 1 screen 6, §7). */
const groupRoutes: FastifyPluginAsync = async (app) => {
  route(app, groupCalls.listGroupUser, async ({ input: { query }, appId }) =>
    pageGroupsWithMembers(app.store, appId, { ...query, memberSearch: query.userId.trim() }));

  route(app, groupCalls.listGroup, async ({ appId }) => listGroupsOfApp(app.store, appId));

  route(app, groupCalls.addUserToGroup, async ({ input: { body }, caller, appId, audit }) => {
    const { groupId, userId } = body;
    // Only users of this application: anyone else is answered as an id that does not exist,
    // so the call neither pulls in a stranger's account nor tells which ids exist.
    const account = await cachedAccount(app, userId);
    if (account === undefined || !caller.mayAddMember(appId, account)) throw notFound(Messages.userNotFound);
    await withAudit(app.store, audit, { entityType: 'group', entityId: groupId, summary: `Added ${userId} to group ${groupId}` }, (trx) => addMember(trx, groupId, account.user.userId));
    return { groupId, userId };
  });

  route(app, groupCalls.removeUserFromGroup, async ({ input: { body }, caller, audit }) => {
    const { groupId, userId } = body;
    const group = await findAppGroup(app.store, groupId);
    if (group.groupSlug === ADMIN_GROUP_SLUG && userId === caller.userId && !caller.isSuperAdmin) {
      throw badRequest('You cannot remove yourself from the administrators');
    }
    await withAudit(app.store, audit, { entityType: 'group', entityId: groupId, summary: `Removed ${userId} from group ${groupId}` }, async (trx) => {
      if ((await removeMember(trx, groupId, userId)) === 0) throw notFound(Messages.userNotFound);
    });
    return { groupId, userId };
  });

  route(app, groupCalls.addGroup, async ({ input: { body }, caller, appId, audit }) => {
    const { groupId, groupName, groupAccess } = body.data;
    if (groupId !== null) {
      const group = await groupForAdmin(app.store, caller, groupId);
      if (group.appId !== appId) throw badRequest(OTHER_APPLICATION);
      await withAudit(app.store, audit, { entityType: 'group', entityId: groupId, summary: `Renamed group ${groupId} to ${groupName}` }, (trx) => renameGroup(trx, groupId, groupName));
      return { groupId };
    }
    const groupSlug = slugify(groupName);
    if ((await findGroupBySlug(app.store, String(appId), groupSlug)) !== undefined) throw conflict(`Group '${groupName}' already exists`);
    if (groupAccess.menuId.length > 0 && !(await menusBelongToApp(app.store, appId, groupAccess.menuId))) {
      throw badRequest(Messages.menuNotFound);
    }
    const created = await withAudit(app.store, audit, (id: number) => ({ entityType: 'group', entityId: id, summary: `Added group ${groupName}` }), async (trx) => {
      const id = await insertGroup(trx, { groupName, groupAppId: String(appId), groupSlug });
      await setGroupPageAndActionAccess(trx, id, { pageId: groupAccess.pageId, actionId: groupAccess.actionId });
      if (groupAccess.menuId.length > 0) await grantMenuAccess(trx, id, [...new Set(groupAccess.menuId)]);
      return id;
    });
    return { groupId: created };
  });

  route(app, groupCalls.deleteGroup, async ({ input: { body }, audit }) => {
    const group = await findAppGroup(app.store, body.data.groupId);
    if (group.groupSlug === ADMIN_GROUP_SLUG) throw badRequest(Messages.groupProtected);
    await withAudit(app.store, audit, { entityType: 'group', entityId: group.groupId, summary: `Deleted group ${group.groupName}` }, (trx) => deleteGroupCascade(trx, group.groupId));
    return { groupId: group.groupId };
  });

  route(app, groupCalls.setDefaultGroup, async ({ input: { body }, caller, appId, audit }) => {
    const group = await groupForAdmin(app.store, caller, body.data.groupId);
    if (group.appId !== appId) throw badRequest(OTHER_APPLICATION);
    // Registrants join the default group: it must never hand out administration.
    if (group.groupSlug === ADMIN_GROUP_SLUG) throw badRequest(Messages.adminGroupNotDefault);
    await withAudit(app.store, audit, { entityType: 'group', entityId: group.groupId, summary: `Made ${group.groupName} the default group` }, (trx) => setDefaultGroup(trx, appId, group.groupId));
    return { appId, groupId: group.groupId };
  });

  route(app, groupCalls.updateGroup, async ({ input: { body }, appId, audit }) => {
    const { groupId, groupAppId, groupAccess } = body;
    if (appId !== groupAppId || !(await menusBelongToApp(app.store, groupAppId, groupAccess.menuId))) {
      throw badRequest(Messages.menuNotFound);
    }
    const granted = new Set((await menuAccessOf(app.store, groupId)).map((a) => a.menuId));
    const wanted = [...new Set(groupAccess.menuId)];
    if (wanted.some((menuId) => granted.has(menuId))) throw conflict(Messages.groupUsed);
    await withAudit(app.store, audit, { entityType: 'group', entityId: groupId, summary: `Gave group ${groupId} menus ${wanted.join(', ')}` }, (trx) => grantMenuAccess(trx, groupId, wanted));
    return { groupId, menuId: wanted };
  });

  route(app, groupCalls.removeGroupAccess, async ({ input: { body }, appId, audit }) => {
    const { groupId, groupAppId, groupAccess } = body;
    if (appId !== groupAppId) throw badRequest(OTHER_APPLICATION);
    await withAudit(app.store, audit, { entityType: 'group', entityId: groupId, summary: `Took menus ${groupAccess.menuId.join(', ')} from group ${groupId}` }, (trx) => revokeMenuAccess(trx, groupId, groupAccess.menuId));
    return { groupId, menuId: groupAccess.menuId };
  });
};

export default groupRoutes;
