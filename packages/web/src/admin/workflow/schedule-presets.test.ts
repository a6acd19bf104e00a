import { describe, expect, it } from 'vitest';
import { cronOf, formOf, type ScheduleForm } from './schedule-presets';

describe('the schedule editor\'s readable forms', () => {
  it('writes each form as a cron expression and reads it back', () => {
    const forms: ScheduleForm[] = [
      { kind: 'minutes', every: 15 }, { kind: 'hourly', minute: 5 }, { kind: 'daily', hour: 7, minute: 0 },
      { kind: 'weekly', weekday: 1, hour: 8, minute: 30 }, { kind: 'monthly', day: 25, hour: 17, minute: 45 }, { kind: 'custom', cron: '0 7 1-5 * 1' },
    ];
    expect(forms.map(cronOf)).toEqual(['*/15 * * * *', '5 * * * *', '0 7 * * *', '30 8 * * 1', '45 17 25 * *', '0 7 1-5 * 1']);
    for (const form of forms) expect(formOf(cronOf(form))).toEqual(form);
  });

  it('reads anything else as typed', () => {
    for (const cron of ['*/7 * * * *', '0 7 * 1 *', '0 7 * * 1-5', '0 */2 * * *', '60 7 * * *', '0 24 * * *', '0 7 0 * *', '* * * *']) {
      expect(formOf(cron), cron).toEqual({ kind: 'custom', cron });
    }
  });
});
