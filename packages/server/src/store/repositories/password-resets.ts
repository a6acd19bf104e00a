import type { Store } from '../db';

export async function insertPasswordReset(db: Store, tokenHash: string, userId: string, expiresAt: number): Promise<void> {
  await db.insertInto('passwordResets').values({ tokenHash, userId, expiresAt, usedAt: null }).execute();
}

/** Marks an unused, unexpired reset as used and answers its user; undefined when none. */
export async function consumePasswordReset(db: Store, tokenHash: string, now: number): Promise<string | undefined> {
  const row = await db.selectFrom('passwordResets').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
  if (row === undefined || row.usedAt !== null || Number(row.expiresAt) < now) return undefined;
  const result = await db.updateTable('passwordResets').set({ usedAt: now })
    .where('tokenHash', '=', tokenHash).where('usedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? row.userId : undefined;
}
