import { type Component, parsePageComponents } from '@rakit/core';
import { componentsOfDoc, writeComponentsToDoc } from '@rakit/core/page-ydoc';
import * as Y from 'yjs';
import { recordAudit } from '../audit/record';
import type { AuditContext } from '../audit/context';
import type { PageHistoryPolicy } from '../pages/history';
import { savePages } from '../pages/save-pages';
import type { Store } from '../store/db';
import {
  findPageDocument, insertPageDocument, type PageDocument, updatePageDocument,
} from '../store/repositories/page-documents';
import { findPage, findPageForUpdate } from '../store/repositories/pages';

/**
 * A page's co-editing document in the store (issue 33): its Yjs state persisted with the page
 * revision whose components it holds (store/repositories/page-documents), so that every load, on
 * any replica and after any restart, starts from the same Yjs items. A builder's browser that
 * kept its copy (with edits made offline) then merges with the document instead of conflicting
 * with a lineage rebuilt from the JSON, whose items for the same component ids would hide the
 * other side's edits.
 */

/** The origin of what the server merges into a live document: already in the store, so it stores nothing. */
export const PERSISTED_ORIGIN = { source: 'local', skipStoreHooks: true } as const;

const componentsOfPage = (text: string): Component[] | undefined => {
  const parsed = parsePageComponents(text === '' ? '[]' : text);
  return parsed.ok ? parsed.components : undefined;
};

/** A document holding `state` with the page's components written onto it as a diff; its state. */
function caughtUp(state: Uint8Array | undefined, components: readonly Component[]): Uint8Array {
  const doc = new Y.Doc();
  try {
    if (state !== undefined) Y.applyUpdate(doc, state);
    writeComponentsToDoc(doc, components);
    return Y.encodeStateAsUpdate(doc);
  } finally {
    doc.destroy();
  }
}

/**
 * The state a page's document loads from: the persisted one when it holds the page's revision.
 * Otherwise (none yet, or the page was written by a path that keeps no state, such as an
 * import) the stored components are written onto the persisted state, if any, as a diff, and the
 * result persisted while holding the page, so that of replicas loading the page at once the
 * later ones read and use the first one's state. 'gone' when the page is; 'refused' when its
 * stored JSON is not a page core's model accepts.
 */
export async function loadPageState(store: Store, pageId: number): Promise<Uint8Array | 'gone' | 'refused'> {
  const page = await findPage(store, pageId);
  if (page === undefined) return 'gone';
  const persisted = await findPageDocument(store, pageId);
  if (persisted !== undefined && persisted.pageRevision === page.revision) return persisted.state;
  return store.transaction().execute(async (trx) => {
    // Held until the end: every write of the page (and every other loader) waits, and the reads
    // below see what was committed before (MySQL takes the transaction's snapshot at the first
    // plain read, which comes after the lock).
    const current = await findPageForUpdate(trx, pageId);
    if (current === undefined) return 'gone';
    const now = await findPageDocument(trx, pageId);
    if (now !== undefined && now.pageRevision === current.revision) return now.state;
    const components = componentsOfPage(current.pageComponents);
    if (components === undefined) return 'refused';
    const state = caughtUp(now?.state, components);
    const document = { pageId, state, pageRevision: current.revision };
    const written = now === undefined ? await insertPageDocument(trx, document) : await updatePageDocument(trx, pageId, document, now.pageRevision);
    if (written) return state;
    // Another process persisted it first: its items are the ones every replica uses.
    const winner = await findPageDocument(trx, pageId);
    return winner?.state ?? state;
  });
}

const sameBytes = (a: Uint8Array | undefined, b: Uint8Array) => a !== undefined && Buffer.compare(a, b) === 0;

/**
 * Merges into a live document what the store holds of its page and the document may lack: the
 * persisted state (a REST write not delivered yet; another replica's store), or, when the page
 * was written by a path that keeps no state, that write as a diff from the persisted state. A
 * CRDT merge: the builders' edits not stored yet stay. `known` is the state this document last
 * loaded or stored (nothing to merge when the store still holds exactly that).
 */
function mergeStored(document: Y.Doc, page: { pageComponents: string; revision: number }, persisted: PageDocument | undefined, known: Uint8Array | undefined): void {
  if (persisted === undefined) return;
  if (persisted.pageRevision === page.revision) {
    if (!sameBytes(known, persisted.state)) Y.applyUpdate(document, persisted.state, PERSISTED_ORIGIN);
    return;
  }
  const components = componentsOfPage(page.pageComponents);
  if (components !== undefined) Y.applyUpdate(document, caughtUp(persisted.state, components), PERSISTED_ORIGIN);
}

export interface LiveStore {
  store: Store;
  history: PageHistoryPolicy;
  pageId: number;
  appId: number;
  authorId: string;
  audit: AuditContext;
}

export interface StoredPage {
  /** The page's revision now (new when the components changed, the current one otherwise). */
  revision: number;
  /** The document's state vector when its components were read: what the store now holds. */
  stateVector: Uint8Array;
  /** The state persisted (the document's when its components were read). */
  state: Uint8Array;
}

/**
 * Stores a live document as its page, in one transaction holding the page: first what the store
 * has that the document lacks is merged into it (so no write is lost), then its components and
 * its state are read at one moment, the components saved (savePages: validated, a version, the
 * revision bumped) with the audit when they changed, and the state persisted with the page's
 * revision. 'gone' when the page is.
 */
export async function storeLiveDocument(document: Y.Doc, options: LiveStore, known: Uint8Array | undefined): Promise<StoredPage | 'gone'> {
  const { store, pageId, appId } = options;
  return store.transaction().execute(async (trx) => {
    const page = await findPageForUpdate(trx, pageId);
    if (page === undefined) return 'gone';
    const persisted = await findPageDocument(trx, pageId);
    mergeStored(document, page, persisted, known);
    // One moment: the components stored and the state persisted agree.
    const pageComponents = JSON.stringify(componentsOfDoc(document));
    const state = Y.encodeStateAsUpdate(document);
    const stateVector = Y.encodeStateVector(document);
    let { revision } = page;
    if (pageComponents !== page.pageComponents) {
      const [saved] = await savePages(trx, appId, [{ pageId, pageComponents, revision }], { authorId: options.authorId, policy: options.history, fromLiveDocument: true });
      revision = saved!.revision;
      await recordAudit(trx, options.audit, { appId, entityType: 'page', entityId: pageId, summary: `Saved page ${page.pageSlug} (co-editing)` });
    }
    if (persisted === undefined) await insertPageDocument(trx, { pageId, state, pageRevision: revision });
    else if (persisted.pageRevision !== revision || !sameBytes(persisted.state, state)) {
      await updatePageDocument(trx, pageId, { state, pageRevision: revision }, persisted.pageRevision);
    }
    return { revision, stateVector, state };
  });
}
