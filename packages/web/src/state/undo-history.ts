/**
 * An undo/redo history of immutable values: what came before, the value now, what was undone.
 * Rapid changes that carry the same coalescing key (typing in one configuration field) are
 * folded into one step, so one undo takes back the whole word rather than one letter.
 */
export interface History<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
  /** Key and time of the last recorded change, for folding the next one into it. */
  lastKey: string | null;
  lastAt: number;
}

/** At most this many steps can be undone. */
export const HISTORY_LIMIT = 200;
/** Changes with the same key closer together than this become one step. */
export const COALESCE_MS = 1000;

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [], lastKey: null, lastAt: 0 });

export interface RecordOptions {
  /** Changes with the same key in quick succession are one step; none: always a new step. */
  coalesceKey?: string;
  now?: number;
}

export function record<T>(history: History<T>, next: T, options: RecordOptions = {}): History<T> {
  if (Object.is(next, history.present)) return history;
  const now = options.now ?? Date.now();
  const key = options.coalesceKey ?? null;
  const folds = key !== null && key === history.lastKey && now - history.lastAt < COALESCE_MS && history.past.length > 0;
  const past = folds ? history.past : [...history.past, history.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], lastKey: key, lastAt: now };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (history.past.length === 0) return history;
  return { past: history.past.slice(0, -1), present: previous as T, future: [history.present, ...history.future], lastKey: null, lastAt: 0 };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (history.future.length === 0) return history;
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: next as T, future: rest, lastKey: null, lastAt: 0 };
}

export const canUndo = (history: History<unknown>): boolean => history.past.length > 0;
export const canRedo = (history: History<unknown>): boolean => history.future.length > 0;
