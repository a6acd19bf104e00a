import { MAX_PAGE_COMPONENTS, parsePageComponents } from '@rakit/core';
import { componentsOfDoc } from '@rakit/core/page-ydoc';
import type * as Y from 'yjs';
import type { AuditContext } from '../audit/context';
import type { PageHistoryPolicy } from '../pages/history';
import type { Store } from '../store/db';
import { findPage } from '../store/repositories/pages';
import { closesOf, type LiveKind, readAfterUpdate } from './collab';
import { loadPageState, storeLiveDocument } from './page-state';

/**
 * Live co-editing of pages (issue 33, collab.ts): each page is a Yjs document (core's page-ydoc),
 * `page/{pageId}`. An update is accepted when the page it makes is one core's page model accepts;
 * the document is stored as the page, with a version (page-state.ts).
 */

/** The most one page's JSON may hold, as a save may (core's PageInputSchema). */
const MAX_PAGE_JSON = 4_000_000;

/** The close codes of a page's document (collab.ts closesOf). */
export const COLLAB_CLOSE = closesOf('page');

/** Whether the document, with `update` applied, is a page core's model accepts. */
const acceptable = (document: Y.Doc, update: Uint8Array): boolean => readAfterUpdate(document, update, (copy) => {
  const components = componentsOfDoc(copy);
  const text = JSON.stringify(components);
  return text.length <= MAX_PAGE_JSON && components.length <= MAX_PAGE_COMPONENTS && parsePageComponents(text).ok;
}) ?? false;

export interface PageKindOptions {
  store: Store;
  history: PageHistoryPolicy;
}

/** Pages as a kind of co-edited object: joined by their application's administrators, stored as the page. */
export function pageKind(options: PageKindOptions): LiveKind {
  return {
    name: 'page',
    appOf: async (pageId) => (await findPage(options.store, pageId))?.pageAppId,
    load: (pageId) => loadPageState(options.store, pageId),
    accepts: (document, update) => (acceptable(document, update) ? 'accepted' : 'refused'),
    async store(document, { principal, id: pageId, appId }, sourceAddress, known) {
      const audit: AuditContext = { action: 'coEditPage', actorId: principal.userId, sourceAddress, appId, input: { pageId }, recorded: false };
      return storeLiveDocument(document, { store: options.store, history: options.history, pageId, appId, authorId: principal.userId, audit }, known);
    },
  };
}
