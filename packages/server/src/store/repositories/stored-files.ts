import type { Selectable } from 'kysely';
import type { Store } from '../db';
import type { StoredFilesTable } from '../schema';

/*
 * The rows of src/storage's store-backed files. A file's chunks and its row are written in
 * one transaction (the caller's `trx`), the row last: a file is listed only once it is whole.
 */

export type StoredFileRow = Selectable<StoredFilesTable>;

export async function insertChunk(trx: Store, fileId: string, seq: number, bytes: Buffer): Promise<void> {
  await trx.insertInto('storedFileChunks').values({ fileId, seq, bytes }).execute();
}

export async function insertStoredFile(trx: Store, row: StoredFileRow): Promise<void> {
  await trx.insertInto('storedFiles').values(row).execute();
}

/** A file of the application; another application's id reads as absent. */
export const findStoredFile = (db: Store, appId: number, fileId: string) =>
  db.selectFrom('storedFiles').selectAll().where('fileId', '=', fileId).where('appId', '=', appId).executeTakeFirst();

/** How many chunks the file has (counted on the primary key's index, never reading the bytes). */
export async function countChunks(db: Store, fileId: string): Promise<number> {
  const row = await db.selectFrom('storedFileChunks').select((eb) => eb.fn.countAll().as('n')).where('fileId', '=', fileId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One chunk's bytes, or undefined when it is gone. */
export async function readChunk(db: Store, fileId: string, seq: number): Promise<Buffer | undefined> {
  const row = await db.selectFrom('storedFileChunks').select('bytes').where('fileId', '=', fileId).where('seq', '=', seq).executeTakeFirst();
  return row === undefined ? undefined : Buffer.from(row.bytes);
}

export const listStoredFiles = (db: Store, appId: number, kind?: string) => {
  let query = db.selectFrom('storedFiles').selectAll().where('appId', '=', appId);
  if (kind !== undefined) query = query.where('kind', '=', kind);
  return query.orderBy('createdAt').orderBy('fileId').execute();
};

/** Removes a file of the application, its row and chunks, in one transaction; answers whether it was there. */
export async function deleteStoredFile(db: Store, appId: number, fileId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const owned = await trx.selectFrom('storedFiles').select('fileId').where('fileId', '=', fileId).where('appId', '=', appId).executeTakeFirst();
    if (owned === undefined) return false;
    await trx.deleteFrom('storedFileChunks').where('fileId', '=', fileId).execute();
    await trx.deleteFrom('storedFiles').where('fileId', '=', fileId).execute();
    return true;
  });
}

/** Removes every file of an application, in one transaction. */
export async function deleteStoredFilesOfApp(db: Store, appId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('storedFileChunks').where('fileId', 'in', trx.selectFrom('storedFiles').select('fileId').where('appId', '=', appId)).execute();
    await trx.deleteFrom('storedFiles').where('appId', '=', appId).execute();
  });
}
