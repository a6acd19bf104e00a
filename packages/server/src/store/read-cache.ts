import {
  ColumnNode, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, TableNode, type UnknownRow,
} from 'kysely';

interface Entry {
  expiresAt: number;
  value: Promise<unknown>;
}

const MAX_ENTRIES = 10_000;

/** Default life of a cached metadata read (RAKIT_READ_CACHE_MS). */
export const DEFAULT_READ_CACHE_MS = 2000;

/**
 * Tells the other processes sharing the store that it was written (see replicas/read-cache-sync.ts):
 * `soon` after a statement ran, `now` (answering once they were told) when a request that wrote
 * has committed.
 */
export interface WriteAnnouncer {
  soon(): void;
  now(): Promise<void>;
}

/**
 * Short-lived reads of the metadata store that every request repeats: the caller's user row
 * and groups, a page, a connection, whether a group reaches a page. Any write through this
 * process's store empties it at once (see InvalidateOnWrite), so a revoked member or a saved
 * page is seen on the next call; other processes sharing the store see writes within `ttlMs`,
 * or at once when an `announcer` tells them (REDIS_URL). `ttlMs` 0 turns caching off.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  /** Statements other than SELECT seen so far: a request that wrote empties the cache again once it is done (see app.ts). */
  writes = 0;
  /** Whether caching is off for now: other processes' writes could not be heard (see suspend). */
  private suspended = false;
  announcer: WriteAnnouncer | undefined;

  constructor(public ttlMs: number) {}

  /** The cached value of `key`, or what `load` answers (shared by concurrent callers). */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0 || this.suspended) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.expiresAt > now) return hit.value as Promise<T>;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const value = load();
    const entry = { expiresAt: now + this.ttlMs, value };
    this.entries.set(key, entry);
    // A failed read is not remembered.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  invalidate(): void {
    this.entries.clear();
  }

  /**
   * Reads go to the store until resume(): while the news of other processes' writes cannot
   * arrive, nothing read may be kept (what is kept already is dropped).
   */
  suspend(): void {
    this.suspended = true;
    this.entries.clear();
  }

  resume(): void {
    this.entries.clear();
    this.suspended = false;
  }

  get isSuspended(): boolean {
    return this.suspended;
  }

  /** A request that wrote has committed: empties the cache again and tells the other processes. */
  async written(): Promise<void> {
    this.entries.clear();
    await this.announcer?.now();
  }
}

/**
 * Writes no cached read can have seen, which leave the cache alone:
 * - the audit log is appended to on every change and pruned by age, and no cached read reads it
 *   (a member's row edit would otherwise empty it each time);
 * - passkeys' challenges, handed out and taken at each passkey sign-in, read by no cached read;
 * - a new session's row (its id is new, so no read of it was cached) and an update of a session's
 *   last use alone (the auth path does not act on it). Ending a session (a delete) and any other
 *   update of one (its second factor) empty it;
 * - an update of a token for machines' last use alone (issue 36); making or revoking one empties it;
 * - a webhook's log of calls and the signatures it took (issue 37), read by no cached read: a
 *   hook called hundreds of times a second must not empty the cache each time;
 * - Idempotency-Key claims and the server processes' presence (issue 38), read by no cached
 *   read: a process's refresh every few seconds must not empty every replica's cache.
 */
function leavesCacheAlone(node: RootOperationNode): boolean {
  const table = node.kind === 'InsertQueryNode' ? node.into
    : node.kind === 'UpdateQueryNode' ? node.table
      : node.kind === 'DeleteQueryNode' && node.from.froms.length === 1 ? node.from.froms[0] : undefined;
  if (table === undefined || !TableNode.is(table)) return false;
  // The CamelCasePlugin runs first; either spelling is the one table.
  const name = table.table.identifier.name;
  if (AUDIT_LOG_NAMES.has(name)) return node.kind !== 'UpdateQueryNode';
  if (CHALLENGE_NAMES.has(name) || HOOK_LOG_NAMES.has(name) || UNCACHED_BOOKKEEPING_NAMES.has(name)) return true;
  const lastUseOnly = node.kind === 'UpdateQueryNode' && (node.updates ?? []).every((update) => ColumnNode.is(update.column) && LAST_USE_NAMES.has(update.column.column.name));
  if (TOKEN_NAMES.has(name)) return lastUseOnly;
  if (!SESSION_NAMES.has(name)) return false;
  return node.kind === 'InsertQueryNode' || lastUseOnly;
}

const AUDIT_LOG_NAMES: ReadonlySet<string> = new Set(['audit_log', 'auditLog']);
const CHALLENGE_NAMES: ReadonlySet<string> = new Set(['webauthn_challenges', 'webauthnChallenges']);
const SESSION_NAMES: ReadonlySet<string> = new Set(['user_sessions', 'userSessions']);
const TOKEN_NAMES: ReadonlySet<string> = new Set(['api_tokens', 'apiTokens']);
const HOOK_LOG_NAMES: ReadonlySet<string> = new Set(['hook_calls', 'hookCalls', 'hook_deliveries', 'hookDeliveries']);
const UNCACHED_BOOKKEEPING_NAMES: ReadonlySet<string> = new Set(['request_keys', 'requestKeys', 'server_processes', 'serverProcesses']);
const LAST_USE_NAMES: ReadonlySet<string> = new Set(['last_used_at', 'lastUsedAt']);

/**
 * Empties the cache on every statement that is not a plain SELECT (writes, DDL, raw SQL),
 * before it runs and again when it has run, so a read that raced the write is not kept.
 */
export class InvalidateOnWrite implements KyselyPlugin {
  private readonly writes = new WeakSet<object>();

  constructor(private readonly cache: ReadCache) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind !== 'SelectQueryNode' && !leavesCacheAlone(node)) {
      this.writes.add(queryId);
      this.cache.writes++;
      this.cache.invalidate();
    }
    return node;
  }

  transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.writes.has(queryId)) {
      this.cache.invalidate();
      this.cache.announcer?.soon();
    }
    return Promise.resolve(result);
  }
}
