import { createHash } from 'node:crypto';
import { type ApiEndpointDraft, Messages, type NameValue } from '@rakit/core';
import { LRUCache } from 'lru-cache';
import { badRequest } from '../errors/http-errors';
import type { OutboundRules } from '../outbound/guarded-send';
import { type AnswerRows, rowsOfAnswer } from './answer-rows';
import type { ApiSettings } from './api-settings';
import { callEndpoint, type EndpointAnswer, type PageAsked } from './call-endpoint';
import type { ApiCursorStore } from './cursor-store';
import { type ApiParamValues, namesUser } from './templates';

/*
 * Pages of an endpoint's rows as a table asks for them (issue 40). Page and offset schemes reach
 * any page at once; cursor and Link-header schemes only from the page before, so the cursors
 * each answer gives are kept (cursor-store.ts: per endpoint, parameters, search, filters, size
 * and, when the endpoint names the caller, user; shared by the replicas through Redis) and a page
 * further on is reached by walking a few pages at most. Answers are
 * kept for the endpoint's cacheS seconds, per user when its requests carry the user.
 */

/** The most pages walked to reach one a cursor is not known for. */
export const MAX_PAGES_WALKED = 20;

export interface EndpointPageRequest {
  api: ApiSettings;
  endpoint: ApiEndpointDraft & { endpointId: number; revision: number };
  params: ApiParamValues;
  userId: string;
  search: string;
  /** The table's active filters as query parameters (tables/api-content.ts). */
  filters: readonly NameValue[];
  /** 0-based. */
  index: number;
  size: number;
  signal?: AbortSignal | undefined;
}

export interface EndpointPage extends AnswerRows {
  /** Whether a page after this one exists (its cursor or link, or a full page without either). */
  hasNext: boolean;
}

/** Kept answers, bounded by their JSON's length (64 MB in all). */
const answersKept = new LRUCache<string, { json: unknown; nextLink: string | null; size: number }>({ max: 1_000, maxSize: 64 * 1024 * 1024, sizeCalculation: (value) => value.size });

const perUser = (endpoint: ApiEndpointDraft, api: ApiSettings): boolean =>
  [endpoint.path, endpoint.body, ...endpoint.query.map((q) => q.value), ...endpoint.headers.map((h) => h.value), ...api.headers.map((h) => h.value)].some(namesUser);

/** What makes a list of rows the same list: the endpoint as saved, its API, the parameters, the search, the size, the user if named. */
function listKey(request: EndpointPageRequest): string {
  const { api, endpoint } = request;
  const user = perUser(endpoint, api) ? request.userId : '';
  return createHash('sha256').update(JSON.stringify([api.sourceId, api.revision, endpoint.endpointId, endpoint.revision, request.params, request.search, request.filters, request.size, user])).digest('base64url');
}

async function fetchPage(request: EndpointPageRequest, page: PageAsked, rules: OutboundRules, key: string): Promise<EndpointAnswer | { json: unknown; nextLink: string | null }> {
  const { endpoint } = request;
  const call = { api: request.api, endpoint, params: request.params, userId: request.userId, page, search: request.search, filters: request.filters, signal: request.signal };
  if (endpoint.cacheS <= 0) return callEndpoint(call, rules);
  const answerKey = `${key}:${page.index}:${page.cursor ?? ''}:${page.link ?? ''}`;
  const kept = answersKept.get(answerKey);
  if (kept !== undefined) return kept;
  const answer = await callEndpoint(call, rules);
  answersKept.set(answerKey, { json: answer.json, nextLink: answer.nextLink, size: Math.max(1, JSON.stringify(answer.json).length) }, { ttl: endpoint.cacheS * 1000 });
  return answer;
}

const sequential = (endpoint: ApiEndpointDraft): boolean => endpoint.paging.scheme === 'cursor' || endpoint.paging.scheme === 'link';

/** The page `index` of the endpoint's rows; a cursor-paged endpoint's cursors are kept in `cursors`. */
export async function endpointPage(request: EndpointPageRequest, rules: OutboundRules, cursors: ApiCursorStore): Promise<EndpointPage> {
  const { endpoint, size } = request;
  if (request.search !== '' && endpoint.searchParam === '') throw badRequest(Messages.apiCannotSearch);
  const key = listKey(request);
  if (endpoint.paging.scheme === 'none') {
    // The whole list in one answer: the table pages it here.
    const read = rowsOfAnswer((await fetchPage(request, { index: 0, size }, rules, key)).json, endpoint);
    const start = request.index * size;
    return { ...read, rows: read.rows.slice(start, start + size), total: read.total ?? read.rows.length, hasNext: read.rows.length > start + size };
  }
  if (!sequential(endpoint)) {
    const answer = await fetchPage(request, { index: request.index, size }, rules, key);
    const read = rowsOfAnswer(answer.json, endpoint);
    return { ...read, hasNext: read.total === null ? read.rows.length >= size : (request.index + 1) * size < read.total };
  }
  // Cursor or Link: from the nearest page whose cursor is known (the first page needs none).
  const known = await cursors.known(key);
  let from = request.index;
  while (from > 0 && !known.has(from)) from--;
  if (request.index - from > MAX_PAGES_WALKED) throw badRequest(Messages.apiPageTooFar);
  let cursor = known.get(from) ?? null;
  for (let index = from; ; index++) {
    const page: PageAsked = endpoint.paging.scheme === 'cursor' ? { index, size, cursor } : { index, size, link: cursor };
    const answer = await fetchPage(request, page, rules, key);
    const read = rowsOfAnswer(answer.json, endpoint);
    const next = endpoint.paging.scheme === 'cursor' ? read.nextCursor : answer.nextLink;
    if (next !== null && known.get(index + 1) !== next) await cursors.remember(key, index + 1, next);
    cursor = next;
    if (index >= request.index || next === null) {
      // Asked past the end: an empty page.
      return index >= request.index ? { ...read, hasNext: next !== null } : { ...read, rows: [], hasNext: false };
    }
  }
}
