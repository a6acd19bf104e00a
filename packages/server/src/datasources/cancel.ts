import { cancelled } from './types';

/** A statement's watch on its caller's AbortSignal while it runs (QueryOptions.limited). */
export interface CancelWatch {
  /** Set once the signal aborted and the cancel was sent: settles when the database has been told. */
  readonly cancelling: Promise<void> | undefined;
  /** Stops watching (the statement settled). */
  stop(): void;
}

/**
 * Calls `cancel` once if `signal` aborts before `stop`. The cancel's own failure is swallowed:
 * the statement's time limit still ends it.
 */
export function watchCancel(signal: AbortSignal | undefined, cancel: () => Promise<void>): CancelWatch {
  let cancelling: Promise<void> | undefined;
  const onAbort = () => {
    cancelling ??= cancel().catch(() => undefined);
  };
  if (signal?.aborted === true) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  return {
    get cancelling() { return cancelling; },
    stop: () => signal?.removeEventListener('abort', onAbort),
  };
}

/** Throws before a statement starts when its caller went away already: nothing is sent. */
export function throwIfAbandoned(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw cancelled(signal.reason);
}
