import { Messages, TIME_LIMIT_DEFAULT_S, TIME_LIMIT_MAX_S, TIME_LIMIT_MIN_S } from '@rakit/core';
import type { Principal } from '../auth/principal';
import { reachableSettings } from '../datasources/reach';
import type { ConnectionSettings } from '../datasources/types';
import { notFound } from '../errors/http-errors';
import { type DbConfigRow, findDbConfig } from '../store/repositories/db-configs';
import type { Services } from '../services';

/** A stored connection, or 404. */
export async function storedDbConfig(services: Services, dbId: number) {
  const row = await findDbConfig(services.store, dbId);
  if (row === undefined) throw notFound(Messages.databaseNotFound);
  return row;
}

/** Loads a connection and checks that the caller administers its application. */
export async function dbConfigForAdmin(services: Services, caller: Principal, dbId: number) {
  const row = await storedDbConfig(services, dbId);
  caller.assertAppAdmin(row.dbAppId);
  return row;
}

/**
 * The pool of a stored connection: opened on first use, then shared (see DataSourceRegistry).
 * Its host is checked again each time the pool opens: a name may resolve elsewhere since the
 * connection was saved, and a row may have reached the store some other way.
 */
export const dataSourceOf = (services: Services, row: DbConfigRow) =>
  services.dataSources.get(row.dbId, async () => reachableSettings(settingsOf(services, row), services.config, row.dbVouched === 1));

export function settingsOf(services: Services, row: DbConfigRow): ConnectionSettings {
  return {
    dbAppId: row.dbAppId,
    dbType: row.dbType as ConnectionSettings['dbType'],
    dbHost: row.dbHost,
    dbPort: row.dbPort,
    dbUser: row.dbUser,
    dbPassword: row.dbPasswordEnc === '' ? '' : services.secretBox.open(row.dbPasswordEnc),
    dbDatabase: row.dbDatabase,
    timeLimitMs: timeLimitMs(row.dbTimeLimit),
  };
}

/**
 * A connection's time limit in milliseconds: its own, else the default; a stored value out of
 * bounds (a row that reached the store some other way) is brought within them, never unbounded.
 */
export function timeLimitMs(seconds: number | null): number {
  const s = seconds === null || !Number.isFinite(seconds) ? TIME_LIMIT_DEFAULT_S : Math.min(TIME_LIMIT_MAX_S, Math.max(TIME_LIMIT_MIN_S, Math.trunc(seconds)));
  return s * 1000;
}
