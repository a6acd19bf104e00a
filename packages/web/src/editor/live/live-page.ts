import { HocuspocusProvider } from '@hocuspocus/provider';
import { mergePageComponents } from '@rakit/core';
import { componentsMapOf, componentsOfDoc, writeComponentsToDoc } from '@rakit/core/page-ydoc';
import * as Y from 'yjs';
import { COALESCE_MS } from '../../state/undo-history';
import type { EditorStore, LiveEdits, Peer } from '../../state/editor-store';
import { peerColor } from './peer-colors';

/**
 * The page editor on the page's shared Yjs document (issue 33, live co-editing): the server's
 * /collab socket relays each builder's edits to the others and stores the document as the page.
 * The editor's store stays what the board draws; this binding writes its edits into the
 * document (only what changed, core's page-ydoc), draws the others' edits as they arrive, keeps
 * this builder's undo steps (a Yjs UndoManager that tracks only his edits), tells the others
 * who is here and what he selected, and says "Saved" only once the server stored his edits.
 */

/** How long the first sync may take before the editor saves with saveApp instead. */
export const LIVE_JOIN_TIMEOUT_MS = 5000;

/** Close codes of the server (coedit/page-collab.ts) after which joining again is pointless. */
const FINAL_CLOSES = new Set([4403, 4404, 4422]);

/** Marks this builder's own edits, the only ones his undo manager takes back. */
const OWN_EDIT = Symbol('own edit');

/** The server's word that the page is stored up to a state vector (coedit/page-collab.ts). */
interface StoredMessage {
  type: 'stored';
  revision: number;
  stateVector: string;
}

function storedMessage(payload: string): StoredMessage | undefined {
  try {
    const parsed = JSON.parse(payload) as Partial<StoredMessage>;
    return parsed.type === 'stored' && typeof parsed.stateVector === 'string' && typeof parsed.revision === 'number' ? parsed as StoredMessage : undefined;
  } catch {
    return undefined;
  }
}

const bytesOfBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

export interface LivePageOptions {
  store: EditorStore;
  pageId: number;
  /** The session's token, read at each (re)connection. */
  token: () => string;
  /** Who this builder is, as the others see him. */
  name: string;
  /** The socket's address (ws(s)://host/collab). */
  url?: string;
  /** The document could not be joined or was closed by the server: the editor goes on without it. */
  onLost: (reason: 'unavailable' | 'forbidden' | 'deleted' | 'refused') => void;
}

export interface LivePage {
  leave: () => void;
}

