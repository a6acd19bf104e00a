import { Messages } from '@rakit/core';
import type { FastifyInstance } from 'fastify';

/** Per-route limit for sign-in, registration and password reset: attempts per minute per address. */
export const authRateLimit = (app: FastifyInstance) => ({
  max: app.config.authRateLimit,
  timeWindow: '1 minute',
  errorResponseBuilder: () => ({ statusCode: 429, message: Messages.tooManyRequests }),
});
