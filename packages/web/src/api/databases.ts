import { databaseCalls, type SaveDbConfigBody, type SearchIndexBody } from '@rakit/core';
import { callApi } from './request';

/** Calls of the databases area, made on behalf of the user signed in to `appSlug`. */
export const databasesApi = (appSlug: string) => ({
  getDbConf: (appId: number) => callApi(databaseCalls.getDbConf, { params: { id: appId } }, appSlug),

  getDbDetails: (dbId: number) => callApi(databaseCalls.getDbDetails, { params: { dbId } }, appSlug),

  saveDbConfig: (body: SaveDbConfigBody) => callApi(databaseCalls.saveDbConfig, { body }, appSlug),

  searchIndexes: (dbId: number) => callApi(databaseCalls.searchIndexes, { params: { dbId } }, appSlug),

  planSearchIndex: (body: SearchIndexBody) => callApi(databaseCalls.planSearchIndex, { body }, appSlug),

  addSearchIndex: (body: SearchIndexBody) => callApi(databaseCalls.addSearchIndex, { body }, appSlug),

  searchIndexProgress: (dbId: number) => callApi(databaseCalls.searchIndexProgress, { params: { dbId } }, appSlug),

  deleteDbConfig: (dbId: number) => callApi(databaseCalls.deleteDbConfig, { body: { dbId } }, appSlug),

  listDatabase: (appId: number) => callApi(databaseCalls.listDatabase, { params: { appId } }, appSlug),
});
