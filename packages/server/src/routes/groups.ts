import {
  ADMIN_GROUP_SLUG, AddGroupBodySchema, AppIdParamsSchema, DeleteGroupBodySchema, GroupAccessBodySchema,
  GroupMembershipBodySchema, ListGroupUserQuerySchema, Messages, SetDefaultGroupBodySchema, slugify,
} from '@rakit/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../auth/plugin';
import { badRequest, conflict, notFound } from '../http/errors';
import {
  addMember, deleteGroupCascade, findGroup, findGroupBySlug, grantMenuAccess, insertGroup, listGroupsOfApp,
  menuAccessOf, pageGroupsWithMembers, removeMember, renameGroup, revokeMenuAccess, setDefaultGroup,
  setGroupPageAndActionAccess,
} from '../store/repositories/groups';
import { menusBelongToApp } from '../store/repositories/menus';
import { cachedAccount } from '../store/cached-reads';

/** Loads a group of a numbered application and checks that the caller administers it. */
async function groupForAdmin(app: FastifyInstance, request: FastifyRequest, groupId: number) {
  const group = await findGroup(app.store, groupId);
  const appId = group === undefined ? NaN : Number(group.groupAppId);
  if (group === undefined || !Number.isInteger(appId)) throw notFound(Messages.groupNotFound);
  principalOf(request).assertAppAdmin(appId);
  return { ...group, appId };
}

