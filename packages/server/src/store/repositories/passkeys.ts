import type { Store } from '../db';
import type { PasskeysTable } from '../schema';

/** Passkeys and their challenges (issue 36). */

export const passkeysOf = (db: Store, userId: string) =>
  db.selectFrom('passkeys').selectAll().where('userId', '=', userId).orderBy('createdAt').execute();

export const findPasskey = (db: Store, credentialId: string) =>
  db.selectFrom('passkeys').selectAll().where('credentialId', '=', credentialId).executeTakeFirst();

export async function insertPasskey(db: Store, passkey: PasskeysTable): Promise<void> {
  await db.insertInto('passkeys').values(passkey).execute();
}

/** Removes one of the user's passkeys: how many went (0 when it is not his). */
export async function deletePasskeyOf(db: Store, userId: string, credentialId: string): Promise<number> {
  const result = await db.deleteFrom('passkeys').where('userId', '=', userId).where('credentialId', '=', credentialId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function notePasskeyUse(db: Store, credentialId: string, signCount: number, backedUp: boolean, at: string): Promise<void> {
  await db.updateTable('passkeys').set({ signCount, backedUp: backedUp ? 1 : 0, lastUsedAt: at }).where('credentialId', '=', credentialId).execute();
}

export async function insertChallenge(db: Store, challenge: string, purpose: 'register' | 'signIn', userId: string | null): Promise<void> {
  await db.insertInto('webauthnChallenges').values({ challenge, purpose, userId, createdAt: new Date().toISOString() }).execute();
}

/** Takes a challenge once: true when it was handed out for this purpose (and person) after `since`. */
export async function takeChallenge(db: Store, challenge: string, purpose: 'register' | 'signIn', userId: string | null, since: string): Promise<boolean> {
  let query = db.deleteFrom('webauthnChallenges').where('challenge', '=', challenge).where('purpose', '=', purpose).where('createdAt', '>', since);
  query = userId === null ? query.where('userId', 'is', null) : query.where('userId', '=', userId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Forgets challenges handed out before `before` and never answered. */
export async function pruneChallenges(db: Store, before: string): Promise<void> {
  await db.deleteFrom('webauthnChallenges').where('createdAt', '<', before).execute();
}
