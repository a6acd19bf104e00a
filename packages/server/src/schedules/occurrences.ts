import { Cron } from 'croner';
import { badRequest, local } from '../errors/http-errors';

/*
 * When a schedule's occurrences fall (issue 37), on croner: a five-field cron expression read in
 * the application's time zone, between its first and last days (whole days there).
 */

export interface ScheduleTimes {
  cron: string;
  startsOn: string | null;
  endsOn: string | null;
}

/** The schedule's occurrences as croner walks them; a text that is no cron is the caller's 400. */
export function occurrencesOf(times: ScheduleTimes, timeZone: string): Cron {
  try {
    return new Cron(times.cron, {
      timezone: timeZone, paused: true,
      ...(times.startsOn === null ? {} : { startAt: `${times.startsOn}T00:00:00` }),
      ...(times.endsOn === null ? {} : { stopAt: `${times.endsOn}T23:59:59` }),
    });
  } catch (error) {
    throw badRequest(local('scheduleCronInvalidAt', { reason: error instanceof Error ? error.message : String(error) }));
  }
}

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

/** The first occurrence after `after` (ISO), or null when there is none (past the last day). */
export const nextAfter = (cron: Cron, after: Date): string | null => iso(cron.nextRun(after));

/** The next `count` occurrences after `after`. */
export const nextOccurrences = (cron: Cron, count: number, after: Date): string[] => cron.nextRuns(count, after).map((date) => date.toISOString());

/** Occurrences walked at most, looking for the latest missed one (a minute's schedule over ten weeks). */
const MAX_WALK = 100_000;

/** The latest occurrence from `from` (one, ISO) up to `now`: what a schedule missed last while nothing ran. */
export function latestUpTo(cron: Cron, from: string, now: Date): string {
  let latest = new Date(from);
  for (let steps = 0; steps < MAX_WALK; steps++) {
    const next = cron.nextRun(latest);
    if (next === null || next > now) break;
    latest = next;
  }
  return latest.toISOString();
}
