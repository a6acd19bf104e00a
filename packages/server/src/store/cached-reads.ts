import type { Store } from './db';
import type { ReadCache } from './read-cache';
import { findApiEndpoint, findApiSource } from './repositories/api-sources';
import { findDbConfig } from './repositories/db-configs';
import { groupsOfUser } from './repositories/groups';
import { findPage, pageReachableByGroups } from './repositories/pages';
import { findUser } from './repositories/users';

/** The store with its read cache (the Fastify instance is one). */
export interface CachedStore {
  store: Store;
  readCache: ReadCache;
}

/*
 * The reads every authenticated call or widget call repeats, through the read cache.
 * Answers are shared between requests, so they are frozen: a caller that changed one would
 * change it for the next request too.
 */

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The user row and his groups, which make the request's principal. */
export const cachedAccount = ({ store, readCache }: CachedStore, userId: string) =>
  readCache.get(`account:${userId}`, async () => {
    const user = await findUser(store, userId);
    return user === undefined ? undefined : deepFreeze({ user, groups: await groupsOfUser(store, userId) });
  });

export const cachedPage = ({ store, readCache }: CachedStore, pageId: number) =>
  readCache.get(`page:${pageId}`, async () => deepFreeze(await findPage(store, pageId)));

export const cachedDbConfig = ({ store, readCache }: CachedStore, dbId: number) =>
  readCache.get(`db:${dbId}`, async () => deepFreeze(await findDbConfig(store, dbId)));

export const cachedPageReach = ({ store, readCache }: CachedStore, pageId: number, groupIds: number[]) =>
  readCache.get(`reach:${pageId}:${groupIds.join(',')}`, () => pageReachableByGroups(store, pageId, groupIds));

/** An API endpoint with its API (issue 40): what every load of a widget reading it repeats. */
export const cachedApiEndpoint = ({ store, readCache }: CachedStore, endpointId: number) =>
  readCache.get(`apiEndpoint:${endpointId}`, async () => {
    const endpoint = await findApiEndpoint(store, endpointId);
    const source = endpoint === undefined ? undefined : await findApiSource(store, endpoint.sourceId);
    return endpoint === undefined || source === undefined ? undefined : deepFreeze({ endpoint, source });
  });
