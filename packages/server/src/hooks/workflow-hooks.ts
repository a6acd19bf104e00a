import {
  HOOK_CALLS_SHOWN, HOOK_SECRET_PREFIX, HOOK_TIMESTAMP_TOLERANCE_S, type HookAuthMode, type HookField, HookFieldSchema,
  type HookCall, type HookCallOutcome, Messages, type SaveWorkflowHookBody, type WorkflowHook,
} from '@rakit/core';
import type { AuditContext } from '../audit/context';
import { withAudit } from '../audit/record';
import { notFound } from '../errors/http-errors';
import { everyHour } from '../lifecycle/every-hour';
import { prefixedSecret, unguessableId } from '../security/random-ids';
import { validItemsOf } from '../store/json-list';
import { findAppById } from '../store/repositories/apps';
import {
  deleteWorkflowHook as deleteHookRow, findWorkflowHook, hooksOfWorkflow, insertWorkflowHook, latestCallsOf,
  pruneHookRecords, updateWorkflowHook, type WorkflowHookRow,
} from '../store/repositories/workflow-hooks';
import { findWorkflow } from '../store/repositories/workflows';
import type { Services } from '../services';
import { type OwnerLookups } from '../security/call-owners';

/*
 * Incoming webhooks (issue 37), the administrator's side: a workflow's hooks, each with its
 * secret (answered once, when made or rotated; kept sealed) and the log of its calls. The
 * caller's side is receive-hook.ts.
 */

/** The path a hook is called at. */
export const hookPath = (appSlug: string, hookId: string): string => `/hook/${encodeURIComponent(appSlug)}/${hookId}`;

/** A hook's input schema as stored; a field that no longer reads as one is left out. */
export const fieldsOf = (row: Pick<WorkflowHookRow, 'inputFields'>): HookField[] => validItemsOf(row.inputFields, HookFieldSchema);

const hookOf = (row: WorkflowHookRow, appSlug: string): WorkflowHook => ({
  hookId: row.hookId, workflowId: row.workflowId, hookName: row.hookName, auth: row.auth as HookAuthMode, waitMs: row.waitMs, fields: fieldsOf(row),
  path: hookPath(appSlug, row.hookId), createdAt: row.createdAt, secretSetAt: row.secretSetAt,
});

async function appSlugOf(services: Services, appId: number): Promise<string> {
  const target = await findAppById(services.store, appId);
  if (target === undefined) throw notFound(Messages.appNotFound);
  return target.appSlug;
}

/** A workflow's hooks, each with its latest calls. */
export async function listWorkflowHooks(services: Services, workflowId: number): Promise<(WorkflowHook & { calls: HookCall[] })[]> {
  const workflow = await findWorkflow(services.store, workflowId);
  if (workflow === undefined) throw notFound(Messages.workflowNotFound);
  const appSlug = await appSlugOf(services, workflow.chainAppId);
  const rows = await hooksOfWorkflow(services.store, workflowId);
  const calls = await latestCallsOf(services.store, rows.map((row) => row.hookId), HOOK_CALLS_SHOWN);
  return rows.map((row) => ({
    ...hookOf(row, appSlug),
    calls: (calls.get(row.hookId) ?? []).map((call) => ({ at: call.at, outcome: call.outcome as HookCallOutcome, runId: call.runId, sourceAddress: call.sourceAddress })),
  }));
}

