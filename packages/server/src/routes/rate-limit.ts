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

/**
 * Per-route limit for the Request section's Test: calls per minute per user (anyone signed in
 * to main can create an application and administer it). Counted after sign-in is known.
 */
export const requestTestRateLimit = () => ({
  max: REQUEST_TEST_RATE_LIMIT,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => (request.principal === null ? `ip:${request.ip}` : `user:${request.principal.userId}`),
  errorResponseBuilder: () => ({ statusCode: 429, message: Messages.tooManyRequests }),
});
