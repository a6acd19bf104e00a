import { z } from 'zod';
import {
  AddGroupBodySchema, AppIdParamsSchema, DeleteGroupBodySchema, GroupAccessBodySchema, GroupMembershipBodySchema,
  ListGroupUserQuerySchema, SetDefaultGroupBodySchema,
} from '../schemas/admin';
import { GroupSchema } from '../schemas/entities';
import { revisionField } from '../schemas/revision';
import { defineCall, lazyCalls } from './contract';

/** A group of GET /auth/listGroupUser: one page of its members and how many it has. */
export const GroupWithMembersSchema = GroupSchema.extend({ member: z.array(z.string()), memberCount: z.number().int() });
export type GroupWithMembers = z.infer<typeof GroupWithMembersSchema>;
export const GroupPageSchema = z.object({ groups: z.array(GroupWithMembersSchema), count: z.number().int() });
export type GroupPage = z.infer<typeof GroupPageSchema>;

const GroupIdSchema = z.object({ groupId: z.number().int() });
const MembershipSchema = GroupIdSchema.extend({ userId: z.string() });
/** A change of a group's access or name: the group's revision after it (issue 33). */
const MenuAccessSchema = GroupIdSchema.extend({ menuId: z.array(z.number().int()), ...revisionField });
const SavedGroupSchema = GroupIdSchema.extend({ ...revisionField });

/** User groups of an application, their members and menu access (spec 1 screen 6, §7). */
export const groupCalls = lazyCalls(() => ({
  listGroupUser: defineCall({
    method: 'GET', path: '/auth/listGroupUser/:appId', tag: 'groups',
    summary: 'A page of groups, each with a page of members',
    params: AppIdParamsSchema,
    query: ListGroupUserQuerySchema,
    data: GroupPageSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.params.appId } },
  }),
  listGroup: defineCall({
    method: 'GET', path: '/auth/listgroup/:appId', tag: 'groups',
    summary: 'Every group of an application with its menu access',
    params: AppIdParamsSchema,
    data: z.array(GroupSchema),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.params.appId } },
  }),
  addUserToGroup: defineCall({
    method: 'POST', path: '/auth/addUserToGroup', tag: 'groups',
    summary: 'Add a user to a group',
    description: 'Only a user of the group\'s application (Principal.mayAddMember); anyone else is answered as an id that does not exist.',
    body: GroupMembershipBodySchema,
    data: MembershipSchema,
    access: { level: 'appAdmin', app: { entity: 'group', id: (input) => input.body.groupId } },
  }),
  removeUserFromGroup: defineCall({
    method: 'DELETE', path: '/auth/removeUserFromGroup', tag: 'groups',
    summary: 'Remove a user from a group',
    body: GroupMembershipBodySchema,
    data: MembershipSchema,
    access: { level: 'appAdmin', app: { entity: 'group', id: (input) => input.body.groupId } },
  }),
  addGroup: defineCall({
    method: 'POST', path: '/auth/addgroup', tag: 'groups',
    summary: 'Create (groupId null) or rename a group',
    body: AddGroupBodySchema,
    data: SavedGroupSchema,
    conflict: GroupSchema,
    successCode: 201,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.data.groupAppId } },
  }),
  deleteGroup: defineCall({
    method: 'DELETE', path: '/auth/deletegroup', tag: 'groups',
    summary: 'Remove a group with its memberships and access',
    body: DeleteGroupBodySchema,
    data: GroupIdSchema,
    access: { level: 'appAdmin', app: { entity: 'group', id: (input) => input.body.data.groupId } },
  }),
  setDefaultGroup: defineCall({
    method: 'PUT', path: '/auth/setDefaultGroup', tag: 'groups',
    summary: 'Make a group the one that new registrants join',
    body: SetDefaultGroupBodySchema,
    data: GroupIdSchema.extend({ appId: z.number().int() }),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.data.appId } },
  }),
  updateGroup: defineCall({
    method: 'PUT', path: '/auth/updategroup', tag: 'groups',
    summary: 'Give a group access to menus',
    body: GroupAccessBodySchema,
    data: MenuAccessSchema,
    conflict: GroupSchema,
    access: { level: 'appAdmin', app: { entity: 'group', id: (input) => input.body.groupId } },
  }),
  removeGroupAccess: defineCall({
    method: 'DELETE', path: '/auth/removeGroupAccess', tag: 'groups',
    summary: 'Take menus out of a group\'s access',
    body: GroupAccessBodySchema,
    data: MenuAccessSchema,
    conflict: GroupSchema,
    access: { level: 'appAdmin', app: { entity: 'group', id: (input) => input.body.groupId } },
  }),
}));

// The stored things of this area a call's application is found from (contract.ts).
declare module './contract' {
  interface AppEntities {
    /** A user group, by its id. */
    group: true;
  }
}
