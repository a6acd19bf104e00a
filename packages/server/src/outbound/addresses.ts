import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { HttpError, local } from '../errors/http-errors';

/**
 * Where the server may connect for an author (a Request test, an application's database):
 * host names resolved once, by DNS only, and judged by every address they resolve to, so that
 * the connection can be made to a checked address and no second answer can lead elsewhere.
 */

/** How long a host name may take to resolve. */
export const DNS_TIMEOUT_MS = 5_000;

export interface VettedAddress {
  address: string;
  family: 4 | 6;
}

/** IPv6 global unicast (RFC 4291): everything else in IPv6 is local, special or unassigned. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * The address parsed, IPv6 first written out by the URL parser: ipaddr.js reads the
 * IPv4-compatible `::8.8.8.8` as the IPv4-mapped `::ffff:8.8.8.8`, the URL parser writes it
 * `::808:808`, as the connection will read it.
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (isIP(address) === 4) return ipaddr.IPv4.parse(address);
  if (isIP(address) !== 6) return undefined;
  try {
    return ipaddr.IPv6.parse(new URL(`http://[${address}]/`).hostname.slice(1, -1));
  } catch {
    return undefined;
  }
}

/**
 * Whether an address is an ordinary public one. ipaddr.js names the special ranges (loopback,
 * private, link-local, unique-local, unspecified, multicast, broadcast, carrier-grade NAT,
 * reserved, documentation, 6to4, Teredo, NAT64…); only 'unicast' may be public. It also calls
 * 'unicast' what it does not name, such as the IPv4-compatible ::/96 (::7f00:1): an IPv6 address
 * must moreover be global unicast (2000::/3). An IPv4-mapped one is judged as its IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (parsed === undefined) return false;
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}

/**
 * Cloud metadata services' names: they resolve to a link-local address only inside the cloud,
 * where the address guard refuses them anyway; refused by name first so that no DNS answer
 * (or its absence here) decides.
 */
const METADATA_HOSTS = /^(metadata|metadata\.google\.internal|metadata\.goog|instance-data|instance-data\.ec2\.internal|metadata\.azure\.internal)\.?$/i;
export const isMetadataHostName = (host: string): boolean => METADATA_HOSTS.test(host);

/** Names that are the machine itself (RFC 6761): never asked of DNS. */
const isLocalhostName = (host: string): boolean => /(^|\.)localhost\.?$/i.test(host);

/**
 * The addresses of a host name, IPv4 first. Asked of DNS through c-ares (not getaddrinfo, which
 * would hold one of libuv's few pool threads for as long as a slow name takes), given up after
 * `timeoutMs`. /etc/hosts is not read; localhost names are the loopback addresses.
 */
export async function resolveHost(host: string, timeoutMs = DNS_TIMEOUT_MS, servers?: string[]): Promise<VettedAddress[]> {
  if (isLocalhostName(host)) return [{ address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }];
  const resolver = new Resolver({ timeout: Math.min(timeoutMs, 2_000), tries: 3 });
  if (servers !== undefined) resolver.setServers(servers);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    resolver.cancel();
  }, timeoutMs);
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]).finally(() => clearTimeout(timer));
  const addresses = [
    ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
    ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
  ];
  if (addresses.length > 0) return addresses;
  const timeoutCodes = new Set(['ETIMEOUT', 'ECANCELLED']);
  const reasons = [v4, v6].flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code?: string } | undefined)?.code] : []));
  if (timedOut || reasons.some((code) => code !== undefined && timeoutCodes.has(code))) {
    throw new HttpError(502, local('requestHostTimedOutAt', { seconds: timeoutMs / 1000, host }));
  }
  throw new HttpError(502, local('requestHostUnknownAt', { host }));
}

export interface HostAddresses {
  /** The host without the brackets of an IPv6 literal. */
  host: string;
  /** Whether the host was written as an address rather than a name. */
  literal: boolean;
  addresses: VettedAddress[];
}

/** The addresses a host stands for: a literal address itself, a name resolved once. */
export async function addressesOf(hostname: string, resolve: (host: string) => Promise<VettedAddress[]> = resolveHost): Promise<HostAddresses> {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const family = isIP(host);
  if (family !== 0) return { host, literal: true, addresses: [{ address: host, family: family === 6 ? 6 : 4 }] };
  const addresses = await resolve(host);
  if (addresses.length === 0) throw new HttpError(502, local('requestHostUnknownAt', { host }));
  return { host, literal: false, addresses };
}

/** A normalised host name: lower case, without the root's trailing dot. */
const nameKey = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

/**
 * Private hosts the operator lets authors reach (RAKIT_ALLOWED_DATABASE_HOSTS): addresses and
 * CIDR ranges (`10.0.0.0/8`, `fd00::/8`), host names (`db.internal`), and every name under a
 * domain (`*.db.internal`).
 */
export class AllowedHosts {
  private readonly ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  private readonly names = new Set<string>();
  private readonly domains: string[] = [];

  /** Throws on an entry that is neither an address, a range nor a host name. */
  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const entry = raw.trim();
      if (entry === '') continue;
      if (entry.includes('/')) {
        try {
          const [range, bits] = ipaddr.parseCIDR(entry);
          this.ranges.push([range.kind() === 'ipv6' && (range as ipaddr.IPv6).isIPv4MappedAddress() ? (range as ipaddr.IPv6).toIPv4Address() : range, bits]);
        } catch {
          throw new Error(`Not an address range: ${entry}`);
        }
      } else if (isIP(entry) !== 0) {
        const address = ipaddr.process(entry);
        this.ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
      } else if (/^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(entry)) {
        if (entry.startsWith('*.')) this.domains.push(`.${nameKey(entry.slice(2))}`);
        else this.names.add(nameKey(entry));
      } else {
        throw new Error(`Not a host name, address or range: ${entry}`);
      }
    }
  }

  /** Whether the operator named this host itself (or a domain it is in). */
  allowsName(host: string): boolean {
    const key = nameKey(host);
    return this.names.has(key) || this.domains.some((domain) => key.endsWith(domain));
  }

  /** Whether the address is in one of the operator's ranges (an IPv4-mapped one as its IPv4 address). */
  allowsAddress(address: string): boolean {
    const parsed = parseAddress(address);
    if (parsed === undefined) return false;
    const plain = parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
    return this.ranges.some(([range, bits]) => range.kind() === plain.kind() && plain.match(range, bits));
  }
}
