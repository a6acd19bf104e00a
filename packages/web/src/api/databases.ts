import { databaseCalls, type SaveDbConfigBody } from '@rakit/core';
import { callApi } from './request';

/** Calls of the databases area, made on behalf of the user signed in to `appSlug`. */
export const databasesApi = (appSlug: string) => ({
  getDbConf: (appId: number) => callApi(databaseCalls.getDbConf, { params: { id: appId } }, appSlug),

  getDbDetails: (dbId: number) => callApi(databaseCalls.getDbDetails, { params: { dbId } }, appSlug),

  saveDbConfig: (body: SaveDbConfigBody) => callApi(databaseCalls.saveDbConfig, { body }, appSlug),

  deleteDbConfig: (dbId: number) => callApi(databaseCalls.deleteDbConfig, { body: { dbId } }, appSlug),

  listDatabase: (appId: number) => callApi(databaseCalls.listDatabase, { params: { appId } }, appSlug),
});
