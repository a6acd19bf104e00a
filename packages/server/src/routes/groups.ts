import { groupCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import {
  addUserToGroup, deleteGroup, grantGroupMenus, listGroups, listGroupsWithMembers, makeDefaultGroup, removeUserFromGroup,
  revokeGroupMenus, saveGroup,
} from '../accounts/groups';
import { route } from '../http/route';

/** User groups of an application, their members and menu access (spec 1 screen 6, §7): accounts/groups.ts. */
const groupRoutes: FastifyPluginAsync = async (app) => {
  route(app, groupCalls.listGroupUser, async ({ input: { query }, appId }) => listGroupsWithMembers(app.services, appId, query));
  route(app, groupCalls.listGroup, async ({ appId }) => listGroups(app.services, appId));
  route(app, groupCalls.addUserToGroup, async ({ input: { body }, caller, appId, audit }) => addUserToGroup(app.services, caller, appId, audit, body));
  route(app, groupCalls.removeUserFromGroup, async ({ input: { body }, caller, audit }) => removeUserFromGroup(app.services, caller, audit, body));
  route(app, groupCalls.addGroup, async ({ input: { body }, caller, appId, audit }) => saveGroup(app.services, caller, appId, audit, body.data));
  route(app, groupCalls.deleteGroup, async ({ input: { body }, audit }) => deleteGroup(app.services, audit, body.data.groupId));
  route(app, groupCalls.setDefaultGroup, async ({ input: { body }, caller, appId, audit }) => makeDefaultGroup(app.services, caller, appId, audit, body.data.groupId));
  route(app, groupCalls.updateGroup, async ({ input: { body }, appId, audit }) => grantGroupMenus(app.services, appId, audit, body));
  route(app, groupCalls.removeGroupAccess, async ({ input: { body }, appId, audit }) => revokeGroupMenus(app.services, appId, audit, body));
};

export { groupOwners as owners } from '../accounts/groups';

export default groupRoutes;
