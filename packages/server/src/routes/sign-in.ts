import { Messages, signInCalls } from '@rakit/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  finishSignIn, listIdentityProviders, redeemTicket, removeIdentityProvider, saveIdentityProvider, savePasswordSignIn, SignInRefusal, startSignIn,
} from '../accounts/single-sign-on';
import { endOwnSessions, endSessionsOf, listOwnSessions } from '../accounts/sessions';
import { clientOf } from '../http/session-client';
import type { AuditContext } from '../audit/context';
import { notFound } from '../errors/http-errors';
import { authRateLimit } from '../http/rate-limit';
import { route } from '../http/route';

/**
 * Single sign-on (issue 36): the providers' settings, the ticket trade, and the browser's two
 * navigations to the provider and back, answered with redirects (they are no calls of the
 * contract: a browser follows them, nothing parses them).
 */
const signInRoutes: FastifyPluginAsync = async (app) => {
  route(app, signInCalls.listIdentityProviders, ({ input: { params } }) => listIdentityProviders(app.services, params.appId));
  route(app, signInCalls.saveIdentityProvider, async ({ input: { body }, reply, audit }) => {
    const { created, ...saved } = await saveIdentityProvider(app.services, audit, body);
    if (created) reply.code(201);
    return saved;
  });
  route(app, signInCalls.deleteIdentityProvider, ({ input: { body }, audit }) => removeIdentityProvider(app.services, audit, body.appId, body.providerId));
  route(app, signInCalls.savePasswordSignIn, ({ input: { body }, audit }) => savePasswordSignIn(app.services, audit, body.appId, body.password));
  route(app, signInCalls.endUserSessions, ({ input: { body }, caller, audit }) => endSessionsOf(app.services, caller, audit, body.appId, body.userId));
  route(app, signInCalls.redeemSignInTicket, ({ input: { body }, request }) => redeemTicket(app.services, body.ticket, clientOf(request)), { config: { rateLimit: authRateLimit(app) } });
  route(app, signInCalls.listOwnSessions, ({ caller }) => listOwnSessions(app.services.store, caller));
  route(app, signInCalls.endOwnSessions, ({ input: { body }, caller, audit }) => endOwnSessions(app.services.store, caller, audit, body));

  /** This server's address as the browser reached it (behind the operator's proxies, as RAKIT_TRUST_PROXY believes them). */
  const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  /** Where a refused sign-in sends the browser: its application's sign-in screen, saying why by code. */
  const refusedAt = (refusal: SignInRefusal) => (refusal.appSlug === undefined ? '/' : `/${encodeURIComponent(refusal.appSlug)}/auth/login?sso=${refusal.code}`);

  // Navigations, not calls: no contract, out of the API's document (app.ts `infrastructure`), open to anyone, limited as sign-ins are.
  const navigation = { config: { public: true, infrastructure: true, rateLimit: authRateLimit(app) }, schema: { hide: true } } as const;

  app.get('/auth/sso/:providerId/start', navigation, async (request, reply) => {
    const providerId = z.coerce.number().int().positive().safeParse((request.params as { providerId?: unknown }).providerId);
    if (!providerId.success) throw notFound(Messages.ssoProviderNotFound);
    try {
      const { location } = await startSignIn(app.services, providerId.data, originOf(request));
      return await reply.redirect(location, 303);
    } catch (error) {
      if (error instanceof SignInRefusal) return reply.redirect(refusedAt(error), 303);
      throw error;
    }
  });

  app.get('/auth/sso/callback', navigation, async (request, reply) => {
    const audit: AuditContext = { action: 'login', actorId: null, sourceAddress: request.ip, appId: null, input: {}, recorded: false };
    try {
      const { location } = await finishSignIn(app.services, new URL(request.url, originOf(request)), audit);
      return await reply.redirect(location, 303);
    } catch (error) {
      if (error instanceof SignInRefusal) return reply.redirect(refusedAt(error), 303);
      throw error;
    }
  });
};

export default signInRoutes;
