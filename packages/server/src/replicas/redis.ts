import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '../services';

/** How long a start waits for Redis before serving anyway (limits then refuse sign-in, the cache reads through). */
const FIRST_CONNECT_MS = 3000;

/**
 * A connection to REDIS_URL for what the replicas share (limits, the read cache's news). A
 * command fails at once while Redis is unreachable instead of waiting in a queue: a sign-in
 * is refused, a cached read goes to the store, never a request hanging on Redis. It reconnects
 * by itself.
 */
export async function openSharedRedis(url: string, name: string, log: Logger, options: RedisOptions = {}): Promise<Redis> {
  const redis = new Redis(url, {
    connectionName: name,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: FIRST_CONNECT_MS,
    commandTimeout: 1000,
    ...options,
  });
  let reported = false;
  redis.on('error', (error: Error) => {
    // Once per outage: it reconnects every few hundred milliseconds.
    if (!reported) log.error({ err: error }, `Redis (${name}) unreachable: sign-in is refused and reads are not cached until it answers`);
    reported = true;
  });
  redis.on('ready', () => {
    if (reported) log.info(`Redis (${name}) answers again`);
    reported = false;
  });
  await whenReady(redis, FIRST_CONNECT_MS);
  return redis;
}

/** Resolves once `redis` is ready or `ms` have passed, whichever is first. */
function whenReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
  });
}

/** Closes `redis`, politely when it answers. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
