import type { Insertable } from 'kysely';
import type { Store } from '../db';
import type { FilesTable } from '../schema';

export async function insertFile(db: Store, values: Omit<Insertable<FilesTable>, 'createdAt'>): Promise<void> {
  await db.insertInto('files').values({ ...values, createdAt: new Date().toISOString() }).execute();
}

export const findFile = (db: Store, fileId: string) =>
  db.selectFrom('files').selectAll().where('fileId', '=', fileId).executeTakeFirst();
