import type { Insertable, Selectable } from 'kysely';
import type { Store } from '../db';
import type { AppEnvironmentsTable } from '../schema';

export type AppEnvironmentRow = Omit<Selectable<AppEnvironmentsTable>, 'busyUntil'>;

/** An environment's row with its application's address and name. */
export type FamilyMember = AppEnvironmentRow & { appSlug: string; appName: string };

export const findEnvironment = (db: Store, appId: number): Promise<AppEnvironmentRow | undefined> =>
  db.selectFrom('appEnvironments').select(['appId', 'familyId', 'envName', 'envOrder', 'base', 'undo', 'promotedFrom', 'promotedAt', 'promotedBy'])
    .where('appId', '=', appId).executeTakeFirst();

/** The family's environments in order, each with its application's address and name. */
export const listFamily = (db: Store, familyId: number): Promise<FamilyMember[]> =>
  db.selectFrom('appEnvironments').innerJoin('apps', 'apps.appId', 'appEnvironments.appId')
    .select(['appEnvironments.appId', 'familyId', 'envName', 'envOrder', 'base', 'undo', 'promotedFrom', 'promotedAt', 'promotedBy', 'apps.appSlug', 'apps.appName'])
    .where('familyId', '=', familyId).orderBy('envOrder').orderBy('appEnvironments.appId').execute();

export const insertEnvironment = (db: Store, row: Insertable<AppEnvironmentsTable>) => db.insertInto('appEnvironments').values(row).execute();

export const renameEnvironmentRow = (db: Store, appId: number, envName: string) =>
  db.updateTable('appEnvironments').set({ envName }).where('appId', '=', appId).execute();

/** After a promotion or its undo: the structure it left, what it replaced (null: nothing to undo) and where it came from. */
export const recordPromotion = (db: Store, appId: number, values: Pick<AppEnvironmentRow, 'base' | 'undo' | 'promotedFrom' | 'promotedAt' | 'promotedBy'>) =>
  db.updateTable('appEnvironments').set(values).where('appId', '=', appId).execute();

/**
 * Takes the environment for one promotion (or undo) until `until` (ISO time), unless another holds
 * it now on any replica; true when taken. A lease: a replica that dies holding it frees it when it runs out.
 */
export async function leaseEnvironment(db: Store, appId: number, now: string, until: string): Promise<boolean> {
  const taken = await db.updateTable('appEnvironments').set({ busyUntil: until }).where('appId', '=', appId)
    .where((eb) => eb.or([eb('busyUntil', 'is', null), eb('busyUntil', '<', now)])).executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

export const releaseEnvironment = (db: Store, appId: number) =>
  db.updateTable('appEnvironments').set({ busyUntil: null }).where('appId', '=', appId).execute();
