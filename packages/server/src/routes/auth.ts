import { authCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { openAppSession } from '../accounts/open-app';
import { register, signInWithPassword } from '../accounts/password-sign-in';
import { clientOf } from '../http/session-client';
import { route } from '../http/route';
import { accountRateLimit, authRateLimit } from '../http/rate-limit';

/**
 * Sign-in and registration (spec 1 §5, §7): the only calls besides app-by-slug without a token;
 * and the session of an application its administrator opens from main (accounts/).
 */
const authRoutes: FastifyPluginAsync = async (app) => {
  const limitSignIn = accountRateLimit(app, 'sign-in');
  const limitRegistration = accountRateLimit(app, 'registration');
  route(app, authCalls.login, ({ input: { body }, request, audit }) =>
    signInWithPassword(app.services, audit, body, clientOf(request), (account) => limitSignIn(request, account)), { config: { rateLimit: authRateLimit(app) } });
  route(app, authCalls.openApp, ({ input: { body }, caller, request }) => openAppSession(app.services.store, app.services.tokens, caller, body.appId, clientOf(request)));
  route(app, authCalls.register, ({ input: { body }, request, audit }) =>
    register(app.services, audit, body.data, (account) => limitRegistration(request, account)), { config: { rateLimit: authRateLimit(app) } });
};

export default authRoutes;
