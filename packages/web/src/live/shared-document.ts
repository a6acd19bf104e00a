import { HocuspocusProvider } from '@hocuspocus/provider';
import { COLLAB_PATH, type CollabLoss, collabLossOf, collabNewsOf } from '@rakit/core';
import { decodeSnapshot, snapshotHolds } from '@rakit/core/live-doc';
import * as Y from 'yjs';
import type { Peer } from '../state/live-state';
import { COALESCE_MS } from '../state/undo-history';
import { peerColor } from './peer-colors';

/**
 * A document builders edit together (issue 33): a Yjs document the server's /collab socket
 * relays between them and stores (a page, a workflow). This is the part every editor shares:
 * joining with the session, this builder's own undo (a Yjs UndoManager that tracks only his
 * edits), who else is here and what each has selected, whether the server has stored his
 * edits yet, and going on offline. Each editor adapts its own store to it (editor/live,
 * admin/workflow/live-flow).
 */

/** Why a document was left without being asked to: after these, the editor saves without it. */
export type LostReason = 'unavailable' | CollabLoss;

/** How long the first sync may take before the editor saves without the document. */
export const JOIN_TIMEOUT_MS = 5000;

/** Marks this builder's own edits, the only ones his undo manager takes back. */
const OWN_EDIT = Symbol('own edit');

const snapshotOf = (base64: string): Y.Snapshot => decodeSnapshot(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));

export const collabUrl = (): string => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${COLLAB_PATH}`;

export interface SharedDocumentHandlers {
  /** The first sync: the document holds what the server has. */
  joined: () => void;
  /** Another builder's edit, or this builder's undo or redo. */
  changed: () => void;
  /** Whether the store holds the document as this builder sees it (his edits included). */
  stored: (ownEditsStored: boolean) => void;
  status: (status: 'live' | 'offline') => void;
  peers: (peers: Peer[]) => void;
  undoState: (canUndo: boolean, canRedo: boolean) => void;
  /** Left without being asked to (never joined, or refused by the server). */
  lost: (reason: LostReason) => void;
}

export interface SharedDocumentOptions {
  /** The document's name on the server, e.g. `page/12`. */
  name: string;
  /** The session's token, read at each (re)connection. */
  token: () => string;
  /** Who this builder is, as the others see him. */
  user: string;
  /** The document's types this builder's undo takes back his edits of. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Yjs types are invariant in their event type
  undoScope: (doc: Y.Doc) => Y.AbstractType<any>[];
  handlers: SharedDocumentHandlers;
  url?: string;
}

export interface SharedDocument {
  doc: Y.Doc;
  /**
   * Runs this builder's edit (`write` gets the origin to write with): one undo step, or folded
   * into the last one when `coalesceKey` is the last edit's and it came moments ago.
   */
  edit: (write: (origin: unknown) => void, coalesceKey?: string) => void;
  undo: () => void;
  redo: () => void;
  /** Tells the others what this builder has selected. */
  select: (activeId: string | null) => void;
  ownEditsStored: () => boolean;
  /** Leaves quietly: the editor closes the document or opens another. */
  leave: () => void;
}

export function joinSharedDocument(options: SharedDocumentOptions): SharedDocument {
  const { handlers } = options;
  const doc = new Y.Doc();
  const undoManager = new Y.UndoManager(options.undoScope(doc), { trackedOrigins: new Set([OWN_EDIT]), captureTimeout: COALESCE_MS });
  let joined = false;
  let ended = false;
  let lastKey: string | undefined;
  /** The document as the server last said it stored it (at the first sync: as it came). */
  let storedUpTo: Y.Snapshot | null = null;
  const ownEditsStored = () => storedUpTo !== null && snapshotHolds(storedUpTo, doc);

  const undoState = () => handlers.undoState(undoManager.canUndo(), undoManager.canRedo());
  undoManager.on('stack-item-added', undoState);
  undoManager.on('stack-item-popped', undoState);
  undoManager.on('stack-cleared', undoState);
  // Others' edits and this builder's undo and redo reach the editor; his own edits are there already.
  doc.on('afterTransaction', (transaction: Y.Transaction) => {
    if (!joined || transaction.origin === OWN_EDIT || transaction.changed.size === 0) return;
    handlers.changed();
    if (transaction.local) handlers.stored(ownEditsStored());
  });

  const reconnect = () => void provider.connect();
  const close = (): boolean => {
    if (ended) return false;
    ended = true;
    clearTimeout(joinTimer);
    window.removeEventListener('online', reconnect);
    provider.destroy();
    undoManager.destroy();
    doc.destroy();
    return true;
  };
  const lose = (reason: LostReason) => {
    if (close()) handlers.lost(reason);
  };

  const peersFrom = (states: { clientId: number; [key: string]: unknown }[]): Peer[] => states
    .filter((state) => state.clientId !== doc.clientID && typeof (state.user as { name?: unknown } | undefined)?.name === 'string')
    .map((state) => {
      const user = state.user as { name: string; color?: unknown };
      return {
        clientId: state.clientId, name: user.name, color: typeof user.color === 'string' ? user.color : peerColor(user.name),
        activeId: typeof state.activeId === 'string' ? state.activeId : null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.clientId - b.clientId);

  const provider = new HocuspocusProvider({
    url: options.url ?? collabUrl(),
    name: options.name,
    document: doc,
    token: options.token,
    onSynced: ({ state }) => {
      if (!state || joined || ended) return;
      storedUpTo ??= Y.snapshot(doc);
      joined = true;
      clearTimeout(joinTimer);
      handlers.joined();
    },
    onStatus: ({ status }) => {
      if (joined && !ended) handlers.status(status === 'connected' ? 'live' : 'offline');
    },
    onClose: ({ event }) => {
      // The server's reasons end it; a dropped connection is joined again (unless never joined).
      const loss = collabLossOf(event);
      if (loss !== undefined) lose(loss);
      else if (!joined) lose('unavailable');
    },
    onAuthenticationFailed: () => lose('forbidden'),
    onStateless: ({ payload }) => {
      const news = collabNewsOf(payload);
      if (news?.type === 'deleted') lose('deleted');
      else if (news?.type === 'stored') {
        storedUpTo = snapshotOf(news.snapshot);
        if (joined && !ended) handlers.stored(ownEditsStored());
      }
    },
    onAwarenessChange: ({ states }) => {
      if (!ended) handlers.peers(peersFrom(states));
    },
  });
  provider.setAwarenessField('user', { name: options.user, color: peerColor(options.user) });
  // Back on the network: join again now rather than at the provider's next backed-off attempt.
  window.addEventListener('online', reconnect);
  // Declared last: only the provider's callbacks (never synchronous) and this timer end the document.
  const joinTimer = setTimeout(() => {
    if (!joined) lose('unavailable');
  }, JOIN_TIMEOUT_MS);

  return {
    doc,
    edit: (write, coalesceKey) => {
      // Typing in one field folds into one step; anything else starts a new one.
      if (coalesceKey === undefined || coalesceKey !== lastKey) undoManager.stopCapturing();
      lastKey = coalesceKey;
      write(OWN_EDIT);
      handlers.stored(ownEditsStored());
    },
    undo: () => {
      lastKey = undefined;
      undoManager.undo();
    },
    redo: () => {
      lastKey = undefined;
      undoManager.redo();
    },
    select: (activeId) => {
      if (!ended) provider.setAwarenessField('activeId', activeId);
    },
    ownEditsStored,
    leave: () => void close(),
  };
}
