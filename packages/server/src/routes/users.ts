import { userCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { addUser, changePassword, listUsers, removeUser, saveOwnLanguage } from '../accounts/users';
import { route } from '../http/route';
import { accountRateLimit } from '../http/rate-limit';

/** Users of an application (spec 1 screen 7, §7): accounts/users.ts. */
const userRoutes: FastifyPluginAsync = async (app) => {
  const limitOwnChanges = accountRateLimit(app, 'own-password');
  route(app, userCalls.listUser, async ({ input: { query }, appId }) => listUsers(app.services, appId, query));
  route(app, userCalls.addUser, async ({ input: { body }, appId, audit }) => addUser(app.services, appId, audit, body.data));
  route(app, userCalls.changePassword, async ({ input: { body }, caller, request, audit }) =>
    changePassword(app.services, caller, audit, body.data, () => limitOwnChanges(request, caller.userId)));
  route(app, userCalls.saveMyLanguage, async ({ input: { body }, caller }) => saveOwnLanguage(app.services, caller, body.language));
  route(app, userCalls.deleteUser, async ({ input: { body }, caller, appId, audit }) => removeUser(app.services, caller, appId, audit, body.data.userId));
};

export default userRoutes;
