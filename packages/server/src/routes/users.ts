import {
  AddUserBodySchema, ChangeUserPasswordBodySchema, DeleteUserBodySchema, ListUserQuerySchema, Messages, ROOT_APP_SLUG,
} from '@rakit/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { principalOf } from '../auth/plugin';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { findAppById } from '../store/repositories/apps';
import { cachedAccount } from '../store/cached-reads';
import { addMember, findDefaultGroup, removeUserFromApp } from '../store/repositories/groups';
import {
  deleteUserCascade, findUser, insertUser, isMemberOfApp, pageUsers, setUserPassword,
} from '../store/repositories/users';
import { accountRateLimit } from '../http/rate-limit';

/**
 * The application a user call is about, checked for its administrator. In _root the
 * super administrator manages every account; elsewhere an administrator manages the
 * members of his application.
 */
async function appForAdmin(app: FastifyInstance, request: FastifyRequest, appId: number) {
  principalOf(request).assertAppAdmin(appId);
  const target = await findAppById(app.store, appId);
  if (target === undefined) throw notFound(Messages.appNotFound);
  return { ...target, isRoot: target.appSlug === ROOT_APP_SLUG };
}

/** Users of an application (spec 1 screen 7, §7). */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const limitOwnChanges = accountRateLimit(app);

  app.get('/auth/listuser', {
    schema: { tags: ['users'], summary: 'A page of the application\'s users, searched by id', querystring: ListUserQuerySchema },
  }, async (request) => {
    const { appId, page, limit, userId } = request.query;
    const target = await appForAdmin(app, request, appId);
    const { users, count } = await pageUsers(app.store, { appId: target.isRoot ? 'all' : appId }, { page, limit, search: userId.trim() });
    // Each entry is a one-item list, as the spec's answer has it.
    return { status: true, data: { users: users.map((u) => [{ userId: u.userId }]), count } };
  });

  app.post('/auth/adduser', {
    schema: { tags: ['users'], summary: 'Create a user in the application\'s default group', body: AddUserBodySchema },
  }, async (request, reply) => {
    const { userId, password, appId } = request.body.data;
    const target = await appForAdmin(app, request, appId);
    const passwordHash = await hashPassword(password);
    await app.store.transaction().execute(async (trx) => {
      if ((await findUser(trx, userId)) !== undefined) throw conflict(Messages.userAlreadyInApp);
      // Created here by its administrator: the account is this application's (the operator's in _root).
      await insertUser(trx, userId, passwordHash, target.isRoot ? null : appId);
      if (target.isRoot) return;
      const defaultGroup = await findDefaultGroup(trx, appId);
      if (defaultGroup === undefined) throw badRequest('Choose a default group first');
      await addMember(trx, defaultGroup.groupId, userId);
    });
    reply.code(201);
    return { status: true, data: { userId } };
  });

  app.put('/auth/changePassword', {
    schema: { tags: ['users'], summary: 'Set a user\'s password (administrator, or the user himself with his current one)', body: ChangeUserPasswordBodySchema },
  }, async (request) => {
    const { userId, password, appId, current_password: currentPassword } = request.body.data;
    const caller = principalOf(request);
    const account = await cachedAccount(app, userId);
    if (account !== undefined && account.user.userId === caller.userId) {
      // One's own password needs the current one: a session left open is not the account.
      if (currentPassword === undefined || currentPassword === '') throw badRequest(Messages.currentPasswordRequired);
      await limitOwnChanges(request, caller.userId);
      const user = await findUser(app.store, caller.userId);
      if (user === undefined || !(await verifyPassword(user.passwordHash, currentPassword))) throw forbidden(Messages.currentPasswordWrong);
    } else {
      const target = await appForAdmin(app, request, appId);
      if (!target.isRoot && !(await isMemberOfApp(app.store, appId, userId))) throw notFound(Messages.userNotFound);
      if (account === undefined) throw notFound(Messages.userNotFound);
      if (!caller.administersAccount(account)) throw forbidden(Messages.accountOutOfReach);
    }
    await setUserPassword(app.store, account.user.userId, await hashPassword(password));
    return { status: true, data: Messages.passwordChanged };
  });

  app.delete('/auth/deleteuser', {
    schema: { tags: ['users'], summary: 'Remove a user from the application (from every application in _root)', body: DeleteUserBodySchema },
  }, async (request) => {
    const { userId, appId } = request.body.data;
    const target = await appForAdmin(app, request, appId);
    if (userId === principalOf(request).userId) throw badRequest('You cannot remove yourself');
    if ((await findUser(app.store, userId)) === undefined) throw notFound(Messages.userNotFound);
    await app.store.transaction().execute(async (trx) => {
      if (target.isRoot) return deleteUserCascade(trx, userId);
      if ((await removeUserFromApp(trx, appId, userId)) === 0) throw notFound(Messages.userNotFound);
    });
    return { status: true, data: { userId } };
  });
};

export default userRoutes;
