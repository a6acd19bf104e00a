import { type CustomAction, Messages, type RowValues } from '@rakit/core';
import { describe, expect, it } from 'vitest';
import { ActionFailure } from '../../actions/run-action';
import { type RowRun, runRowActions } from './row-run';

const action = (name: string, kind: CustomAction['action'], cause = ''): CustomAction => ({ name, action: kind, cause, show: true });
const ship = action('Mark shipped', 'CUSTOM');
const log = action('Log shipping', 'CUSTOM', 'Mark shipped');
const print = action('Print', 'PRINT');
const rows: RowValues[] = [{ id: 1 }, { id: 2 }];

/** A run whose steps and notices are recorded, in order; a step throws what `fail` answers for it. */
function recordedRun(fail?: (action: CustomAction, rows: readonly RowValues[]) => unknown, changes: Partial<RowRun> = {}) {
  const events: string[] = [];
  const logged: unknown[] = [];
  const run: RowRun = {
    actions: [ship, log, print],
    step: async (a, batch) => {
      events.push(`${a.name} ${batch.map((r) => r.id).join(',')}`);
      const error = fail?.(a, batch);
      if (error !== undefined) throw error;
    },
    notifySuccess: () => events.push('success'),
    notifyFailure: (message) => events.push(`failure ${message}`),
    log: (error) => logged.push(error),
    afterRun: () => events.push('reload'),
    ...changes,
  };
  return { run, events, logged };
}

describe('runRowActions', () => {
  it('runs the chosen action and its chain once per row, then reloads and notifies once', async () => {
    const { run, events, logged } = recordedRun();
    expect(await runRowActions(run, ship, rows)).toBe(true);
    expect(events).toEqual(['Mark shipped 1', 'Log shipping 1', 'Mark shipped 2', 'Log shipping 2', 'reload', 'success']);
    expect(logged).toEqual([]);
  });

  it('prints all the rows at once', async () => {
    const { run, events } = recordedRun();
    expect(await runRowActions(run, print, rows)).toBe(true);
    expect(events).toEqual(['Print 1,2', 'reload', 'success']);
  });

  it('runs the own step in place of the chosen action, and the chain after it', async () => {
    const { run, events } = recordedRun();
    const own = async (row: RowValues) => void events.push(`own ${String(row.id)}`);
    expect(await runRowActions(run, ship, rows.slice(0, 1), own)).toBe(true);
    expect(events).toEqual(['own 1', 'Log shipping 1', 'reload', 'success']);
  });

  it('stops at the first failing row, logs it, reloads and tells why', async () => {
    const failure = new ActionFailure(Messages.rowNotFound);
    const { run, events, logged } = recordedRun((a, batch) => (a.name === ship.name && batch[0]?.id === 1 ? failure : undefined));
    expect(await runRowActions(run, ship, rows)).toBe(false);
    expect(events).toEqual(['Mark shipped 1', 'reload', `failure Failed to perform the operation. ${Messages.rowNotFound}`]);
    expect(logged).toEqual([failure]);
  });

  it('answers false with the failure notice when the run itself throws, instead of leaving the error unhandled', async () => {
    const broken = new TypeError('actions is not iterable');
    const { run, events, logged } = recordedRun(undefined, { actions: { filter: () => { throw broken; } } as unknown as CustomAction[] });
    await expect(runRowActions(run, ship, rows)).resolves.toBe(false);
    expect(events).toEqual(['reload', 'failure Failed to perform the operation. actions is not iterable']);
    expect(logged).toEqual([broken]);
  });

  it('treats a step throwing nothing at all as a failure', async () => {
    const { run, events } = recordedRun((a) => (a.name === log.name ? null : undefined));
    expect(await runRowActions(run, ship, rows.slice(0, 1))).toBe(false);
    expect(events).toEqual(['Mark shipped 1', 'Log shipping 1', 'reload', 'failure Failed to perform the operation. null']);
  });
});
