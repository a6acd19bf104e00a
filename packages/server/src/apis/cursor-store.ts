import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/*
 * The cursors a cursor- or Link-paged endpoint gave, per list of rows (endpoint-pages.ts): page
 * n+1 is reached from page n's cursor. Behind several replicas the member's Next may reach
 * another process than his last page did, so with REDIS_URL the cursors are kept in Redis, where
 * every replica reads them; without it, in this process. Redis failing is not the member's
 * failure: the process's own cursors are used meanwhile (the next page is then walked to).
 */

/** How long a list's cursors are kept after its last page was read (a member paging through it). */
export const CURSOR_TTL_S = 3600;

export interface ApiCursorStore {
  /** The cursors known of a list: index → the cursor (or Link address) of that page. */
  known(list: string): Promise<ReadonlyMap<number, string>>;
  /** Page `index`'s cursor, learnt from the page before it. */
  remember(list: string, index: number, cursor: string): Promise<void>;
}

/** This process's own: 5,000 lists, the least recently paged dropped first. */
export function localCursorStore(): ApiCursorStore {
  const lists = new LRUCache<string, Map<number, string>>({ max: 5_000, ttl: CURSOR_TTL_S * 1000, updateAgeOnGet: true });
  return {
    async known(list) {
      return lists.get(list) ?? new Map();
    },
    async remember(list, index, cursor) {
      const cursors = lists.get(list) ?? new Map<number, string>();
      cursors.set(index, cursor);
      lists.set(list, cursors);
    },
  };
}

/** Kept in Redis, one hash per list (field: the page's index), for every replica; this process's own while Redis does not answer. */
export function sharedCursorStore(redis: Redis, prefix: string, onError: (error: unknown) => void): ApiCursorStore {
  const own = localCursorStore();
  let reportedAt = -Infinity;
  const failed = (error: unknown) => {
    // Once a minute at most: every page of every member would report the same outage.
    if (performance.now() - reportedAt >= 60_000) onError(error);
    reportedAt = performance.now();
  };
  const keyOf = (list: string) => `${prefix}api-cursors:${list}`;
  return {
    async known(list) {
      try {
        const fields = await redis.hgetall(keyOf(list));
        return new Map(Object.entries(fields).map(([index, cursor]) => [Number(index), cursor]));
      } catch (error) {
        failed(error);
        return own.known(list);
      }
    },
    async remember(list, index, cursor) {
      await own.remember(list, index, cursor);
      try {
        await redis.multi().hset(keyOf(list), String(index), cursor).expire(keyOf(list), CURSOR_TTL_S).exec();
      } catch (error) {
        failed(error);
      }
    },
  };
}
