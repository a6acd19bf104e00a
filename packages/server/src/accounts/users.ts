import { type Language, type ListUserQuery, Messages, type PasswordChange, type UserDraft, type UserRef } from '@rakit/core';
import type { AuditContext } from '../audit/context';
import { type AuditFact, withAudit } from '../audit/record';
import type { Principal } from '../auth/principal';
import { badRequest, conflict, forbidden, local, notFound } from '../errors/http-errors';
import { hashPassword, verifyPassword } from '../security/passwords';
import { cachedAccount } from '../store/cached-reads';
import { addMember, findDefaultGroup, removeUserFromApp } from '../store/repositories/groups';
import { deleteUserCascade, findUser, insertUser, pageUsers, setOwnLanguage, setUserPassword } from '../store/repositories/users';
import { accountToSetPassword } from './password-consent';
import { managedApp } from './user-scope';
import type { Services } from '../services';

/*
 * Users of an application (spec 1 screen 7, §7). The calls' contracts (core's userCalls) have
 * already checked that the caller administers the application they name; in _root the super
 * administrator manages every account (accounts/user-scope.ts).
 */

/** A page of the users whose id contains the search; each entry a one-item list, as the spec's answer has it. */
export async function listUsers(services: Services, appId: number, { page, limit, userId }: ListUserQuery) {
  const target = await managedApp(services.store, appId);
  const { users, count } = await pageUsers(services.store, { appId: target.isRoot ? 'all' : appId }, { page, limit, search: userId.trim() });
  return { users: users.map((u): [UserRef] => [{ userId: u.userId }]), count };
}

/** A new account, made by its administrator: the application's (the operator's in _root), in its default group. */
export async function addUser(services: Services, appId: number, audit: AuditContext, { userId, password }: UserDraft): Promise<UserRef> {
  const target = await managedApp(services.store, appId);
  const passwordHash = await hashPassword(password);
  await withAudit(services.store, audit, { entityType: 'user', entityId: userId, summary: { key: 'audit.userAdded', values: { user: userId } } }, async (trx) => {
    if ((await findUser(trx, userId)) !== undefined) throw conflict(Messages.userAlreadyInApp);
    await insertUser(trx, userId, passwordHash, target.isRoot ? null : appId);
    if (target.isRoot) return;
    const defaultGroup = await findDefaultGroup(trx, appId);
    if (defaultGroup === undefined) throw badRequest(local('defaultGroupFirst'));
    await addMember(trx, defaultGroup.groupId, userId);
  });
  return { userId };
}

/**
 * Sets a password: one's own with the current one (a session left open is not the account;
 * `limitOwnChange` counts the tries per account), another's as an administrator who administers
 * the account (accounts/password-consent.ts). One's own change keeps the session it was made
 * from and ends the others (issue 36), and is recorded in no application's log.
 */
export async function changePassword(
  services: Services, caller: Principal, audit: AuditContext, { userId, password, appId, current_password: currentPassword }: PasswordChange,
  limitOwnChange: () => Promise<void>,
): Promise<string> {
  const account = await cachedAccount(services, userId);
  const ownAccount = account !== undefined && account.user.userId === caller.userId;
  if (ownAccount) {
    if (currentPassword === undefined || currentPassword === '') throw badRequest(Messages.currentPasswordRequired);
    await limitOwnChange();
    const user = await findUser(services.store, caller.userId);
    if (user === undefined || !(await verifyPassword(user.passwordHash, currentPassword))) throw forbidden(Messages.currentPasswordWrong);
  }
  const target = ownAccount ? account : await accountToSetPassword(services.store, caller, appId, userId, account);
  const passwordHash = await hashPassword(password);
  const fact: AuditFact = { appId: ownAccount ? null : appId, entityType: 'user', entityId: target.user.userId, summary: { key: 'audit.passwordSet', values: { user: target.user.userId } } };
  await withAudit(services.store, audit, fact, (trx) => setUserPassword(trx, target.user.userId, passwordHash, ownAccount ? caller.sessionId : null));
  return Messages.passwordChanged;
}

/** Removes a user from the application (in _root, the account itself); never oneself. */
export async function removeUser(services: Services, caller: Principal, appId: number, audit: AuditContext, userId: string): Promise<UserRef> {
  const target = await managedApp(services.store, appId);
  if (userId === caller.userId) throw badRequest(local('userRemoveSelf'));
  if ((await findUser(services.store, userId)) === undefined) throw notFound(Messages.userNotFound);
  await withAudit(services.store, audit, { entityType: 'user', entityId: userId, summary: { key: 'audit.userRemoved', values: { user: userId } } }, async (trx) => {
    if (target.isRoot) return deleteUserCascade(trx, userId);
    if ((await removeUserFromApp(trx, appId, userId)) === 0) throw notFound(Messages.userNotFound);
  });
  return { userId };
}

/** The catalog the caller reads Rakit in (issue 35); null: the application's. */
export const saveOwnLanguage = async (services: Services, caller: Principal, language: Language | null) => {
  await setOwnLanguage(services.store, caller.userId, language);
  return { language };
};
