import { mergePageComponents } from '@rakit/core';
import { componentsMapOf, componentsOfDoc, writeComponentsToDoc } from '@rakit/core/page-ydoc';
import { joinSharedDocument, type LostReason } from '../../live/shared-document';
import type { EditorStore } from '../../state/editor-store';

/**
 * The page editor on the page's shared document (issue 33, live co-editing): the editor's store
 * stays what the board draws; its edits are written into the document (only what changed,
 * core's page-ydoc), the others' edits are drawn as they arrive, undo and redo are this
 * builder's own, and "Saved" shows once the server stored his edits.
 */

export interface LivePageOptions {
  store: EditorStore;
  pageId: number;
  token: () => string;
  /** Who this builder is, as the others see him. */
  name: string;
  /** The document could not be joined or was closed by the server: the editor goes on without it. */
  onLost: (reason: LostReason) => void;
}

/** Joins the shared document of the page open in `store`; answers how to leave it. */
export function joinLivePage({ store, pageId, token, name, onLost }: LivePageOptions): { leave: () => void } {
  const open = () => store.getState().page?.pageId === pageId;
  const session = joinSharedDocument({
    name: `page/${pageId}`,
    token,
    user: name,
    undoScope: (doc) => [componentsMapOf(doc)],
    handlers: {
      // The page becomes the document's, with what this builder did before it joined merged in.
      joined: () => {
        const state = store.getState();
        if (!open()) return;
        const base = state.stored?.components;
        const mine = state.history.present;
        if (base !== undefined && mine !== base) {
          session.edit((origin) => writeComponentsToDoc(session.doc, mergePageComponents(base, mine, componentsOfDoc(session.doc)).components, origin));
        }
        store.getState().liveJoined(componentsOfDoc(session.doc), {
          write: (next, coalesceKey) => session.edit((origin) => writeComponentsToDoc(session.doc, next, origin), coalesceKey),
          undo: session.undo,
          redo: session.redo,
        }, session.ownEditsStored());
      },
      // Until the binding is left, another page may already be open: only this page's news count.
      changed: () => { if (open()) store.getState().liveChanged(componentsOfDoc(session.doc)); },
      stored: (stored) => { if (open()) store.getState().liveStored(stored); },
      status: (status) => { if (open()) store.getState().liveStatus(status); },
      peers: (peers) => { if (open()) store.getState().livePeers(peers); },
      undoState: (canUndo, canRedo) => { if (open()) store.getState().liveUndoState(canUndo, canRedo); },
      lost: (reason) => {
        unsubscribe();
        if (open()) store.getState().liveEnded();
        onLost(reason);
      },
    },
  });
  session.select(store.getState().activeId);
  const unsubscribe = store.subscribe((state, before) => {
    if (state.activeId !== before.activeId) session.select(state.activeId);
  });
  // Leaving leaves the store alone: the editor is closing the page or opening another.
  return {
    leave: () => {
      unsubscribe();
      session.leave();
    },
  };
}
