import { type AnyCall, AUDITED_READS, type CallName, callNameOf, type MessageKey, UNAUDITED_CALLS } from '@rakit/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditContext } from '../audit/context';
import { recordAfterCommit } from '../audit/record';

/**
 * The audit log's floor under every call (issue 17): each call other than GET (and each export)
 * that succeeds leaves an entry of its name, its application and its input (secrets redacted),
 * unless it is in core's UNAUDITED_CALLS. Domain modules record richer entries inside the
 * transaction of their change (recordAudit); when one did, nothing is added here. What only
 * this floor records is recorded right after the call's change, not in its transaction, and
 * appended with recordAfterCommit (with the others of the next few milliseconds, off the
 * call's path: a member's persisted query does not wait for a store insert, issue 19).
 */

export function isAudited(call: AnyCall): boolean {
  const name = callNameOf(call);
  if (name === undefined) return false;
  return call.method === 'GET' ? AUDITED_READS.has(name) : UNAUDITED_CALLS[name] === undefined;
}

export function auditContextOf(call: AnyCall, request: FastifyRequest): AuditContext {
  const input: Record<string, unknown> = {};
  for (const [part, value] of [['params', request.params], ['query', request.query], ['body', call.multipart === true ? undefined : request.body]] as const) {
    if (value !== undefined && value !== null && (typeof value !== 'object' || Object.keys(value).length > 0)) input[part] = value;
  }
  return {
    input,
    action: callNameOf(call) ?? `${call.method} ${call.path}`,
    actorId: request.principal?.auditActor ?? null,
    sourceAddress: request.ip,
    appId: request.callAppId ?? null,
    recorded: false,
  };
}

/** The entity a call names through its access rule (a page, a workflow…), else its area. */
function entityOf(call: AnyCall, request: FastifyRequest): { entityType: string; entityId: string | number | null } {
  const access = call.access;
  if (access.level !== 'member' && access.level !== 'appAdmin') return { entityType: call.tag, entityId: null };
  try {
    const id = access.app.id({ params: request.params, query: request.query, body: request.body, headers: request.headers });
    return { entityType: access.app.entity, entityId: id };
  } catch {
    return { entityType: access.app.entity, entityId: null };
  }
}

/** What an audited call did, as its entry says when its domain module wrote none (core's audit.json; a test holds one per audited call). */
export const callDoneKey = (name: CallName): MessageKey => `audit.call.${name}` as MessageKey;

/** After a successful call: its entry, unless its domain module recorded one (appended by recordAfterCommit). */
export function recordCallIfUnrecorded(app: FastifyInstance, call: AnyCall, request: FastifyRequest, context: AuditContext): void {
  const name = callNameOf(call);
  if (context.recorded || name === undefined) return;
  // Each use of a token for machines is recorded, its reads too (issue 36).
  const audited = isAudited(call);
  if (!audited && (request.principal?.machine ?? null) === null) return;
  const { entityType, entityId } = entityOf(call, request);
  const done = audited ? { key: callDoneKey(name) } : { key: 'audit.apiTokenUsed' as const, values: { call: name } };
  recordAfterCommit(app.services.store, context, {
    appId: context.appId,
    entityType,
    entityId,
    summary: [done, entityId === null ? '' : ` (${entityType} ${entityId})`],
  }, (error, entries) => app.log.error({ err: error, entries }, 'audit entries of calls could not be appended'));
}
