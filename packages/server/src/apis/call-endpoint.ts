import { type ApiEndpointDraft, IDEMPOTENT_API_METHODS, Messages, type NameValue } from '@rakit/core';
import { badRequest, HttpError, local } from '../errors/http-errors';
import { type OutboundRules, sendGuarded } from '../outbound/guarded-send';
import { outboundUrl, type OutboundResponse } from '../outbound/safe-request';
import type { ApiSettings } from './api-settings';
import { withAppSlot } from './app-slots';
import { accessToken, forgetToken } from './oauth-tokens';
import { type ApiParamValues, fillTemplate, jsonContent, pathSegment } from './templates';

/*
 * One call of an endpoint: its request built from the API's settings and the endpoint's
 * templates, signed as the API wants, sent under the outbound rules with the API's time and size
 * limits, asked again once after a failure only when the method is idempotent, and answered as
 * JSON. Whatever the parameters hold, the request goes to the API's own origin.
 */

/** Which page to ask for, in the endpoint's paging scheme. */
export interface PageAsked {
  /** 0-based page index (page and offset schemes). */
  index: number;
  size: number;
  /** cursor: the cursor a previous answer gave (none for the first page). */
  cursor?: string | null | undefined;
  /** link: the next page's address a previous answer's Link header gave. */
  link?: string | null | undefined;
}

export interface EndpointCall {
  api: ApiSettings;
  endpoint: ApiEndpointDraft;
  params: ApiParamValues;
  /** The caller's id, for `--userId--`. */
  userId: string;
  page?: PageAsked | undefined;
  /** A table's search text, sent in endpoint.searchParam. */
  search?: string | undefined;
  /** A table's active filters, as the endpoint's filterParams name them (tables/api-content.ts). */
  filters?: readonly NameValue[] | undefined;
  signal?: AbortSignal | undefined;
}

export interface EndpointAnswer {
  status: number;
  /** The answer parsed as JSON. */
  json: unknown;
  /** The next page's address from the Link header (rel="next"), when there is one. */
  nextLink: string | null;
  ms: number;
}

const RETRY_DELAY_MS = 250;
const RETRY_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

/** The base URL and the filled path joined: a value of a parameter cannot change the origin. */
function endpointUrl(call: EndpointCall): URL {
  const base = outboundUrl(call.api.baseUrl);
  const path = fillTemplate(call.endpoint.path, call.params, call.userId, pathSegment);
  const joined = `${base.href.replace(/\/+$/, '')}${path === '' || path.startsWith('/') || path.startsWith('?') ? '' : '/'}${path}`;
  const url = outboundUrl(joined);
  if (url.origin !== base.origin) throw badRequest(Messages.requestUrlInvalid);
  for (const { name, value } of call.endpoint.query) url.searchParams.append(name, fillTemplate(value, call.params, call.userId));
  return url;
}

/** The page's parameters, as the endpoint's scheme names them. */
function addPaging(url: URL, endpoint: ApiEndpointDraft, page: PageAsked): URL {
  const { paging } = endpoint;
  const set = (name: string, value: string | number) => {
    if (name !== '') url.searchParams.set(name, String(value));
  };
  switch (paging.scheme) {
    case 'page':
      set(paging.pageParam, paging.firstPage + page.index);
      set(paging.sizeParam, page.size);
      return url;
    case 'offset':
      set(paging.offsetParam, page.index * page.size);
      set(paging.limitParam, page.size);
      return url;
    case 'cursor':
      if (page.cursor !== undefined && page.cursor !== null) set(paging.cursorParam, page.cursor);
      set(paging.sizeParam, page.size);
      return url;
    case 'link': {
      if (page.link === undefined || page.link === null) {
        set(paging.sizeParam, page.size);
        return url;
      }
      // The next page's address comes from the API's answer: it must stay on the API's origin.
      const next = outboundUrl(new URL(page.link, url).href);
      if (next.origin !== url.origin) throw badRequest(Messages.requestUrlInvalid);
      return next;
    }
    default:
      return url;
  }
}

/** The `rel="next"` target of a Link header (RFC 8288), or null. */
export function nextLinkOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/s.exec(part);
    if (match !== null && /;\s*rel\s*=\s*"?(?:[^";]*\s)?next(?:\s[^";]*)?"?\s*(?:;|$)/i.test(match[2] ?? '')) return match[1] ?? null;
  }
  return null;
}

