import {
  Messages, type MissedOccurrences, SCHEDULE_NEXT_SHOWN, type SaveWorkflowScheduleBody, type WorkflowSchedule,
} from '@rakit/core';
import type { AuditContext } from '../audit/context';
import { withAudit } from '../audit/record';
import { notFound } from '../errors/http-errors';
import { findAppById } from '../store/repositories/apps';
import {
  deleteWorkflowSchedule, findWorkflowSchedule, insertWorkflowSchedule, schedulesOfWorkflow, updateWorkflowSchedule,
  type WorkflowScheduleRow,
} from '../store/repositories/workflow-schedules';
import { findWorkflow } from '../store/repositories/workflows';
import { nextAfter, nextOccurrences, occurrencesOf, type ScheduleTimes } from './occurrences';
import type { Services } from '../services';
import { numericId, type OwnerLookups } from '../security/call-owners';

/*
 * Schedules (issue 37), the administrator's side: a workflow's cron expressions, each with its
 * coming occurrences in the application's time zone. The scheduler (scheduler.ts) runs them.
 */

/** The workflow a call names, with its application's time zone. */
async function workflowAndZone(services: Services, workflowId: number): Promise<{ appId: number; timeZone: string }> {
  const workflow = await findWorkflow(services.store, workflowId);
  if (workflow === undefined) throw notFound(Messages.workflowNotFound);
  const target = await findAppById(services.store, workflow.chainAppId);
  if (target === undefined) throw notFound(Messages.appNotFound);
  return { appId: target.appId, timeZone: target.appTimeZone };
}

function scheduleOf(row: WorkflowScheduleRow, timeZone: string, now: Date): WorkflowSchedule {
  const nextRuns = row.enabled === 1 && row.nextAt !== null ? nextOccurrences(occurrencesOf(row, timeZone), SCHEDULE_NEXT_SHOWN, now) : [];
  return {
    scheduleId: row.scheduleId, workflowId: row.workflowId, cron: row.cron, startsOn: row.startsOn, endsOn: row.endsOn,
    missed: row.missed as MissedOccurrences, enabled: row.enabled === 1, timeZone, nextRuns,
  };
}

export async function listWorkflowSchedules(services: Services, workflowId: number): Promise<WorkflowSchedule[]> {
  const { timeZone } = await workflowAndZone(services, workflowId);
  const now = new Date();
  return (await schedulesOfWorkflow(services.store, workflowId)).map((row) => scheduleOf(row, timeZone, now));
}

/** When a cron expression would run: the editor shows it as the administrator types. */
export async function previewSchedule(services: Services, body: ScheduleTimes & { workflowId: number }): Promise<{ timeZone: string; nextRuns: string[] }> {
  const { timeZone } = await workflowAndZone(services, body.workflowId);
  return { timeZone, nextRuns: nextOccurrences(occurrencesOf(body, timeZone), SCHEDULE_NEXT_SHOWN, new Date()) };
}

/**
 * Adds or changes a schedule. Its next occurrence is counted from now: a change never runs what
 * the old times would have run before it.
 */
export async function saveWorkflowSchedule(
  services: Services, audit: AuditContext, body: SaveWorkflowScheduleBody,
): Promise<{ schedule: WorkflowSchedule; created: boolean }> {
  const { appId, timeZone } = await workflowAndZone(services, body.workflowId);
  const now = new Date();
  const values = {
    appId, workflowId: body.workflowId, cron: body.cron, startsOn: body.startsOn, endsOn: body.endsOn, missed: body.missed, enabled: body.enabled ? 1 : 0,
    nextAt: nextAfter(occurrencesOf(body, timeZone), now),
  };
  const fact = (scheduleId: number) => ({ entityType: 'workflowSchedule', entityId: scheduleId, summary: { key: 'audit.scheduleSaved' as const, values: { cron: body.cron } } });
  if (body.scheduleId === null) {
    const scheduleId = await withAudit(services.store, audit, fact, (trx) => insertWorkflowSchedule(trx, values));
    return { schedule: scheduleOf({ ...values, scheduleId, createdAt: now.toISOString() }, timeZone, now), created: true };
  }
  const scheduleId = body.scheduleId;
  const existing = await findWorkflowSchedule(services.store, scheduleId);
  // Another workflow's schedule is answered as missing: the access check vouched for this workflow only.
  if (existing === undefined || existing.workflowId !== body.workflowId) throw notFound(Messages.workflowScheduleNotFound);
  await withAudit(services.store, audit, fact(scheduleId), async (trx) => {
    if ((await updateWorkflowSchedule(trx, scheduleId, values)) === 0) throw notFound(Messages.workflowScheduleNotFound);
  });
  return { schedule: scheduleOf({ ...existing, ...values }, timeZone, now), created: false };
}

export async function removeWorkflowSchedule(services: Services, audit: AuditContext, scheduleId: number): Promise<{ scheduleId: number }> {
  const existing = await findWorkflowSchedule(services.store, scheduleId);
  if (existing === undefined) throw notFound(Messages.workflowScheduleNotFound);
  await withAudit(services.store, audit, { entityType: 'workflowSchedule', entityId: scheduleId, summary: { key: 'audit.scheduleRemoved', values: { cron: existing.cron } } }, async (trx) => {
    if ((await deleteWorkflowSchedule(trx, scheduleId)) === 0) throw notFound(Messages.workflowScheduleNotFound);
  });
  return { scheduleId };
}

/** How the entities of this area lead to their application (the access check's lookups, http/call-access.ts). */
export const workflowScheduleOwners: OwnerLookups = {
  workflowSchedule: { find: async (services, id) => (await findWorkflowSchedule(services.store, numericId(id)))?.appId, missing: Messages.workflowScheduleNotFound },
};
