import { cancelled } from './types';

/** A statement's watch on its caller's AbortSignal while it runs (QueryOptions.limited). */
export interface CancelWatch {
  /** Set once the signal aborted and the cancel was sent: settles when the database has been told. */
  readonly cancelling: Promise<void> | undefined;
  /** Stops watching (the statement settled). */
  stop(): void;
}

/**
 * Calls `cancel` when `signal` aborts before `stop`, and again every CANCEL_RETRY_MS until
 * `stop`: a cancel that reached the database before the statement did (it was still on its
 * way) stops nothing. A cancel's own failure is swallowed: the statement's time limit still ends it.
 */
export function watchCancel(signal: AbortSignal | undefined, cancel: () => Promise<void>): CancelWatch {
  let cancelling: Promise<void> | undefined;
  let stopped = false;
  let wake: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => { wake = resolve; });
  const onAbort = () => {
    cancelling ??= (async () => {
      while (!stopped) {
        await cancel().catch(() => undefined);
        await Promise.race([settled, new Promise((resolve) => { setTimeout(resolve, CANCEL_RETRY_MS).unref(); })]);
      }
    })();
  };
  if (signal?.aborted === true) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  return {
    get cancelling() { return cancelling; },
    stop: () => {
      stopped = true;
      wake();
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

/** How long a cancel waits for its statement to end before it is sent again. */
export const CANCEL_RETRY_MS = 250;

/** Throws before a statement starts when its caller went away already: nothing is sent. */
export function throwIfAbandoned(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw cancelled(signal.reason);
}
