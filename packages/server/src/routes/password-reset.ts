import { createHash, randomBytes } from 'node:crypto';
import { ChangePasswordBodySchema, ForgotPasswordTokenBodySchema, Messages } from '@rakit/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashPassword } from '../auth/passwords';
import { principalOf } from '../auth/plugin';
import { badRequest, forbidden, notFound } from '../http/errors';
import { cachedAccount } from '../store/cached-reads';
import { consumePasswordReset, findUsablePasswordReset, insertPasswordReset } from '../store/repositories/password-resets';
import { setUserPassword } from '../store/repositories/users';
import { accountRateLimit, authRateLimit } from '../http/rate-limit';

const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Password reset. A reset token is handed out only to the user himself or to an
 * administrator of one of his applications (who passes it on, e.g. by WhatsApp through
 * 'Hubungi Admin'); anyone holding it may then set a new password once, within 30 minutes.
 */
const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const limitTokens = accountRateLimit(app);
  const limitChanges = accountRateLimit(app);

  app.post('/forgot_password/getToken', {
    config: { rateLimit: authRateLimit(app) },
    schema: { tags: ['auth'], summary: 'Issue a one-time password reset token', body: ForgotPasswordTokenBodySchema },
  }, async (request) => {
    const caller = principalOf(request);
    const account = await cachedAccount(app, request.body.userId);
    // An id that does not exist is answered as one out of reach, so the call tells no one which ids exist.
    const mayReset = account !== undefined && (account.user.userId === caller.userId || caller.administersAccount(account));
    if (!mayReset) {
      if (caller.isSuperAdmin) throw notFound(Messages.userNotFound);
      throw forbidden(Messages.accountOutOfReach);
    }
    const { userId } = account.user;
    await limitTokens(request, userId);
    const token = randomBytes(24).toString('base64url');
    await insertPasswordReset(app.store, sha256(token), userId, Date.now() + RESET_TOKEN_TTL_MS);
    return { status: true, data: { token } };
  });

  app.post('/forgot_password/changePassword', {
    // The reset token in the body is the credential of this call.
    config: { public: true, rateLimit: authRateLimit(app) },
    schema: { security: [], tags: ['auth'], summary: 'Set a new password with a reset token', body: ChangePasswordBodySchema },
  }, async (request) => {
    const { token, password } = request.body;
    const tokenHash = sha256(token);
    // The token is looked up before the password is hashed: a made-up token costs no argon2 time.
    const userId = await findUsablePasswordReset(app.store, tokenHash, Date.now());
    if (userId === undefined) throw badRequest(Messages.resetTokenInvalid);
    await limitChanges(request, userId);
    const passwordHash = await hashPassword(password);
    await app.store.transaction().execute(async (trx) => {
      if ((await consumePasswordReset(trx, tokenHash, Date.now())) !== userId) throw badRequest(Messages.resetTokenInvalid);
      await setUserPassword(trx, userId, passwordHash);
    });
    return { status: true, data: Messages.passwordChanged };
  });
};

export default passwordResetRoutes;
