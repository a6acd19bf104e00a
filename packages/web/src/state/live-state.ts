import type { StoreApi } from 'zustand';

/** A builder on the same shared document (issue 33, presence): who, in which colour, what he has selected. */
export interface Peer {
  clientId: number;
  name: string;
  color: string;
  activeId: string | null;
}

/**
 * What an editor's store keeps of its shared document (issue 33): 'connecting' until the first
 * sync (edits meanwhile are kept as without one), then 'live', or 'offline' while the
 * connection is lost (edits go on and join the document when it returns).
 */
export interface LiveState {
  status: 'connecting' | 'live' | 'offline';
  peers: Peer[];
  canUndo: boolean;
  canRedo: boolean;
  /** Whether the server stored every edit of this builder. */
  saved: boolean;
}

/** What the editor asks of the shared document once joined: its edits go there, and its undo is the builder's own. */
export interface LiveEdits<T> {
  /** Makes the document hold `next`; edits with the same key in quick succession are one undo step. */
  write: (next: T, coalesceKey?: string) => void;
  undo: () => void;
  redo: () => void;
}

export interface LiveSlice {
  /** The shared document, when the editor uses one (null: it saves by calls). */
  live: LiveState | null;
  /** The shared document is being joined: nothing is saved by calls meanwhile. */
  liveConnecting: () => void;
  liveStatus: (status: 'live' | 'offline') => void;
  livePeers: (peers: Peer[]) => void;
  liveUndoState: (canUndo: boolean, canRedo: boolean) => void;
}

/** The shared document's bookkeeping, the same in every editor's store. */
export function liveSlice<S extends LiveSlice>(set: StoreApi<S>['setState'], get: StoreApi<S>['getState']): Omit<LiveSlice, 'live'> {
  // The slice's own field: S has it, whatever else S holds.
  const setLive = (live: LiveState) => set({ live } as Partial<LiveSlice> as Partial<S>);
  const update = (change: Partial<LiveState>) => {
    const { live } = get();
    if (live === null) return;
    const changed = (Object.keys(change) as (keyof LiveState)[]).some((key) => live[key] !== change[key]);
    if (changed) setLive({ ...live, ...change });
  };
  return {
    liveConnecting: () => setLive({ status: 'connecting', peers: [], canUndo: false, canRedo: false, saved: true }),
    liveStatus: (status) => update({ status }),
    livePeers: (peers) => update({ peers }),
    liveUndoState: (canUndo, canRedo) => update({ canUndo, canRedo }),
  };
}

/** Whether edits go to the shared document (joined it, connected or not). */
export const joinedLive = (state: { live: LiveState | null; liveEdits: unknown }): boolean =>
  state.live !== null && state.live.status !== 'connecting' && state.liveEdits !== null;
