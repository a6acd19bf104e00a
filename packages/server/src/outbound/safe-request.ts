import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, TcpNetConnectOpts } from 'node:net';
import { LRUCache } from 'lru-cache';
import { Messages } from '@rakit/core';
import { badRequest, HttpError, local } from '../errors/http-errors';
import { addressesOf, type AllowedHosts, isPublicAddress, resolveHost, type VettedAddress } from './addresses';

/**
 * Requests the server sends for an author (the Request section's Test): only http(s), only to
 * public addresses unless the operator allows private ones, to the very addresses that were
 * checked (a second DNS answer cannot swap them: DNS rebinding), without following redirects,
 * within 10 seconds and 2 MB.
 */

export const OUTBOUND_TIMEOUT_MS = 10_000;
export const OUTBOUND_MAX_BYTES = 2 * 1024 * 1024;

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

/** The http(s) URL of the author's text; anything else is refused. */
export function outboundUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest(Messages.requestUrlInvalid);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') throw badRequest(Messages.requestUrlInvalid);
  if (url.username !== '' || url.password !== '') throw badRequest(local('requestUrlWithCredentials'));
  return url;
}

/**
 * The addresses to connect to for the host: every address it resolves to must be public
 * (unless `allowPrivate`), or one the operator `allowed` (the host's name, or each address in
 * his ranges), so that no answer of a later lookup can lead elsewhere. A refusal names the
 * host, never the private address it resolves to (the author learns nothing of the network
 * behind the server).
 */
export async function vetHost(
  hostname: string, allowPrivate: boolean, resolve: (host: string) => Promise<VettedAddress[]> = resolveHost, allowed?: AllowedHosts,
): Promise<VettedAddress[]> {
  const { host, literal, addresses } = await addressesOf(hostname, resolve);
  const named = allowed !== undefined && !literal && allowed.allowsName(host);
  if (!allowPrivate && !named && !addresses.every((a) => isPublicAddress(a.address) || (allowed?.allowsAddress(a.address) ?? false))) {
    throw badRequest(local(literal ? 'requestAddressRefusedAt' : 'requestHostRefusedAt', { host }));
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
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers: Record<string, string>;
  body?: string | Buffer | undefined;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string>;
  /** The body as text. */
  text: string;
}

/** How long a kept-alive connection waits unused before it is closed (below common servers' own 60 s). */
const IDLE_CONNECTION_MS = 15_000;

/**
 * Kept-alive connections for the requests that ask for them (an API's pages, issue 40: a TLS
 * handshake per page costs more than the page), one pool per origin *and* the addresses vetted
 * for it: a socket is only ever reused for the very addresses it was opened to, so a host whose
 * DNS now answers otherwise gets a new pool, made through a new vetting.
 */
const pools = new LRUCache<string, http.Agent>({ max: 200, dispose: (agent) => agent.destroy() });

function poolFor(url: URL, targets: readonly VettedAddress[]): http.Agent {
  const key = `${url.protocol}//${url.host} ${targets.map((t) => t.address).join(' ')}`;
  let agent = pools.get(key);
  if (agent === undefined) {
    const settings = { keepAlive: true, maxSockets: 8, maxFreeSockets: 4, timeout: IDLE_CONNECTION_MS, scheduling: 'lifo' as const };
    agent = url.protocol === 'https:' ? new https.Agent(settings) : new http.Agent(settings);
    pools.set(key, agent);
  }
  return agent;
}

/**
 * Sends the request to `targets` (the vetted addresses of the URL's host, tried in turn when one
 * cannot be connected to: a host whose IPv6 address is unreachable from here still answers);
 * redirects are answered, not followed. With `keepAlive` the connection is kept for the next
 * request to the same origin and addresses.
 */
export async function sendToAddress(
  request: OutboundRequest, targets: readonly VettedAddress[], timeoutMs = OUTBOUND_TIMEOUT_MS, signal?: AbortSignal, maxBytes = OUTBOUND_MAX_BYTES,
  keepAlive = false,
): Promise<OutboundResponse> {
  const { bytes, ...answer } = await sendBytesToAddress(request, targets, timeoutMs, signal, maxBytes, keepAlive);
  return { ...answer, text: bytes.toString('utf8') };
}

/** An answer as it came, for what is not text (a git pack). */
export interface OutboundBytes {
  status: number;
  headers: Record<string, string>;
  bytes: Buffer;
}

/** sendToAddress, answering the body's bytes. */
export function sendBytesToAddress(
  request: OutboundRequest, targets: readonly VettedAddress[], timeoutMs = OUTBOUND_TIMEOUT_MS, signal?: AbortSignal, maxBytes = OUTBOUND_MAX_BYTES,
  keepAlive = false,
): Promise<OutboundBytes> {
  const first = targets[0];
  if (first === undefined) return Promise.reject(new HttpError(502, Messages.requestHostUnknown));
  if (signal?.aborted === true) return Promise.reject(signal.reason as Error);
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
  const options: http.RequestOptions & Pick<TcpNetConnectOpts, 'autoSelectFamily'> = {
    method: request.method, headers, lookup, agent: keepAlive ? poolFor(request.url, targets) : false, autoSelectFamily: true,
  };

  return new Promise((resolve, reject) => {
    let outgoing: http.ClientRequest;
    try {
      outgoing = client.request(request.url, options, (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const tooLarge = () => new HttpError(502, maxBytes === OUTBOUND_MAX_BYTES ? Messages.requestTooLarge : local('apiAnswerTooLarge', { kb: String(Math.floor(maxBytes / 1024)) }));
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) outgoing.destroy(tooLarge());
          else chunks.push(chunk);
        });
        response.on('end', () => {
          clearTimeout(timer);
          // The chunk that passed the limit may be the last: its end comes before the destroy's error.
          if (size > maxBytes) {
            fail(tooLarge());
            return;
          }
          resolve({ status: response.statusCode ?? 0, headers: flatHeaders(response.headers), bytes: Buffer.concat(chunks) });
        });
        response.on('error', (error) => fail(error));
      });
    } catch (error) {
      // Node refuses header names or values it cannot send.
      reject(badRequest(local('requestHeaderInvalid', { detail: error instanceof Error ? error.message : String(error) })));
      return;
    }
    const timer = setTimeout(() => outgoing.destroy(new HttpError(502, local('requestTimedOutAfter', { seconds: timeoutMs / 1000 }))), timeoutMs);
    // Whoever waits for the answer (a workflow step past its time) may give up on it: the reason is rethrown as it is.
    const onAbort = () => outgoing.destroy(signal?.reason as Error);
    signal?.addEventListener('abort', onAbort, { once: true });
    outgoing.on('close', () => signal?.removeEventListener('abort', onAbort));
    const fail = (error: unknown) => {
      clearTimeout(timer);
      if (signal?.aborted === true && error === signal.reason) {
        reject(error);
        return;
      }
      reject(error instanceof HttpError ? error : new HttpError(502, local('requestFailedAt', { detail: error instanceof Error ? error.message : String(error) })));
    };
    outgoing.on('error', fail);
    outgoing.end(request.body);
  });
}

const flatHeaders = (headers: http.IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]])));
