import { secondFactorCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import {
  confirmSecondFactor, disableSecondFactor, renewRecoveryCodes, resetSecondFactorOf, saveAdminSecondFactor, secondFactorStatus, startSecondFactor,
} from '../accounts/second-factor';
import { accountRateLimit } from '../http/rate-limit';
import { route } from '../http/route';

/** A person's second factor, and an application's rule for its administrators (issue 36). */
const secondFactorRoutes: FastifyPluginAsync = async (app) => {
  // A code or a password guessed here counts as a sign-in attempt would.
  const limitProofs = accountRateLimit(app, 'second-factor');
  route(app, secondFactorCalls.getSecondFactor, ({ caller }) => secondFactorStatus(app.services.store, caller));
  route(app, secondFactorCalls.startSecondFactor, ({ caller }) => startSecondFactor(app.services, caller));
  route(app, secondFactorCalls.confirmSecondFactor, async ({ input: { body }, caller, request, audit }) => {
    await limitProofs(request, caller.userId);
    return confirmSecondFactor(app.services, caller, audit, body);
  });
  route(app, secondFactorCalls.disableSecondFactor, async ({ input: { body }, caller, request, audit }) => {
    await limitProofs(request, caller.userId);
    return disableSecondFactor(app.services, caller, audit, body);
  });
  route(app, secondFactorCalls.renewRecoveryCodes, async ({ input: { body }, caller, request, audit }) => {
    await limitProofs(request, caller.userId);
    return renewRecoveryCodes(app.services, caller, audit, body);
  });
  route(app, secondFactorCalls.resetUserSecondFactor, ({ input: { body }, caller, audit }) => resetSecondFactorOf(app.services.store, caller, audit, body.appId, body.userId));
  route(app, secondFactorCalls.saveAdminSecondFactor, ({ input: { body }, audit }) => saveAdminSecondFactor(app.services.store, audit, body.appId, body.required));
};

export default secondFactorRoutes;
