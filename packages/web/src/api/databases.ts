import {
  type DbConfig, DbConfigSchema, type SaveDbConfigBody,
} from '@rakit/core';
import { z } from 'zod';
import { call, type ApiAnswer } from './request';
import { DbDetailsSchema, type DbDetails, DatabaseWithTablesSchema, type DatabaseWithTables } from './answers';

/** Calls of the databases area, made on behalf of the user signed in to `appSlug`. */
export const databasesApi = (appSlug: string) => ({
  getDbConf: (appId: number): Promise<ApiAnswer<DbConfig[]>> =>
    call({ method: 'GET', path: `/get/getDbConf/${appId}`, data: z.array(DbConfigSchema), tokenOf: appSlug }),

  getDbDetails: (dbId: number): Promise<ApiAnswer<DbDetails>> =>
    call({ method: 'GET', path: `/get/getDbDetails/${dbId}`, data: DbDetailsSchema, tokenOf: appSlug }),

  saveDbConfig: (body: SaveDbConfigBody): Promise<ApiAnswer<unknown>> =>
    call({ method: 'POST', path: '/save/saveDbConfig', body, data: z.unknown(), tokenOf: appSlug }),

  deleteDbConfig: (dbId: number): Promise<ApiAnswer<unknown>> =>
    call({ method: 'DELETE', path: '/delete/deleteDbConfig', body: { dbId }, data: z.unknown(), tokenOf: appSlug }),

  listDatabase: (appId: number): Promise<ApiAnswer<DatabaseWithTables[]>> =>
    call({ method: 'GET', path: `/get/listDatabase/${appId}`, data: z.array(DatabaseWithTablesSchema), tokenOf: appSlug }),
});
