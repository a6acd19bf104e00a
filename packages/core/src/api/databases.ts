import { z } from 'zod';
import {
  AppIdParamsSchema, DbConfigSchema, DbIdParamsSchema, DbTypeSchema, DeleteDbConfigBodySchema, IdParamsSchema,
  SaveDbConfigBodySchema,
} from '../schemas/admin';
import { defineCall } from './contract';

/** A table of a connection with its columns (MySQL's information_schema spelling, on every engine). */
export const DbTableSchema = z.object({
  table_name: z.string(),
  /** COLUMN_KEY 'PRI' marks the primary key, '' any other column. */
  columns: z.array(z.object({ COLUMN_NAME: z.string(), COLUMN_KEY: z.string(), DATA_TYPE: z.string() })),
});
export type DbTable = z.infer<typeof DbTableSchema>;
export type DbColumn = DbTable['columns'][number];

export const DbDetailsSchema = z.object({ dbId: z.number().int(), dbDatabase: z.string(), tables: z.array(DbTableSchema) });
export type DbDetails = z.infer<typeof DbDetailsSchema>;

/** A connection of GET /get/listDatabase with its tables (none when it cannot be read). */
export const DatabaseWithTablesSchema = DbDetailsSchema.extend({ dbType: DbTypeSchema });
export type DatabaseWithTables = z.infer<typeof DatabaseWithTablesSchema>;

const DbIdSchema = z.object({ dbId: z.number().int() });

/** An application's own database connections (spec 1 screen 5, §7); never with passwords. */
export const databaseCalls = {
  getDbConf: defineCall({
    method: 'GET', path: '/get/getDbConf/:id', tag: 'databases',
    summary: 'An application\'s connections (id is the appId); never with passwords',
    params: IdParamsSchema,
    data: z.array(DbConfigSchema),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.params.id } },
  }),
  listDatabase: defineCall({
    method: 'GET', path: '/get/listDatabase/:appId', tag: 'databases',
    summary: 'Connections of an application with their tables and columns, for widget configuration',
    params: AppIdParamsSchema,
    data: z.array(DatabaseWithTablesSchema),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.params.appId } },
  }),
  getDbDetails: defineCall({
    method: 'GET', path: '/get/getDbDetails/:dbId', tag: 'databases',
    summary: 'Tables of a connection with their columns (COLUMN_KEY PRI marks the primary key)',
    params: DbIdParamsSchema,
    data: DbDetailsSchema,
    access: { level: 'appAdmin', app: { entity: 'db', id: (input) => input.params.dbId } },
  }),
  saveDbConfig: defineCall({
    method: 'POST', path: '/save/saveDbConfig', tag: 'databases',
    summary: 'Create (dbId null) or edit a connection after testing it',
    body: SaveDbConfigBodySchema,
    data: DbIdSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.dbAppId } },
  }),
  deleteDbConfig: defineCall({
    method: 'DELETE', path: '/delete/deleteDbConfig', tag: 'databases',
    summary: 'Remove a connection and the queries stored on it',
    body: DeleteDbConfigBodySchema,
    data: DbIdSchema,
    access: { level: 'appAdmin', app: { entity: 'db', id: (input) => input.body.dbId } },
  }),
};
