import type { MessageKey } from '@rakit/core';
import type { Translate } from '../../i18n/LanguageProvider';

/*
 * The schedule editor's readable forms (issue 37): every N minutes, every hour at a minute, every
 * day, every week on a day, every month on a date, each at a time, or a cron expression as typed.
 * Each form is a cron expression of five fields and back, so a saved schedule opens in its form.
 */

export type ScheduleForm =
  | { kind: 'minutes'; every: number }
  | { kind: 'hourly'; minute: number }
  | { kind: 'daily'; hour: number; minute: number }
  | { kind: 'weekly'; weekday: number; hour: number; minute: number }
  | { kind: 'monthly'; day: number; hour: number; minute: number }
  | { kind: 'custom'; cron: string };

export type ScheduleKind = ScheduleForm['kind'];
export const SCHEDULE_KINDS: readonly ScheduleKind[] = ['minutes', 'hourly', 'daily', 'weekly', 'monthly', 'custom'];
/** The minute steps offered (each divides an hour, so the occurrences fall evenly). */
export const MINUTE_STEPS = [5, 10, 15, 20, 30] as const;

/** The cron expression of a form. */
export function cronOf(form: ScheduleForm): string {
  switch (form.kind) {
    case 'minutes': return `*/${form.every} * * * *`;
    case 'hourly': return `${form.minute} * * * *`;
    case 'daily': return `${form.minute} ${form.hour} * * *`;
    case 'weekly': return `${form.minute} ${form.hour} * * ${form.weekday}`;
    case 'monthly': return `${form.minute} ${form.hour} ${form.day} * *`;
    case 'custom': return form.cron.trim();
  }
}

const number = (text: string, max: number): number | undefined => (/^\d{1,2}$/.test(text) && Number(text) <= max ? Number(text) : undefined);

/** The form a cron expression reads as: one of the readable ones when it is exactly one, else as typed. */
export function formOf(cron: string): ScheduleForm {
  const fields = cron.trim().split(/\s+/);
  const custom: ScheduleForm = { kind: 'custom', cron: cron.trim() };
  if (fields.length !== 5) return custom;
  const [minuteText, hourText, dayText, monthText, weekdayText] = fields as [string, string, string, string, string];
  if (monthText !== '*') return custom;
  const step = /^\*\/(\d+)$/.exec(minuteText);
  if (step !== null && hourText === '*' && dayText === '*' && weekdayText === '*') {
    const every = Number(step[1]);
    return (MINUTE_STEPS as readonly number[]).includes(every) ? { kind: 'minutes', every } : custom;
  }
  const minute = number(minuteText, 59);
  if (minute === undefined) return custom;
  if (hourText === '*') return dayText === '*' && weekdayText === '*' ? { kind: 'hourly', minute } : custom;
  const hour = number(hourText, 23);
  if (hour === undefined) return custom;
  if (dayText === '*' && weekdayText === '*') return { kind: 'daily', hour, minute };
  const weekday = number(weekdayText, 6);
  if (dayText === '*' && weekday !== undefined) return { kind: 'weekly', weekday, hour, minute };
  const day = number(dayText, 31);
  if (weekdayText === '*' && day !== undefined && day >= 1) return { kind: 'monthly', day, hour, minute };
  return custom;
}

const WEEKDAY_KEYS: readonly MessageKey[] = [
  'workflow.schedules.weekday.sunday', 'workflow.schedules.weekday.monday', 'workflow.schedules.weekday.tuesday', 'workflow.schedules.weekday.wednesday',
  'workflow.schedules.weekday.thursday', 'workflow.schedules.weekday.friday', 'workflow.schedules.weekday.saturday',
];

/** A weekday's name (0 Sunday … 6 Saturday, as cron counts). */
export const weekdayKey = (weekday: number): MessageKey => WEEKDAY_KEYS[weekday] ?? 'workflow.schedules.weekday.sunday';

const clock = (hour: number, minute: number) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

/** How a schedule reads in a sentence, in the reader's language. */
export function describeForm(t: Translate, form: ScheduleForm): string {
  switch (form.kind) {
    case 'minutes': return t('workflow.schedules.says.minutes', { every: form.every });
    case 'hourly': return t('workflow.schedules.says.hourly', { minute: String(form.minute).padStart(2, '0') });
    case 'daily': return t('workflow.schedules.says.daily', { time: clock(form.hour, form.minute) });
    case 'weekly': return t('workflow.schedules.says.weekly', { time: clock(form.hour, form.minute), weekday: t(weekdayKey(form.weekday)) });
    case 'monthly': return t('workflow.schedules.says.monthly', { time: clock(form.hour, form.minute), day: form.day });
    case 'custom': return t('workflow.schedules.says.custom', { cron: form.cron });
  }
}
