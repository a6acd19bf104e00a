import { Messages } from '@rakit/core';
import type { Principal, TargetAccount } from '../auth/principal';
import { forbidden, notFound } from '../errors/http-errors';
import type { Store } from '../store/db';
import { groupsOfUser } from '../store/repositories/groups';
import { findUser, isMemberOfApp } from '../store/repositories/users';
import { managedApp } from './user-scope';

/*
 * Whose password a caller may set or have reset: finer than a call's access level, since it
 * depends on the account named as well as on the caller (Principal.administersAccount).
 */

type NamedAccount = TargetAccount & { user: { userId: string } };

/**
 * The account whose one-time reset token the caller may have: his own, or one he administers
 * (who passes it on, e.g. by WhatsApp through 'Hubungi Admin'). An id that does not exist is
 * answered as one out of reach, so the call tells no one which ids exist; only the super
 * administrator, who reaches every account, is told it does not exist.
 */
export function accountToReset<A extends NamedAccount>(caller: Principal, account: A | undefined): A {
  if (account !== undefined && (account.user.userId === caller.userId || caller.administersAccount(account))) return account;
  if (caller.isSuperAdmin) throw notFound(Messages.userNotFound);
  throw forbidden(Messages.accountOutOfReach);
}

/**
 * Another user's account whose password the caller may set: he administers the application
 * named (any account for the super administrator in _root), the user is one of its members,
 * and the caller administers the account itself.
 */
export async function accountToSetPassword<A extends NamedAccount>(
  store: Store, caller: Principal, appId: number, userId: string, account: A | undefined,
): Promise<A> {
  if (!caller.isAppAdmin(appId)) throw forbidden(Messages.forbidden);
  const target = await managedApp(store, appId);
  if (!target.isRoot && !(await isMemberOfApp(store, appId, userId))) throw notFound(Messages.userNotFound);
  if (account === undefined) throw notFound(Messages.userNotFound);
  if (!caller.administersAccount(account)) throw forbidden(Messages.accountOutOfReach);
  return account;
}

/** The account named by id, read from the store, if the caller may set its password (accountToSetPassword). */
export async function accountToManage(store: Store, caller: Principal, appId: number, userId: string) {
  const user = await findUser(store, userId);
  const account = user === undefined ? undefined : { user, groups: await groupsOfUser(store, userId) };
  return accountToSetPassword(store, caller, appId, userId, account);
}
