import { type Group, slugify } from '@rakit/core';
import type { Store } from '../db';
import { insertReturningId } from '../insert';
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