/** Adds a hook (its secret answered this once) or changes one of the workflow's. */
export async function saveWorkflowHook(
  services: Services, audit: AuditContext, body: SaveWorkflowHookBody,
): Promise<{ hook: WorkflowHook; secret: string | null; created: boolean }> {
  const workflow = await findWorkflow(services.store, body.workflowId);
  if (workflow === undefined) throw notFound(Messages.workflowNotFound);
  const appSlug = await appSlugOf(services, workflow.chainAppId);
  const values = { hookName: body.hookName, auth: body.auth, waitMs: body.waitMs, inputFields: JSON.stringify(body.fields) };
  if (body.hookId === null) {
    const now = new Date().toISOString();
    const secret = prefixedSecret(HOOK_SECRET_PREFIX);
    const row: WorkflowHookRow = {
      hookId: unguessableId(), appId: workflow.chainAppId, workflowId: workflow.chainId, ...values, secretEnc: services.secretBox.seal(secret), createdAt: now, secretSetAt: now,
    };
    await withAudit(services.store, audit, { entityType: 'workflowHook', entityId: row.hookId, summary: { key: 'audit.hookAdded', values: { name: body.hookName } } },
      (trx) => insertWorkflowHook(trx, row));
    return { hook: hookOf(row, appSlug), secret, created: true };
  }
  const hookId = body.hookId;
  const existing = await findWorkflowHook(services.store, hookId);
  // Another workflow's hook is answered as missing: the access check vouched for this workflow only.
  if (existing === undefined || existing.workflowId !== workflow.chainId) throw notFound(Messages.workflowHookNotFound);
  await withAudit(services.store, audit, { entityType: 'workflowHook', entityId: hookId, summary: { key: 'audit.hookChanged', values: { name: body.hookName } } },
    async (trx) => { if ((await updateWorkflowHook(trx, hookId, values)) === 0) throw notFound(Messages.workflowHookNotFound); });
  return { hook: hookOf({ ...existing, ...values }, appSlug), secret: null, created: false };
}

/** A new secret, answered this once; the old one is refused from now on. */
export async function rotateHookSecret(services: Services, audit: AuditContext, hookId: string): Promise<{ secret: string }> {
  const existing = await findWorkflowHook(services.store, hookId);
  if (existing === undefined) throw notFound(Messages.workflowHookNotFound);
  const secret = prefixedSecret(HOOK_SECRET_PREFIX);
  await withAudit(services.store, audit, { entityType: 'workflowHook', entityId: hookId, summary: { key: 'audit.hookSecretRotated', values: { name: existing.hookName } } },
    async (trx) => {
      if ((await updateWorkflowHook(trx, hookId, { secretEnc: services.secretBox.seal(secret), secretSetAt: new Date().toISOString() })) === 0) throw notFound(Messages.workflowHookNotFound);
    });
  return { secret };
}

export async function removeWorkflowHook(services: Services, audit: AuditContext, hookId: string): Promise<{ hookId: string }> {
  const existing = await findWorkflowHook(services.store, hookId);
  if (existing === undefined) throw notFound(Messages.workflowHookNotFound);
  await withAudit(services.store, audit, { entityType: 'workflowHook', entityId: hookId, summary: { key: 'audit.hookRemoved', values: { name: existing.hookName } } },
    async (trx) => { if ((await deleteHookRow(trx, hookId)) === 0) throw notFound(Messages.workflowHookNotFound); });
  return { hookId };
}

/** How long a hook's log keeps a call. */
const HOOK_CALLS_KEPT_DAYS = 30;

/**
 * Hourly, on every process (idempotent): the signatures whose timestamps are refused anyway are
 * forgotten, and the calls logged longer ago than HOOK_CALLS_KEPT_DAYS.
 */
export function installHookUpkeep(services: Services): void {
  everyHour(services, 'forgetting old webhook calls', () => {
    const now = Date.now();
    // Twice the tolerance: a signature is refused as stale once its timestamp is that far off.
    return pruneHookRecords(services.store, new Date(now - 2 * HOOK_TIMESTAMP_TOLERANCE_S * 1000).toISOString(), new Date(now - HOOK_CALLS_KEPT_DAYS * 86_400_000).toISOString());
  });
}

/** How the entities of this area lead to their application (the access check's lookups, http/call-access.ts). */
export const workflowHookOwners: OwnerLookups = {
  workflowHook: { find: async (services, id) => (await findWorkflowHook(services.store, String(id)))?.appId, missing: Messages.workflowHookNotFound },
};
