import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import { type Document, Hocuspocus, type onStoreDocumentPayload } from '@hocuspocus/server';
import { collabCloses, collabNews, type LiveDocumentKind } from '@rakit/core';
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import type { Principal } from '../auth/principal';
import type { StoredState } from './live-state';

/**
 * Live co-editing (issue 33): the Yjs documents builders share through Hocuspocus, one per
 * object they edit together: `page/{id}` (page-collab.ts) and `workflow/{id}`
 * (workflow-collab.ts), told apart by name. For every kind alike: joining needs what saving the
 * object needs (an administrator of its application, checked again on every message and every
 * `recheckMs`); every update is applied to a copy first and refused (the connection cut off,
 * nothing applied) when what it makes is not one the kind's model accepts; the document is stored
 * as its object a short while after the last change, with its Yjs state (live-state.ts), which
 * every load starts from; writes of the object by other paths reach the open documents as Yjs
 * updates (live-documents.ts).
 */

/** What a kind answers of an incoming update: refused, accepted, or accepted with a store due at once (a workflow's new cards need their actions). */
export type Acceptance = 'refused' | 'accepted' | 'store at once';

/** A builder allowed on a document. */
export interface Editor {
  principal: Principal;
  token: string;
  documentName: string;
  /** The object's id (the page's, the workflow's) and its application. */
  id: number;
  appId: number;
}

export interface CollabContext {
  /** Where the builder's socket came from, for the audit log. */
  sourceAddress: string | null;
  /** Set once he is authenticated for the document. */
  editor?: Editor;
}

/** One kind of object builders edit together. */
export interface LiveKind {
  /** Its documents are named `${name}/{id}`; the close reasons name it too. */
  name: LiveDocumentKind;
  /** The object's application (undefined when it is gone). */
  appOf(id: number): Promise<number | undefined>;
  /** The state its document loads from (live-state's loadLiveState). */
  load(id: number): Promise<Uint8Array | 'gone' | 'refused'>;
  /** Whether the document with `update` applied is one the kind's model accepts; nothing is applied yet. */
  accepts(document: Document, update: Uint8Array, editor: Editor): Acceptance | Promise<Acceptance>;
  /** Stores the document as its object; 'refused' when a rule of the store refused it (left as it is). */
  store(document: Document, editor: Editor, sourceAddress: string | null, known: Uint8Array | undefined): Promise<StoredState | 'gone' | 'refused'>;
}

export const documentNameOf = (kind: LiveKind['name'], id: number) => `${kind}/${id}`;
const DOCUMENT = /^(page|workflow)\/([1-9]\d{0,9})$/;

/**
 * The stateless messages the builders' editors receive (`provider.onStateless`), as JSON:
 * `{ type: 'stored', revision, snapshot }` once the document is in the store (the object's
 * revision then, and the base64 Yjs state vector of the document when its content was read:
 * every edit it covers is stored), and `{ type: 'deleted' }` before the connections of a deleted
 * object are closed.
 */
export const storedMessage = (revision: number, snapshot: Uint8Array) => collabNews.stored(revision, Buffer.from(snapshot).toString('base64'));
export const DOCUMENT_DELETED = collabNews.deleted;

/** Hocuspocus's message types (its protocol), and y-protocols' sync steps. */
const MESSAGE = { sync: 0, awareness: 1, auth: 2, queryAwareness: 3, syncReply: 4, close: 7 } as const;
const SYNC_STEP_1 = 0;

/** Why a builder's connection is closed (core's collabCloses: the browser reads the same). */
export const closesOf = (what: LiveKind['name']) => collabCloses(what);
const FORBIDDEN = collabCloses('page').forbidden;

