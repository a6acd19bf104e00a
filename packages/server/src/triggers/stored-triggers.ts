import {
  Messages, parseTriggerParamNames, type SaveTriggerBody, type TriggerRecord, type TriggerRun,
} from '@rakit/core';
import { badRequest, notFound } from '../errors/http-errors';
import type { AuditContext } from '../audit/context';
import { withAudit } from '../audit/record';
import { findAppById } from '../store/repositories/apps';
import {
  findTrigger, insertTrigger, latestTriggerRuns, listTriggersOfApp, updateTriggerOfApp,
} from '../store/repositories/triggers';
import { answeredAs, claimRevision } from '../store/revisions';
import type { Services } from '../services';
import { numericId, type OwnerLookups } from '../security/call-owners';

export type TriggerRow = NonNullable<Awaited<ReturnType<typeof findTrigger>>>;

/** The stored JSON text of the parameter names; a damaged text reads as none. */
export function storedNames(text: string): string[] {
  const parsed = parseTriggerParamNames(text);
  return parsed.ok ? parsed.names : [];
}

function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const toTriggerRecord = (row: TriggerRow): TriggerRecord => ({
  triggerId: row.triggerId, triggerAppId: row.triggerAppId, triggerAlias: row.triggerName, triggerParams: storedNames(row.triggerParams),
  revision: row.revision,
});

/**
 * Creates (triggerId null) or updates a trigger of the application named in the body (its
 * administrators, checked by the call's contract). Another application's trigger is not
 * found and stays as it was. With body.revision, an update is written only while the trigger
 * is still at it (issue 33).
 */
export async function saveTrigger(
  services: Services, audit: AuditContext, body: SaveTriggerBody,
): Promise<{ triggerId: number; revision: number; created: boolean }> {
  if ((await findAppById(services.store, body.triggerAppId)) === undefined) throw notFound(Messages.appNotFound);
  const parsed = parseTriggerParamNames(body.triggerParams);
  if (!parsed.ok) throw badRequest(parsed.message);
  const values = { triggerName: body.triggerAlias, triggerParams: JSON.stringify(parsed.names) };

  if (body.triggerId === null) {
    const triggerId = await withAudit(services.store, audit, (id: number) => ({ appId: body.triggerAppId, entityType: 'trigger', entityId: id, summary: { key: 'audit.triggerAdded', values: { trigger: body.triggerAlias } } }),
      (trx) => insertTrigger(trx, { triggerAppId: body.triggerAppId, ...values }));
    return { triggerId, revision: 1, created: true };
  }
  const triggerId = body.triggerId;
  // Another application's trigger is refused before its revision is compared: a stale answer would show it.
  if ((await findTrigger(services.store, triggerId))?.triggerAppId !== body.triggerAppId) throw notFound(Messages.triggerNotFound);
  const revision = await withAudit(services.store, audit, { appId: body.triggerAppId, entityType: 'trigger', entityId: triggerId, summary: { key: 'audit.triggerChanged', values: { trigger: body.triggerAlias } } },
    async (trx) => {
      const claimed = await claimRevision(trx, 'triggers', triggerId, body.revision, answeredAs((store) => findTrigger(store, triggerId), toTriggerRecord));
      if (!(await updateTriggerOfApp(trx, triggerId, body.triggerAppId, values))) throw notFound(Messages.triggerNotFound);
      return claimed;
    });
  return { triggerId, revision, created: false };
}

/** The triggers of an application with their parameter names. */
export const triggersOfApp = async (services: Services, appId: number): Promise<TriggerRecord[]> =>
  (await listTriggersOfApp(services.store, appId)).map(toTriggerRecord);

/** The latest `count` runs of a trigger, newest first, with the values each was given. */
export async function latestRuns(services: Services, triggerId: number, count: number): Promise<TriggerRun[]> {
  const runs = await latestTriggerRuns(services.store, triggerId, count);
  return runs.map((run) => ({
    runId: run.runId, triggerId: run.triggerId, userId: run.userId, params: parseJsonObject(run.params), status: run.status, createdAt: run.createdAt,
  }));
}

/** How the entities of this area lead to their application (the access check's lookups, http/call-access.ts). */
export const triggerOwners: OwnerLookups = {
  trigger: { find: async (services, id) => (await findTrigger(services.store, numericId(id)))?.triggerAppId, missing: Messages.triggerNotFound },
};
