import {
  clampWidth, type Component, createComponent, diffPageComponents, findComponent, insertComponent, keepUnchanged, isWithin, layoutWidth, mergePageComponents,
  type MergeSettlement, moveComponent, nextComponentTitle, type PageConflict, type PageDiff, removeComponent, shiftComponent, type TreePosition,
  updateComponent, type WidgetType,
} from '@rakit/core';
import { useStore } from 'zustand';
import { joinedLive as joined, type LiveEdits, type LiveSlice, liveSlice } from './live-state';
import { createStore } from 'zustand/vanilla';
import { canRedo, canUndo, type History, record, redo, startHistory, undo } from './undo-history';

/** The page open in the editor. */
export interface EditorPage {
  pageId: number;
  pageName: string;
  pageSlug: string;
}

/** 'synced': the server holds what is shown; 'unsynced': changed since; 'saving': a save is running. */
export type SyncState = 'synced' | 'unsynced' | 'saving';

/** The page's components as the server stores them at a revision. */
export interface StoredPage {
  revision: number;
  components: Component[];
}

/**
 * Another builder saved the page after this editor's copy (issue 33) and both changed the same
 * things: what they stored, and the conflicts the builder settles before saving again.
 */
export interface PageSaveConflict {
  theirs: StoredPage;
  /** Who saved it (null when unknown). */
  savedBy: string | null;
  conflicts: PageConflict[];
  /** What they changed since this editor's copy. */
  changes: PageDiff;
}

/** What a stale save became: merged on its own (with what the other changed), or waiting for the builder. */
export type StaleSaveOutcome = { kind: 'merged'; changes: PageDiff } | { kind: 'conflict' } | { kind: 'ignored' };


/** The page selector shows the current title ('static') or a search and the page list ('dynamic'). */
export type SelectorMode = 'static' | 'dynamic';

export interface EditorState extends LiveSlice {
  page: EditorPage | null;
  /** The page's component list, with its undo/redo steps. */
  history: History<Component[]>;
  activeId: string | null;
  preview: boolean;
  sync: SyncState;
  /** Grows with every change of the component list (and every page opened); a save stores one revision. */
  revision: number;
  /** The revision the server refused: kept unsynced, not saved again until it changes. */
  failedRevision: number | null;
  /** The page as the server last stored it, as far as this editor knows: the base of its next save. */
  stored: StoredPage | null;
  /** A save refused because another builder saved first, with changes that clash: shown until settled. */
  conflict: PageSaveConflict | null;
  selectorMode: SelectorMode;
  /** A resize handle being dragged: the component and the width it would get now; not yet a change of the page. */
  resizing: { id: string; width: number } | null;
  /** Where edits go once the page's shared document is joined. */
  liveEdits: LiveEdits<Component[]> | null;

  /** Opens a page as the server stores it at `revision`. */
  openPage: (page: EditorPage, components: Component[], revision: number) => void;
  closePage: () => void;
  /** Adds a new numbered component (at the end of the page unless `at` says where); its id, or null without a page. */
  addComponent: (type: WidgetType, label: string, at?: TreePosition) => string | null;
  removeComponent: (id: string) => void;
  shiftComponent: (id: string, delta: -1 | 1) => void;
  moveComponent: (id: string, to: TreePosition) => void;
  /**
   * A configuration panel's change: the whole updated component. Edits of one field in quick
   * succession fold into one undo step; `ownStep` keeps this one apart (a fix the editor applies).
   */
  updateComponent: (next: Component, options?: { ownStep?: boolean }) => void;
  /**
   * Sets a component's width on the 12-column grid (clamped to 1..12) as one undo step; with
   * `fold`, widths set in quick succession (key presses) fold into one step.
   */
  resizeComponent: (id: string, width: number, options?: { fold?: boolean }) => void;
  /** Alt+←/→: the active component one column narrower or wider (presses in quick succession are one undo step). */
  resizeActive: (delta: -1 | 1) => void;
  /** Shows a width while a resize handle moves (null: the drag ended or was cancelled). */
  setResizing: (resizing: { id: string; width: number } | null) => void;
  /** Starts (or stops starting) a new row of the grid at this component. */
  toggleRowBreak: (id: string) => void;
  setActive: (id: string | null) => void;
  undo: () => void;
  redo: () => void;
  togglePreview: () => void;
  /** Switches the page selector; going dynamic is refused (false) while a save or sync runs. */
  setSelectorMode: (mode: SelectorMode) => boolean;
  /** Marks a save of the current revision as started and returns that revision. */
  saveStarted: () => number;
  /** A save of `pageId` at `revision` ended, storing `saved`; results for a page no longer open are ignored. */
  saveSucceeded: (pageId: number, revision: number, saved: StoredPage) => void;
  saveFailed: (pageId: number, revision: number) => void;
  /**
   * A save was refused: the server holds `theirs`, saved by another since this editor's copy.
   * Their changes merge into this editor's page when none clashes with his (a new undo step, then
   * saved again); otherwise the conflict waits for the builder, and nothing is saved meanwhile.
   */
  storedMovedOn: (pageId: number, theirs: StoredPage, savedBy?: string | null) => StaleSaveOutcome;
  settleConflict: (settlement: MergeSettlement) => void;

