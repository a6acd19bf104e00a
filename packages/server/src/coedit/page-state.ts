import { type Component, parsePageComponents } from '@rakit/core';
import { componentsOfDoc, writeComponentsToDoc } from '@rakit/core/page-ydoc';
import { encodedSnapshotOf } from '@rakit/core/live-doc';
import * as Y from 'yjs';
import { recordAudit } from '../audit/record';
import type { AuditContext } from '../audit/context';
import type { PageHistoryPolicy } from '../pages/history';
import { savePages } from '../pages/save-pages';
import type { Store } from '../store/db';
import { PAGE_STATES } from '../store/repositories/document-states';
import { findPage, findPageForUpdate } from '../store/repositories/pages';
import { loadLiveState, type StateKeeping, type StoredState, storeLiveState } from './live-state';

/**
 * A page's co-editing document in the store (issue 33, live-state.ts): its Yjs state persisted
 * with the page revision whose components it holds.
 */

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

/** A page's state is the page revision's, its content the page's row (the stored JSON of its components). */
const PAGE_KEEPING: StateKeeping<{ pageComponents: string; pageSlug: string }> = {
  table: PAGE_STATES,
  async current(db, pageId, lock) {
    const page = lock ? await findPageForUpdate(db, pageId) : await findPage(db, pageId);
    return page === undefined ? undefined : { revision: page.revision, content: page };
  },
  caughtUp(state, page) {
    const components = componentsOfPage(page.pageComponents);
    return components === undefined ? undefined : caughtUp(state, components);
  },
};

/** The state a page's document loads from (live-state's loadLiveState). */
export const loadPageState = (store: Store, pageId: number) => loadLiveState(store, PAGE_KEEPING, pageId);

export interface LiveStore {
  store: Store;
  history: PageHistoryPolicy;
  pageId: number;
  appId: number;
  authorId: string;
  audit: AuditContext;
}

/**
 * Stores a live document as its page (live-state's storeLiveState): its components and state
 * read at one moment, the components saved (savePages: validated, a version, the revision bumped)
 * with the audit when they changed, and the state persisted with the page's revision.
 */
export async function storeLiveDocument(document: Y.Doc, options: LiveStore, known: Uint8Array | undefined): Promise<StoredState | 'gone'> {
  const { store, pageId, appId } = options;
  return storeLiveState(store, PAGE_KEEPING, pageId, document, known, async (trx, page) => {
    // One moment: the components stored and the state persisted agree.
    const pageComponents = JSON.stringify(componentsOfDoc(document));
    const state = Y.encodeStateAsUpdate(document);
    const snapshot = encodedSnapshotOf(document);
    let { revision } = page;
    if (pageComponents !== page.content.pageComponents) {
      const [saved] = await savePages(trx, appId, [{ pageId, pageComponents, revision }], { authorId: options.authorId, policy: options.history, fromLiveDocument: true });
      revision = saved!.revision;
      await recordAudit(trx, options.audit, { appId, entityType: 'page', entityId: pageId, summary: { key: 'audit.pageCoEdited', values: { page: page.content.pageSlug } } });
    }
    return { revision, snapshot, state };
  });
}
