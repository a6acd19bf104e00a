import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, COALESCE_MS, record, redo, startHistory, undo } from './undo-history';

describe('history', () => {
  it('folds changes with one key inside the time window only', () => {
    let h = startHistory('');
    h = record(h, 'a', { coalesceKey: 'title', now: 1000 });
    h = record(h, 'ab', { coalesceKey: 'title', now: 1000 + COALESCE_MS - 1 });
    expect(h.past).toEqual(['']);
    h = record(h, 'abc', { coalesceKey: 'title', now: 1000 + 3 * COALESCE_MS });
    expect(h.past).toEqual(['', 'ab']);
    h = record(h, 'abcd', { coalesceKey: 'placeholder', now: 1000 + 3 * COALESCE_MS });
    expect(h.past).toEqual(['', 'ab', 'abc']);
  });

  it('undoes and redoes, and a new change drops what was undone', () => {
    let h = record(record(startHistory(1), 2), 3);
    h = undo(undo(h));
    expect(h.present).toBe(1);
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe(2);
    expect(canRedo(h)).toBe(true);
    h = record(h, 9);
    expect(canRedo(h)).toBe(false);
    expect(redo(h)).toBe(h);
  });

  it('never folds into a step that was undone', () => {
    let h = record(startHistory('x'), 'xa', { coalesceKey: 'k', now: 0 });
    h = undo(h);
    h = record(h, 'xb', { coalesceKey: 'k', now: 1 });
    expect(h.past).toEqual(['x']);
    expect(undo(h).present).toBe('x');
  });
});
