import { type AnyCall, Messages } from '@rakit/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, notFound, unauthorized } from '../errors/http-errors';
import type { CallOwners } from '../security/call-owners';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was made from (see http/route.ts). */
    call?: AnyCall;
  }
  interface FastifyInstance {
    /** How each entity a call names leads to its application, as the route modules declared it. */
    callOwners: CallOwners;
  }
  interface FastifyRequest {
    /** The application the call names, once its access is checked (member and appAdmin calls). */
    callAppId: number | undefined;
  }
}

/**
 * Enforces every contract's `access` after the input is validated and before the handler
 * runs, so a route cannot forget its check. Anonymous callers were already refused by the
 * authentication hook (onRequest) unless the call is public.
 */
export function installCallAccess(app: FastifyInstance): void {
  app.decorateRequest('callAppId', undefined);
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const call = request.routeOptions.config.call;
    if (call === undefined || call.access.level === 'public') return;
    const caller = request.principal;
    if (caller === null) throw unauthorized(Messages.unauthenticated);
    const { access } = call;
    if (access.level === 'signedIn') return;
    if (access.level === 'superAdmin') {
      caller.assertSuperAdmin();
      return;
    }
    const lookup = app.callOwners.of(access.app.entity);
    const appId = await lookup.find(app.services, access.app.id({ params: request.params, query: request.query, body: request.body, headers: request.headers }));
    if (appId === undefined) throw notFound(lookup.missing);
    const allowed = access.level === 'appAdmin' ? caller.administers(appId) : caller.isAppMember(appId);
    if (!allowed) throw forbidden(Messages.forbidden);
    request.callAppId = appId;
  });
}
