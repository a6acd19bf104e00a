import { type LoginBody, Messages, type RegisterBody, registrationError } from '@rakit/core';
import type { AuditContext } from '../audit/context';
import { recordAudit, withAudit } from '../audit/record';
import { badRequest, forbidden, local, notFound, unauthorized } from '../errors/http-errors';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../security/passwords';
import { findAppById, findAppBySlug } from '../store/repositories/apps';
import { addMember, findDefaultGroup } from '../store/repositories/groups';
import { findUser, insertUser } from '../store/repositories/users';
import { signInFactor } from './second-factor';
import { type SessionClient, startSession } from './sessions';
import { groupsToEnter, recordSignIn, signInRefused } from './sign-in-audit';
import type { Services } from '../services';

/** Counts a try against the account named (http/rate-limit's per-account limit); refuses past it. */
export type AccountTries = (account: string) => Promise<void>;

/**
 * Sign-in with a password (spec 1 §5, §7): the application by its slug, the password checked in
 * the same time whether the account exists or not, the groups he may enter through, a second
 * factor where one is required, then the session. Every refusal is recorded in the log.
 */
export async function signInWithPassword(services: Services, audit: AuditContext, body: LoginBody, client: SessionClient, countTry: AccountTries) {
  const { userId, password, appSlug } = body;
  if (userId.trim() === '' || password === '') throw unauthorized(Messages.loginFailed);
  const target = await findAppBySlug(services.store, appSlug);
  if (target === undefined) throw notFound(Messages.appNotFound);
  // Single sign-on only (issue 36): its sign-in screen shows no password form, and none is taken.
  if (target.appPasswordSignIn === 0) throw forbidden(Messages.ssoPasswordOff);
  const user = await findUser(services.store, userId);
  await countTry(user?.userId ?? userId);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
  if (user === undefined || !passwordOk) throw await signInRefused(services, audit, target, userId, unauthorized(Messages.loginFailed));

  const groups = await groupsToEnter(services, audit, target, user.userId);
  const factor = await signInFactor(services, user, groups, target, body.code, (refusal) => signInRefused(services, audit, target, userId, refusal));
  const session = await startSession(services.store, services.tokens, { user, groups, target, method: 'password', client, factor });
  await recordSignIn(services, audit, target, user.userId);
  return session;
}

/**
 * Registration in an application open to it, into its default group. The answer is the same
 * whether the id is free or taken, so registration tells no one which ids exist. A taken id
 * joins the application only with its own password: that is its owner registering, and his
 * account stays with the application he first joined.
 */
export async function register(services: Services, audit: AuditContext, input: RegisterBody['data'], countTry: AccountTries) {
  const appId = input.defaultGroupAppId[0] as number;
  const target = await findAppById(services.store, appId);
  if (target === undefined) throw notFound(Messages.appNotFound);
  if (target.appOpenRegistration !== 1 || target.appPasswordSignIn === 0) throw forbidden(Messages.registerClosed);
  const invalid = registrationError(input);
  if (invalid !== null) throw badRequest(local(invalid));

  const defaultGroup = await findDefaultGroup(services.store, appId);
  if (defaultGroup === undefined) throw forbidden(Messages.registerClosed);
  await countTry(input.userId);

  const existing = await findUser(services.store, input.userId);
  const registered = { actorId: input.userId, appId, entityType: 'user', entityId: input.userId };
  if (existing === undefined) {
    const passwordHash = await hashPassword(input.password);
    await services.store.transaction().execute(async (trx) => {
      if ((await findUser(trx, input.userId)) !== undefined) return;
      await insertUser(trx, input.userId, passwordHash, appId);
      await addMember(trx, defaultGroup.groupId, input.userId);
      await recordAudit(trx, audit, { ...registered, summary: { key: 'audit.registered', values: { user: input.userId } } });
    });
  } else if (await verifyPassword(existing.passwordHash, input.password)) {
    await withAudit(services.store, audit, { ...registered, summary: { key: 'audit.joinedWithOwnPassword', values: { user: existing.userId } } }, (trx) => addMember(trx, defaultGroup.groupId, existing.userId));
  }
  return { userId: input.userId };
}
