import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { canRedo, canUndo, type History, record, redo, startHistory, undo } from '../../state/undo-history';
import { EMPTY_DRAWING, type FlowDrawing, renameCard } from './flow-drawing';

/**
 * The workflow editor's state: the drawing with its undo/redo history (the page editor's
 * history, editor/history.ts), and the drawing as the server last stored it, which the sync
 * brings forward to the present one.
 */
export interface WorkflowEditorState {
  workflowId: number | null;
  history: History<FlowDrawing>;
  /** What the server holds, as far as this editor knows; null before the flow is loaded. */
  stored: FlowDrawing | null;
  syncing: boolean;
  open: (workflowId: number, drawing: FlowDrawing) => void;
  close: () => void;
  /** A change by the author: one undo step (changes with the same key in quick succession fold into one). */
  change: (next: FlowDrawing, coalesceKey?: string) => void;
  undo: () => void;
  redo: () => void;
  /** The server created an action again under a new id: every drawing of the history follows. */
  renameAction: (from: number, to: number) => void;
  setStored: (drawing: FlowDrawing) => void;
  setSyncing: (syncing: boolean) => void;
}

const renameInHistory = (history: History<FlowDrawing>, from: number, to: number): History<FlowDrawing> => ({
  ...history,
  past: history.past.map((d) => renameCard(d, from, to)),
  present: renameCard(history.present, from, to),
  future: history.future.map((d) => renameCard(d, from, to)),
});

export function createWorkflowStore() {
  return createStore<WorkflowEditorState>()((set) => ({
    workflowId: null,
    history: startHistory(EMPTY_DRAWING),
    stored: null,
    syncing: false,
    open: (workflowId, drawing) => set({ workflowId, history: startHistory(drawing), stored: drawing, syncing: false }),
    close: () => set({ workflowId: null, history: startHistory(EMPTY_DRAWING), stored: null, syncing: false }),
    change: (next, coalesceKey) => set((state) => ({ history: record(state.history, next, coalesceKey === undefined ? {} : { coalesceKey }) })),
    undo: () => set((state) => ({ history: undo(state.history) })),
    redo: () => set((state) => ({ history: redo(state.history) })),
    renameAction: (from, to) => set((state) => ({
      history: renameInHistory(state.history, from, to),
      stored: state.stored === null ? null : renameCard(state.stored, from, to),
    })),
    setStored: (stored) => set({ stored }),
    setSyncing: (syncing) => set({ syncing }),
  }));
}

export type WorkflowStore = ReturnType<typeof createWorkflowStore>;

export const workflowStore = createWorkflowStore();

export const useWorkflowEditor = <T>(selector: (state: WorkflowEditorState) => T): T => useStore(workflowStore, selector);

export const selectDrawing = (state: WorkflowEditorState): FlowDrawing => state.history.present;
export const selectCanUndo = (state: WorkflowEditorState): boolean => canUndo(state.history);
export const selectCanRedo = (state: WorkflowEditorState): boolean => canRedo(state.history);
