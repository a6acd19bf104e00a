import type { MessageKey, MessageValues } from '@rakit/core';
import { translate } from '@rakit/core/translate';
import { describe, expect, it } from 'vitest';
import { durationText, runIsGoing, runStatusColor, starterText } from './run-view';

const spec = (key: MessageKey, values?: MessageValues) => translate('spec', key, values);
const id = (key: MessageKey, values?: MessageValues) => translate('id', key, values);

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
    expect(starterText(spec, { ...starter, kind: 'trigger' })).toBe('Trigger #8 by Siti');
    expect(starterText(spec, { ...starter, kind: 'trigger', userId: null, userName: null })).toBe('Trigger #8');
    expect(starterText(spec, { ...starter, kind: 'editor', userName: null })).toBe('Editor by u-1');
    expect(starterText(spec, { ...starter, kind: 'chain' })).toBe('Re-run by Siti');
    expect(starterText(spec, { ...starter, kind: 'trigger', triggerId: null, userId: null, userName: null })).toBe('Trigger');
    expect(starterText(id, { ...starter, kind: 'chain' })).toBe('Jalankan ulang oleh Siti');
  });

  it('tells a run still going from a finished one', () => {
    expect(runIsGoing('queued')).toBe(true);
    expect(runIsGoing('running')).toBe(true);
    expect(runIsGoing('failed')).toBe(false);
    expect(runStatusColor('succeeded')).toBe('teal');
    expect(runStatusColor('skipped')).toBe('gray');
  });
});
