import { Messages } from '@rakit/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/**
 * Per-route limit for sign-in, registration and password reset: attempts per minute per client
 * address (the peer's, or the one a proxy named in RAKIT_TRUST_PROXY forwards).
 */
export const authRateLimit = (app: FastifyInstance) => ({
  max: app.config.authRateLimit,
  timeWindow: '1 minute',
  errorResponseBuilder: () => ({ statusCode: 429, message: Messages.tooManyRequests }),
});

/** The window of the per-account limit (RAKIT_AUTH_ACCOUNT_RATE_LIMIT attempts in it). */
const ACCOUNT_WINDOW = '15 minutes';

/**
 * A limit of attempts at one account, beside the per-address one: guesses spread over many
 * addresses still count against the account they aim at. Checked in the handler once the
 * account is known: pass the stored user id when there is one, so that every spelling the
 * store matches (MariaDB compares ids without case) counts as the same account. Each call makes
 * a limiter of its own, so sign-in and reset attempts are counted apart.
 */
export function accountRateLimit(app: FastifyInstance): (request: FastifyRequest, account: string) => Promise<void> {
  const accountOf = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max: app.config.authAccountRateLimit,
    timeWindow: ACCOUNT_WINDOW,
    keyGenerator: (request) => accountOf.get(request) ?? '',
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
/** Address and school lookups (an index search each, as a member types) per minute per signed-in user, unless RAKIT_LOOKUP_RATE_LIMIT says otherwise. */
export const LOOKUP_RATE_LIMIT = 120;

/**
 * Per-route limit of calls per minute per signed-in user, for calls that cost the server much
 * (a request sent for the caller, a PDF conversion). Anyone signed in to main can create an
 * application and administer it, so per-application rights are no limit. Counted once the
 * caller is known (onRequest) and before the call's access is checked (preHandler), so calls
 * refused for want of rights count too.
 */
export const perUserRateLimit = (max: number) => ({
  max,
  timeWindow: '1 minute',
  hook: 'preValidation' as const,
  keyGenerator: (request: FastifyRequest) => (request.principal === null ? `ip:${request.ip}` : `user:${request.principal.userId}`),
  errorResponseBuilder: () => ({ statusCode: 429, message: Messages.tooManyRequests }),
});
