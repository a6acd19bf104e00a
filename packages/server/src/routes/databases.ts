import { databaseCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { connectionDetails, connectionsOf, connectionsWithTables, removeConnection } from '../connections/connections';
import { storedDbConfig } from '../connections/data-source-of';
import { saveDbConfig } from '../connections/save-db-config';
import { addSearchIndex, planSearchIndex, searchIndexOverview, searchIndexProgress } from '../connections/search-index';
import { route } from '../http/route';

/** An application's own database connections (spec 1 screen 5, §7): connections/. */
const databaseRoutes: FastifyPluginAsync = async (app) => {
  route(app, databaseCalls.getDbConf, ({ appId }) => connectionsOf(app.services, appId));
  route(app, databaseCalls.listDatabase, ({ appId }) => connectionsWithTables(app.services, appId));
  route(app, databaseCalls.getDbDetails, ({ input: { params } }) => connectionDetails(app.services, params.dbId));
  route(app, databaseCalls.saveDbConfig, ({ input: { body }, caller }) => saveDbConfig(app.services, caller, body));
  route(app, databaseCalls.searchIndexes, async ({ input: { params } }) => searchIndexOverview(app.services, await storedDbConfig(app.services, params.dbId)));
  route(app, databaseCalls.planSearchIndex, async ({ input: { body } }) => planSearchIndex(app.services, await storedDbConfig(app.services, body.dbId), body));
  route(app, databaseCalls.addSearchIndex, async ({ input: { body }, audit }) => addSearchIndex(app.services, audit, await storedDbConfig(app.services, body.dbId), body));
  route(app, databaseCalls.searchIndexProgress, async ({ input: { params } }) => searchIndexProgress(app.services, await storedDbConfig(app.services, params.dbId)));
  route(app, databaseCalls.deleteDbConfig, ({ input: { body }, audit }) => removeConnection(app.services, audit, body.dbId));
};

export { databaseOwners as owners } from '../connections/connections';

export default databaseRoutes;
