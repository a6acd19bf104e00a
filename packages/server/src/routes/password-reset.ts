import { authCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { issueResetToken, resetPassword } from '../accounts/password-reset';
import { route } from '../http/route';
import { accountRateLimit, authRateLimit } from '../http/rate-limit';

/** Password reset (accounts/password-reset.ts): a token for whom may have one, then a new password with it. */
const passwordResetRoutes: FastifyPluginAsync = async (app) => {
  const limitTokens = accountRateLimit(app, 'reset-token');
  const limitChanges = accountRateLimit(app, 'reset-password');
  route(app, authCalls.getResetToken, ({ input: { body }, caller, request }) =>
    issueResetToken(app.services, caller, body.userId, (account) => limitTokens(request, account)), { config: { rateLimit: authRateLimit(app) } });
  route(app, authCalls.resetPassword, ({ input: { body }, request, audit }) =>
    resetPassword(app.services, audit, body, (account) => limitChanges(request, account)), { config: { rateLimit: authRateLimit(app) } });
};

export default passwordResetRoutes;
