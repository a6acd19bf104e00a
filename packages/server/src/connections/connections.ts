import { type DatabaseWithTables, type DbTable, Messages } from '@rakit/core';
import type { AuditContext } from '../audit/context';
import { withAudit } from '../audit/record';
import { deleteDbConfig, listDbConfigs, toDbConfig } from '../store/repositories/db-configs';
import { dataSourceOf, storedDbConfig } from './data-source-of';
import type { Services } from '../services';
import { cachedDbConfig } from '../store/cached-reads';
import { numericId, type OwnerLookups } from '../security/call-owners';

/*
 * An application's own database connections (spec 1 screen 5, §7), as its administrators' calls
 * ask for them; saving one is save-db-config.ts's, its search indexes search-index.ts's.
 */

/** The application's connections, without their passwords. */
export const connectionsOf = async (services: Services, appId: number) => (await listDbConfigs(services.store, appId)).map(toDbConfig);

/** The application's connections, each with its tables; one that cannot be opened or read is listed without. */
export async function connectionsWithTables(services: Services, appId: number): Promise<DatabaseWithTables[]> {
  const data: DatabaseWithTables[] = [];
  for (const row of await listDbConfigs(services.store, appId)) {
    const { dbId, dbDatabase, dbType, revision } = toDbConfig(row);
    let tables: DbTable[] = [];
    try {
      tables = await (await dataSourceOf(services, row)).tables();
    } catch {
      // Listed without tables: the screen shows the others.
    }
    data.push({ dbId, dbDatabase, dbType, revision, tables });
  }
  return data;
}

/** One connection's tables, read from the database now (its failure is the answer). */
export async function connectionDetails(services: Services, dbId: number) {
  const row = await storedDbConfig(services, dbId);
  const tables = await (await dataSourceOf(services, row)).tables();
  return { dbId: row.dbId, dbDatabase: row.dbDatabase, tables };
}

/** Removes a connection, and closes its pool. */
export async function removeConnection(services: Services, audit: AuditContext, dbId: number) {
  const row = await storedDbConfig(services, dbId);
  await withAudit(services.store, audit, { entityType: 'db', entityId: row.dbId, summary: { key: 'audit.connectionDeleted', values: { database: row.dbDatabase } } }, (trx) => deleteDbConfig(trx, row.dbId));
  await services.dataSources.invalidate(row.dbId);
  return { dbId: row.dbId };
}

/** How the entities of this area lead to their application (the access check's lookups, http/call-access.ts). */
export const databaseOwners: OwnerLookups = {
  db: { find: async (services, id) => (await cachedDbConfig(services, numericId(id)))?.dbAppId, missing: Messages.databaseNotFound },
};
