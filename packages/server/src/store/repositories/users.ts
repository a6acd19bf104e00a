import type { Store } from '../db';

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