/** User groups of an application, their members and menu access (spec 1 screen 6, §7). */
const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/auth/listGroupUser/:appId', {
    schema: { tags: ['groups'], summary: 'A page of groups, each with a page of members', params: AppIdParamsSchema, querystring: ListGroupUserQuerySchema },
  }, async (request) => {
    const { appId } = request.params;
    principalOf(request).assertAppAdmin(appId);
    const q = request.query;
    const data = await pageGroupsWithMembers(app.store, appId, { ...q, memberSearch: q.userId.trim() });
    return { status: true, data };
  });

  app.get('/auth/listgroup/:appId', {
    schema: { tags: ['groups'], summary: 'Every group of an application with its menu access', params: AppIdParamsSchema },
  }, async (request) => {
    principalOf(request).assertAppAdmin(request.params.appId);
    return { status: true, data: await listGroupsOfApp(app.store, request.params.appId) };
  });

  app.post('/auth/addUserToGroup', {
    schema: { tags: ['groups'], summary: 'Add a user to a group', body: GroupMembershipBodySchema },
  }, async (request) => {
    const group = await groupForAdmin(app, request, request.body.groupId);
    // Only users of this application: anyone else is answered as an id that does not exist,
    // so the call neither pulls in a stranger's account nor tells which ids exist.
    const account = await cachedAccount(app, request.body.userId);
    if (account === undefined || !principalOf(request).mayAddMember(group.appId, account)) throw notFound(Messages.userNotFound);
    await addMember(app.store, group.groupId, account.user.userId);
    return { status: true, data: { groupId: group.groupId, userId: request.body.userId } };
  });

  app.delete('/auth/removeUserFromGroup', {
    schema: { tags: ['groups'], summary: 'Remove a user from a group', body: GroupMembershipBodySchema },
  }, async (request) => {
    const group = await groupForAdmin(app, request, request.body.groupId);
    const caller = principalOf(request);
    if (group.groupSlug === ADMIN_GROUP_SLUG && request.body.userId === caller.userId && !caller.isSuperAdmin) {
      throw badRequest('You cannot remove yourself from the administrators');
    }
    const removed = await removeMember(app.store, group.groupId, request.body.userId);
    if (removed === 0) throw notFound(Messages.userNotFound);
    return { status: true, data: { groupId: group.groupId, userId: request.body.userId } };
  });

  app.post('/auth/addgroup', {
    schema: { tags: ['groups'], summary: 'Create (groupId null) or rename a group', body: AddGroupBodySchema },
  }, async (request, reply) => {
    const { groupId, groupName, groupAppId, groupAccess } = request.body.data;
    principalOf(request).assertAppAdmin(groupAppId);
    if (groupId !== null) {
      const group = await groupForAdmin(app, request, groupId);
      if (group.appId !== groupAppId) throw badRequest('The group belongs to another application');
      await renameGroup(app.store, groupId, groupName);
      return { status: true, data: { groupId } };
    }
    const groupSlug = slugify(groupName);
    if ((await findGroupBySlug(app.store, String(groupAppId), groupSlug)) !== undefined) throw conflict(`Group '${groupName}' already exists`);
    if (groupAccess.menuId.length > 0 && !(await menusBelongToApp(app.store, groupAppId, groupAccess.menuId))) {
      throw badRequest(Messages.menuNotFound);
    }
    const created = await app.store.transaction().execute(async (trx) => {
      const id = await insertGroup(trx, { groupName, groupAppId: String(groupAppId), groupSlug });
      await setGroupPageAndActionAccess(trx, id, { pageId: groupAccess.pageId, actionId: groupAccess.actionId });
      if (groupAccess.menuId.length > 0) await grantMenuAccess(trx, id, [...new Set(groupAccess.menuId)]);
      return id;
    });
    reply.code(201);
    return { status: true, data: { groupId: created } };
  });

  app.delete('/auth/deletegroup', {
    schema: { tags: ['groups'], summary: 'Remove a group with its memberships and access', body: DeleteGroupBodySchema },
  }, async (request) => {
    const group = await groupForAdmin(app, request, request.body.data.groupId);
    if (group.groupSlug === ADMIN_GROUP_SLUG) throw badRequest(Messages.groupProtected);
    await app.store.transaction().execute((trx) => deleteGroupCascade(trx, group.groupId));
    return { status: true, data: { groupId: group.groupId } };
  });

  app.put('/auth/setDefaultGroup', {
    schema: { tags: ['groups'], summary: 'Make a group the one that new registrants join', body: SetDefaultGroupBodySchema },
  }, async (request) => {
    const { appId, groupId } = request.body.data;
    principalOf(request).assertAppAdmin(appId);
    const group = await groupForAdmin(app, request, groupId);
    if (group.appId !== appId) throw badRequest('The group belongs to another application');
    // Registrants join the default group: it must never hand out administration.
    if (group.groupSlug === ADMIN_GROUP_SLUG) throw badRequest(Messages.adminGroupNotDefault);
    await app.store.transaction().execute((trx) => setDefaultGroup(trx, appId, groupId));
    return { status: true, data: { appId, groupId } };
  });

  app.put('/auth/updategroup', {
    schema: { tags: ['groups'], summary: 'Give a group access to menus', body: GroupAccessBodySchema },
  }, async (request) => {
    const { groupId, groupAppId, groupAccess } = request.body;
    const group = await groupForAdmin(app, request, groupId);
    if (group.appId !== groupAppId || !(await menusBelongToApp(app.store, groupAppId, groupAccess.menuId))) {
      throw badRequest(Messages.menuNotFound);
    }
    const granted = new Set((await menuAccessOf(app.store, groupId)).map((a) => a.menuId));
    const wanted = [...new Set(groupAccess.menuId)];
    if (wanted.some((menuId) => granted.has(menuId))) throw conflict(Messages.groupUsed);
    await grantMenuAccess(app.store, groupId, wanted);
    return { status: true, data: { groupId, menuId: wanted } };
  });

  app.delete('/auth/removeGroupAccess', {
    schema: { tags: ['groups'], summary: 'Take menus out of a group\'s access', body: GroupAccessBodySchema },
  }, async (request) => {
    const { groupId, groupAppId, groupAccess } = request.body;
    const group = await groupForAdmin(app, request, groupId);
    if (group.appId !== groupAppId) throw badRequest('The group belongs to another application');
    await revokeMenuAccess(app.store, groupId, groupAccess.menuId);
    return { status: true, data: { groupId, menuId: groupAccess.menuId } };
  });
};

export default groupRoutes;
