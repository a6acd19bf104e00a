import { partsOfText } from '@rakit/core/translate';
import { LOGIN_FAILED_ACTION } from '@rakit/core';
import type { FastifyInstance } from 'fastify';
import type { AuditContext } from '../audit/context';
import { recordAudit } from '../audit/record';
import type { HttpError } from '../errors/http-errors';

/**
 * Sign-ins in the audit log (issue 17), in the application signed into; the password never. A
 * refused one has no actor (anyone may type any id): the id typed is its entity.
 */
export async function recordSignIn(app: FastifyInstance, audit: AuditContext, target: { appId: number; appSlug: string }, userId: string): Promise<void> {
  await recordAudit(app.store, audit, {
    actorId: userId, appId: target.appId, entityType: 'user', entityId: userId, summary: { key: 'audit.signedIn', values: { app: target.appSlug } },
  });
}

/** Records a refused sign-in and answers the refusal to throw. */
export async function signInRefused(
  app: FastifyInstance, audit: AuditContext, target: { appId: number; appSlug: string }, typedId: string, refusal: HttpError,
): Promise<HttpError> {
  await recordAudit(app.store, audit, {
    action: LOGIN_FAILED_ACTION, actorId: null, appId: target.appId, entityType: 'user', entityId: typedId,
    summary: [{ key: 'audit.signInRefused', values: { app: target.appSlug } }, ...partsOfText(refusal.message)], details: { status: refusal.statusCode },
  });
  return refusal;
}
