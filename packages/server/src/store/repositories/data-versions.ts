import type { Store } from '../db';

/** What a version is kept of (rows of data_versions, made by its migration). */
export type DataName = 'schoolDirectory';

/** The version of the data: one indexed read, cheap enough to ask before answering. */
export async function dataVersion(db: Store, name: DataName): Promise<number> {
  const row = await db.selectFrom('dataVersions').select('version').where('name', '=', name).executeTakeFirst();
  if (row === undefined) throw new Error(`The store has no version of ${name}: is it migrated?`);
  return Number(row.version);
}

/** Bumps the version of the data: call it in the transaction that changes the data. */
export async function bumpDataVersion(db: Store, name: DataName): Promise<void> {
  await db.updateTable('dataVersions').set((eb) => ({ version: eb('version', '+', 1) })).where('name', '=', name).execute();
}
