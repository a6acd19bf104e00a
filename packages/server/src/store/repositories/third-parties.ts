import type { Insertable, Selectable } from 'kysely';
import type { Store } from '../db';
import { insertReturningId } from '../insert';
import type { ThirdPartiesTable } from '../schema';

export type ThirdPartyRow = Selectable<ThirdPartiesTable>;
export type ThirdPartyValues = Insertable<ThirdPartiesTable>;

export const listThirdPartyRows = (db: Store) => db.selectFrom('thirdParties').selectAll().orderBy('serviceId').execute();

export const findThirdParty = (db: Store, serviceId: number) =>
  db.selectFrom('thirdParties').selectAll().where('serviceId', '=', serviceId).executeTakeFirst();

/** The first service of a kind (the one the add-ons use when several are listed). */
export const firstThirdPartyOfKind = (db: Store, kind: string) =>
  db.selectFrom('thirdParties').selectAll().where('serviceKind', '=', kind).orderBy('serviceId').limit(1).executeTakeFirst();

export const insertThirdParty = (db: Store, values: ThirdPartyValues) => insertReturningId(db, 'thirdParties', values, 'serviceId');

export async function updateThirdParty(db: Store, serviceId: number, values: ThirdPartyValues): Promise<void> {
  await db.updateTable('thirdParties').set(values).where('serviceId', '=', serviceId).execute();
}

export async function deleteThirdParty(db: Store, serviceId: number): Promise<void> {
  await db.deleteFrom('thirdParties').where('serviceId', '=', serviceId).execute();
}
