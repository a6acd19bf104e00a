import { createHash } from 'node:crypto';
import { type AnyCall, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, REQUEST_KEYS_KEPT_DAYS } from '@rakit/core';
import type { Services } from '../services';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { conflict, HttpError, local } from '../errors/http-errors';
import { everyHour } from '../lifecycle/every-hour';
import { processAlive } from '../lifecycle/process-presence';
import { claimRequestKey, finishRequestKey, purgeRequestKeys, releaseRequestKey, type RequestKeyRow } from '../store/repositories/request-keys';

/**
 * Writes sent again (issue 38). A phone's queue of offline writes sends each with an
 * `Idempotency-Key`; a connection that drops after the server applied a write but before its
 * answer arrived makes the phone send it again. The first sending claims the key (the store's
 * primary key decides, across replicas) and its answer is kept; a later sending of the same key
 * gets that answer back, marked `Idempotent-Replayed: true`, and runs nothing.
 *
 * What cannot be known is said so: a sending that meets a claim still running answers 409
 * `requestInProgress`; one that meets a claim left running longer than any write takes (its
 * server stopped between the write and recording its answer: its process is no longer seen
 * alive, lifecycle/process-presence.ts) answers 409 `requestOutcomeUnknown`, so the device asks
 * its user rather than applying the write twice. Our own failures (5xx) release the key:
 * nothing was applied, the device may send it again.
 */

/** Longer than any replayable write may run (statements have their own time limits). */
const RUNNING_CLAIM_MS = 2 * 60_000;

interface Claimed { caller: string; requestKey: string }

/** The requests whose key this process claimed, until their answer is recorded. */
const claims = new WeakMap<FastifyRequest, Claimed>();

const fingerprintOf = (request: FastifyRequest): string =>
  createHash('sha256').update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`).digest('hex');

function keyOf(request: FastifyRequest): string | undefined {
  const sent = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (sent === undefined) return undefined;
  if (typeof sent !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(sent)) throw new HttpError(400, local('requestKeyInvalid'));
  return sent;
}

/** The hooks a replayable call's route runs (after the access check, so a refused caller claims nothing). */
export function replayHooks(app: FastifyInstance, call: AnyCall): { preHandler: preHandlerAsyncHookHandler; onSend: onSendHookHandler } {
  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const requestKey = keyOf(request);
    if (requestKey === undefined || request.principal === null) return;
    const caller = `${request.principal.tokenAppSlug}:${request.principal.userId}`;
    const fingerprint = fingerprintOf(request);
    const outcome = await claimRequestKey(app.services.store, { caller, requestKey, callName: call.path, fingerprint, createdAt: new Date().toISOString(), claimedBy: app.services.processId });
    if (outcome.claimed) {
      claims.set(request, { caller, requestKey });
      return;
    }
    const { existing } = outcome;
    if (existing.callName !== call.path || existing.fingerprint !== fingerprint) throw new HttpError(422, local('requestKeyReused'));
    if (existing.status === 'running') throw conflict(local(await claimStillRunning(app, existing) ? 'requestInProgress' : 'requestOutcomeUnknown'));
    reply.code(existing.httpStatus ?? 200).header('idempotent-replayed', 'true').type('application/json; charset=utf-8');
    return reply.send(existing.answer ?? '');
  };

  const onSend: onSendHookHandler = (request, reply, payload, done) => {
    const claimed = claims.get(request);
    if (claimed === undefined) {
      done(null, payload);
      return;
    }
    claims.delete(request);
    const record = reply.statusCode >= 500
      ? releaseRequestKey(app.services.store, claimed.caller, claimed.requestKey)
      : finishRequestKey(app.services.store, claimed.caller, claimed.requestKey, reply.statusCode, replayableAnswer(payload, reply.statusCode), new Date().toISOString());
    // The write is applied either way: its answer goes out even when the record could not be kept
    // (a later sending is then told the outcome is unknown, never applied twice).
    record.catch((error: unknown) => request.log.error({ err: error }, 'could not record the answer of an Idempotency-Key'))
      .finally(() => done(null, payload));
  };
  return { preHandler, onSend };
}

/**
 * Whether a claim's request may still be running: its process is alive and it began less than
 * RUNNING_CLAIM_MS ago. A claim whose process is gone (killed between the write and recording
 * its answer) will never be answered: its outcome is unknown at once.
 */
async function claimStillRunning(app: FastifyInstance, claim: RequestKeyRow): Promise<boolean> {
  const claimedAt = Date.parse(claim.createdAt);
  if (Date.now() - claimedAt >= RUNNING_CLAIM_MS) return false;
  return claim.claimedBy === null || await processAlive(app.services, claim.claimedBy, claimedAt);
}

/** The answer kept for a repeat: the JSON sent, or (never for these calls' JSON answers) its outcome alone. */
const replayableAnswer = (payload: unknown, statusCode: number): string =>
  (typeof payload === 'string' ? payload : JSON.stringify({ status: statusCode < 400 }));

/** Hourly, on every process (idempotent): keys sent longer ago than any device keeps a write are forgotten. */
export function installRequestKeyUpkeep(services: Services): void {
  everyHour(services, 'forgetting old Idempotency-Keys', () =>
    purgeRequestKeys(services.store, new Date(Date.now() - REQUEST_KEYS_KEPT_DAYS * 86_400_000).toISOString()));
}
