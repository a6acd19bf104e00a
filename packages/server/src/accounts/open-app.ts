import { recordAudit } from '../audit/record';
import { groupsForApp, isAdminInApp, Messages, type SessionUser } from '@rakit/core';
import type { Principal } from '../auth/principal';
import type { TokenService } from '../auth/tokens';
import { forbidden } from '../errors/http-errors';
import type { Store } from '../store/db';
import { findAppById } from '../store/repositories/apps';
import { findUser } from '../store/repositories/users';
import { openedFactor } from './second-factor';
import { type SessionClient, startSession } from './sessions';

/**
 * A session of the application for its administrator, as /auth/login would answer it: the
 * builder signed in to main opens the application he administers without typing his password
 * again. The rule is the one the browser's admin routes apply to the session (isAdminInApp, over
 * the groups he enters it through): his admin group of that very application, the super
 * administrator in _root only, anyone of main in main. Everyone else, and an application that
 * does not exist, gets the same 403, so the call tells no one which applications exist.
 */
export async function openAppSession(store: Store, tokens: TokenService, caller: Principal, appId: number, client: SessionClient): Promise<SessionUser[]> {
  const target = await findAppById(store, appId);
  const userGroup = target === undefined ? [] : groupsForApp(caller.groups, target);
  const user = await findUser(store, caller.userId);
  if (target === undefined || user === undefined || userGroup.length === 0 || !isAdminInApp(userGroup, target)) throw forbidden(Messages.forbidden);
  const factor = openedFactor(caller, user, target);
  const session = await startSession(store, tokens, { user, groups: caller.groups, target, method: 'fromMain', client, factor });
  await recordAudit(store, caller.audit, { appId: target.appId, entityType: 'user', entityId: user.userId, summary: { key: 'audit.appOpened', values: { app: target.appSlug } } });
  return session;
}
