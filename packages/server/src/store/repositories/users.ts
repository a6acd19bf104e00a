import type { Store } from '../db';
import { containsText } from '../like';

export const findUser = (db: Store, userId: string) =>
  db.selectFrom('users').selectAll().where('userId', '=', userId).executeTakeFirst();

export async function insertUser(db: Store, userId: string, passwordHash: string): Promise<void> {
  await db.insertInto('users').values({ userId, passwordHash, tokensValidAfter: 0, createdAt: new Date().toISOString() }).execute();
}

/** Sets a new password and invalidates every token issued before now. */
export async function setUserPassword(db: Store, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users')
    .set({ passwordHash, tokensValidAfter: Math.floor(Date.now() / 1000) })
    .where('userId', '=', userId)
    .execute();
}

/**
 * One page of users, searched by id: every user for the root application, otherwise the
 * members of the application's groups.
 */
export async function pageUsers(db: Store, scope: { appId: number | 'all' }, paging: { page: number; limit: number; search: string }) {
  let query = db.selectFrom('users');
  if (scope.appId !== 'all') {
    query = query.where('userId', 'in', db.selectFrom('groupMembers as m')
      .innerJoin('userGroups as g', 'g.groupId', 'm.groupId')
      .select('m.userId').where('g.groupAppId', '=', String(scope.appId)));
  }
  if (paging.search !== '') query = query.where(containsText('userId', paging.search));
  const { count } = await query.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  const rows = await query.select('userId').orderBy('userId').limit(paging.limit).offset((paging.page - 1) * paging.limit).execute();
  return { users: rows, count: Number(count) };
}

/** Deletes an account with all its memberships. Call inside a transaction. */
export async function deleteUserCascade(db: Store, userId: string): Promise<void> {
  await db.deleteFrom('groupMembers').where('userId', '=', userId).execute();
  await db.deleteFrom('passwordResets').where('userId', '=', userId).execute();
  await db.deleteFrom('users').where('userId', '=', userId).execute();
}

export async function isMemberOfApp(db: Store, appId: number, userId: string): Promise<boolean> {
  const row = await db.selectFrom('groupMembers as m').innerJoin('userGroups as g', 'g.groupId', 'm.groupId')
    .select('m.userId').where('m.userId', '=', userId).where('g.groupAppId', '=', String(appId)).executeTakeFirst();
  return row !== undefined;
}