export interface CollabOptions {
  kinds: readonly LiveKind[];
  /** Who a session token signs in now (undefined: expired, revoked, unknown). */
  principalOf: (token: string) => Promise<Principal | undefined>;
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
class StoringRedisExtension extends RedisExtension {
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
  const extension = new StoringRedisExtension({
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
  answerResubscribes(extension.sub);
  return extension;
}

/**
 * After a reconnect, ioredis subscribes again to the subscriber's channels without a handler on
 * the command: a connection closed before it is answered (a flapping link to Redis) left an
 * unhandled rejection, which ends a process run with --unhandled-rejections=throw. Every
 * subscribe of this client gets one; callers that wait for it still see its error.
 */
function answerResubscribes(client: RedisExtension['sub']): void {
  const subscribe = client.subscribe.bind(client) as (...args: unknown[]) => Promise<unknown>;
  client.subscribe = ((...args: unknown[]) => {
    const answer = subscribe(...args);
    answer.catch(() => {});
    return answer;
  }) as typeof client.subscribe;
}

class CollabRefusal extends Error {
  constructor(readonly code: number, readonly reason: string) {
    super(reason);
  }
}
const refuse = (close: { code: number; reason: string }) => new CollabRefusal(close.code, close.reason);

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

/**
 * What `read` finds in a copy of the document with `update` applied (nothing is applied to the
 * document itself); undefined when the update does not apply or `read` throws.
 */
export function readAfterUpdate<T>(document: Y.Doc, update: Uint8Array, read: (copy: Y.Doc) => T): T | undefined {
  const copy = new Y.Doc();
  try {
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(document));
    Y.applyUpdate(copy, update);
    return read(copy);
  } catch {
    return undefined;
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

/** Closes the builders' connections of a deleted object's document (on whichever replica relays DOCUMENT_DELETED). */
function closeWhenDeleted(document: Document, close: { code: number; reason: string }): void {
  const relay = document.relayStateless.bind(document);
  // Every stateless message reaches the connections through here, the Redis extension's relay
  // of another replica's broadcast included.
  document.relayStateless = (payload, filter) => {
    relay(payload, filter);
    if (payload === DOCUMENT_DELETED) for (const connection of document.getConnections()) connection.close(close);
  };
}

export function createCollab(options: CollabOptions): Hocuspocus<CollabContext> {
  const kinds = new Map(options.kinds.map((kind) => [kind.name, kind]));
  /** The kind and the object's id a document's name says (from the name: a direct connection, live-documents.ts, has no builder). */
  const named = (documentName: string): { kind: LiveKind; id: number } => {
    const [, name, id] = DOCUMENT.exec(documentName) ?? [];
    const kind = kinds.get(name as LiveKind['name']);
    if (kind === undefined) throw refuse(FORBIDDEN);
    return { kind, id: Number(id) };
  };
  /** Whether the session still signs in an administrator of the object's application (an object never changes application, so it is not read again). */
  const stillEditor = async (token: string, appId: number): Promise<void> => {
    const principal = await options.principalOf(token);
    if (principal === undefined || !principal.isAppAdmin(appId)) throw refuse(FORBIDDEN);
  };
  const editorIn = (context: CollabContext): Editor => {
    if (context.editor === undefined) throw refuse(FORBIDDEN);
    return context.editor;
  };
  /** The builder who changed each document last: whose store a direct connection's (which edits nothing) is. */
  const lastEditors = new WeakMap<Y.Doc, CollabContext>();
  /** The state each document last loaded or stored: nothing to merge from the store while it holds exactly that. */
  const knownStates = new WeakMap<Y.Doc, Uint8Array>();
  /** Documents an accepted update asked to store at once, once it is applied. */
  const storeAtOnce = new WeakSet<Y.Doc>();
  return new Hocuspocus<CollabContext>({
    quiet: true,
    extensions: options.redis === undefined ? [] : [redisExtension(options.redis)],
    debounce: options.storeDelayMs ?? 1000,
    maxDebounce: options.storeMaxDelayMs ?? 5000,
    async onAuthenticate({ token, documentName, context }) {
      const { kind, id } = named(documentName);
      const principal = await options.principalOf(token);
      const appId = principal === undefined ? undefined : await kind.appOf(id);
      if (principal === undefined || appId === undefined) throw refuse(FORBIDDEN);
      await stillEditor(token, appId);
      return { ...context, editor: { principal, token, documentName, id, appId } } satisfies CollabContext;
    },
    async onLoadDocument({ document, documentName }) {
      const { kind, id } = named(documentName);
      const state = await kind.load(id);
      if (state === 'gone') throw refuse(closesOf(kind.name).deleted);
      if (state === 'refused') throw refuse(closesOf(kind.name).refused);
      Y.applyUpdate(document, state);
      knownStates.set(document, state);
    },
    async afterLoadDocument({ document, documentName }) {
      closeWhenDeleted(document, closesOf(named(documentName).kind.name).deleted);
    },
    async connected({ connection, context }) {
      const { token, appId } = editorIn(context);
      const recheck = setInterval(() => {
        stillEditor(token, appId).catch(() => connection.close(FORBIDDEN));
      }, options.recheckMs);
      recheck.unref();
      connection.onClose(() => clearInterval(recheck));
    },
    async beforeHandleMessage({ context, document, documentName, update: message }) {
      // Still allowed: a revoked session or a lost administrator role ends here.
      const editor = editorIn(context);
      await stillEditor(editor.token, editor.appId);
      const { kind } = named(documentName);
      const update = updateOf(message);
      if (update === 'refused') throw refuse(closesOf(kind.name).refused);
      if (update === undefined) return;
      const acceptance = await kind.accepts(document, update, editor);
      if (acceptance === 'refused') throw refuse(closesOf(kind.name).refused);
      if (acceptance === 'store at once') storeAtOnce.add(document);
    },
    async onChange({ document, documentName, context, instance, transactionOrigin }) {
      if ((context as CollabContext | undefined)?.editor === undefined) return;
      lastEditors.set(document, context);
      if (!storeAtOnce.delete(document)) return;
      instance.storeDocumentHooks(document, {
        instance, clientsCount: document.getConnectionsCount(), document, documentName, lastContext: context, lastTransactionOrigin: transactionOrigin,
      }, true).catch(() => undefined);
    },
    async onStoreDocument({ document, documentName, lastContext, instance }) {
      const given = lastContext as CollabContext | undefined;
      const context = given?.editor === undefined ? lastEditors.get(document) : given;
      const editor = context?.editor;
      // No builder changed it here: nothing of this process's to store.
      if (context === undefined || editor === undefined || editor.documentName !== documentName) return;
      const { kind } = named(documentName);
      const stored = await kind.store(document, editor, context.sourceAddress, knownStates.get(document));
      if (stored === 'refused') return;
      if (stored === 'gone') {
        broadcastToBuilders(instance, document, DOCUMENT_DELETED);
        return;
      }
      knownStates.set(document, stored.state);
      // The builders' editors show "Saved" once it covers their own edits.
      broadcastToBuilders(instance, document, storedMessage(stored.revision, stored.snapshot));
    },
  });
}
