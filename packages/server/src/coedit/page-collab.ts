import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import { type Document, Hocuspocus, type onStoreDocumentPayload } from '@hocuspocus/server';
import { MAX_PAGE_COMPONENTS, parsePageComponents } from '@rakit/core';
import { componentsOfDoc } from '@rakit/core/page-ydoc';
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import type { Principal } from '../auth/principal';
import type { AuditContext } from '../audit/context';
import { type PageHistoryPolicy } from '../pages/history';
import type { Store } from '../store/db';
import { findPage } from '../store/repositories/pages';
import { loadPageState, storeLiveDocument } from './page-state';

/**
 * Live co-editing of pages (issue 33): each page is a Yjs document (core's page-ydoc) that the
 * builders with it open share through Hocuspocus. Joining needs what saving the page needs (an
 * administrator of its application, checked again on every message and every
 * `recheckMs`); every update is applied to a copy first and refused (the connection cut off,
 * nothing applied) when the page it makes is not one core's page model accepts; the document
 * is stored as the page, with a version, a short while after the last change, and its Yjs state
 * with it (page-state.ts), which every load starts from. Writes of the page by other paths reach
 * the open documents as Yjs updates (live-documents.ts).
 */

/** `page/{pageId}`: the only documents there are. */
const PAGE_DOCUMENT = /^page\/([1-9]\d{0,9})$/;
export const pageDocumentName = (pageId: number) => `page/${pageId}`;
const pageIdOf = (documentName: string): number | undefined => {
  const pageId = Number(PAGE_DOCUMENT.exec(documentName)?.[1]);
  return Number.isInteger(pageId) ? pageId : undefined;
};

/**
 * The stateless messages the builders' editors receive (`provider.onStateless`), as JSON:
 * `{ type: 'stored', revision, stateVector }` once the document is in the store (the page's
 * revision then, and the base64 Yjs state vector of the document when its components were read:
 * every edit it covers is stored), and `{ type: 'deleted' }` before the connections of a deleted
 * page are closed.
 */
export const storedMessage = (revision: number, stateVector: Uint8Array) =>
  JSON.stringify({ type: 'stored', revision, stateVector: Buffer.from(stateVector).toString('base64') });
export const PAGE_DELETED = JSON.stringify({ type: 'deleted' });

/** Hocuspocus's message types (its protocol), and y-protocols' sync steps. */
const MESSAGE = { sync: 0, awareness: 1, auth: 2, queryAwareness: 3, syncReply: 4, close: 7 } as const;
const SYNC_STEP_1 = 0;

/** The most one page's JSON may hold, as a save may (core's PageInputSchema). */
const MAX_PAGE_JSON = 4_000_000;

/** Close codes a builder's browser tells apart: not (or no longer) allowed, and a change refused. */
export const COLLAB_CLOSE = {
  forbidden: { code: 4403, reason: 'forbidden' },
  refused: { code: 4422, reason: 'The change makes a page the page model refuses' },
  deleted: { code: 4404, reason: 'The page was deleted' },
} as const;

/** A builder allowed on a page's document. */
interface PageEditor {
  principal: Principal;
  token: string;
  pageId: number;
  appId: number;
}

export interface CollabContext {
  /** Where the builder's socket came from, for the audit log. */
  sourceAddress: string | null;
  /** Set once he is authenticated for the document. */
  editor?: PageEditor;
}

const editorIn = (context: CollabContext): PageEditor => {
  if (context.editor === undefined) throw refuse(COLLAB_CLOSE.forbidden);
  return context.editor;
};

export interface PageCollabOptions {
  store: Store;
  /** Who a session token signs in now (undefined: expired, revoked, unknown). */
  principalOf: (token: string) => Promise<Principal | undefined>;
  history: PageHistoryPolicy;
  /** How long after the last change the document is stored, and at most. */
  storeDelayMs?: number;
  storeMaxDelayMs?: number;
  /**
   * How often a builder who only watches is checked again: a revoked session or a lost role
   * ends his connection within this (a builder who edits is checked on each message).
   */
  recheckMs: number;
  /**
   * Replicas behind a balancer (REDIS_URL): each document's updates and presence go through
   * Redis, so builders on different replicas edit together; one replica stores it at a time.
   */
  redis?: { url: string; prefix: string };
}

