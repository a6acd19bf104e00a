import type { Document, Hocuspocus } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { PageDocumentSync } from '../pages/history';
import type { Store } from '../store/db';
import { findPageDocument, pageDocumentRevision } from '../store/repositories/page-documents';
import { broadcastToBuilders, type CollabContext, PAGE_DELETED, pageDocumentName } from './page-collab';
import { PERSISTED_ORIGIN } from './page-state';

/**
 * How long a write told inside its transaction is waited for (one rolled back never arrives, and
 * one slower than this is merged at the document's next store), and how often it is looked for:
 * at once, then ever less often.
 */
const COMMIT_WAIT_MS = 15_000;
const COMMIT_POLL_MS = { first: 10, most: 500 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export interface LiveDocumentsOptions {
  store: Store;
  /** Replicas share the documents through Redis (REDIS_URL): a page's document may be open on another one. */
  acrossReplicas: boolean;
  onError: (error: unknown) => void;
}

/**
 * The pages domain's way to the builders' live documents (pages/history PageDocumentSync).
 *
 * A write of a page's components has moved the page's persisted document to a revision, by a Yjs
 * update computed against the persisted state. Once the write is committed (the persisted
 * document holds that revision, read outside the write's transaction), the live document merges
 * the persisted state: Yjs integrates exactly what the document lacks, the write's update, which
 * Hocuspocus then sends its builders (and, through the Redis extension, the other replicas). A
 * rolled-back write never reaches the store, so it never reaches a document either. Open in this
 * process (or loading): merged here. Not open here, with replicas: a direct connection loads it
 * from the persisted state (which holds the write), and the Redis extension's first sync hands it
 * to the replicas that have it open.
 *
 * A deleted page: its builders are disconnected (COLLAB_CLOSE.deleted) on every replica, by a
 * stateless PAGE_DELETED broadcast (page-collab closes the connections of a document that relays
 * it).
 */
export function liveDocumentsOf(collab: Hocuspocus<CollabContext>, options: LiveDocumentsOptions): PageDocumentSync {
  const { store } = options;

  async function committed(pageId: number, revision: number): Promise<boolean> {
    const until = Date.now() + COMMIT_WAIT_MS;
    for (let wait = COMMIT_POLL_MS.first; ; wait = Math.min(wait * 2, COMMIT_POLL_MS.most)) {
      const held = await pageDocumentRevision(store, pageId);
      if (held === undefined) return false;
      if (held >= revision) return true;
      if (Date.now() > until) return false;
      await sleep(wait);
    }
  }

  async function merge(pageId: number, revision: number): Promise<void> {
    if (!(await committed(pageId, revision))) return;
    const name = pageDocumentName(pageId);
    const loading = collab.loadingDocuments.get(name);
    const document: Document | undefined = collab.documents.get(name) ?? (loading === undefined ? undefined : await loading.catch(() => undefined));
    if (document !== undefined) {
      // Read now, after the document loaded: it holds the write whenever the document's own load missed it.
      const persisted = await findPageDocument(store, pageId);
      if (persisted !== undefined && !document.isDestroyed) Y.applyUpdate(document, persisted.state, PERSISTED_ORIGIN);
      return;
    }
    if (!options.acrossReplicas) return;
    const connection = await collab.openDirectConnection(name, { sourceAddress: null });
    await connection.disconnect();
  }

  return {
    pageWritten(pageId, revision) {
      merge(pageId, revision).catch(options.onError);
    },
    pageDeleted(pageId) {
      const name = pageDocumentName(pageId);
      const document = collab.documents.get(name);
      if (document !== undefined) broadcastToBuilders(collab, document, PAGE_DELETED);
      else if (options.acrossReplicas) {
        // Not open here: only the replicas that have it open hear it (the Redis extension's relay).
        collab.hooks('beforeBroadcastStateless', { documentName: name, payload: PAGE_DELETED } as never).catch(options.onError);
      }
    },
  };
}
