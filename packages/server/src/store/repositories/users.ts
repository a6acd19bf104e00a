import { randomBytes } from 'node:crypto';
import { type Language, LanguageSchema } from '@rakit/core';
import type { Store } from '../db';
import { containsText } from '../like';

export const findUser = (db: Store, userId: string) =>
  db.selectFrom('users').selectAll().where('userId', '=', userId).executeTakeFirst();

/** A user's own catalog (issue 35), null when he follows his application's (or stored something unknown). */
export const ownLanguageOf = (user: { language: string | null }): Language | null => LanguageSchema.nullable().catch(null).parse(user.language);

/** Sets or clears (null) a user's own catalog. */
export async function setOwnLanguage(db: Store, userId: string, language: Language | null): Promise<void> {
  await db.updateTable('users').set({ language }).where('userId', '=', userId).execute();
}

/** An account made by an identity provider has no password (argon2 never verifies this): it signs in through its provider until one is set for it. */
export const NO_PASSWORD = '!single-sign-on';

export const signsInWithPassword = (user: { passwordHash: string }): boolean => user.passwordHash !== NO_PASSWORD;

/** A fresh session key: no token issued before it was set carries it. */
const newSessionKey = () => randomBytes(16).toString('base64url');

/** Creates an account; `homeAppId` is the application whose administrators may manage it (null: the operator's). */
export async function insertUser(db: Store, userId: string, passwordHash: string, homeAppId: number | null): Promise<void> {
  await db.insertInto('users').values({ userId, passwordHash, homeAppId, sessionKey: newSessionKey(), createdAt: new Date().toISOString() }).execute();
}

/**
 * Revokes every token issued to the user before: a new session key (each token carries the one
 * it was issued with) and his sessions' rows gone, so his list of sessions tells the truth.
 */
export async function renewSessionKey(db: Store, userId: string): Promise<void> {
  await db.updateTable('users').set({ sessionKey: newSessionKey() }).where('userId', '=', userId).execute();
  await db.deleteFrom('userSessions').where('userId', '=', userId).execute();
}

/**
 * Sets a new password and ends every session of the user but `keep`: the one a person changing
 * his own password does it from. With none kept, every token issued before is revoked twice over
 * (a new session key too).
 */
export async function setUserPassword(db: Store, userId: string, passwordHash: string, keep: string | null = null): Promise<void> {
  await db.updateTable('users').set(keep === null ? { passwordHash, sessionKey: newSessionKey() } : { passwordHash }).where('userId', '=', userId).execute();
  let others = db.deleteFrom('userSessions').where('userId', '=', userId);
  if (keep !== null) others = others.where('sessionId', '<>', keep);
  await others.execute();
}

/** The accounts of a removed application fall to the operator, whatever application later gets its id. */
export async function releaseAccountsOfApp(db: Store, appId: number): Promise<void> {
  await db.updateTable('users').set({ homeAppId: null }).where('homeAppId', '=', appId).execute();
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
  await db.deleteFrom('userSessions').where('userId', '=', userId).execute();
  await db.deleteFrom('users').where('userId', '=', userId).execute();
}

export async function isMemberOfApp(db: Store, appId: number, userId: string): Promise<boolean> {
  const row = await db.selectFrom('groupMembers as m').innerJoin('userGroups as g', 'g.groupId', 'm.groupId')
    .select('m.userId').where('m.userId', '=', userId).where('g.groupAppId', '=', String(appId)).executeTakeFirst();
  return row !== undefined;
}
