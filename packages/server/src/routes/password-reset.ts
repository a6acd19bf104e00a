import { createHash, randomBytes } from 'node:crypto';
import { ChangePasswordBodySchema, ForgotPasswordTokenBodySchema, Messages } from '@rakit/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashPassword } from '../auth/passwords';
import { principalOf } from '../auth/plugin';
import { badRequest, forbidden, notFound } from '../http/errors';
import { groupsOfUser } from '../store/repositories/groups';
import { consumePasswordReset, insertPasswordReset } from '../store/repositories/password-resets';
import { findUser, setUserPassword } from '../store/repositories/users';
import { authRateLimit } from './rate-limit';

const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Password reset. A reset token is handed out only to the user himself or to an
 * administrator of one of his applications (who passes it on, e.g. by WhatsApp through
 * 'Hubungi Admin'); anyone holding it may then set a new password once, within 30 minutes.
 */
const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/forgot_password/getToken', {
    schema: { tags: ['auth'], summary: 'Issue a one-time password reset token', body: ForgotPasswordTokenBodySchema },
  }, async (request) => {
    const caller = principalOf(request);
    const { userId } = request.body;
    if ((await findUser(app.store, userId)) === undefined) throw notFound(Messages.userNotFound);
    if (userId !== caller.userId && !caller.administersAccount(await groupsOfUser(app.store, userId))) {
      throw forbidden(Messages.accountOutOfReach);
    }
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
    const passwordHash = await hashPassword(password);
    await app.store.transaction().execute(async (trx) => {
      const userId = await consumePasswordReset(trx, sha256(token), Date.now());
      if (userId === undefined) throw badRequest(Messages.resetTokenInvalid);
      await setUserPassword(trx, userId, passwordHash);
    });
    return { status: true, data: Messages.passwordChanged };
  });
};

export default passwordResetRoutes;
