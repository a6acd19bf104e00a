import type { Redis } from 'ioredis';
import { ReadCacheSync } from './read-cache-sync';
import { closeRedis, openSharedRedis } from './redis';
import type { Services } from '../services';

/**
 * What the replicas of one deployment share through REDIS_URL: one connection for the limits'
 * counts and the read cache's announcements (closed when the process stops), and one subscribed to the
 * announcements of the others. Without REDIS_URL, nothing: limits count per process and the
 * read cache hears only this process's writes.
 */
export async function openSharedState(services: Pick<Services, 'config' | 'log' | 'readCache' | 'lifecycle'>): Promise<{ redis: Redis | undefined }> {
  const { redisUrl, redisPrefix } = services.config;
  if (redisUrl === undefined) return { redis: undefined };
  const [redis, subscriber] = await Promise.all([
    openSharedRedis(redisUrl, `${redisPrefix}shared`, services.log),
    // A subscribed connection can do nothing else; it renews its subscription itself (ReadCacheSync).
    openSharedRedis(redisUrl, `${redisPrefix}read-cache`, services.log, { autoResubscribe: false }),
  ]);
  const sync = new ReadCacheSync(services.readCache, redis, subscriber, readCacheChannel(services.config), services.log);
  services.lifecycle.whenStopped(async () => {
    sync.close();
    await closeRedis(subscriber);
    await closeRedis(redis);
  });
  return { redis };
}

export const readCacheChannel = (config: { redisPrefix: string }) => `${config.redisPrefix}read-cache`;

/**
 * The start message's line on what replicas share: on a store several processes may share
 * (DATABASE_URL) without REDIS_URL, that limits and caches are each process's own.
 */
export function sharedStateNotice(config: { databaseUrl: string | undefined; redisUrl: string | undefined; readCacheMs: number }): string | undefined {
  if (config.redisUrl !== undefined) return `  Replicas: limits counted and read caches emptied through Redis at ${new URL(config.redisUrl).host}`;
  if (config.databaseUrl === undefined) return undefined;
  return `  Replicas: without REDIS_URL, limits are counted per process and each process's read cache sees the others' writes only after RAKIT_READ_CACHE_MS (${config.readCacheMs} ms)`;
}
