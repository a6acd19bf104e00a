import { WORKFLOW_RUN_STARTED_ACTION } from '@rakit/core';
import type { AuditContext } from '../audit/context';
import { dueSchedules, advanceSchedule, claimOccurrence } from '../store/repositories/workflow-schedules';
import { isUniqueViolation } from '../store/unique-violation';
import { publishedVersionOf, startRun } from '../workflows/runs';
import { latestUpTo, nextAfter, occurrencesOf } from './occurrences';
import type { Services } from '../services';

/*
 * The scheduler (issue 37): every process looks for due schedules twice a second and starts
 * their runs. An occurrence is claimed in the transaction that records its run (a row keyed by
 * schedule and time), so however many processes find it due, one run is recorded; then the
 * schedule is moved on with a conditional update, which one of them wins. The rows are the
 * truth: the runs go through whichever queue the server uses, embedded or BullMQ.
 */

/** How often each process looks for due schedules: an occurrence starts at most this late (plus a run's recording). */
export const SCHEDULER_TICK_MS = 500;
/** Due schedules one process fires at once. */
const FIRED_AT_ONCE = 8;
/** Later than this, an occurrence was missed while no process ran (then the schedule's `missed` decides). */
export const MISSED_AFTER_MS = 60_000;

type DueSchedule = Awaited<ReturnType<typeof dueSchedules>>[number];

export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<number> | undefined;

  constructor(private readonly services: Services) {}

  /** Looks for due schedules every `everyMs` until stopped; a failed look is logged and the next one tries again. */
  start(everyMs = SCHEDULER_TICK_MS): void {
    this.timer ??= setInterval(() => {
      this.tick().catch((error: unknown) => this.services.log.error({ err: error }, 'the scheduler could not look for due schedules'));
    }, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking?.catch(() => undefined);
  }

  /** Starts the runs of every schedule due at `now` (tests pass their clock): how many this process started. One look at a time. */
  tick(now = Date.now()): Promise<number> {
    this.ticking ??= this.startDue(now).finally(() => { this.ticking = undefined; });
    return this.ticking;
  }

  /**
   * Fires the due schedules a few at a time: many due at one minute (every report at 07:00) each
   * wait for their run's transaction, and one after another the last would start seconds late.
   */
  private async startDue(now: number): Promise<number> {
    const due = await dueSchedules(this.services.store, new Date(now).toISOString());
    let started = 0;
    for (let from = 0; from < due.length; from += FIRED_AT_ONCE) {
      const fired = await Promise.all(due.slice(from, from + FIRED_AT_ONCE).map((schedule) => this.fire(schedule, now)));
      started += fired.filter(Boolean).length;
    }
    return started;
  }

  /** Runs the schedule's due occurrence (or its latest missed one, or none), then moves it on. */
  private async fire(schedule: DueSchedule, now: number): Promise<boolean> {
    const at = schedule.nextAt as string;
    const cron = occurrencesOf(schedule, schedule.appTimeZone);
    const missed = now - Date.parse(at) > MISSED_AFTER_MS;
    const occurrence = !missed ? at : schedule.missed === 'runOnce' ? latestUpTo(cron, at, new Date(now)) : null;
    const started = occurrence === null ? false : await this.runOccurrence(schedule, occurrence);
    // The next occurrence after now (after the due one, should the clock be behind it).
    await advanceSchedule(this.services.store, schedule.scheduleId, at, nextAfter(cron, new Date(Math.max(now, Date.parse(at)))));
    return started;
  }

  /** Records the occurrence's run with its claim: false when another process claimed it, or the workflow was never built. */
  private async runOccurrence(schedule: DueSchedule, occurrence: string): Promise<boolean> {
    const published = await publishedVersionOf(this.services, schedule.workflowId);
    if (published === undefined) {
      this.services.log.warn({ scheduleId: schedule.scheduleId, workflowId: schedule.workflowId }, 'a schedule came due for a workflow never built: nothing ran');
      return false;
    }
    // The run is the application's, started by the schedule: its entries say so.
    const audit: AuditContext = {
      action: WORKFLOW_RUN_STARTED_ACTION, actorId: `schedule:${schedule.scheduleId}`, sourceAddress: null, appId: schedule.appId,
      input: { scheduleId: schedule.scheduleId, occurrence }, recorded: false,
    };
    try {
      await startRun(this.services, audit, {
        workflowId: schedule.workflowId, appId: schedule.appId, ...published, input: { scheduledAt: occurrence }, startActionId: null,
        starter: { kind: 'schedule', userId: null, triggerId: null, triggerRunId: null, name: schedule.cron },
      }, (trx, runId) => claimOccurrence(trx, schedule.scheduleId, occurrence, runId));
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }
}
