import { passkeyCalls } from '@rakit/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { listPasskeys, type RelyingParty, registerPasskey, removePasskey, signInWithPasskey, startRegistration, startSignIn } from '../accounts/passkeys';
import { clientOf } from '../http/session-client';
import { authRateLimit } from '../http/rate-limit';
import { route } from '../http/route';

/** The address the browser is on: its origin, and its host as the WebAuthn relying party's id. */
const partyOf = (request: FastifyRequest): RelyingParty => ({ origin: `${request.protocol}://${request.host}`, rpId: request.hostname });

/** Passkeys (issue 36): one's own, and signing in with one. */
const passkeyRoutes: FastifyPluginAsync = async (app) => {
  route(app, passkeyCalls.listPasskeys, ({ caller }) => listPasskeys(app.services, caller));
  route(app, passkeyCalls.startPasskeyRegistration, ({ caller, request }) => startRegistration(app.services, caller, partyOf(request)));
  route(app, passkeyCalls.registerPasskey, ({ input: { body }, caller, request, audit }) => registerPasskey(app.services, caller, audit, partyOf(request), body));
  route(app, passkeyCalls.deletePasskey, ({ input: { body }, caller, audit }) => removePasskey(app.services, caller, audit, body.credentialId));
  route(app, passkeyCalls.startPasskeySignIn, ({ request }) => startSignIn(app.services, partyOf(request)), { config: { rateLimit: authRateLimit(app) } });
  route(app, passkeyCalls.signInWithPasskey, ({ input: { body }, request, audit }) => signInWithPasskey(app.services, audit, partyOf(request), clientOf(request), body),
    { config: { rateLimit: authRateLimit(app) } });
};

export default passkeyRoutes;
