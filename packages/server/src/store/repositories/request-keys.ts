import type { Selectable } from 'kysely';
import type { Store } from '../db';
import type { RequestKeysTable } from '../schema';
import { isUniqueViolation } from '../unique-violation';

/** Idempotency-Keys of replayable writes (issue 38), by caller. */

export type RequestKeyRow = Selectable<RequestKeysTable>;

export interface RequestKeyClaim {
  caller: string;
  requestKey: string;
  callName: string;
  fingerprint: string;
  createdAt: string;
  /** The server process carrying it out. */
  claimedBy: string;
}

/**
 * Claims the key for a request about to run: `claimed` when this sending is the first, else the
 * row another sending wrote (running, or done with its answer). The primary key decides between
 * two sendings at once, on any number of replicas.
 */
export async function claimRequestKey(db: Store, claim: RequestKeyClaim): Promise<{ claimed: true } | { claimed: false; existing: RequestKeyRow }> {
  try {
    await db.insertInto('requestKeys').values({ ...claim, status: 'running', httpStatus: null, answer: null, doneAt: null }).execute();
    return { claimed: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const existing = await db.selectFrom('requestKeys').selectAll()
    .where('caller', '=', claim.caller).where('requestKey', '=', claim.requestKey).executeTakeFirst();
  // Purged between the insert and the read: a sending far older than any a device keeps.
  if (existing === undefined) return claimRequestKey(db, claim);
  return { claimed: false, existing };
}

/** Records the answer of the claimed request, for a later sending of the same key. */
export async function finishRequestKey(db: Store, caller: string, requestKey: string, httpStatus: number, answer: string, doneAt: string): Promise<void> {
  await db.updateTable('requestKeys').set({ status: 'done', httpStatus, answer, doneAt })
    .where('caller', '=', caller).where('requestKey', '=', requestKey).where('status', '=', 'running').execute();
}

/** Forgets a claim whose request applied nothing (our failure): it may be sent again. */
export async function releaseRequestKey(db: Store, caller: string, requestKey: string): Promise<void> {
  await db.deleteFrom('requestKeys').where('caller', '=', caller).where('requestKey', '=', requestKey).where('status', '=', 'running').execute();
}

/** Forgets the keys sent before `before` (ISO). */
export async function purgeRequestKeys(db: Store, before: string): Promise<number> {
  const result = await db.deleteFrom('requestKeys').where('createdAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
