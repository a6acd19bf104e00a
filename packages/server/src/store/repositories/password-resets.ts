import type { Store } from '../db';

export async function insertPasswordReset(db: Store, tokenHash: string, userId: string, expiresAt: number): Promise<void> {
  await db.insertInto('passwordResets').values({ tokenHash, userId, expiresAt, usedAt: null }).execute();
}

/** The user of an unused, unexpired reset; undefined when none. */
export async function findUsablePasswordReset(db: Store, tokenHash: string, now: number): Promise<string | undefined> {
  const row = await db.selectFrom('passwordResets').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
  return row === undefined || row.usedAt !== null || Number(row.expiresAt) < now ? undefined : row.userId;
}

/** Marks an unused, unexpired reset as used and answers its user; undefined when none. */
export async function consumePasswordReset(db: Store, tokenHash: string, now: number): Promise<string | undefined> {
  const userId = await findUsablePasswordReset(db, tokenHash, now);
  if (userId === undefined) return undefined;
  const result = await db.updateTable('passwordResets').set({ usedAt: now })
    .where('tokenHash', '=', tokenHash).where('usedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? userId : undefined;
}
