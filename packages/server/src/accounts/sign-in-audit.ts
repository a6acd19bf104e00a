import { partsOfText } from '@rakit/core/translate';
import { type AppMarker, type Group, groupsForApp, LOGIN_FAILED_ACTION, mayEnterApp, Messages } from '@rakit/core';
import type { AuditContext } from '../audit/context';
import { recordAudit } from '../audit/record';
import { forbidden, type HttpError } from '../errors/http-errors';
import { groupsOfUser } from '../store/repositories/groups';
import type { Services } from '../services';

/**
 * Sign-ins in the audit log (issue 17), in the application signed into; the password never. A
 * refused one has no actor (anyone may type any id): the id typed is its entity.
 */
export async function recordSignIn(services: Services, audit: AuditContext, target: { appId: number; appSlug: string }, userId: string): Promise<void> {
  await recordAudit(services.store, audit, {
    actorId: userId, appId: target.appId, entityType: 'user', entityId: userId, summary: { key: 'audit.signedIn', values: { app: target.appSlug } },
  });
}

/** Records a refused sign-in and answers the refusal to throw. */
export async function signInRefused(
  services: Services, audit: AuditContext, target: { appId: number; appSlug: string }, typedId: string, refusal: HttpError,
): Promise<HttpError> {
  await recordAudit(services.store, audit, {
    action: LOGIN_FAILED_ACTION, actorId: null, appId: target.appId, entityType: 'user', entityId: typedId,
    summary: [{ key: 'audit.signInRefused', values: { app: target.appSlug } }, ...partsOfText(refusal.message)], details: { status: refusal.statusCode },
  });
  return refusal;
}

/**
 * The groups a user enters an application with, by the access rule of spec 1 §5; a refusal,
 * recorded, when he may not enter it or has no group of it. Every way of signing in asks here.
 */
export async function groupsToEnter(services: Services, audit: AuditContext, target: AppMarker & { appId: number }, userId: string): Promise<Group[]> {
  const groups = await groupsOfUser(services.store, userId);
  if (!mayEnterApp(groups, target)) throw await signInRefused(services, audit, target, userId, forbidden(Messages.loginFailed));
  if (groupsForApp(groups, target).length === 0) throw await signInRefused(services, audit, target, userId, forbidden(Messages.loginNoGroup));
  return groups;
}