/**
 * Hocuspocus's Redis extension, storing what it would skip: of replicas storing one document at
 * once, all but the lock's holder skip their store, and an edit that reached the holder after it
 * read the document would then wait for the next change. A skipped store runs again once the
 * lock has expired (if the document is still open here).
 */
class PageRedisExtension extends RedisExtension {
  override async onStoreDocument(data: onStoreDocumentPayload): Promise<void> {
    try {
      await super.onStoreDocument(data);
    } catch (error) {
      if (error instanceof Error && error.name === 'SkipFurtherHooksError') {
        const { instance, document, documentName } = data;
        setTimeout(() => {
          if (instance.documents.get(documentName) === document) instance.storeDocumentHooks(document, data).catch(() => undefined);
        }, this.configuration.lockTimeout).unref();
      }
      throw error;
    }
  }
}

/** Hocuspocus's Redis extension on the operator's Redis (its own connections, under the prefix). */
function redisExtension({ url, prefix }: { url: string; prefix: string }): RedisExtension {
  const address = new URL(url);
  const db = Number(address.pathname.replace('/', '') || '0');
  return new PageRedisExtension({
    host: address.hostname,
    port: Number(address.port || '6379'),
    prefix: `${prefix}collab`,
    options: {
      ...(address.username === '' ? {} : { username: decodeURIComponent(address.username) }),
      ...(address.password === '' ? {} : { password: decodeURIComponent(address.password) }),
      ...(Number.isInteger(db) ? { db } : {}),
      ...(address.protocol === 'rediss:' ? { tls: {} } : {}),
    },
  });
}

class CollabRefusal extends Error {
  constructor(readonly code: number, readonly reason: string) {
    super(reason);
  }
}
const refuse = (close: { code: number; reason: string }) => new CollabRefusal(close.code, close.reason);

/** The caller, if he may edit the page (its application's administrator); the page's application. */
async function editorOf(options: PageCollabOptions, token: string, pageId: number): Promise<{ principal: Principal; appId: number }> {
  const principal = await options.principalOf(token);
  const page = principal === undefined ? undefined : await findPage(options.store, pageId);
  if (principal === undefined || page === undefined) throw refuse(COLLAB_CLOSE.forbidden);
  await stillEditor(options, token, page.pageAppId);
  return { principal, appId: page.pageAppId };
}

/**
 * Whether the session still signs in an administrator of the page's application (a page never
 * changes application, so the page is not read again): on every message and every recheck.
 */
async function stillEditor(options: PageCollabOptions, token: string, appId: number): Promise<void> {
  const principal = await options.principalOf(token);
  if (principal === undefined || !principal.isAppAdmin(appId)) throw refuse(COLLAB_CLOSE.forbidden);
}

/** The Yjs update a sync message carries, or undefined for the ones that change nothing. */
function updateOf(message: Uint8Array): Uint8Array | undefined | 'refused' {
  const decoder = decoding.createDecoder(message);
  decoding.readVarString(decoder);
  const type = decoding.readVarUint(decoder);
  // A provider closing its own connection (on destroy) sends CLOSE: it changes nothing.
  if (type === MESSAGE.awareness || type === MESSAGE.auth || type === MESSAGE.queryAwareness || type === MESSAGE.close) return undefined;
  if (type !== MESSAGE.sync && type !== MESSAGE.syncReply) return 'refused';
  const step = decoding.readVarUint(decoder);
  if (step === SYNC_STEP_1) return undefined;
  return decoding.readVarUint8Array(decoder);
}

/** Whether the document, with `update` applied, is a page core's model accepts. */
function acceptable(document: Y.Doc, update: Uint8Array): boolean {
  const copy = new Y.Doc();
  try {
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(document));
    Y.applyUpdate(copy, update);
    const components = componentsOfDoc(copy);
    const text = JSON.stringify(components);
    return text.length <= MAX_PAGE_JSON && components.length <= MAX_PAGE_COMPONENTS && parsePageComponents(text).ok;
  } catch {
    return false;
  } finally {
    copy.destroy();
  }
}

/**
 * A stateless message to the document's builders here and, through the Redis extension, on the
 * other replicas. Document.broadcastStateless would leave a failed Redis publish unhandled.
 */
