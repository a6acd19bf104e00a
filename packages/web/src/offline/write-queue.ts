import { type Mutation, type QueryClient, useMutationState } from '@tanstack/react-query';
import type { EditRowBody, MoveCardBody, ParamValue, ResultRow } from '@rakit/core';

/**
 * A kept write's steps: the page's database actions by name, triggers with their arguments, a
 * data widget's row edit or card move with the values they were based on (a row changed
 * meanwhile is refused, never overwritten), and a barcode's scan, whose row (read when sent)
 * is the following actions' values.
 */
export type QueuedStep =
  | { kind: 'action'; actionName: string }
  | { kind: 'scan'; code: string }
  | { kind: 'trigger'; triggerId: number; args: Record<string, ParamValue> }
  | { kind: 'editRow'; body: EditRowBody }
  | { kind: 'moveCard'; body: MoveCardBody };

/** A click's writes kept on the device while offline, as they are sent later (actions/offline-chain.ts). */
export interface QueuedWrite {
  /** Names the write once on the server (each step adds its index). */
  key: string;
  appSlug: string;
  userId: string;
  pageId: number;
  componentId: string;
  /** What the person clicked, to find it in the list of writes waiting. */
  label: string;
  /** When it was clicked (ms since the epoch). */
  queuedAt: number;
  /** The page's values as they were when clicked, bound to every database action. */
  params: Record<string, ParamValue>;
  steps: QueuedStep[];
  /** A button's form as it was filled, and where: a refused write's entry can go back into it (enter-again.ts). */
  form?: { path: string; fields: Record<string, unknown> };
}

/** How kept writes are sent (the composition root gives it: sending is the actions' business). */
export interface WriteSender {
  /** Sends the write; answers the row a scan step read, if it had one. */
  send: (write: QueuedWrite) => Promise<SentWrite>;
  /** Whether a failed sending is to be tried again later (the network, the server away). */
  tryAgain: (error: unknown) => boolean;
  /** How long to wait before the next try (ms); the default backs off from 2 s to 30 s. */
  delayBeforeTry?: (attempt: number, error: unknown) => number;
  onSent: (write: QueuedWrite, sent: SentWrite) => void;
}

/** What the server answered a sent write, as far as the page shows it. */
export interface SentWrite { scannedRow: ResultRow | null }

/**
 * The writes a device keeps while offline (issue 38), as TanStack Query mutations: paused while
 * the browser is offline, sent one after another in the order they were made (one scope), tried
 * again with backoff while the network or the server is away, kept across reloads by the
 * persister (offline-cache.ts) and resumed on the next open.
 */
export const OFFLINE_WRITE_KEY = ['offline-write'] as const;
const OFFLINE_WRITE_META = { offlineWrite: true } as const;

/** Sets how kept writes are sent, for those made now and those restored from the device. */
export function installWriteQueue(queryClient: QueryClient, sender: WriteSender): void {
  queryClient.setMutationDefaults(OFFLINE_WRITE_KEY, {
    mutationFn: sender.send,
    retry: (_failures, error) => sender.tryAgain(error),
    retryDelay: sender.delayBeforeTry ?? ((attempt) => Math.min(1000 * 2 ** attempt, 30_000)),
    scope: { id: 'offline-writes' },
    networkMode: 'online',
    // A refused write stays until its person discards it; a sent one is removed below.
    gcTime: Infinity,
    meta: OFFLINE_WRITE_META,
  });
  queryClient.getMutationCache().subscribe((event) => {
    const mutation = event.mutation as Mutation<SentWrite | undefined, unknown, QueuedWrite> | undefined;
    if (event.type !== 'updated' || mutation?.meta?.offlineWrite !== true || mutation.state.status !== 'success') return;
    const write = mutation.state.variables;
    const sent = mutation.state.data ?? { scannedRow: null };
    queryClient.getMutationCache().remove(mutation);
    if (write !== undefined) sender.onSent(write, sent);
  });
}

/** Keeps a write to send when the network returns (at once when it is there). */
export function queueWrite(queryClient: QueryClient, write: QueuedWrite): void {
  const mutation = queryClient.getMutationCache().build<unknown, Error, QueuedWrite, unknown>(queryClient, { mutationKey: OFFLINE_WRITE_KEY, meta: OFFLINE_WRITE_META });
  // Failures are the mutation's state, shown in the list of waiting writes.
  mutation.execute(write).catch(() => undefined);
}

/** A kept write as its person sees it in the list. */
export interface WaitingWrite {
  write: QueuedWrite;
  state: 'waiting' | 'sending' | 'refused';
  /** Why it was refused, or why the last sending did not get through. */
  reason: string | null;
  discard: () => void;
}

/** The application's kept writes of the signed-in user, oldest first. */
export function useWaitingWrites(queryClient: QueryClient, appSlug: string, userId: string): WaitingWrite[] {
  return useMutationState({
    filters: { mutationKey: OFFLINE_WRITE_KEY, predicate: (mutation) => mutation.state.status !== 'success' },
    select: (mutation): WaitingWrite | null => {
      const write = mutation.state.variables as QueuedWrite | undefined;
      if (write === undefined || write.appSlug !== appSlug || write.userId !== userId) return null;
      const { status, isPaused, error, failureReason } = mutation.state;
      return {
        write,
        state: status === 'error' ? 'refused' : status === 'pending' && !isPaused && failureReason === null ? 'sending' : 'waiting',
        reason: (error ?? failureReason)?.message ?? null,
        discard: () => queryClient.getMutationCache().remove(mutation as Mutation<unknown, Error, unknown, unknown>),
      };
    },
  }, queryClient).filter((item): item is WaitingWrite => item !== null);
}

/** How many of the user's kept writes of the application have not been sent (refused ones aside). */
export const unsentWriteCount = (queryClient: QueryClient, appSlug: string, userId: string): number =>
  queryClient.getMutationCache().findAll({ mutationKey: OFFLINE_WRITE_KEY, status: 'pending' })
    .filter((mutation) => {
      const write = mutation.state.variables as QueuedWrite | undefined;
      return write?.appSlug === appSlug && write.userId === userId;
    }).length;
