import type { Store } from '../db';
import type { Insertable, Selectable } from 'kysely';
import type { UserSessionsTable } from '../schema';

/** Sessions one can see (issue 36): the rows tokens name. Times are ISO strings, so they order as text. */

export type UserSessionRow = Selectable<UserSessionsTable>;

export async function insertSession(db: Store, session: Insertable<UserSessionsTable>): Promise<void> {
  await db.insertInto('userSessions').values(session).execute();
}

export const findSession = (db: Store, sessionId: string) =>
  db.selectFrom('userSessions').selectAll().where('sessionId', '=', sessionId).executeTakeFirst();

/** A user's sessions that have not expired, last used first. */
export const liveSessionsOf = (db: Store, userId: string, now: string) =>
  db.selectFrom('userSessions').selectAll().where('userId', '=', userId).where('expiresAt', '>', now)
    .orderBy('lastUsedAt', 'desc').orderBy('sessionId').execute();

/** Ends one session of the user: how many rows went (0 when it is not his, or already gone). */
export async function deleteSessionOf(db: Store, userId: string, sessionId: string): Promise<number> {
  const result = await db.deleteFrom('userSessions').where('userId', '=', userId).where('sessionId', '=', sessionId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of the user but `keep` (none kept when null): how many went. */
export async function deleteSessionsOf(db: Store, userId: string, keep: string | null): Promise<number> {
  let query = db.deleteFrom('userSessions').where('userId', '=', userId);
  if (keep !== null) query = query.where('sessionId', '<>', keep);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Marks a session used at `at`. */
export async function touchSession(db: Store, sessionId: string, at: string): Promise<void> {
  await db.updateTable('userSessions').set({ lastUsedAt: at }).where('sessionId', '=', sessionId).execute();
}

/**
 * Forgets the user's sessions that expired before `now`. Looked for first: a delete empties every
 * read cache (read-cache.ts), which a sign-in with nothing to forget need not cost.
 */
export async function pruneExpiredSessionsOf(db: Store, userId: string, now: string): Promise<void> {
  const expired = await db.selectFrom('userSessions').select('sessionId').where('userId', '=', userId).where('expiresAt', '<=', now).execute();
  if (expired.length === 0) return;
  await db.deleteFrom('userSessions').where('sessionId', 'in', expired.map((row) => row.sessionId)).execute();
}

/**
 * Forgets every expired session (of people who did not sign in again since): how many went.
 * Looked for first, as pruneExpiredSessionsOf does, and deleted by id in chunks.
 */
export async function pruneExpiredSessions(db: Store, now: string): Promise<number> {
  const expired = await db.selectFrom('userSessions').select('sessionId').where('expiresAt', '<=', now).execute();
  for (let start = 0; start < expired.length; start += 500) {
    await db.deleteFrom('userSessions').where('sessionId', 'in', expired.slice(start, start + 500).map((row) => row.sessionId)).execute();
  }
  return expired.length;
}
