import { createHash, randomBytes } from 'node:crypto';
import { authCalls, Messages } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { accountToReset } from '../accounts/password-consent';
import { hashPassword } from '../security/passwords';
import { badRequest } from '../errors/http-errors';
import { route } from '../http/route';
import { cachedAccount } from '../store/cached-reads';
import { consumePasswordReset, findUsablePasswordReset, insertPasswordReset } from '../store/repositories/password-resets';
import { setUserPassword } from '../store/repositories/users';
import { accountRateLimit, authRateLimit } from '../http/rate-limit';
import { withAudit } from '../audit/record';

const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Password reset. A reset token is handed out only to the user himself or to an
 * administrator of one of his applications (accounts/password-consent.ts); anyone holding it
 * may then set a new password once, within 30 minutes.
 */
const passwordResetRoutes: FastifyPluginAsync = async (app) => {
  const limitTokens = accountRateLimit(app, 'reset-token');
  const limitChanges = accountRateLimit(app, 'reset-password');

  route(app, authCalls.getResetToken, async ({ input: { body }, caller, request }) => {
    const { userId } = accountToReset(caller, await cachedAccount(app, body.userId)).user;
    await limitTokens(request, userId);
    const token = randomBytes(24).toString('base64url');
    await insertPasswordReset(app.store, sha256(token), userId, Date.now() + RESET_TOKEN_TTL_MS);
    return { token };
  }, { config: { rateLimit: authRateLimit(app) } });

  route(app, authCalls.resetPassword, async ({ input: { body }, request, audit }) => {
    const { token, password } = body;
    const tokenHash = sha256(token);
    // The token is looked up before the password is hashed: a made-up token costs no argon2 time.
    const userId = await findUsablePasswordReset(app.store, tokenHash, Date.now());
    if (userId === undefined) throw badRequest(Messages.resetTokenInvalid);
    await limitChanges(request, userId);
    const passwordHash = await hashPassword(password);
    // The token and the password are redacted by their field names (audit/redact.ts).
    await withAudit(app.store, audit, { actorId: userId, appId: null, entityType: 'user', entityId: userId, summary: { key: 'audit.passwordReset', values: { user: userId } } }, async (trx) => {
      if ((await consumePasswordReset(trx, tokenHash, Date.now())) !== userId) throw badRequest(Messages.resetTokenInvalid);
      await setUserPassword(trx, userId, passwordHash);
    });
    return Messages.passwordChanged;
  }, { config: { rateLimit: authRateLimit(app) } });
};

export default passwordResetRoutes;