  /** Joined: the page is `components` (the document's), edits now go to `edits`; `stored` when nothing of this builder waits for the store. */
  liveJoined: (components: Component[], edits: LiveEdits<Component[]>, stored: boolean) => void;
  /** Another builder's change, or this builder's undo/redo, as the document holds it now. */
  liveChanged: (components: Component[]) => void;
  /** Whether the server stored every edit of this builder. */
  liveStored: (stored: boolean) => void;
  /** No shared document (it could not be joined, or was left): saveApp saves what is not stored. */
  liveEnded: () => void;
}

/** The one field a configuration change touched, so typing in it folds into one undo step. */
function changedField(before: Component, after: Component): string | null {
  let field: string | null = null;
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (Object.is(before[key], after[key])) continue;
    if (field !== null) return null;
    field = key;
  }
  return field;
}

const blank = {
  page: null,
  history: startHistory<Component[]>([]),
  activeId: null,
  preview: false,
  sync: 'synced',
  revision: 0,
  failedRevision: null,
  stored: null,
  conflict: null,
  selectorMode: 'static',
  resizing: null,
  live: null,
  liveEdits: null,
} satisfies Partial<EditorState>;



export function createEditorStore(newId: () => string = () => crypto.randomUUID()) {
  return createStore<EditorState>()((set, get) => {
    /** Records a new component list as one undo step (or folded into the last one). */
    const change = (next: Component[], extra: Partial<EditorState> = {}, coalesceKey?: string) => {
      const state = get();
      const { history, revision } = state;
      if (next === history.present) return;
      if (joined(state)) {
        // The document's undo manager keeps the steps: only this builder's, never another's.
        set({ ...extra, history: { ...history, present: next }, revision: revision + 1, sync: 'unsynced' });
        state.liveEdits!.write(next, coalesceKey);
        return;
      }
      set({ ...extra, history: record(history, next, coalesceKey === undefined ? {} : { coalesceKey }), revision: revision + 1, sync: 'unsynced' });
    };
    const travel = (move: (history: History<Component[]>) => History<Component[]>) => {
      const { history, revision } = get();
      const next = move(history);
      if (next !== history) set({ history: next, revision: revision + 1, sync: 'unsynced' });
    };

    return {
      ...blank,
      openPage: (page, components, revision) =>
        set({ ...blank, page, history: startHistory(components), revision: get().revision + 1, stored: { revision, components } }),
      closePage: () => set({ ...blank, revision: get().revision + 1 }),

      addComponent: (type, label, at) => {
        const { page, history } = get();
        if (page === null) return null;
        const list = history.present;
        const id = newId();
        const component = createComponent(type, id, nextComponentTitle(list, type, label));
        const where = at ?? { parentId: null, index: list.length };
        const next = insertComponent(list, where.parentId, where.index, component);
        if (next === list) return null;
        change(next, { activeId: id });
        return id;
      },
      removeComponent: (id) => {
        const { history, activeId } = get();
        const dropsActive = activeId !== null && isWithin(history.present, id, activeId);
        change(removeComponent(history.present, id), dropsActive ? { activeId: null } : {});
      },
      shiftComponent: (id, delta) => change(shiftComponent(get().history.present, id, delta)),
      moveComponent: (id, to) => change(moveComponent(get().history.present, id, to.parentId, to.index)),
      updateComponent: (next, options = {}) => {
        const list = get().history.present;
        const current = findComponent(list, next.id);
        if (current === undefined) return;
        // A panel that forgets a card's children must not empty the card.
        const kept = current.children !== undefined && next.children === undefined ? { ...next, children: current.children } : next;
        const field = changedField(current, kept);
        change(updateComponent(list, next.id, () => kept), {}, field === null || options.ownStep === true ? undefined : `${next.id}:${field}`);
      },
      resizeComponent: (id, width, options = {}) => {
        const list = get().history.present;
        const current = findComponent(list, id);
        const next = clampWidth(width);
        if (current === undefined || next === current.width) return;
        change(updateComponent(list, id, (c) => ({ ...c, width: next })), {}, options.fold === true ? `${id}:width` : undefined);
      },
      resizeActive: (delta) => {
        const { activeId, history } = get();
        const current = activeId === null ? undefined : findComponent(history.present, activeId);
        if (current !== undefined) get().resizeComponent(current.id, layoutWidth(current) + delta, { fold: true });
      },
      setResizing: (resizing) => set({ resizing }),
      // Each click is its own undo step: two quick clicks are not folded as typing would be.
      toggleRowBreak: (id) => change(updateComponent(get().history.present, id, (c) => ({ ...c, rowBreak: c.rowBreak !== true }))),
      setActive: (id) => {
        if (get().activeId !== id) set({ activeId: id });
      },
      undo: () => {
        const state = get();
        if (joined(state)) state.liveEdits!.undo();
        else travel(undo);
      },
      redo: () => {
        const state = get();
        if (joined(state)) state.liveEdits!.redo();
        else travel(redo);
      },
      togglePreview: () => set({ preview: !get().preview }),
      setSelectorMode: (mode) => {
        if (mode === 'dynamic' && get().sync !== 'synced') return false;
        set({ selectorMode: mode });
        return true;
      },
      saveStarted: () => {
        set({ sync: 'saving' });
        return get().revision;
      },
      saveSucceeded: (pageId, revision, saved) => {
        if (get().page?.pageId !== pageId) return;
        set({ sync: get().revision === revision ? 'synced' : 'unsynced', failedRevision: null, stored: saved });
      },
      storedMovedOn: (pageId, theirs, savedBy = null) => {
        const { page, stored, history, revision } = get();
        if (page?.pageId !== pageId || stored === null) return { kind: 'ignored' };
        const changes = diffPageComponents(stored.components, theirs.components);
        const merge = mergePageComponents(stored.components, history.present, theirs.components);
        if (merge.conflicts.length > 0) {
          set({ conflict: { theirs, savedBy, conflicts: merge.conflicts, changes }, sync: 'unsynced', failedRevision: revision });
          return { kind: 'conflict' };
        }
        set({ stored: theirs, failedRevision: null });
        change(merge.components);
        return { kind: 'merged', changes };
      },
      settleConflict: (settlement) => {
        const { conflict, stored, history } = get();
        if (conflict === null || stored === null) return;
        set({ conflict: null, stored: conflict.theirs, failedRevision: null, sync: 'unsynced' });
        if (settlement.keep === 'both') change(mergePageComponents(stored.components, history.present, conflict.theirs.components, settlement.choices).components);
        else if (settlement.keep === 'theirs') {
          change(conflict.theirs.components);
          set({ sync: 'synced' });
        }
      },
      saveFailed: (pageId, revision) => {
        if (get().page?.pageId !== pageId) return;
        set({ sync: 'unsynced', failedRevision: revision });
      },

      ...liveSlice(set, get),
      liveJoined: (components, edits, stored) => {
        const { history, activeId, revision } = get();
        const present = keepUnchanged(history.present, components);
        set({
          history: startHistory(present), liveEdits: edits, live: { status: 'live', peers: get().live?.peers ?? [], canUndo: false, canRedo: false, saved: stored },
          sync: stored ? 'synced' : 'unsynced', failedRevision: null, conflict: null, revision: revision + 1,
          activeId: activeId !== null && findComponent(present, activeId) === undefined ? null : activeId,
        });
      },
      liveChanged: (components) => {
        const { history, activeId, revision } = get();
        const present = keepUnchanged(history.present, components);
        if (present === history.present) return;
        set({
          history: { ...history, present }, revision: revision + 1,
          activeId: activeId !== null && findComponent(present, activeId) === undefined ? null : activeId,
        });
      },
      liveStored: (stored) => {
        const { live, sync } = get();
        if (!joined(get()) || live === null) return;
        const now = stored ? 'synced' : 'unsynced';
        if (sync !== now || live.saved !== stored) set({ sync: now, live: { ...live, saved: stored } });
      },
      // saveApp takes over from the page's last known revision: a stale one merges as any stale save does.
      liveEnded: () => {
        if (get().live !== null) set({ live: null, liveEdits: null });
      },
    };
  });
}

export type EditorStore = ReturnType<typeof createEditorStore>;

/** The editor's state: one editor is open at a time. */
export const editorStore = createEditorStore();

export const useEditor = <T>(selector: (state: EditorState) => T): T => useStore(editorStore, selector);

export const selectCanUndo = (state: EditorState) => (joined(state) ? state.live!.canUndo : canUndo(state.history));
export const selectCanRedo = (state: EditorState) => (joined(state) ? state.live!.canRedo : canRedo(state.history));
export const selectComponents = (state: EditorState) => state.history.present;
