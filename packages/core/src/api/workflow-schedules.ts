import { z } from 'zod';
import { IdParamsSchema } from '../schemas/admin';
import { CREATED_OR_SAVED, defineCall, lazyCalls } from './contract';

/*
 * Schedules (issue 37): a workflow runs by itself at the times a cron expression names, in its
 * application's time zone, between an optional first and last day. Each occurrence runs once
 * however many processes run; one missed while no process ran (a restart, an outage) runs once
 * when one is back, or is skipped, as the schedule says.
 */

/** What to do with occurrences missed while no process ran: run the latest once, or skip them. */
export const MISSED_OCCURRENCES = ['runOnce', 'skip'] as const;
export type MissedOccurrences = (typeof MISSED_OCCURRENCES)[number];

/** How many coming occurrences a schedule shows. */
export const SCHEDULE_NEXT_SHOWN = 5;

/** A cron expression of five fields (minute, hour, day of month, month, day of week): a minute is the finest step. */
export const CronSchema = z.string().trim().min(9).max(120)
  .refine((text) => text.split(/\s+/).length === 5, { message: 'A cron expression has five fields: minute hour day-of-month month day-of-week' });

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is YYYY-MM-DD');

/** The last day is not before the first. */
const daysInOrder: [(times: { startsOn: string | null; endsOn: string | null }) => boolean, { message: string; path: string[] }] = [
  (times) => times.startsOn === null || times.endsOn === null || times.startsOn <= times.endsOn,
  { message: 'The last day comes before the first', path: ['endsOn'] },
];

export const WorkflowScheduleSchema = z.object({
  scheduleId: z.number().int(),
  workflowId: z.number().int(),
  cron: z.string(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  missed: z.enum(MISSED_OCCURRENCES),
  enabled: z.boolean(),
  /** The application's time zone, the cron's times are read in. */
  timeZone: z.string(),
  /** The coming occurrences, ISO times (none once past the last day, or while turned off). */
  nextRuns: z.array(z.string()),
});
export type WorkflowSchedule = z.infer<typeof WorkflowScheduleSchema>;

const ScheduleTimesSchema = z.object({
  cron: CronSchema,
  startsOn: DaySchema.nullable(),
  endsOn: DaySchema.nullable(),
}).refine(...daysInOrder);

export const SaveWorkflowScheduleBodySchema = z.object({
  /** null: a new schedule. */
  scheduleId: z.number().int().positive().nullable(),
  workflowId: z.number().int().positive(),
  cron: CronSchema,
  startsOn: DaySchema.nullable(),
  endsOn: DaySchema.nullable(),
  missed: z.enum(MISSED_OCCURRENCES),
  enabled: z.boolean(),
}).refine(...daysInOrder);
export type SaveWorkflowScheduleBody = z.infer<typeof SaveWorkflowScheduleBodySchema>;

export const workflowScheduleCalls = lazyCalls(() => ({
  listWorkflowSchedules: defineCall({
    method: 'GET', path: '/action/workflowSchedules/:id', tag: 'workflows',
    summary: `A workflow's schedules, each with its next ${SCHEDULE_NEXT_SHOWN} occurrences`,
    params: IdParamsSchema,
    data: z.array(WorkflowScheduleSchema),
    access: { level: 'appAdmin', app: { entity: 'workflow', id: (input) => input.params.id } },
  }),
  previewSchedule: defineCall({
    method: 'POST', path: '/action/previewSchedule', tag: 'workflows',
    summary: `The next ${SCHEDULE_NEXT_SHOWN} occurrences of a cron expression in the workflow's application's time zone (400 when it is no cron)`,
    body: z.object({ workflowId: z.number().int().positive() }).and(ScheduleTimesSchema),
    data: z.object({ timeZone: z.string(), nextRuns: z.array(z.string()) }),
    access: { level: 'appAdmin', app: { entity: 'workflow', id: (input) => input.body.workflowId } },
  }),
  saveWorkflowSchedule: defineCall({
    method: 'POST', path: '/save/workflowSchedule', tag: 'workflows',
    summary: 'Add a schedule to a workflow (201) or change one (200)',
    body: SaveWorkflowScheduleBodySchema,
    data: WorkflowScheduleSchema,
    successCode: CREATED_OR_SAVED,
    access: { level: 'appAdmin', app: { entity: 'workflow', id: (input) => input.body.workflowId } },
  }),
  deleteWorkflowSchedule: defineCall({
    method: 'DELETE', path: '/delete/workflowSchedule', tag: 'workflows',
    summary: 'Remove a schedule: it runs no more',
    body: z.object({ scheduleId: z.number().int().positive() }),
    data: z.object({ scheduleId: z.number().int() }),
    access: { level: 'appAdmin', app: { entity: 'workflowSchedule', id: (input) => input.body.scheduleId } },
  }),
}));

// The stored things of this area a call's application is found from (contract.ts).
declare module './contract' {
  interface AppEntities {
    /** A schedule of a workflow, by its id. */
    workflowSchedule: true;
  }
}
