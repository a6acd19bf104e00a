import { Messages, type UserRef, userCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { accountToSetPassword } from '../accounts/password-consent';
import { managedApp } from '../accounts/user-scope';
import { hashPassword, verifyPassword } from '../security/passwords';
import { badRequest, conflict, forbidden, local, notFound } from '../errors/http-errors';
import { route } from '../http/route';
import { withAudit, type AuditFact } from '../audit/record';
import { cachedAccount } from '../store/cached-reads';
import { addMember, findDefaultGroup, removeUserFromApp } from '../store/repositories/groups';
import { deleteUserCascade, findUser, insertUser, pageUsers, setOwnLanguage, setUserPassword } from '../store/repositories/users';
import { accountRateLimit } from '../http/rate-limit';

/** Users of an application (spec 1 screen 7, §7). */
const userRoutes: FastifyPluginAsync = async (app) => {
  const limitOwnChanges = accountRateLimit(app, 'own-password');

  route(app, userCalls.listUser, async ({ input: { query }, appId }) => {
    const { page, limit, userId } = query;
    const target = await managedApp(app.store, appId);
    const { users, count } = await pageUsers(app.store, { appId: target.isRoot ? 'all' : appId }, { page, limit, search: userId.trim() });
    // Each entry is a one-item list, as the spec's answer has it.
    return { users: users.map((u): [UserRef] => [{ userId: u.userId }]), count };
  });

  route(app, userCalls.addUser, async ({ input: { body }, appId, audit }) => {
    const { userId, password } = body.data;
    const target = await managedApp(app.store, appId);
    const passwordHash = await hashPassword(password);
    await withAudit(app.store, audit, { entityType: 'user', entityId: userId, summary: { key: 'audit.userAdded', values: { user: userId } } }, async (trx) => {
      if ((await findUser(trx, userId)) !== undefined) throw conflict(Messages.userAlreadyInApp);
      // Created here by its administrator: the account is this application's (the operator's in _root).
      await insertUser(trx, userId, passwordHash, target.isRoot ? null : appId);
      if (target.isRoot) return;
      const defaultGroup = await findDefaultGroup(trx, appId);
      if (defaultGroup === undefined) throw badRequest(local('defaultGroupFirst'));
      await addMember(trx, defaultGroup.groupId, userId);
    });
    return { userId };
  });

  route(app, userCalls.changePassword, async ({ input: { body }, caller, request, audit }) => {
    const { userId, password, appId, current_password: currentPassword } = body.data;
    const account = await cachedAccount(app, userId);
    const ownAccount = account !== undefined && account.user.userId === caller.userId;
    if (ownAccount) {
      // One's own password needs the current one: a session left open is not the account.
      if (currentPassword === undefined || currentPassword === '') throw badRequest(Messages.currentPasswordRequired);
      await limitOwnChanges(request, caller.userId);
      const user = await findUser(app.store, caller.userId);
      if (user === undefined || !(await verifyPassword(user.passwordHash, currentPassword))) throw forbidden(Messages.currentPasswordWrong);
    }
    const target = ownAccount ? account : await accountToSetPassword(app.store, caller, appId, userId, account);
    const passwordHash = await hashPassword(password);
    // One's own password is recorded in no application's log (the super administrator's).
    const fact: AuditFact = { appId: ownAccount ? null : appId, entityType: 'user', entityId: target.user.userId, summary: { key: 'audit.passwordSet', values: { user: target.user.userId } } };
    // His own change keeps the session he made it from and ends his others (issue 36).
    await withAudit(app.store, audit, fact, (trx) => setUserPassword(trx, target.user.userId, passwordHash, ownAccount ? caller.sessionId : null));
    return Messages.passwordChanged;
  });

  route(app, userCalls.saveMyLanguage, async ({ input: { body }, caller }) => {
    await setOwnLanguage(app.store, caller.userId, body.language);
    return { language: body.language };
  });

  route(app, userCalls.deleteUser, async ({ input: { body }, caller, appId, audit }) => {
    const { userId } = body.data;
    const target = await managedApp(app.store, appId);
    if (userId === caller.userId) throw badRequest(local('userRemoveSelf'));
    if ((await findUser(app.store, userId)) === undefined) throw notFound(Messages.userNotFound);
    await withAudit(app.store, audit, { entityType: 'user', entityId: userId, summary: { key: 'audit.userRemoved', values: { user: userId } } }, async (trx) => {
      if (target.isRoot) return deleteUserCascade(trx, userId);
      if ((await removeUserFromApp(trx, appId, userId)) === 0) throw notFound(Messages.userNotFound);
    });
    return { userId };
  });
};

export default userRoutes;
