import type { Store } from '../db';
import { insertReturningId } from '../insert';
import type { QueriesTable } from '../schema';
import type { Insertable } from 'kysely';

export const findQuery = (db: Store, actionId: number) =>
  db.selectFrom('queries').selectAll().where('actionId', '=', actionId).executeTakeFirst();

export const listQueriesOfDb = (db: Store, dbId: number) =>
  db.selectFrom('queries').selectAll().where('actionDbId', '=', dbId).orderBy('actionId').execute();

export const insertQuery = (db: Store, values: Insertable<QueriesTable>) => insertReturningId(db, 'queries', values, 'actionId');

export async function updateQuery(db: Store, actionId: number, values: Insertable<QueriesTable>): Promise<void> {
  await db.updateTable('queries').set(values).where('actionId', '=', actionId).execute();
}
