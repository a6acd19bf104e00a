import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { canRedo, canUndo, type History, record, redo, startHistory, undo } from '../../state/undo-history';
import type { LocalText, MergeSettlement } from '@rakit/core';
import { joinedLive, type LiveEdits, type LiveSlice, liveSlice } from '../../state/live-state';
import { EMPTY_DRAWING, type FlowDrawing, renameCard } from './flow-drawing';
import { describeDrawingChanges, type DrawingConflict, type FlowRevisions, mergeDrawings } from './flow-merge';

/** Another builder stored the workflow since this editor's copy and both changed the same things (issue 33). */
export interface FlowSaveConflict {
  theirs: FlowDrawing;
  revisions: FlowRevisions;
  conflicts: DrawingConflict[];
  /** What they changed, one line each. */
  changes: LocalText[];
}

/**
 * The workflow editor's state: the drawing with its undo/redo history (the page editor's
 * history, editor/history.ts), and the drawing as the server last stored it, which the sync
 * brings forward to the present one.
 */
export interface WorkflowEditorState extends LiveSlice {
  workflowId: number | null;
  history: History<FlowDrawing>;
  /** What the server holds, as far as this editor knows; null before the flow is loaded. */
  stored: FlowDrawing | null;
  /** The revisions `stored` is at: what the next writes are based on. */
  revisions: FlowRevisions | null;
  /** A clash with another builder's save, until the builder settles it; nothing is synced meanwhile. */
  conflict: FlowSaveConflict | null;
  syncing: boolean;
  /** The card selected on the canvas (the others see it, issue 33). */
  activeId: number | null;
  setActive: (actionId: number | null) => void;
  open: (workflowId: number, drawing: FlowDrawing, revisions: FlowRevisions) => void;
  close: () => void;
  /** A change by the author: one undo step (changes with the same key in quick succession fold into one). */
  change: (next: FlowDrawing, coalesceKey?: string) => void;
  undo: () => void;
  redo: () => void;
  /** The server created an action again under a new id: every drawing of the history follows. */
  renameAction: (from: number, to: number) => void;
  setStored: (drawing: FlowDrawing) => void;
  setRevisions: (revisions: FlowRevisions) => void;
  /**
   * The server holds `theirs` (at `revisions`), stored by another since this editor's copy: their
   * changes merge into the drawing (one undo step) when none clashes, else the clash waits.
   */
  storedMovedOn: (theirs: FlowDrawing, revisions: FlowRevisions) => { kind: 'merged'; changes: LocalText[] } | { kind: 'conflict' };
  settleConflict: (settlement: MergeSettlement) => void;
  setSyncing: (syncing: boolean) => void;

  /** Where edits go once the workflow's shared document is joined (issue 33, live co-editing). */
  liveEdits: LiveEdits<FlowDrawing> | null;
  /** Joined: the drawing is the document's, edits go to `edits`; `saved` when nothing of this builder waits for the store. */
  liveJoined: (drawing: FlowDrawing, edits: LiveEdits<FlowDrawing>, saved: boolean) => void;
  /** Another builder's change, or this builder's undo/redo, as the document holds it now. */
  liveChanged: (drawing: FlowDrawing) => void;
  liveSaved: (saved: boolean) => void;
  /** No shared document (it could not be joined, or was left): the drawing syncs by calls from what was last stored. */
  liveEnded: () => void;
}

const renameInHistory = (history: History<FlowDrawing>, from: number, to: number): History<FlowDrawing> => ({
  ...history,
  past: history.past.map((d) => renameCard(d, from, to)),
  present: renameCard(history.present, from, to),
  future: history.future.map((d) => renameCard(d, from, to)),
});

