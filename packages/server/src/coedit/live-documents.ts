import type { Document, Hocuspocus } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { PageDocumentSync } from '../pages/history';
import type { Store } from '../store/db';
import { findPersistedState, PAGE_STATES, persistedRevision, type StateTable, WORKFLOW_STATES } from '../store/repositories/document-states';
import type { WorkflowDocumentSync } from '../workflows/flow-document';
import { broadcastToBuilders, type CollabContext, DOCUMENT_DELETED, documentNameOf } from './collab';
import { PERSISTED_ORIGIN } from './live-state';

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
  /** Replicas share the documents through Redis (REDIS_URL): a document may be open on another one. */
  acrossReplicas: boolean;
  onError: (error: unknown) => void;
}

/**
 * The pages' and workflows' domains' way to the builders' live documents (pages/history
 * PageDocumentSync, workflows/flow-document WorkflowDocumentSync).
 *
 * A write of an object's content has moved its persisted document, by a Yjs update computed
 * against the persisted state. Once the write is committed, the live document merges the
 * persisted state: Yjs integrates exactly what the document lacks, the write's update, which
 * Hocuspocus then sends its builders (and, through the Redis extension, the other replicas). A
 * rolled-back write never reaches the store, so it never reaches a document either. Open in this
 * process (or loading): merged here. Not open here, with replicas: a direct connection loads it
 * from the persisted state (which holds the write), and the Redis extension's first sync hands it
 * to the replicas that have it open. A page's write is told inside its transaction (its commit is
 * waited for: the persisted document holds its revision, read outside it); a workflow's once
 * committed.
 *
 * A deleted object: its builders are disconnected on every replica, by a stateless
 * DOCUMENT_DELETED broadcast (collab.ts closes the connections of a document that relays it).
 */
export function liveDocumentsOf(collab: Hocuspocus<CollabContext>, options: LiveDocumentsOptions): PageDocumentSync & WorkflowDocumentSync {
  const { store } = options;

  async function committed(table: StateTable, id: number, revision: number): Promise<boolean> {
    const until = Date.now() + COMMIT_WAIT_MS;
    for (let wait = COMMIT_POLL_MS.first; ; wait = Math.min(wait * 2, COMMIT_POLL_MS.most)) {
      const held = await persistedRevision(store, table, id);
      if (held === undefined) return false;
      if (held >= revision) return true;
      if (Date.now() > until) return false;
      await sleep(wait);
    }
  }

  async function merge(name: string, table: StateTable, id: number): Promise<void> {
    const loading = collab.loadingDocuments.get(name);
    const document: Document | undefined = collab.documents.get(name) ?? (loading === undefined ? undefined : await loading.catch(() => undefined));
    if (document !== undefined) {
      // Read now, after the document loaded: it holds the write whenever the document's own load missed it.
      const persisted = await findPersistedState(store, table, id);
      if (persisted !== undefined && !document.isDestroyed) Y.applyUpdate(document, persisted.state, PERSISTED_ORIGIN);
      return;
    }
    if (!options.acrossReplicas) return;
    const connection = await collab.openDirectConnection(name, { sourceAddress: null });
    await connection.disconnect();
  }

  function deleted(name: string): void {
    const document = collab.documents.get(name);
    if (document !== undefined) broadcastToBuilders(collab, document, DOCUMENT_DELETED);
    else if (options.acrossReplicas) {
      // Not open here: only the replicas that have it open hear it (the Redis extension's relay).
      collab.hooks('beforeBroadcastStateless', { documentName: name, payload: DOCUMENT_DELETED } as never).catch(options.onError);
    }
  }

  return {
    pageWritten(pageId, revision) {
      (async () => {
        if (await committed(PAGE_STATES, pageId, revision)) await merge(documentNameOf('page', pageId), PAGE_STATES, pageId);
      })().catch(options.onError);
    },
    pageDeleted: (pageId) => deleted(documentNameOf('page', pageId)),
    workflowWritten(chainId) {
      merge(documentNameOf('workflow', chainId), WORKFLOW_STATES, chainId).catch(options.onError);
    },
    workflowDeleted: (chainId) => deleted(documentNameOf('workflow', chainId)),
  };
}
