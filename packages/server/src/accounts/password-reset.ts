import { createHash, randomBytes } from 'node:crypto';
import { Messages, type PasswordResetBody } from '@rakit/core';
import type { AuditContext } from '../audit/context';
import { withAudit } from '../audit/record';
import type { Principal } from '../auth/principal';
import { badRequest } from '../errors/http-errors';
import { hashPassword } from '../security/passwords';
import { cachedAccount } from '../store/cached-reads';
import { consumePasswordReset, findUsablePasswordReset, insertPasswordReset } from '../store/repositories/password-resets';
import { setUserPassword } from '../store/repositories/users';
import { accountToReset } from './password-consent';
import type { AccountTries } from './password-sign-in';
import type { Services } from '../services';

const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/*
 * Password reset. A reset token is handed out only to the user himself or to an administrator
 * of one of his applications (password-consent.ts); anyone holding it may then set a new
 * password once, within 30 minutes. Only the token's hash is stored.
 */

/** A new reset token for the account, to whom may have one. */
export async function issueResetToken(services: Services, caller: Principal, accountId: string, countTry: AccountTries) {
  const { userId } = accountToReset(caller, await cachedAccount(services, accountId)).user;
  await countTry(userId);
  const token = randomBytes(24).toString('base64url');
  await insertPasswordReset(services.store, sha256(token), userId, Date.now() + RESET_TOKEN_TTL_MS);
  return { token };
}

/** Sets the password the token was issued for, and spends the token. */
export async function resetPassword(services: Services, audit: AuditContext, { token, password }: PasswordResetBody, countTry: AccountTries) {
  const tokenHash = sha256(token);
  // The token is looked up before the password is hashed: a made-up token costs no argon2 time.
  const userId = await findUsablePasswordReset(services.store, tokenHash, Date.now());
  if (userId === undefined) throw badRequest(Messages.resetTokenInvalid);
  await countTry(userId);
  const passwordHash = await hashPassword(password);
  // The token and the password are redacted by their field names (audit/redact.ts).
  await withAudit(services.store, audit, { actorId: userId, appId: null, entityType: 'user', entityId: userId, summary: { key: 'audit.passwordReset', values: { user: userId } } }, async (trx) => {
    if ((await consumePasswordReset(trx, tokenHash, Date.now())) !== userId) throw badRequest(Messages.resetTokenInvalid);
    await setUserPassword(trx, userId, passwordHash);
  });
  return Messages.passwordChanged;
}
