// @fastify/rate-limit's Redis store (its `redis` option), which the package does not type: wrapped
// by SharedLimitStore (rate-limit.ts) to say what a failing Redis means for each limit.
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';

  class RedisStore implements FastifyRateLimitStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string);
    incr: FastifyRateLimitStore['incr'];
    child: FastifyRateLimitStore['child'];
  }
  export default RedisStore;
}
