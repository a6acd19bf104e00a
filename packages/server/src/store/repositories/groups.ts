import { type Group, slugify } from '@rakit/core';
import type { Store } from '../db';
import { insertReturningId } from '../insert';
import { containsText } from '../like';
import type { GroupRow } from '../schema';

interface StoredAccess { pageId?: number[]; actionId?: number[] }

function parseAccess(json: string): StoredAccess {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null ? (value as StoredAccess) : {};
  } catch {
    return {};
  }
}

/** Rows and their menu access as the calls answer groups (spec 1 §3). */
async function toGroups(db: Store, rows: GroupRow[]): Promise<Group[]> {
  if (rows.length === 0) return [];
  const access = await db.selectFrom('groupMenuAccess').selectAll()
    .where('groupId', 'in', rows.map((r) => r.groupId)).orderBy('menuId').execute();
  return rows.map((row) => {
    const stored = parseAccess(row.groupAccess);
    return {
      groupId: row.groupId,
      groupName: row.groupName,
      groupAppId: row.groupAppId,
      groupSlug: row.groupSlug,
      groupIsDefault: row.groupIsDefault === 1 ? '1' : '0',
      revision: row.revision,
      groupAccess: {
        pageId: stored.pageId ?? [],
        actionId: stored.actionId ?? [],
        menuId: access.filter((a) => a.groupId === row.groupId).map((a) => a.menuId),
      },
    };
  });
}

export async function groupsOfUser(db: Store, userId: string): Promise<Group[]> {
  const rows = await db.selectFrom('userGroups as g')
    .innerJoin('groupMembers as m', 'm.groupId', 'g.groupId')
    .selectAll('g')
    .where('m.userId', '=', userId)
    .orderBy('g.groupId')
    .execute();
  return toGroups(db, rows);
}

export const findDefaultGroup = (db: Store, appId: number) =>
  db.selectFrom('userGroups').selectAll()
    .where('groupAppId', '=', String(appId)).where('groupIsDefault', '=', 1)
    .executeTakeFirst();

export const findGroupBySlug = (db: Store, groupAppId: string, groupSlug: string) =>
  db.selectFrom('userGroups').selectAll()
    .where('groupAppId', '=', groupAppId).where('groupSlug', '=', groupSlug)
    .executeTakeFirst();

export function insertGroup(db: Store, values: { groupName: string; groupAppId: string; groupSlug?: string; isDefault?: boolean }) {
  return insertReturningId(db, 'userGroups', {
    groupName: values.groupName,
    groupAppId: values.groupAppId,
    groupSlug: values.groupSlug ?? slugify(values.groupName),
    groupIsDefault: values.isDefault === true ? 1 : 0,
    groupAccess: JSON.stringify({ pageId: [], actionId: [] }),
  }, 'groupId');
}

export async function addMember(db: Store, groupId: number, userId: string): Promise<void> {
  const existing = await db.selectFrom('groupMembers').select('groupId')
    .where('groupId', '=', groupId).where('userId', '=', userId).executeTakeFirst();
  if (existing === undefined) await db.insertInto('groupMembers').values({ groupId, userId }).execute();
}

export const findGroup = (db: Store, groupId: number) =>
  db.selectFrom('userGroups').selectAll().where('groupId', '=', groupId).executeTakeFirst();

/** A group as the group calls answer it (the current one of a stale write). */
export async function groupAsAnswered(db: Store, groupId: number): Promise<Group | undefined> {
  const row = await findGroup(db, groupId);
  return row === undefined ? undefined : (await toGroups(db, [row]))[0];
}

/** An application's groups with their menu access (GET /auth/listgroup). */
export async function listGroupsOfApp(db: Store, appId: number): Promise<Group[]> {
  const rows = await db.selectFrom('userGroups').selectAll().where('groupAppId', '=', String(appId)).orderBy('groupId').execute();
  return toGroups(db, rows);
}

