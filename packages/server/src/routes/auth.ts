import { authCalls, Messages, registrationError } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { openAppSession } from '../accounts/open-app';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../security/passwords';
import { badRequest, forbidden, local, notFound, unauthorized } from '../errors/http-errors';
import { route } from '../http/route';
import { groupsToEnter, recordSignIn, signInRefused } from '../accounts/sign-in-audit';
import { recordAudit, withAudit } from '../audit/record';
import { findAppById, findAppBySlug } from '../store/repositories/apps';
import { addMember, findDefaultGroup } from '../store/repositories/groups';
import { findUser, insertUser } from '../store/repositories/users';
import { clientOf, startSession } from '../accounts/sessions';
import { signInFactor } from '../accounts/second-factor';
import { accountRateLimit, authRateLimit } from '../http/rate-limit';

/**
 * Sign-in and registration (spec 1 §5, §7): the only calls besides app-by-slug without a token;
 * and the session of an application its administrator opens from main.
 */
const authRoutes: FastifyPluginAsync = async (app) => {
  const limitSignIn = accountRateLimit(app, 'sign-in');
  const limitRegistration = accountRateLimit(app, 'registration');

  route(app, authCalls.login, async ({ input: { body }, request, audit }) => {
    const { userId, password, appSlug } = body;
    if (userId.trim() === '' || password === '') throw unauthorized(Messages.loginFailed);
    const target = await findAppBySlug(app.store, appSlug);
    if (target === undefined) throw notFound(Messages.appNotFound);
    // Single sign-on only (issue 36): its sign-in screen shows no password form, and none is taken.
    if (target.appPasswordSignIn === 0) throw forbidden(Messages.ssoPasswordOff);
    const user = await findUser(app.store, userId);
    await limitSignIn(request, user?.userId ?? userId);
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
    if (user === undefined || !passwordOk) throw await signInRefused(app, audit, target, userId, unauthorized(Messages.loginFailed));

    const groups = await groupsToEnter(app, audit, target, user.userId);

    const factor = await signInFactor(app, user, groups, target, body.code, (refusal) => signInRefused(app, audit, target, userId, refusal));
    const session = await startSession(app.store, app.tokens, { user, groups, target, method: 'password', client: clientOf(request), factor });
    await recordSignIn(app, audit, target, user.userId);
    return session;
  }, { config: { rateLimit: authRateLimit(app) } });

  route(app, authCalls.openApp, ({ input: { body }, caller, request }) => openAppSession(app.store, app.tokens, caller, body.appId, clientOf(request)));

  route(app, authCalls.register, async ({ input: { body }, request, audit }) => {
    const input = body.data;
    const appId = input.defaultGroupAppId[0] as number;
    const target = await findAppById(app.store, appId);
    if (target === undefined) throw notFound(Messages.appNotFound);
    if (target.appOpenRegistration !== 1 || target.appPasswordSignIn === 0) throw forbidden(Messages.registerClosed);
    const invalid = registrationError(input);
    if (invalid !== null) throw badRequest(local(invalid));

    const defaultGroup = await findDefaultGroup(app.store, appId);
    if (defaultGroup === undefined) throw forbidden(Messages.registerClosed);
    await limitRegistration(request, input.userId);

    // The answer is the same whether the id is free or taken, so registration tells no one
    // which ids exist. A taken id joins the application only with its own password: that is
    // its owner registering, and his account stays with the application he first joined.
    const existing = await findUser(app.store, input.userId);
    const registered = { actorId: input.userId, appId, entityType: 'user', entityId: input.userId };
    if (existing === undefined) {
      const passwordHash = await hashPassword(input.password);
      await app.store.transaction().execute(async (trx) => {
        if ((await findUser(trx, input.userId)) !== undefined) return;
        await insertUser(trx, input.userId, passwordHash, appId);
        await addMember(trx, defaultGroup.groupId, input.userId);
        await recordAudit(trx, audit, { ...registered, summary: { key: 'audit.registered', values: { user: input.userId } } });
      });
    } else if (await verifyPassword(existing.passwordHash, input.password)) {
      await withAudit(app.store, audit, { ...registered, summary: { key: 'audit.joinedWithOwnPassword', values: { user: existing.userId } } }, (trx) => addMember(trx, defaultGroup.groupId, existing.userId));
    }
    return { userId: input.userId };
  }, { config: { rateLimit: authRateLimit(app) } });
};

export default authRoutes;