export const collabUrl = (): string => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/collab`;

/** Joins the shared document of the page open in `store`. */
export function joinLivePage(options: LivePageOptions): LivePage {
  const { store, pageId } = options;
  const doc = new Y.Doc();
  const components = componentsMapOf(doc);
  const undoManager = new Y.UndoManager(components, { trackedOrigins: new Set([OWN_EDIT]), captureTimeout: COALESCE_MS });
  let joined = false;
  let ended = false;
  let unsubscribe = () => {};
  const reconnect = () => void provider.connect();
  let lastKey: string | undefined;
  /** The newest state vector the server stored. */
  let storedUpTo = new Map<number, number>();

  const ownEditsStored = () => (storedUpTo.get(doc.clientID) ?? 0) >= Y.getState(doc.store, doc.clientID);

  const edits: LiveEdits = {
    write: (next, coalesceKey) => {
      // Typing in one field folds into one step; anything else starts a new one.
      if (coalesceKey === undefined || coalesceKey !== lastKey) undoManager.stopCapturing();
      lastKey = coalesceKey;
      writeComponentsToDoc(doc, next, OWN_EDIT);
      store.getState().liveStored(ownEditsStored());
    },
    undo: () => {
      lastKey = undefined;
      undoManager.undo();
    },
    redo: () => {
      lastKey = undefined;
      undoManager.redo();
    },
  };

  const undoState = () => store.getState().liveUndoState(undoManager.canUndo(), undoManager.canRedo());
  undoManager.on('stack-item-added', undoState);
  undoManager.on('stack-item-popped', undoState);
  undoManager.on('stack-cleared', undoState);

  // Others' edits, and this builder's undo and redo, reach the board; his own writes are there already.
  components.observeDeep((_events, transaction) => {
    if (!joined || transaction.origin === OWN_EDIT) return;
    store.getState().liveChanged(componentsOfDoc(doc));
    if (transaction.local) store.getState().liveStored(ownEditsStored());
  });

  /** Stops everything; false when it already was. */
  const close = (): boolean => {
    if (ended) return false;
    ended = true;
    clearTimeout(joinTimer);
    unsubscribe();
    window.removeEventListener('online', reconnect);
    provider.destroy();
    undoManager.destroy();
    doc.destroy();
    return true;
  };
  // The editor goes on with saveApp, from the page as it is now.
  const end = (reason: Parameters<LivePageOptions['onLost']>[0]) => {
    if (!close()) return;
    store.getState().liveEnded();
    options.onLost(reason);
  };

  /** The first sync: the page becomes the document's, with what this builder did meanwhile merged in. */
  const join = () => {
    const state = store.getState();
    if (state.page?.pageId !== pageId) return;
    const shared = componentsOfDoc(doc);
    const base = state.stored?.components;
    const mine = state.history.present;
    if (base !== undefined && mine !== base) {
      writeComponentsToDoc(doc, mergePageComponents(base, mine, shared).components, OWN_EDIT);
    }
    joined = true;
    clearTimeout(joinTimer);
    store.getState().liveJoined(componentsOfDoc(doc), edits, ownEditsStored());
  };

  const peersFrom = (states: Map<number, Record<string, unknown>>): Peer[] => {
    const peers: Peer[] = [];
    for (const [clientId, state] of states) {
      if (clientId === doc.clientID) continue;
      const user = state.user as { name?: unknown; color?: unknown } | undefined;
      if (typeof user?.name !== 'string') continue;
      peers.push({
        clientId, name: user.name, color: typeof user.color === 'string' ? user.color : peerColor(user.name),
        activeId: typeof state.activeId === 'string' ? state.activeId : null,
      });
    }
    return peers.sort((a, b) => a.name.localeCompare(b.name) || a.clientId - b.clientId);
  };

  const provider = new HocuspocusProvider({
    url: options.url ?? collabUrl(),
    name: `page/${pageId}`,
    document: doc,
    token: options.token,
    onSynced: ({ state }) => {
      if (state && !joined) join();
    },
    onStatus: ({ status }) => {
      if (joined) store.getState().liveStatus(status === 'connected' ? 'live' : 'offline');
    },
    onClose: ({ event }) => {
      if (FINAL_CLOSES.has(event.code)) end(event.code === 4403 ? 'forbidden' : event.code === 4404 ? 'deleted' : 'refused');
      else if (!joined) end('unavailable');
    },
    onAuthenticationFailed: () => end('forbidden'),
    onStateless: ({ payload }) => {
      const stored = storedMessage(payload);
      if (stored === undefined) return;
      storedUpTo = Y.decodeStateVector(bytesOfBase64(stored.stateVector));
      if (joined) store.getState().liveStored(ownEditsStored());
    },
    onAwarenessChange: ({ states }) => {
      const byClient = new Map<number, Record<string, unknown>>();
      for (const state of states) byClient.set(state.clientId, state);
      store.getState().livePeers(peersFrom(byClient));
    },
  });
  provider.setAwarenessField('user', { name: options.name, color: peerColor(options.name) });
  provider.setAwarenessField('activeId', store.getState().activeId);
  // Back on the network: join again now rather than at the provider's next backed-off attempt.
  window.addEventListener('online', reconnect);
  unsubscribe = store.subscribe((state, before) => {
    if (state.activeId !== before.activeId) provider.setAwarenessField('activeId', state.activeId);
  });
  // Declared last: only the provider's callbacks (never synchronous) and this timer end the document.
  const joinTimer = setTimeout(() => {
    if (!joined) end('unavailable');
  }, LIVE_JOIN_TIMEOUT_MS);

  // Leaving leaves the store alone: the editor is closing the page or opening another.
  return { leave: () => void close() };
}
