import { createHash, timingSafeEqual } from 'node:crypto';
import {
  HOOK_SIGNATURE_HEADER, HOOK_TIMESTAMP_HEADER, HOOK_TIMESTAMP_TOLERANCE_S, type HookCallOutcome, type Language, Messages, type RunOutcome,
} from '@rakit/core';
import type { AuditContext } from '../audit/context';
import { badRequest, HttpError, local } from '../errors/http-errors';
import { hookSignature } from '../security/hook-signature';
import { findAppById } from '../store/repositories/apps';
import { findWorkflowHook, insertHookCall, takeDelivery, type WorkflowHookRow } from '../store/repositories/workflow-hooks';
import { checkFieldValues } from '../workflows/field-values';
import { outcomeOf, publishedVersionOf, startRun, waitForRuns } from '../workflows/runs';
import { fieldsOf } from './workflow-hooks';
import type { Services } from '../services';

/*
 * Incoming webhooks (issue 37), the caller's side: `POST /hook/{appSlug}/{hookId}`. The hook is
 * found by its id and must be the named application's; the caller proves it holds the secret
 * (a signature over the raw bytes, its timestamp recent and the signature never seen, or the
 * secret as a bearer token); the body (JSON or a form) is the run's input. Each call is kept in
 * the hook's log with its outcome, and nothing is started unless every check passed.
 */

/** What a call brings: the raw bytes the signature is over, and the headers that say how to read them. */
export interface HookDelivery {
  appSlug: string;
  hookId: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  sourceAddress: string;
}

/** Why a call was refused. */
export type HookRefusal = Exclude<HookCallOutcome, 'accepted'>;

/** The HTTP answer of each refusal, and the text it carries: one text for every failed proof, so a guesser learns nothing of which. */
const REFUSALS: Record<HookRefusal, { code: number; text: string }> = {
  wrongApplication: { code: 404, text: Messages.workflowHookNotFound },
  missingSignature: { code: 401, text: Messages.hookUnauthorized },
  badSignature: { code: 401, text: Messages.hookUnauthorized },
  staleTimestamp: { code: 401, text: Messages.hookUnauthorized },
  replayed: { code: 401, text: Messages.hookUnauthorized },
  badSecret: { code: 401, text: Messages.hookUnauthorized },
  badBody: { code: 400, text: Messages.hookBadBody },
  unsupportedType: { code: 415, text: Messages.hookBadBody },
  bodyTooLarge: { code: 413, text: Messages.hookBadBody },
  badInput: { code: 400, text: Messages.hookBadBody },
  notBuilt: { code: 409, text: Messages.workflowNotBuilt },
  rateLimited: { code: 429, text: Messages.tooManyRequests },
};

const header = (headers: HookDelivery['headers'], name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const sameText = (a: string, b: string): boolean => {
  // Hashed first: timingSafeEqual needs equal lengths, and the length of a guess must not show either.
  const [x, y] = [createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest()];
  return timingSafeEqual(x, y);
};

/** Why the delivery does not prove the secret, or null when it does (a signature is then taken, once). */
async function proofFailure(services: Services, hook: WorkflowHookRow, delivery: HookDelivery): Promise<HookRefusal | null> {
  const secret = services.secretBox.open(hook.secretEnc);
  if (hook.auth === 'bearer') {
    const [scheme, sent] = (header(delivery.headers, 'authorization') ?? '').split(' ');
    return scheme?.toLowerCase() === 'bearer' && sent !== undefined && sameText(sent, secret) ? null : 'badSecret';
  }
  const timestamp = header(delivery.headers, HOOK_TIMESTAMP_HEADER);
  const signature = header(delivery.headers, HOOK_SIGNATURE_HEADER);
  if (timestamp === undefined || signature === undefined) return 'missingSignature';
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > HOOK_TIMESTAMP_TOLERANCE_S) return 'staleTimestamp';
  if (!sameText(signature, hookSignature(secret, timestamp, delivery.body))) return 'badSignature';
  const taken = await takeDelivery(services.store, hook.hookId, createHash('sha256').update(signature).digest('hex'), new Date().toISOString());
  return taken ? null : 'replayed';
}

/** The run's input from the body: a JSON object as it is (another JSON value as `body`), a form's fields, nothing as {}. */
function inputOf(contentType: string | undefined, body: Buffer): Record<string, unknown> | HookRefusal {
  if (body.length === 0) return {};
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(body.toString('utf8')));
  if (type !== 'application/json' && !type.endsWith('+json')) return 'unsupportedType';
  try {
    const value = JSON.parse(body.toString('utf8')) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : { body: value };
  } catch {
    return 'badBody';
  }
}

/** The hook of a call, through the read cache (every call reads it; a change or removal empties the cache). */
export const cachedHook = (services: Services, hookId: string) =>
  services.readCache.get(`workflowHook:${hookId}`, async () => {
    const hook = await findWorkflowHook(services.store, hookId);
    const target = hook === undefined ? undefined : await findAppById(services.store, hook.appId);
    return hook === undefined || target === undefined ? undefined : { hook, appSlug: target.appSlug };
  });

/** Keeps a call in the hook's log; a log that cannot be written is the server's log's to say, never the caller's failure. */
export function logHookCall(services: Services, hookId: string, outcome: HookCallOutcome, runId: number | null, sourceAddress: string): Promise<void> {
  return insertHookCall(services.store, { hookId, at: new Date().toISOString(), outcome, runId, sourceAddress: sourceAddress.slice(0, 64) })
    .catch((error: unknown) => { services.log.error({ err: error, hookId, outcome }, 'a webhook call could not be logged'); });
}

export async function receiveHook(services: Services, audit: AuditContext, delivery: HookDelivery, language: Language): Promise<RunOutcome> {
  const found = await cachedHook(services, delivery.hookId);
  if (found === undefined) throw new HttpError(404, Messages.workflowHookNotFound);
  const { hook } = found;
  const refuse = async (outcome: HookRefusal): Promise<never> => {
    await logHookCall(services, hook.hookId, outcome, null, delivery.sourceAddress);
    throw new HttpError(REFUSALS[outcome].code, REFUSALS[outcome].text);
  };
  if (found.appSlug !== delivery.appSlug) return refuse('wrongApplication');
  const failure = await proofFailure(services, hook, delivery);
  if (failure !== null) return refuse(failure);
  const body = inputOf(header(delivery.headers, 'content-type'), delivery.body);
  if (typeof body === 'string') return refuse(body);
  const checked = checkFieldValues(fieldsOf(hook), body);
  if ('problems' in checked) {
    await logHookCall(services, hook.hookId, 'badInput', null, delivery.sourceAddress);
    throw badRequest(local('hookInputInvalidAt', { fields: checked.problems.join(', ') }));
  }
  const { input } = checked;
  const published = await publishedVersionOf(services, hook.workflowId);
  if (published === undefined) return refuse('notBuilt');

  // The run is the application's, started by the hook: its entries say so.
  Object.assign(audit, { actorId: `hook:${hook.hookName}`.slice(0, 100), appId: hook.appId });
  const runId = await startRun(services, audit, {
    workflowId: hook.workflowId, appId: hook.appId, ...published, input, startActionId: null,
    starter: { kind: 'hook', userId: null, triggerId: null, triggerRunId: null, name: hook.hookName },
  });
  await logHookCall(services, hook.hookId, 'accepted', runId, delivery.sourceAddress);
  if (hook.waitMs > 0) await waitForRuns(services, [runId], hook.waitMs);
  return hook.waitMs > 0 ? outcomeOf(services, runId, language) : { runId, workflowId: hook.workflowId, status: 'started', errors: [], output: null };
}
