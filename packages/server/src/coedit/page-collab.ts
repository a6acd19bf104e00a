import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import { Hocuspocus } from '@hocuspocus/server';
import { MAX_PAGE_COMPONENTS, parsePageComponents } from '@rakit/core';
import { componentsOfDoc, writeComponentsToDoc } from '@rakit/core/page-ydoc';
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import type { Principal } from '../auth/principal';
import { recordAudit } from '../audit/record';
import type { AuditContext } from '../audit/context';
import { type PageHistoryPolicy } from '../pages/history';
import { savePages } from '../pages/save-pages';
import type { Store } from '../store/db';
import { findPage } from '../store/repositories/pages';

/**
 * Live co-editing of pages (issue 33): each page is a Yjs document (core's page-ydoc) that the
 * builders with it open share through Hocuspocus. Joining needs what saving the page needs (an
 * administrator of its application, checked again on every message and every
 * `recheckMs`); every update is applied to a copy first and refused (the connection cut off,
 * nothing applied) when the page it makes is not one core's page model accepts; the document
 * is stored as the page, with a version, a short while after the last change.
 */

/** `page/{pageId}`: the only documents there are. */
const PAGE_DOCUMENT = /^page\/([1-9]\d{0,9})$/;
export const pageDocumentName = (pageId: number) => `page/${pageId}`;

/** Hocuspocus's message types (its protocol), and y-protocols' sync steps. */
const MESSAGE = { sync: 0, awareness: 1, auth: 2, queryAwareness: 3, syncReply: 4 } as const;
const SYNC_STEP_1 = 0;

/** The most one page's JSON may hold, as a save may (core's PageInputSchema). */
const MAX_PAGE_JSON = 4_000_000;

/** Close codes a builder's browser tells apart: not (or no longer) allowed, and a change refused. */
export const COLLAB_CLOSE = {
  forbidden: { code: 4403, reason: 'forbidden' },
  refused: { code: 4422, reason: 'The change makes a page the page model refuses' },
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

/** Hocuspocus's Redis extension on the operator's Redis (its own connections, under the prefix). */
function redisExtension({ url, prefix }: { url: string; prefix: string }): RedisExtension {
  const address = new URL(url);
  const db = Number(address.pathname.replace('/', '') || '0');
  return new RedisExtension({
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
  if (type === MESSAGE.awareness || type === MESSAGE.auth || type === MESSAGE.queryAwareness) return undefined;
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

export function createPageCollab(options: PageCollabOptions): Hocuspocus<CollabContext> {
  return new Hocuspocus<CollabContext>({
    quiet: true,
    extensions: options.redis === undefined ? [] : [redisExtension(options.redis)],
    debounce: options.storeDelayMs ?? 1000,
    maxDebounce: options.storeMaxDelayMs ?? 5000,
    async onAuthenticate({ token, documentName, context }) {
      const pageId = Number(PAGE_DOCUMENT.exec(documentName)?.[1]);
      if (!Number.isInteger(pageId)) throw refuse(COLLAB_CLOSE.forbidden);
      const { principal, appId } = await editorOf(options, token, pageId);
      return { ...context, editor: { principal, token, pageId, appId } } satisfies CollabContext;
    },
    async onLoadDocument({ document, context }) {
      const page = await findPage(options.store, editorIn(context).pageId);
      const parsed = parsePageComponents(page === undefined || page.pageComponents === '' ? '[]' : page.pageComponents);
      if (!parsed.ok) throw refuse(COLLAB_CLOSE.refused);
      if (componentsOfDoc(document).length === 0) writeComponentsToDoc(document, parsed.components);
      return document;
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
    async onStoreDocument({ document, lastContext }) {
      const context = lastContext as CollabContext | undefined;
      const editor = context?.editor;
      if (context === undefined || editor === undefined) return;
      const pageComponents = JSON.stringify(componentsOfDoc(document));
      const page = await findPage(options.store, editor.pageId);
      if (page === undefined || page.pageComponents === pageComponents) return;
      const { principal, pageId, appId } = editor;
      const audit: AuditContext = { action: 'coEditPage', actorId: principal.userId, sourceAddress: context.sourceAddress, appId, input: { pageId }, recorded: false };
      await options.store.transaction().execute(async (trx) => {
        await savePages(trx, appId, [{ pageId, pageComponents }], { authorId: principal.userId, policy: options.history });
        await recordAudit(trx, audit, { appId, entityType: 'page', entityId: pageId, summary: `Saved page ${page.pageSlug} (co-editing)` });
      });
    },
  });
}
