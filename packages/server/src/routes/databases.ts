import {
  AppIdParamsSchema, DbIdParamsSchema, DeleteDbConfigBodySchema, IdParamsSchema, Messages, SaveDbConfigBodySchema,
  type SaveDbConfigBody,
} from '@rakit/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../auth/plugin';
import { dataSourceOf, dbConfigForAdmin, settingsOf } from '../connections/data-source-of';
import { reachableSettings } from '../datasources/reach';
import { testConnection } from '../datasources/registry';
import type { ConnectionSettings, TableInfo } from '../datasources/types';
import { HttpError } from '../http/errors';
import {
  deleteDbConfig, insertDbConfig, listDbConfigs, toDbConfig, updateDbConfig,
} from '../store/repositories/db-configs';

/** 'Incorrect Config' first, then what went wrong; the dialog stays open (spec 1 §8). */
const incorrectConfig = (detail: string) => new HttpError(400, Messages.incorrectConfig, [detail]);

/**
 * Every value a connection of this type needs is given (spec 1 §5 "Database save").
 * The password may be empty: servers do allow password-less accounts.
 */
function blankField(body: SaveDbConfigBody): string | undefined {
  if (body.dbDatabase === '') return 'dbDatabase';
  if (body.dbType === 'sqlite') return undefined;
  if (body.dbHost === '') return 'dbHost';
  if (body.dbPort === 0) return 'dbPort';
  if (body.dbUser === '') return 'dbUser';
  return undefined;
}

/** An application's own database connections (spec 1 screen 5, §7). */
const databaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/get/getDbConf/:id', {
    schema: { tags: ['databases'], summary: 'An application\'s connections (id is the appId); never with passwords', params: IdParamsSchema },
  }, async (request) => {
    principalOf(request).assertAppAdmin(request.params.id);
    const rows = await listDbConfigs(app.store, request.params.id);
    return { status: true, data: rows.map(toDbConfig) };
  });

  app.get('/get/listDatabase/:appId', {
    schema: { tags: ['databases'], summary: 'Connections of an application with their tables and columns, for widget configuration', params: AppIdParamsSchema },
  }, async (request) => {
    principalOf(request).assertAppAdmin(request.params.appId);
    const rows = await listDbConfigs(app.store, request.params.appId);
    const data = [];
    for (const row of rows) {
      let tables: TableInfo[] = [];
      try {
        tables = await (await dataSourceOf(app, row)).tables();
      } catch {
        // A connection that cannot be opened or read is listed without tables.
      }
      data.push({ dbId: row.dbId, dbDatabase: row.dbDatabase, dbType: row.dbType, tables });
    }
    return { status: true, data };
  });

  app.get('/get/getDbDetails/:dbId', {
    schema: { tags: ['databases'], summary: 'Tables of a connection with their columns (COLUMN_KEY PRI marks the primary key)', params: DbIdParamsSchema },
  }, async (request) => {
    const row = await dbConfigForAdmin(app, principalOf(request), request.params.dbId);
    const source = await dataSourceOf(app, row);
    const tables = await source.tables();
    return { status: true, data: { dbId: row.dbId, dbDatabase: row.dbDatabase, tables } };
  });

  app.post('/save/saveDbConfig', {
    schema: { tags: ['databases'], summary: 'Create (dbId null) or edit a connection after testing it', body: SaveDbConfigBodySchema },
  }, async (request) => {
    const body = request.body;
    const caller = principalOf(request);
    caller.assertAppAdmin(body.dbAppId);
    const existing = body.dbId === null ? undefined : await dbConfigForAdmin(app, principalOf(request), body.dbId);
    if (existing !== undefined && existing.dbAppId !== body.dbAppId) caller.assertAppAdmin(existing.dbAppId);
    const blank = blankField(body);
    if (blank !== undefined) throw incorrectConfig(`${blank} must not be blank`);

    // An edit that leaves the password empty keeps the stored one, but only for the same
    // server and account: a stored password is never sent to a newly typed host.
    const sameAccount = existing !== undefined && existing.dbType === body.dbType
      && existing.dbHost === body.dbHost && existing.dbPort === body.dbPort && existing.dbUser === body.dbUser;
    const keepPassword = sameAccount && body.dbPassword === '';
    const password = keepPassword ? settingsOf(app, existing).dbPassword : body.dbPassword;
    // The super administrator vouches for the connection he saves (it may reach a private
    // address, ARCHITECTURE.md §2); an application administrator's save keeps that only when it
    // changes nothing of it: not even the password, or saves would guess the operator's passwords.
    const vouched = caller.isSuperAdmin
      || (keepPassword && existing.dbVouched === 1 && existing.dbAppId === body.dbAppId && existing.dbDatabase === body.dbDatabase);
    const settings: ConnectionSettings = { ...body, dbPassword: password };
    try {
      await testConnection(await reachableSettings(settings, app.config, vouched), app.config.dataDir);
    } catch (error) {
      throw incorrectConfig((error as Error).message);
    }
    const values = {
      dbAppId: body.dbAppId, dbType: body.dbType, dbHost: body.dbHost, dbPort: body.dbPort, dbUser: body.dbUser,
      dbPasswordEnc: password === '' ? '' : app.secretBox.seal(password), dbDatabase: body.dbDatabase, dbVouched: vouched ? 1 : 0,
    };
    if (existing === undefined) {
      const dbId = await insertDbConfig(app.store, values);
      return { status: true, data: { dbId } };
    }
    await updateDbConfig(app.store, existing.dbId, values);
    await app.dataSources.invalidate(existing.dbId);
    return { status: true, data: { dbId: existing.dbId } };
  });

  app.delete('/delete/deleteDbConfig', {
    schema: { tags: ['databases'], summary: 'Remove a connection and the queries stored on it', body: DeleteDbConfigBodySchema },
  }, async (request) => {
    const row = await dbConfigForAdmin(app, principalOf(request), request.body.dbId);
    await app.store.transaction().execute((trx) => deleteDbConfig(trx, row.dbId));
    await app.dataSources.invalidate(row.dbId);
    return { status: true, data: { dbId: row.dbId } };
  });
};

export default databaseRoutes;
