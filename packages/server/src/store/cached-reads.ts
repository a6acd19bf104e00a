import type { Store } from './db';
import type { ReadCache } from './read-cache';
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
 * Answers are shared between callers: treat them as read-only.
 */

/** The user row and his groups, which make the request's principal. */
export const cachedAccount = ({ store, readCache }: CachedStore, userId: string) =>
  readCache.get(`account:${userId}`, async () => {
    const user = await findUser(store, userId);
    return user === undefined ? undefined : { user, groups: await groupsOfUser(store, userId) };
  });

export const cachedPage = ({ store, readCache }: CachedStore, pageId: number) =>
  readCache.get(`page:${pageId}`, () => findPage(store, pageId));

export const cachedDbConfig = ({ store, readCache }: CachedStore, dbId: number) =>
  readCache.get(`db:${dbId}`, () => findDbConfig(store, dbId));

export const cachedPageReach = ({ store, readCache }: CachedStore, pageId: number, groupIds: number[]) =>
  readCache.get(`reach:${pageId}:${groupIds.join(',')}`, () => pageReachableByGroups(store, pageId, groupIds));
