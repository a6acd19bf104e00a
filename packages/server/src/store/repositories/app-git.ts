import type { Selectable } from 'kysely';
import type { Store } from '../db';
import type { AppGitTable } from '../schema';

export type AppGitRow = Selectable<AppGitTable>;

export const findAppGit = (db: Store, appId: number) =>
  db.selectFrom('appGit').selectAll().where('appId', '=', appId).executeTakeFirst();

/** Writes the application's repository settings, in one transaction (a row per application). */
export async function saveAppGit(db: Store, row: AppGitRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { appId, ...values } = row;
    const updated = await trx.updateTable('appGit').set(values).where('appId', '=', appId).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('appGit').values(row).execute();
  });
}

export async function markSynced(db: Store, appId: number, commit: string, at: string): Promise<void> {
  await db.updateTable('appGit').set({ syncedCommit: commit, syncedAt: at }).where('appId', '=', appId).execute();
}

export async function deleteAppGit(db: Store, appId: number): Promise<void> {
  await db.deleteFrom('appGit').where('appId', '=', appId).execute();
}
