import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Messages } from '@rakit/core';
import ipaddr from 'ipaddr.js';
import { badRequest, HttpError } from '../http/errors';

/**
 * Requests the server sends for an author (the Request section's Test): only http(s), only to
 * public addresses unless the operator allows private ones, to the very address that was
 * checked (a second DNS answer cannot swap it: DNS rebinding), without following redirects,
 * within 10 seconds and 2 MB.
 */

export const OUTBOUND_TIMEOUT_MS = 10_000;
export const OUTBOUND_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Whether an address is an ordinary public one. ipaddr.js names every special range (loopback,
 * private, link-local, unique-local, unspecified, multicast, broadcast, carrier-grade NAT,
 * reserved, documentation, 6to4, Teredo, NAT64…); only 'unicast' is public. An IPv4-mapped IPv6
 * address is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address().range() === 'unicast';
  }
  return parsed.range() === 'unicast';
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

/**
 * The address to connect to for the host: every address it resolves to must be public (unless
 * `allowPrivate`), so that no answer of a later lookup can lead elsewhere.
 */
export async function vetHost(hostname: string, allowPrivate: boolean): Promise<VettedAddress> {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  let addresses: { address: string; family: number }[];
  if (isIP(host) !== 0) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await dnsLookup(host, { all: true, verbatim: true });
    } catch {
      throw new HttpError(502, `${Messages.requestHostUnknown}: ${host}`);
    }
  }
  const first = addresses[0];
  if (first === undefined) throw new HttpError(502, `${Messages.requestHostUnknown}: ${host}`);
  if (!allowPrivate) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused !== undefined) {
      const shown = refused.address === host ? host : `${host} (${refused.address})`;
      throw badRequest(`${Messages.requestAddressRefused}: ${shown}`);
    }
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** Headers the connection itself decides; the author's values for them are left out. */
const CONNECTION_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'accept-encoding', 'proxy-authorization', 'proxy-connection']);

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

/** Sends the request to `target` (the vetted address of the URL's host); redirects are answered, not followed. */
export function sendToAddress(request: OutboundRequest, target: VettedAddress, timeoutMs = OUTBOUND_TIMEOUT_MS): Promise<OutboundResponse> {
  // The connection asks this lookup instead of DNS: it can only reach the vetted address.
  const lookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options.all === true) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
  const headers: Record<string, string> = { 'accept-encoding': 'identity' };
  for (const [name, value] of Object.entries(request.headers)) {
    const key = name.trim().toLowerCase();
    if (key !== '' && !CONNECTION_HEADERS.has(key)) headers[key] = value;
  }
  const client = request.url.protocol === 'https:' ? https : http;

  return new Promise((resolve, reject) => {
    let outgoing: http.ClientRequest;
    try {
      outgoing = client.request(request.url, { method: request.method, headers, lookup, agent: false }, (response) => {
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
    const timer = setTimeout(() => outgoing.destroy(new HttpError(502, Messages.requestTimedOut)), timeoutMs);
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

/** The body of an answer: parsed when it is JSON, the text otherwise, null when empty. */
export function bodyOf(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
