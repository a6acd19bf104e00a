import { Messages } from '@rakit/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Per-route limit for sign-in, registration and password reset: attempts per minute per address. */
export const authRateLimit = (app: FastifyInstance) => ({
  max: app.config.authRateLimit,
  timeWindow: '1 minute',
  errorResponseBuilder: () => ({ statusCode: 429, message: Messages.tooManyRequests }),
});

/** Server-sent Request tests per minute per signed-in user. */
export const REQUEST_TEST_RATE_LIMIT = 30;
/** Prints (a LibreOffice conversion each) per minute per signed-in user. */
export const PRINT_RATE_LIMIT = 30;

/**
 * Per-route limit of calls per minute per signed-in user, for calls that cost the server much
 * (a request sent for the caller, a PDF conversion). Anyone signed in to main can create an
 * application and administer it, so per-application rights are no limit. Counted once the
 * caller is known.
 */
export const perUserRateLimit = (max: number) => ({
  max,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => (request.principal === null ? `ip:${request.ip}` : `user:${request.principal.userId}`),
  errorResponseBuilder: () => ({ statusCode: 429, message: Messages.tooManyRequests }),
});
