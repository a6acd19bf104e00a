import type { Store } from '../db';

/** A person's TOTP and recovery codes (issue 36). Secrets are sealed by the caller; codes arrive hashed. */

export async function setPendingTotp(db: Store, userId: string, sealed: string): Promise<void> {
  await db.updateTable('users').set({ totpPendingEnc: sealed }).where('userId', '=', userId).execute();
}

/** Puts the pending secret in use, with the time step its confirming code was of. */
export async function enableTotp(db: Store, userId: string, sealed: string, step: number, at: string): Promise<void> {
  await db.updateTable('users').set({ totpSecretEnc: sealed, totpPendingEnc: null, totpLastStep: step, totpEnabledAt: at }).where('userId', '=', userId).execute();
}

export async function disableTotp(db: Store, userId: string): Promise<void> {
  await db.updateTable('users').set({ totpSecretEnc: null, totpPendingEnc: null, totpLastStep: null, totpEnabledAt: null }).where('userId', '=', userId).execute();
  await db.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
}

/**
 * Takes a time step for a code, once: false when a code of that step or a later one was taken
 * already (the same code replayed, or two sign-ins racing with it).
 */
export async function takeTotpStep(db: Store, userId: string, step: number): Promise<boolean> {
  const result = await db.updateTable('users').set({ totpLastStep: step }).where('userId', '=', userId)
    .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)])).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: Store, userId: string, hashes: readonly string[]): Promise<void> {
  await db.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
  await db.insertInto('recoveryCodes').values(hashes.map((codeHash) => ({ userId, codeHash, usedAt: null }))).execute();
}

/** Uses a recovery code once: false when it is not his, or was used. */
export async function takeRecoveryCode(db: Store, userId: string, codeHash: string, at: string): Promise<boolean> {
  const result = await db.updateTable('recoveryCodes').set({ usedAt: at }).where('userId', '=', userId).where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Store, userId: string): Promise<number> {
  const row = await db.selectFrom('recoveryCodes').select((eb) => eb.fn.countAll<number | string>().as('left'))
    .where('userId', '=', userId).where('usedAt', 'is', null).executeTakeFirstOrThrow();
  return Number(row.left);
}

/** The session now counts as started with a second factor, and may do more than set one up. */
export async function markSessionSecondFactor(db: Store, sessionId: string): Promise<void> {
  await db.updateTable('userSessions').set({ secondFactor: 1, mustSetUpSecondFactor: 0 }).where('sessionId', '=', sessionId).execute();
}

export async function setAdminSecondFactor(db: Store, appId: number, required: boolean): Promise<void> {
  await db.updateTable('apps').set({ appAdminSecondFactor: required ? 1 : 0 }).where('appId', '=', appId).execute();
}
