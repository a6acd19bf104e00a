import { type AnyCall, callNameOf, type CallName, Messages } from '@rakit/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Services } from '../services';
import { forbidden, HttpError, unauthorized } from '../errors/http-errors';
import { principalOfToken } from '../auth/session-principal';
import { installCallAccess } from './call-access';
import { isMachineToken, machinePrincipalOf } from '../auth/machine-tokens';
import type { Principal } from '../auth/principal';
import { recordAfterCommit } from '../audit/record';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to anonymous callers (login, registration, app by slug). */
    public?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token !== undefined && token !== '' ? token : undefined;
}

/**
 * Authenticates every route that is not marked public: a valid, unexpired token of a user
 * who still exists and still has the session key the token carries (a new password or a
 * re-created account gets a new key). User and groups come through
 * the read cache, which every write of this process empties, so removing a member takes
 * effect on his next call (within RAKIT_READ_CACHE_MS on other processes).
 */
async function authPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('principal', null);
  // onRequest: the caller is known before the body is even read, so an anonymous caller
  // learns nothing about a route's body from validation errors.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public === true || request.routeOptions.url === undefined) return;
    const token = bearerToken(request);
    if (token !== undefined && isMachineToken(token)) {
      request.principal = await machineCaller(request, token);
      return;
    }
    const principal = token === undefined ? undefined : await principalOfToken(app.services, token);
    if (principal === undefined) throw unauthorized(Messages.unauthenticated);
    if (principal.session?.mustSetUpSecondFactor === true && !mayCallWhileSettingUp(request.routeOptions.config.call)) throw forbidden(Messages.secondFactorSetupRequired);
    request.principal = principal;
  });

  // A token for machines (issue 36): only the calls its abilities open (no route made without a
  // contract, no administration, no account call), counted per token like a person's calls.
  const tokenLimit = app.createRateLimit({
    max: app.services.config.apiTokenRateLimit, timeWindow: '1 minute',
    keyGenerator: (request) => `apiToken:${request.principal?.machine?.tokenId ?? ''}`,
  });
  async function machineCaller(request: FastifyRequest, token: string): Promise<Principal> {
    const principal = await machinePrincipalOf(app.services, token);
    if (principal === undefined) throw unauthorized(Messages.unauthenticated);
    request.principal = principal;
    // Counted before the scope is checked: a script flooding calls it may not make is slowed too.
    const limit = await tokenLimit(request);
    if (!limit.isAllowed && limit.isExceeded) throw new HttpError(429, Messages.tooManyRequests);
    const name = request.routeOptions.config.call === undefined ? undefined : callNameOf(request.routeOptions.config.call);
    if (name === undefined || principal.machine?.calls.has(name) !== true) {
      recordRefusedMachineCall(app.services, request, principal, name);
      throw forbidden(Messages.apiTokenRefused);
    }
    return principal;
  }
  installCallAccess(app);
}

export default fp(authPlugin, { name: 'rakit-auth' });

/**
 * What a session that must set up a second factor may call (issue 36): that, its own sessions and
 * language; nothing of an application's until it is done.
 */
const CALLS_WHILE_SETTING_UP: ReadonlySet<CallName> = new Set(['getSecondFactor', 'startSecondFactor', 'confirmSecondFactor', 'listOwnSessions', 'endOwnSessions', 'saveMyLanguage']);

const mayCallWhileSettingUp = (call: AnyCall | undefined): boolean => {
  const name = call === undefined ? undefined : callNameOf(call);
  return name !== undefined && CALLS_WHILE_SETTING_UP.has(name);
};

/** The signed-in caller of a route that is not public. */
export function principalOf(request: FastifyRequest): Principal {
  if (request.principal === null) throw unauthorized(Messages.unauthenticated);
  return request.principal;
}

/**
 * A call a token may not make, in its application's log: its administrator sees what a script
 * tried beyond its abilities (a leaked token being tried, or a script that needs more).
 */
function recordRefusedMachineCall(services: Services, request: FastifyRequest, caller: Principal, name: CallName | undefined): void {
  const machine = caller.machine;
  if (machine === null) return;
  const call = name ?? `${request.method} ${request.routeOptions.url ?? request.url}`;
  recordAfterCommit(services.store, {
    action: call, actorId: caller.auditActor, sourceAddress: request.ip, appId: machine.appId, input: {}, recorded: false,
  }, {
    entityType: 'apiToken', entityId: machine.tokenId, summary: { key: 'audit.apiTokenRefused', values: { call } },
  }, (error, entries) => services.log.error({ err: error, entries }, 'a refused call of an API token could not be recorded'));
}
