import * as Y from 'yjs';
import type { Store } from '../store/db';
import {
  findPersistedState, insertPersistedState, type PersistedState, type StateTable, updatePersistedState,
} from '../store/repositories/document-states';

/**
 * A co-editing document in the store (issue 33), whatever its object (a page, page-state.ts; a
 * workflow, workflow-state.ts): its Yjs state persisted with the revision of the object whose
 * content it holds (store/repositories/document-states), so that every load, on any replica and
 * after any restart, starts from the same Yjs items. A builder's browser that kept its copy (with
 * edits made offline) then merges with the document instead of conflicting with a lineage rebuilt
 * from the stored content, whose items for the same ids would hide the other side's edits.
 */

/** The origin of what the server merges into a live document: already in the store, so it stores nothing. */
export const PERSISTED_ORIGIN = { source: 'local', skipStoreHooks: true } as const;

/** An object as stored now: its revision, and the content its document holds. */
export interface Current<C> {
  revision: number;
  content: C;
}

/** How one kind of object keeps its documents' states. */
export interface StateKeeping<C> {
  table: StateTable;
  /** The object as stored (undefined when it is gone); with `lock`, its row is held until the transaction ends. */
  current(db: Store, id: number, lock: boolean): Promise<Current<C> | undefined>;
  /**
   * A state holding `state` (when there is one) with `content` written onto it as a diff: the
   * Yjs update computed against it, so the items it had stay. Undefined when the content is not
   * one the object's model accepts.
   */
  caughtUp(state: Uint8Array | undefined, content: C): Uint8Array | undefined;
}

/**
 * The state an object's document loads from: the persisted one when it holds the object's
 * revision. Otherwise (none yet, or the object was written by a path that keeps no state, such
 * as an import) the stored content is written onto the persisted state, if any, as a diff, and
 * the result persisted while holding the object's row, so that of replicas loading it at once
 * the later ones read and use the first one's state. 'gone' when the object is; 'refused' when
 * its stored content is not one its model accepts.
 */
export async function loadLiveState<C>(store: Store, keeping: StateKeeping<C>, id: number): Promise<Uint8Array | 'gone' | 'refused'> {
  const current = await keeping.current(store, id, false);
  if (current === undefined) return 'gone';
  const persisted = await findPersistedState(store, keeping.table, id);
  if (persisted !== undefined && persisted.revision === current.revision) return persisted.state;
  return store.transaction().execute(async (trx) => {
    // Held until the end: every write of the object (and every other loader) waits, and the reads
    // below see what was committed before (MySQL takes the transaction's snapshot at the first
    // plain read, which comes after the lock).
    const now = await keeping.current(trx, id, true);
    if (now === undefined) return 'gone';
    const kept = await findPersistedState(trx, keeping.table, id);
    if (kept !== undefined && kept.revision === now.revision) return kept.state;
    const state = keeping.caughtUp(kept?.state, now.content);
    if (state === undefined) return 'refused';
    const document = { state, revision: now.revision };
    const written = kept === undefined ? await insertPersistedState(trx, keeping.table, id, document) : await updatePersistedState(trx, keeping.table, id, document, kept.revision);
    if (written) return state;
    // Another process persisted it first: its items are the ones every replica uses.
    const winner = await findPersistedState(trx, keeping.table, id);
    return winner?.state ?? state;
  });
}

export const sameBytes = (a: Uint8Array | undefined, b: Uint8Array) => a !== undefined && Buffer.compare(a, b) === 0;

/**
 * Merges into a live document what the store holds of its object and the document may lack: the
 * persisted state (a write of another path not delivered yet; another replica's store), or, when
 * the object was written by a path that keeps no state, that write as a diff from the persisted
 * state. A CRDT merge: the builders' edits not stored yet stay. `known` is the state this
 * document last loaded or stored (nothing to merge when the store still holds exactly that).
 * Answers the state that stands for the store (undefined when it has none).
 */
export function mergeStored<C>(document: Y.Doc, keeping: StateKeeping<C>, current: Current<C>, persisted: PersistedState | undefined, known: Uint8Array | undefined): Uint8Array | undefined {
  if (persisted === undefined) return undefined;
  if (persisted.revision === current.revision) {
    if (!sameBytes(known, persisted.state)) Y.applyUpdate(document, persisted.state, PERSISTED_ORIGIN);
    return persisted.state;
  }
  const state = keeping.caughtUp(persisted.state, current.content);
  if (state !== undefined) Y.applyUpdate(document, state, PERSISTED_ORIGIN);
  return state;
}

export interface StoredState {
  /** The object's revision now (new when its content changed, the current one otherwise). */
  revision: number;
  /** The document's Yjs snapshot (state vector and deletions) when its content was read: what the store now holds. */
  snapshot: Uint8Array;
  /** The state persisted (the document's when its content was read). */
  state: Uint8Array;
}

/**
 * Stores a live document as its object, in one transaction holding the object: first what the
 * store has that the document lacks is merged into it (so no write is lost), then `save` reads
 * the document's content and state at one moment and writes the object when its content changed
 * (given the state that stands for the store before), and the state is persisted with the
 * object's revision. 'gone' when the object is.
 */
export async function storeLiveState<C>(
  store: Store, keeping: StateKeeping<C>, id: number, document: Y.Doc, known: Uint8Array | undefined,
  save: (trx: Store, current: Current<C>, stored: Uint8Array | undefined) => Promise<StoredState>,
): Promise<StoredState | 'gone'> {
  return store.transaction().execute(async (trx) => {
    const current = await keeping.current(trx, id, true);
    if (current === undefined) return 'gone';
    const persisted = await findPersistedState(trx, keeping.table, id);
    const stored = await save(trx, current, mergeStored(document, keeping, current, persisted, known));
    const { state, revision } = stored;
    if (persisted === undefined) await insertPersistedState(trx, keeping.table, id, { state, revision });
    else if (persisted.revision !== revision || !sameBytes(persisted.state, state)) {
      await updatePersistedState(trx, keeping.table, id, { state, revision }, persisted.revision);
    }
    return stored;
  });
}
