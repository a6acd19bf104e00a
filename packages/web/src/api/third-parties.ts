import { type SaveThirdPartyBody, thirdPartyCalls } from '@rakit/core';
import { callApi } from './request';

/** Calls of the root application's Third Parties (super administrator), made on behalf of the user signed in to `appSlug`. */
export const thirdPartiesApi = (appSlug: string) => ({
  listThirdParties: () => callApi(thirdPartyCalls.listThirdParties, {}, appSlug),

  saveThirdParty: (body: SaveThirdPartyBody) => callApi(thirdPartyCalls.saveThirdParty, { body }, appSlug),

  deleteThirdParty: (serviceId: number) => callApi(thirdPartyCalls.deleteThirdParty, { body: { serviceId } }, appSlug),

  testThirdParty: (serviceId: number) => callApi(thirdPartyCalls.testThirdParty, { body: { serviceId } }, appSlug),
});