export function createWorkflowStore() {
  return createStore<WorkflowEditorState>()((set, get) => ({
    live: null,
    liveEdits: null,
    ...liveSlice(set, get),
    liveJoined: (drawing, edits, saved) => set({
      history: startHistory(drawing), liveEdits: edits, live: { status: 'live', peers: get().live?.peers ?? [], canUndo: false, canRedo: false, saved },
    }),
    liveChanged: (drawing) => set((state) => ({ history: { ...state.history, present: drawing } })),
    liveSaved: (saved) => {
      const { live } = get();
      if (live !== null && live.saved !== saved) set({ live: { ...live, saved } });
    },
    liveEnded: () => set({ live: null, liveEdits: null }),
    activeId: null,
    setActive: (activeId) => {
      if (get().activeId !== activeId) set({ activeId });
    },
    workflowId: null,
    history: startHistory(EMPTY_DRAWING),
    stored: null,
    revisions: null,
    conflict: null,
    syncing: false,
    open: (workflowId, drawing, revisions) => set({ workflowId, history: startHistory(drawing), stored: drawing, revisions, conflict: null, syncing: false, live: null, liveEdits: null, activeId: null }),
    close: () => set({ workflowId: null, history: startHistory(EMPTY_DRAWING), stored: null, revisions: null, conflict: null, syncing: false, live: null, liveEdits: null, activeId: null }),
    change: (next, coalesceKey) => {
      const state = get();
      if (next === state.history.present) return;
      if (joinedLive(state)) {
        // The document's undo manager keeps the steps: only this builder's, never another's.
        set({ history: { ...state.history, present: next } });
        state.liveEdits!.write(next, coalesceKey);
        return;
      }
      set({ history: record(state.history, next, coalesceKey === undefined ? {} : { coalesceKey }) });
    },
    undo: () => {
      const state = get();
      if (joinedLive(state)) state.liveEdits!.undo();
      else set({ history: undo(state.history) });
    },
    redo: () => {
      const state = get();
      if (joinedLive(state)) state.liveEdits!.redo();
      else set({ history: redo(state.history) });
    },
    renameAction: (from, to) => set((state) => ({
      history: renameInHistory(state.history, from, to),
      stored: state.stored === null ? null : renameCard(state.stored, from, to),
    })),
    setStored: (stored) => set({ stored }),
    setRevisions: (revisions) => set({ revisions }),
    storedMovedOn: (theirs, revisions) => {
      const { stored, history } = get();
      const base = stored ?? theirs;
      const changes = describeDrawingChanges(base, theirs);
      const merge = mergeDrawings(base, history.present, theirs);
      if (merge.conflicts.length > 0) {
        set({ conflict: { theirs, revisions, conflicts: merge.conflicts, changes } });
        return { kind: 'conflict' };
      }
      set({ stored: theirs, revisions, history: record(history, merge.drawing) });
      return { kind: 'merged', changes };
    },
    settleConflict: (settlement) => {
      const { conflict, stored, history } = get();
      if (conflict === null) return;
      const next = settlement.keep === 'theirs' ? conflict.theirs
        : settlement.keep === 'mine' ? history.present
          : mergeDrawings(stored ?? conflict.theirs, history.present, conflict.theirs, settlement.choices).drawing;
      set({ conflict: null, stored: conflict.theirs, revisions: conflict.revisions, history: next === history.present ? history : record(history, next) });
    },
    setSyncing: (syncing) => set({ syncing }),
  }));
}

export type WorkflowStore = ReturnType<typeof createWorkflowStore>;

export const workflowStore = createWorkflowStore();

export const useWorkflowEditor = <T>(selector: (state: WorkflowEditorState) => T): T => useStore(workflowStore, selector);

export const selectDrawing = (state: WorkflowEditorState): FlowDrawing => state.history.present;
export const selectCanUndo = (state: WorkflowEditorState): boolean => (joinedLive(state) ? state.live!.canUndo : canUndo(state.history));
export const selectCanRedo = (state: WorkflowEditorState): boolean => (joinedLive(state) ? state.live!.canRedo : canRedo(state.history));
