// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the ambient types of an untyped plugin file must reach every program compiling this module (bench, e2e), not only the server's
/// <reference path="./rate-limit-redis-store.d.ts" />
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { Messages } from '@rakit/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { HttpError } from '../errors/http-errors';

/** The answer (503) of a limited call while Redis, which counts the attempts, does not answer. */
export const LIMITS_UNAVAILABLE = 'Attempts cannot be counted for a moment, please try again shortly';

/**
 * @fastify/rate-limit's Redis store, so that every process sharing REDIS_URL counts the same
 * attempts. While Redis does not answer, a count fails with a 503: the limits of sign-in,
 * registration and reset fail closed (a guesser could otherwise go unlimited by cutting Redis
 * off or waiting for an outage), the per-user limits of costly calls fail open (skipOnError in
 * perUserRateLimit: the caller is signed in, and the outage should not stop his work).
 */
class SharedLimitStore implements FastifyRateLimitStore {
  constructor(private readonly inner: FastifyRateLimitStore) {}

  incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number, max: number): void {
    this.inner.incr(key, (error, result) => {
      if (error === null) callback(null, result);
      else callback(new HttpError(503, LIMITS_UNAVAILABLE));
    }, timeWindow, max);
  }

  /**
   * A route's limit counts under its method and path (the plugin's own naming); one made with
   * createRateLimit has no route, and its key generator names it instead (accountRateLimit).
   */
  child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const { routeInfo } = options as unknown as { routeInfo: { url?: string } };
    return routeInfo.url === undefined ? this : new SharedLimitStore(this.inner.child(options));
  }
}

/**
 * The rate-limit plugin's options: counts in this process, or in Redis under `prefix` when
 * REDIS_URL is set (`<prefix>limit:<METHOD><path>-<address or user>`, `<prefix>limit:<name>:<account>`).
 */
export function rateLimitOptions(redis: Redis | undefined, prefix: string): FastifyRateLimitOptions {
  if (redis === undefined) return { global: false };
  const counts = redis;
  const store: FastifyRateLimitStoreCtor = class extends SharedLimitStore {
    constructor() {
      super(new RedisStore(false, false, counts, `${prefix}limit:`));
    }
  };
  return { global: false, store };
}

/**
 * Per-route limit for sign-in, registration and password reset: attempts per minute per client
 * address (the peer's, or the one a proxy named in RAKIT_TRUST_PROXY forwards).
 */
export const authRateLimit = (app: FastifyInstance) => ({
  max: app.services.config.authRateLimit,
  timeWindow: '1 minute',
  errorResponseBuilder: () => ({ statusCode: 429, message: Messages.tooManyRequests }),
});

/** The window of the per-account limit (RAKIT_AUTH_ACCOUNT_RATE_LIMIT attempts in it). */
const ACCOUNT_WINDOW = '15 minutes';

/**
 * A limit of attempts at one account, beside the per-address one: guesses spread over many
 * addresses still count against the account they aim at. Checked in the handler once the
 * account is known: pass the stored user id when there is one, so that every spelling the
 * store matches (MariaDB compares ids without case) counts as the same account. Each limiter
 * has a `name` of its own, so sign-in and reset attempts are counted apart (in Redis too).
 */
export function accountRateLimit(app: FastifyInstance, name: string): (request: FastifyRequest, account: string) => Promise<void> {
  const accountOf = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max: app.services.config.authAccountRateLimit,
    timeWindow: ACCOUNT_WINDOW,
    keyGenerator: (request) => `${name}:${accountOf.get(request) ?? ''}`,
  });
  return async (request, account) => {
    accountOf.set(request, account.trim().toLowerCase());
    const limit = await limiter(request);
    if (!limit.isAllowed && limit.isExceeded) throw new HttpError(429, Messages.tooManyRequests);
  };
}

/** Server-sent Request tests per minute per signed-in user. */
export const REQUEST_TEST_RATE_LIMIT = 30;
/** Prints (a LibreOffice conversion each) per minute per signed-in user. */
export const PRINT_RATE_LIMIT = 30;
/** Calls per minute of one token for machines, unless RAKIT_API_TOKEN_RATE_LIMIT says otherwise: a script's steady work, not a flood. */
export const API_TOKEN_RATE_LIMIT = 600;
/** Address and school lookups (an index search each, as a member types) per minute per signed-in user, unless RAKIT_LOOKUP_RATE_LIMIT says otherwise. */
export const LOOKUP_RATE_LIMIT = 120;

/**
 * Per-route limit of calls per minute per signed-in user, for calls that cost the server much
 * (a request sent for the caller, a PDF conversion). Anyone signed in to main can create an
 * application and administer it, so per-application rights are no limit. Counted once the
 * caller is known (onRequest) and before the call's access is checked (preHandler), so calls
 * refused for want of rights count too. Counted in Redis when REDIS_URL is set; while it does
 * not answer, these calls go unlimited rather than refused (see SharedLimitStore).
 */
export const perUserRateLimit = (max: number) => ({
  max,
  timeWindow: '1 minute',
  hook: 'preValidation' as const,
  skipOnError: true,
  keyGenerator: (request: FastifyRequest) => (request.principal === null ? `ip:${request.ip}` : `user:${request.principal.userId}`),
  errorResponseBuilder: () => ({ statusCode: 429, message: Messages.tooManyRequests }),
});