export function broadcastToBuilders(instance: Hocuspocus, document: Document, payload: string): void {
  instance.hooks('beforeBroadcastStateless', { document, documentName: document.name, payload }).catch(() => undefined);
  document.relayStateless(payload);
}

/** Closes the builders' connections of a deleted page's document (on whichever replica relays PAGE_DELETED). */
function closeWhenDeleted(document: Document): void {
  const relay = document.relayStateless.bind(document);
  // Every stateless message reaches the connections through here, the Redis extension's relay
  // of another replica's broadcast included.
  document.relayStateless = (payload, filter) => {
    relay(payload, filter);
    if (payload === PAGE_DELETED) for (const connection of document.getConnections()) connection.close(COLLAB_CLOSE.deleted);
  };
}

export function createPageCollab(options: PageCollabOptions): Hocuspocus<CollabContext> {
  /** The builder who changed each document last: whose store a direct connection's (which edits nothing) is. */
  const lastEditors = new WeakMap<Y.Doc, CollabContext>();
  /** The state each document last loaded or stored: nothing to merge from the store while it holds exactly that. */
  const knownStates = new WeakMap<Y.Doc, Uint8Array>();
  return new Hocuspocus<CollabContext>({
    quiet: true,
    extensions: options.redis === undefined ? [] : [redisExtension(options.redis)],
    debounce: options.storeDelayMs ?? 1000,
    maxDebounce: options.storeMaxDelayMs ?? 5000,
    async onAuthenticate({ token, documentName, context }) {
      const pageId = pageIdOf(documentName);
      if (pageId === undefined) throw refuse(COLLAB_CLOSE.forbidden);
      const { principal, appId } = await editorOf(options, token, pageId);
      return { ...context, editor: { principal, token, pageId, appId } } satisfies CollabContext;
    },
    async onLoadDocument({ document, documentName }) {
      // From the name: a direct connection (live-documents.ts) has no builder.
      const pageId = pageIdOf(documentName);
      if (pageId === undefined) throw refuse(COLLAB_CLOSE.forbidden);
      const state = await loadPageState(options.store, pageId);
      if (state === 'gone') throw refuse(COLLAB_CLOSE.deleted);
      if (state === 'refused') throw refuse(COLLAB_CLOSE.refused);
      Y.applyUpdate(document, state);
      knownStates.set(document, state);
    },
    async afterLoadDocument({ document }) {
      closeWhenDeleted(document);
    },
    async connected({ connection, context }) {
      const { token, appId } = editorIn(context);
      const recheck = setInterval(() => {
        stillEditor(options, token, appId).catch(() => connection.close(COLLAB_CLOSE.forbidden));
      }, options.recheckMs);
      recheck.unref();
      connection.onClose(() => clearInterval(recheck));
    },
    async beforeHandleMessage({ context, document, update: message }) {
      // Still allowed: a revoked session or a lost administrator role ends here.
      const { token, appId } = editorIn(context);
      await stillEditor(options, token, appId);
      const update = updateOf(message);
      if (update === 'refused') throw refuse(COLLAB_CLOSE.refused);
      if (update !== undefined && !acceptable(document, update)) throw refuse(COLLAB_CLOSE.refused);
    },
    async onChange({ document, context }) {
      if ((context as CollabContext | undefined)?.editor !== undefined) lastEditors.set(document, context);
    },
    async onStoreDocument({ document, documentName, lastContext, instance }) {
      const given = lastContext as CollabContext | undefined;
      const context = given?.editor === undefined ? lastEditors.get(document) : given;
      const editor = context?.editor;
      // No builder changed it here: nothing of this process's to store.
      if (context === undefined || editor === undefined || editor.pageId !== pageIdOf(documentName)) return;
      const { principal, pageId, appId } = editor;
      const audit: AuditContext = { action: 'coEditPage', actorId: principal.userId, sourceAddress: context.sourceAddress, appId, input: { pageId }, recorded: false };
      const stored = await storeLiveDocument(document, { store: options.store, history: options.history, pageId, appId, authorId: principal.userId, audit }, knownStates.get(document));
      if (stored === 'gone') {
        broadcastToBuilders(instance, document, PAGE_DELETED);
        return;
      }
      knownStates.set(document, stored.state);
      // The builders' editors show "Saved" once it covers their own edits.
      broadcastToBuilders(instance, document, storedMessage(stored.revision, stored.stateVector));
    },
  });
}
