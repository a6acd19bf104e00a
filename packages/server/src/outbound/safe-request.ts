import { Resolver } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction, type TcpNetConnectOpts } from 'node:net';
import { Messages } from '@rakit/core';
import ipaddr from 'ipaddr.js';
import { badRequest, HttpError } from '../http/errors';

/**
 * Requests the server sends for an author (the Request section's Test): only http(s), only to
 * public addresses unless the operator allows private ones, to the very addresses that were
 * checked (a second DNS answer cannot swap them: DNS rebinding), without following redirects,
 * within 10 seconds and 2 MB.
 */

export const OUTBOUND_TIMEOUT_MS = 10_000;
export const OUTBOUND_MAX_BYTES = 2 * 1024 * 1024;
/** How long a host name may take to resolve. */
export const DNS_TIMEOUT_MS = 5_000;

/** The most server-sent requests the whole process has under way at once. */
export const MAX_OUTBOUND_AT_ONCE = 4;
let outboundUnderWay = 0;

/**
 * Runs `work` (one server-sent request, its DNS lookup included) if fewer than
 * MAX_OUTBOUND_AT_ONCE are under way; otherwise answers 503 at once rather than queueing.
 */
export async function withOutboundSlot<T>(work: () => Promise<T>): Promise<T> {
  if (outboundUnderWay >= MAX_OUTBOUND_AT_ONCE) throw new HttpError(503, Messages.requestTestsBusy);
  outboundUnderWay++;
  try {
    return await work();
  } finally {
    outboundUnderWay--;
  }
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

export interface VettedAddress {
  address: string;
  family: 4 | 6;
}

/** The http(s) URL of the author's text; anything else is refused. */
export function outboundUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest(Messages.requestUrlInvalid);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') throw badRequest(Messages.requestUrlInvalid);
  if (url.username !== '' || url.password !== '') throw badRequest(`${Messages.requestUrlInvalid} without a user name or password in it`);
  return url;
}

const secondsOf = (ms: number): string => `${ms / 1000} second${ms === 1000 ? '' : 's'}`;

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
    throw new HttpError(502, `${Messages.requestHostTimedOut} ${secondsOf(timeoutMs)}: ${host}`);
  }
  throw new HttpError(502, `${Messages.requestHostUnknown}: ${host}`);
}

/**
 * The addresses to connect to for the host: every address it resolves to must be public
 * (unless `allowPrivate`), so that no answer of a later lookup can lead elsewhere. A refusal
 * names the host, never the private address it resolves to (the author learns nothing of the
 * network behind the server).
 */
export async function vetHost(hostname: string, allowPrivate: boolean, resolve: (host: string) => Promise<VettedAddress[]> = resolveHost): Promise<VettedAddress[]> {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const family = isIP(host);
  const literal = family !== 0;
  const addresses = literal ? [{ address: host, family: family === 6 ? 6 as const : 4 as const }] : await resolve(host);
  if (addresses.length === 0) throw new HttpError(502, `${Messages.requestHostUnknown}: ${host}`);
  if (!allowPrivate && !addresses.every((a) => isPublicAddress(a.address))) {
    throw badRequest(`${literal ? Messages.requestAddressRefused : Messages.requestHostRefused}: ${host}`);
  }
  return addresses;
}

/** Headers the connection itself decides; the author's values for them are left out. */
const CONNECTION_HEADERS = new Set([
  'host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'accept-encoding', 'proxy-authorization',
  'proxy-connection', 'expect',
]);

export interface OutboundRequest {
  url: URL;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers: Record<string, string>;
  body?: string | undefined;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string>;
  /** The body as text. */
  text: string;
}

/**
 * Sends the request to `targets` (the vetted addresses of the URL's host, tried in turn when one
 * cannot be connected to: a host whose IPv6 address is unreachable from here still answers);
 * redirects are answered, not followed.
 */
export function sendToAddress(request: OutboundRequest, targets: readonly VettedAddress[], timeoutMs = OUTBOUND_TIMEOUT_MS): Promise<OutboundResponse> {
  const first = targets[0];
  if (first === undefined) return Promise.reject(new HttpError(502, Messages.requestHostUnknown));
  // The connection asks this lookup instead of DNS: it can only reach the vetted addresses.
  const lookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options.all === true) callback(null, targets.map((t) => ({ address: t.address, family: t.family })));
    else callback(null, first.address, first.family);
  }) as unknown as LookupFunction;
  const headers: Record<string, string> = { 'accept-encoding': 'identity' };
  for (const [name, value] of Object.entries(request.headers)) {
    const key = name.trim().toLowerCase();
    if (key !== '' && !CONNECTION_HEADERS.has(key)) headers[key] = value;
  }
  const client = request.url.protocol === 'https:' ? https : http;
  // Every vetted address is tried in turn (Node's "happy eyeballs"), not only the first.
  const options: http.RequestOptions & Pick<TcpNetConnectOpts, 'autoSelectFamily'> = { method: request.method, headers, lookup, agent: false, autoSelectFamily: true };

  return new Promise((resolve, reject) => {
    let outgoing: http.ClientRequest;
    try {
      outgoing = client.request(request.url, options, (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > OUTBOUND_MAX_BYTES) outgoing.destroy(new HttpError(502, Messages.requestTooLarge));
          else chunks.push(chunk);
        });
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, headers: flatHeaders(response.headers), text: Buffer.concat(chunks).toString('utf8') });
        });
        response.on('error', (error) => fail(error));
      });
    } catch (error) {
      // Node refuses header names or values it cannot send.
      reject(badRequest(`Invalid header: ${error instanceof Error ? error.message : String(error)}`));
      return;
    }
    const timer = setTimeout(() => outgoing.destroy(new HttpError(502, `${Messages.requestTimedOut} ${secondsOf(timeoutMs)}`)), timeoutMs);
    const fail = (error: unknown) => {
      clearTimeout(timer);
      reject(error instanceof HttpError ? error : new HttpError(502, `${Messages.requestFailed}: ${error instanceof Error ? error.message : String(error)}`));
    };
    outgoing.on('error', fail);
    outgoing.end(request.body);
  });
}

const flatHeaders = (headers: http.IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]])));
