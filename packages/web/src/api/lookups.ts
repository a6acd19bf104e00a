import { type GetAddressBody, type GetSchoolBody, lookupCalls, schoolCalls, type SchoolImportRow } from '@rakit/core';
import { callApi } from './request';

/** The address and school lookups (spec 3 §7) and the school directory, made on behalf of the user signed in to `appSlug`. */
export const lookupsApi = (appSlug: string) => ({
  getAddress: (body: GetAddressBody) => callApi(lookupCalls.getAddress, { body }, appSlug),

  getSchool: (body: GetSchoolBody) => callApi(schoolCalls.getSchool, { body }, appSlug),

  getSchoolAddress: (body: { appId: number; schooladdress: string }) => callApi(schoolCalls.getSchoolAddress, { body }, appSlug),

  /** The super administrator's school directory (root application). */
  importSchools: (rows: SchoolImportRow[]) => callApi(schoolCalls.importSchools, { body: { rows } }, appSlug),

  listSchools: (page: number, search: string) => callApi(schoolCalls.listSchools, { query: { page, search } }, appSlug),
});
