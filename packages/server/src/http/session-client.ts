import type { FastifyRequest } from 'fastify';
import type { SessionClient } from '../accounts/sessions';

/** Where a session is used from, as this request shows it (its user agent and the client's address). */
export const clientOf = (request: FastifyRequest): SessionClient => ({
  userAgent: (request.headers['user-agent'] ?? '').slice(0, 400),
  address: request.ip.slice(0, 64),
});
