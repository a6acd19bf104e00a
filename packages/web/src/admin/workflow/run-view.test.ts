import { describe, expect, it } from 'vitest';
import { durationText, runIsGoing, runStatusColor, starterText } from './run-view';

describe('how the Runs panel writes a run', () => {
  it('writes durations as a person reads them', () => {
    expect(durationText(null)).toBe('—');
    expect(durationText(-1)).toBe('—');
    expect(durationText(849.6)).toBe('850 ms');
    expect(durationText(2400)).toBe('2.4 s');
    expect(durationText(30_000)).toBe('30 s');
    expect(durationText(185_000)).toBe('3 min 5 s');
  });

  it('names who or what started a run', () => {
    const starter = { userId: 'u-1', userName: 'Siti', triggerId: 8, triggerRunId: 3 };
    expect(starterText({ ...starter, kind: 'trigger' })).toBe('Trigger #8 by Siti');
    expect(starterText({ ...starter, kind: 'trigger', userId: null, userName: null })).toBe('Trigger #8');
    expect(starterText({ ...starter, kind: 'editor', userName: null })).toBe('Editor by u-1');
    expect(starterText({ ...starter, kind: 'chain' })).toBe('Re-run by Siti');
  });

  it('tells a run still going from a finished one', () => {
    expect(runIsGoing('queued')).toBe(true);
    expect(runIsGoing('running')).toBe(true);
    expect(runIsGoing('failed')).toBe(false);
    expect(runStatusColor('succeeded')).toBe('teal');
    expect(runStatusColor('skipped')).toBe('gray');
  });
});
