import { type GetAddressBody, lookupCalls } from '@rakit/core';
import { callApi } from './request';

/** The area lookups of the address search widget (spec 3 §7), made on behalf of the user signed in to `appSlug`. */
export const lookupsApi = (appSlug: string) => ({
  getAddress: (body: GetAddressBody) => callApi(lookupCalls.getAddress, { body }, appSlug),
});
