import type { FastifyInstance } from 'fastify';
import type { AuditContext } from '../audit/context';
import { withAudit } from '../audit/record';
import type { Principal } from '../auth/principal';
import { groupsOfUser } from '../store/repositories/groups';
import { findUser, renewSessionKey } from '../store/repositories/users';
import { accountToSetPassword } from './password-consent';

/**
 * Ending a user's sessions (issue 36): his session key is renewed, so every token issued to him
 * is refused on its next call (auth/plugin.ts compares the key each token carries), on every
 * replica as soon as it hears of the write. Whose sessions an administrator may end is whose
 * password he may set: a member of his application whose every application he administers.
 */
export async function endSessionsOf(app: FastifyInstance, caller: Principal, audit: AuditContext, appId: number, userId: string): Promise<{ userId: string }> {
  const user = await findUser(app.store, userId);
  const account = user === undefined ? undefined : { user, groups: await groupsOfUser(app.store, userId) };
  const target = await accountToSetPassword(app.store, caller, appId, userId, account);
  await withAudit(app.store, audit, { entityType: 'user', entityId: target.user.userId, summary: { key: 'audit.sessionsEnded', values: { user: target.user.userId } } },
    (trx) => renewSessionKey(trx, target.user.userId));
  return { userId: target.user.userId };
}
