import type { DbConfig, DbType } from '@rakit/core';
import type { Store } from '../db';
import { insertReturningId } from '../insert';
import type { DbConfigsTable } from '../schema';
import type { Selectable } from 'kysely';

export type DbConfigRow = Selectable<DbConfigsTable>;

export const toDbConfig = (row: DbConfigRow): DbConfig => ({
  dbId: row.dbId,
  dbAppId: row.dbAppId,
  dbType: row.dbType as DbType,
  dbHost: row.dbHost,
  dbPort: row.dbPort,
  dbUser: row.dbUser,
  dbDatabase: row.dbDatabase,
  dbTimeLimit: row.dbTimeLimit,
  revision: row.revision,
});

export const findDbConfig = (db: Store, dbId: number) =>
  db.selectFrom('dbConfigs').selectAll().where('dbId', '=', dbId).executeTakeFirst();

/** A stored connection as getDbConf answers it (undefined when gone): what a stale edit is shown. */
export async function storedDbConfigOf(db: Store, dbId: number): Promise<DbConfig | undefined> {
  const row = await findDbConfig(db, dbId);
  return row === undefined ? undefined : toDbConfig(row);
}

export const listDbConfigs = (db: Store, appId: number) =>
  db.selectFrom('dbConfigs').selectAll().where('dbAppId', '=', appId).orderBy('dbId').execute();

export type DbConfigValues = Omit<DbConfigRow, 'dbId' | 'dbVouched' | 'dbTimeLimit' | 'revision' | 'dbLink'> & { dbVouched?: number; dbTimeLimit?: number | null; dbLink?: string | null };

export const insertDbConfig = (db: Store, values: DbConfigValues) => insertReturningId(db, 'dbConfigs', values, 'dbId');

export async function updateDbConfig(db: Store, dbId: number, values: DbConfigValues): Promise<void> {
  await db.updateTable('dbConfigs').set(values).where('dbId', '=', dbId).execute();
}

export async function deleteDbConfig(db: Store, dbId: number): Promise<void> {
  await db.deleteFrom('queries').where('actionDbId', '=', dbId).execute();
  await db.deleteFrom('dbConfigs').where('dbId', '=', dbId).execute();
}
