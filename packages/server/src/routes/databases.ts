import { databaseCalls, type DatabaseWithTables, type DbTable } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { dataSourceOf, storedDbConfig } from '../connections/data-source-of';
import { saveDbConfig } from '../connections/save-db-config';
import { addSearchIndex, planSearchIndex, searchIndexOverview, searchIndexProgress } from '../connections/search-index';
import { route } from '../http/route';
import { withAudit } from '../audit/record';
import { deleteDbConfig, listDbConfigs, toDbConfig } from '../store/repositories/db-configs';

/** An application's own database connections (spec 1 screen 5, §7). */
const databaseRoutes: FastifyPluginAsync = async (app) => {
  route(app, databaseCalls.getDbConf, async ({ appId }) => (await listDbConfigs(app.store, appId)).map(toDbConfig));

  route(app, databaseCalls.listDatabase, async ({ appId }) => {
    const rows = await listDbConfigs(app.store, appId);
    const data: DatabaseWithTables[] = [];
    for (const row of rows) {
      const { dbId, dbDatabase, dbType, revision } = toDbConfig(row);
      let tables: DbTable[] = [];
      try {
        tables = await (await dataSourceOf(app, row)).tables();
      } catch {
        // A connection that cannot be opened or read is listed without tables.
      }
      data.push({ dbId, dbDatabase, dbType, revision, tables });
    }
    return data;
  });

  route(app, databaseCalls.getDbDetails, async ({ input: { params } }) => {
    const row = await storedDbConfig(app, params.dbId);
    const tables = await (await dataSourceOf(app, row)).tables();
    return { dbId: row.dbId, dbDatabase: row.dbDatabase, tables };
  });

  route(app, databaseCalls.saveDbConfig, async ({ input: { body }, caller }) => saveDbConfig(app, caller, body));

  route(app, databaseCalls.searchIndexes, async ({ input: { params } }) => searchIndexOverview(app, await storedDbConfig(app, params.dbId)));

  route(app, databaseCalls.planSearchIndex, async ({ input: { body } }) => planSearchIndex(app, await storedDbConfig(app, body.dbId), body));

  route(app, databaseCalls.addSearchIndex, async ({ input: { body }, audit }) => addSearchIndex(app, audit, await storedDbConfig(app, body.dbId), body));

  route(app, databaseCalls.searchIndexProgress, async ({ input: { params } }) => searchIndexProgress(app, await storedDbConfig(app, params.dbId)));

  route(app, databaseCalls.deleteDbConfig, async ({ input: { body }, audit }) => {
    const row = await storedDbConfig(app, body.dbId);
    await withAudit(app.store, audit, { entityType: 'db', entityId: row.dbId, summary: { key: 'audit.connectionDeleted', values: { database: row.dbDatabase } } }, (trx) => deleteDbConfig(trx, row.dbId));
    await app.dataSources.invalidate(row.dbId);
    return { dbId: row.dbId };
  });
};

export default databaseRoutes;
