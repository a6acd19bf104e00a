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
 * Keeps sessions' last use, at most one write per session per step in this process. The
 * write touches nothing a cached read answers from (see read-cache.ts), so it empties no cache.
 */
export class SessionUse {
  private readonly written = new Map<string, number>();

  constructor(private readonly store: Store, private readonly onError: (error: unknown) => void) {}

  note(session: { sessionId: string; lastUsedAt: string }): void {
    const now = Date.now();
    const last = Math.max(this.written.get(session.sessionId) ?? 0, Date.parse(session.lastUsedAt));
    if (now - last < LAST_USE_STEP_MS) return;
    if (this.written.size >= MAX_TRACKED) this.written.clear();
    this.written.set(session.sessionId, now);
    touchSession(this.store, session.sessionId, new Date(now).toISOString()).catch(this.onError);
  }
}

/** The session a token names, through the read cache: undefined once it was ended or expired. */
export async function liveSession({ store, readCache }: CachedStore, sessionId: string, userId: string): Promise<UserSessionRow | undefined> {
  const session = await readCache.get(`session:${sessionId}`, () => findSession(store, sessionId));
  if (session === undefined || session.userId !== userId || Date.parse(session.expiresAt) <= Date.now()) return undefined;
  return session;
}
