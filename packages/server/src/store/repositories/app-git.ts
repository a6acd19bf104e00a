import type { Selectable } from 'kysely';
import type { Store } from '../db';
import { isUniqueViolation } from '../unique-violation';
import type { AppGitTable } from '../schema';

export type AppGitRow = Omit<Selectable<AppGitTable>, 'busyUntil'>;

export const findAppGit = (db: Store, appId: number) =>
  db.selectFrom('appGit').select(['appId', 'repositoryUrl', 'branch', 'username', 'tokenEnc', 'syncedCommit', 'syncedAt']).where('appId', '=', appId).executeTakeFirst();

/** Writes the application's repository settings (a row per application; a first save racing another updates it). */
export async function saveAppGit(db: Store, row: AppGitRow): Promise<void> {
  const { appId, ...values } = row;
  const updated = await db.updateTable('appGit').set(values).where('appId', '=', appId).executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  try {
    await db.insertInto('appGit').values(row).execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await db.updateTable('appGit').set(values).where('appId', '=', appId).execute();
  }
}

/**
 * Takes the application's repository for one push or pull until `until` (ISO time), unless
 * another holds it now (on any replica); true when taken. A lease, not a lock: a replica that
 * dies holding it frees it when it runs out.
 */
export async function leaseAppGit(db: Store, appId: number, now: string, until: string): Promise<boolean> {
  const taken = await db.updateTable('appGit').set({ busyUntil: until }).where('appId', '=', appId)
    .where((eb) => eb.or([eb('busyUntil', 'is', null), eb('busyUntil', '<', now)])).executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

export async function releaseAppGit(db: Store, appId: number): Promise<void> {
  await db.updateTable('appGit').set({ busyUntil: null }).where('appId', '=', appId).execute();
}

export async function markSynced(db: Store, appId: number, commit: string, at: string): Promise<void> {
  await db.updateTable('appGit').set({ syncedCommit: commit, syncedAt: at }).where('appId', '=', appId).execute();
}

export async function deleteAppGit(db: Store, appId: number): Promise<void> {
  await db.deleteFrom('appGit').where('appId', '=', appId).execute();
}