/**
 * One page of an application's groups, each with one page of its members
 * (GET /auth/listGroupUser). `memberSearch` keeps groups having a matching member.
 */
export async function pageGroupsWithMembers(
  db: Store,
  appId: number,
  paging: { page: number; limit: number; pageUser: number; limitUser: number; memberSearch: string },
) {
  let groupsQuery = db.selectFrom('userGroups').where('groupAppId', '=', String(appId));
  if (paging.memberSearch !== '') {
    groupsQuery = groupsQuery.where('groupId', 'in',
      db.selectFrom('groupMembers').select('groupId').where(containsText('userId', paging.memberSearch)));
  }
  const { count } = await groupsQuery.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  const rows = await groupsQuery.selectAll().orderBy('groupId').limit(paging.limit).offset((paging.page - 1) * paging.limit).execute();
  const groups = await toGroups(db, rows);
  const result = [];
  for (const group of groups) {
    let members = db.selectFrom('groupMembers').where('groupId', '=', group.groupId);
    if (paging.memberSearch !== '') members = members.where(containsText('userId', paging.memberSearch));
    const total = await members.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
    const page = await members.select('userId').orderBy('userId')
      .limit(paging.limitUser).offset((paging.pageUser - 1) * paging.limitUser).execute();
    result.push({ ...group, member: page.map((m) => m.userId), memberCount: Number(total.count) });
  }
  return { groups: result, count: Number(count) };
}


export async function removeMember(db: Store, groupId: number, userId: string): Promise<number> {
  const result = await db.deleteFrom('groupMembers').where('groupId', '=', groupId).where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function renameGroup(db: Store, groupId: number, groupName: string): Promise<void> {
  await db.updateTable('userGroups').set({ groupName }).where('groupId', '=', groupId).execute();
}

export async function setGroupPageAndActionAccess(db: Store, groupId: number, access: { pageId: number[]; actionId: number[] }): Promise<void> {
  await db.updateTable('userGroups').set({ groupAccess: JSON.stringify(access) }).where('groupId', '=', groupId).execute();
}

/** Removes a group with its memberships and menu access. Call inside a transaction. */
export async function deleteGroupCascade(db: Store, groupId: number): Promise<void> {
  await db.deleteFrom('groupMembers').where('groupId', '=', groupId).execute();
  await db.deleteFrom('groupMenuAccess').where('groupId', '=', groupId).execute();
  await db.deleteFrom('userGroups').where('groupId', '=', groupId).execute();
}

/** Makes one group the application's only default group. Call inside a transaction. */
export async function setDefaultGroup(db: Store, appId: number, groupId: number): Promise<void> {
  await db.updateTable('userGroups').set({ groupIsDefault: 0 }).where('groupAppId', '=', String(appId)).execute();
  await db.updateTable('userGroups').set({ groupIsDefault: 1 }).where('groupId', '=', groupId).execute();
}

export const menuAccessOf = (db: Store, groupId: number) =>
  db.selectFrom('groupMenuAccess').select('menuId').where('groupId', '=', groupId).execute();

export async function grantMenuAccess(db: Store, groupId: number, menuIds: number[]): Promise<void> {
  await db.insertInto('groupMenuAccess').values(menuIds.map((menuId) => ({ groupId, menuId }))).execute();
}

export async function revokeMenuAccess(db: Store, groupId: number, menuIds: number[]): Promise<void> {
  await db.deleteFrom('groupMenuAccess').where('groupId', '=', groupId).where('menuId', 'in', menuIds).execute();
}

/** Removes a user from every group of an application. */
export async function removeUserFromApp(db: Store, appId: number, userId: string): Promise<number> {
  const result = await db.deleteFrom('groupMembers').where('userId', '=', userId)
    .where('groupId', 'in', db.selectFrom('userGroups').select('groupId').where('groupAppId', '=', String(appId)))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
