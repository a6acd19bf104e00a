import type { AddressOption, GetAddressBody } from '@rakit/core';
import type { Principal } from '../auth/principal';
import { addressIndex } from './address-index';

/**
 * The villages matching what a member typed in an address search widget (spec 3 §7), best first.
 * The route has checked that the principal is a member of the application; the areas are the
 * same for every application; their index is saved in the data directory.
 */
export async function lookUpAddress(dataDir: string, _principal: Principal, body: GetAddressBody): Promise<AddressOption[]> {
  return (await addressIndex(dataDir)).search(body.address);
}
