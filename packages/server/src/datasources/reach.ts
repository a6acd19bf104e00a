import { badRequest, local } from '../errors/http-errors';
import { addressesOf, AllowedHosts, isPublicAddress } from '../outbound/addresses';
import { dialectFor } from './dialects';
import type { ConnectionSettings } from './types';

/** What the operator opened to application databases (config from the environment). */
export interface DatabaseReach { allowPrivateDatabases: boolean; allowedDatabaseHosts: string[] }

/**
 * The settings to connect with, once the host is known to be one an application may reach
 * (ARCHITECTURE.md §2: the operator's machine and network are his). A server database's host
 * must resolve to public addresses only, or to the operator's ranges; the driver is then handed
 * the checked address, never the name, so that neither a second DNS answer (rebinding) nor the
 * system resolver's readings (`2130706433`, /etc/hosts) can lead it elsewhere.
 *
 * The operator's own choices connect as typed, through the system resolver: a connection the
 * super administrator saved (`vouched`), a host the operator named, or any host when he allows
 * private databases. A SQLite file lives in the application's folder and needs no check.
 * A refusal names the host, never the address it resolves to.
 */
export async function reachableSettings(settings: ConnectionSettings, reach: DatabaseReach, vouched: boolean): Promise<ConnectionSettings> {
  if (dialectFor(settings.dbType).embedded || vouched || reach.allowPrivateDatabases) return settings;
  const allowed = new AllowedHosts(reach.allowedDatabaseHosts);
  if (allowed.allowsName(settings.dbHost)) return settings;
  const { host, addresses } = await addressesOf(settings.dbHost);
  if (!addresses.every((a) => isPublicAddress(a.address) || allowed.allowsAddress(a.address))) {
    throw badRequest(local('databaseHostRefusedAt', { host }));
  }
  // addressesOf answers at least one address; the first is IPv4 when there is one.
  return { ...settings, dbHost: addresses[0]?.address ?? host };
}