async function signedHeaders(call: EndpointCall, url: URL, rules: OutboundRules): Promise<{ headers: Record<string, string>; token: string | null }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const { name, value } of call.api.headers) headers[name.toLowerCase()] = fillTemplate(value, call.params, call.userId);
  for (const { name, value } of call.endpoint.headers) headers[name.toLowerCase()] = fillTemplate(value, call.params, call.userId);
  const { auth, secret } = call.api;
  let token: string | null = null;
  switch (auth.kind) {
    case 'bearer':
      headers.authorization = `Bearer ${secret}`;
      break;
    case 'basic':
      headers.authorization = `Basic ${Buffer.from(`${auth.username}:${secret}`).toString('base64')}`;
      break;
    case 'apiKey':
      if (auth.keyIn === 'query') url.searchParams.set(auth.keyName, secret);
      else headers[auth.keyName.toLowerCase()] = secret;
      break;
    case 'oauth2':
      token = await accessToken(call.api, rules);
      headers.authorization = `Bearer ${token}`;
      break;
    default:
      break;
  }
  return { headers, token };
}

function requestBody(call: EndpointCall, headers: Record<string, string>): string | undefined {
  if (call.endpoint.method === 'GET' || call.endpoint.body.trim() === '') return undefined;
  const body = fillTemplate(call.endpoint.body, call.params, call.userId, jsonContent);
  try {
    JSON.parse(body);
  } catch {
    throw badRequest(Messages.apiBodyNotJson);
  }
  headers['content-type'] ??= 'application/json';
  return body;
}

const pause = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve, reject) => {
  const timer = setTimeout(resolve, ms);
  signal?.addEventListener('abort', () => {
    clearTimeout(timer);
    reject(signal.reason as Error);
  }, { once: true });
});

/** Calls the endpoint and answers its JSON; a status of 300 or more is a 502 naming it. */
export async function callEndpoint(call: EndpointCall, rules: OutboundRules): Promise<EndpointAnswer> {
  const started = performance.now();
  let url = endpointUrl(call);
  if (call.search !== undefined && call.search !== '' && call.endpoint.searchParam !== '') url.searchParams.set(call.endpoint.searchParam, call.search);
  // A filter's parameter replaces the endpoint's own value of it; a select filter's values each repeat it.
  for (const name of new Set((call.filters ?? []).map((f) => f.name))) url.searchParams.delete(name);
  for (const { name, value } of call.filters ?? []) url.searchParams.append(name, value);
  if (call.page !== undefined) url = addPaging(url, call.endpoint, call.page);
  const attempts = IDEMPOTENT_API_METHODS.includes(call.endpoint.method) ? 2 : 1;
  let refreshedToken = false;
  let answer: OutboundResponse | undefined;
  for (let attempt = 1; ; attempt++) {
    const target = new URL(url.href);
    const { headers, token } = await signedHeaders(call, target, rules);
    const body = requestBody(call, headers);
    try {
      answer = await withAppSlot(call.api.appId, () => sendGuarded(
        { url: target, method: call.endpoint.method, headers, body }, rules, { timeoutMs: call.api.timeLimitMs, maxBytes: call.api.maxBytes, signal: call.signal, keepAlive: true },
      ));
    } catch (error) {
      // A refusal of ours (400) or the caller gone is final; a connection that failed may be tried again.
      if (attempt >= attempts || !(error instanceof HttpError) || error.statusCode !== 502 || call.signal?.aborted === true) throw error;
      await pause(RETRY_DELAY_MS, call.signal);
      continue;
    }
    if (answer.status === 401 && token !== null && !refreshedToken) {
      // The API refused its token (revoked, expired early): one new token, one more try.
      forgetToken(call.api, token);
      refreshedToken = true;
      attempt--;
      continue;
    }
    if (attempt < attempts && RETRY_STATUSES.has(answer.status)) {
      await pause(RETRY_DELAY_MS, call.signal);
      continue;
    }
    break;
  }
  if (answer.status >= 300) throw new HttpError(502, local('apiAnswerStatus', { status: String(answer.status) }));
  let json: unknown;
  try {
    json = answer.text.trim() === '' ? null : JSON.parse(answer.text);
  } catch {
    throw new HttpError(502, Messages.apiAnswerNotJson);
  }
  return { status: answer.status, json, nextLink: nextLinkOf(answer.headers.link), ms: performance.now() - started };
}
