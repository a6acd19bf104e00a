import type { CachedStore } from '../store/cached-reads';
import type { Store } from '../store/db';
import { findSession, touchSession, type UserSessionRow } from '../store/repositories/user-sessions';

/*
 * The auth path's side of sessions one can see (issue 36; accounts/sessions.ts starts, lists and
 * ends them): whether the session a token names is still there, and its last use.
 */

/** How often a session's last use is written: a list read to the minute needs no write per call. */
export const LAST_USE_STEP_MS = 60_000;
const MAX_TRACKED = 10_000;

/**
 * Keeps the last use of sessions (and of tokens for machines), at most one write per row per step
 * in this process. The write touches nothing a cached read answers from (see read-cache.ts), so
 * it empties no cache.
 */
export class LastUse {
  private readonly written = new Map<string, number>();

  constructor(private readonly touch: (id: string, at: string) => Promise<void>, private readonly onError: (error: unknown) => void) {}

  note(id: string, lastUsedAt: string | null): void {
    const now = Date.now();
    const last = Math.max(this.written.get(id) ?? 0, lastUsedAt === null ? 0 : Date.parse(lastUsedAt));
    if (now - last < LAST_USE_STEP_MS) return;
    if (this.written.size >= MAX_TRACKED) this.written.clear();
    this.written.set(id, now);
    this.touch(id, new Date(now).toISOString()).catch(this.onError);
  }
}

/** Sessions' last use. */
export const sessionUseOf = (store: Store, onError: (error: unknown) => void) => new LastUse((id, at) => touchSession(store, id, at), onError);

/** The session a token names, through the read cache: undefined once it was ended or expired. */
export async function liveSession({ store, readCache }: CachedStore, sessionId: string, userId: string): Promise<UserSessionRow | undefined> {
  const session = await readCache.get(`session:${sessionId}`, () => findSession(store, sessionId));
  if (session === undefined || session.userId !== userId || Date.parse(session.expiresAt) <= Date.now()) return undefined;
  return session;
}
