import {
  type Group, groupsForApp, type Language, type PublicApplication, sessionStorageKey, type SessionUser, type StoredSession,
  StoredSessionSchema,
} from '@rakit/core';

/** The stored session of an application: none, unreadable (now removed), or usable. */
export type SessionRead =
  | { kind: 'none' }
  | { kind: 'invalid' }
  | { kind: 'ok'; session: StoredSession };

/** Reads the session of `appSlug` without changing anything. */
export function readSession(appSlug: string): SessionRead {
  const raw = localStorage.getItem(sessionStorageKey(appSlug));
  if (raw === null) return { kind: 'none' };
  try {
    const parsed = StoredSessionSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return { kind: 'ok', session: parsed.data };
  } catch {
    // not JSON: unreadable like an entry that fails the schema
  }
  return { kind: 'invalid' };
}

/** Removes the stored session of `appSlug` (an unreadable one, spec 1 §4). */
export const removeSession = (appSlug: string): void => localStorage.removeItem(sessionStorageKey(appSlug));

/**
 * Keeps a successful login of `app` with the first matching group's menu ids (`pg`).
 * Returns that first group.
 */
export function storeSession(app: Pick<PublicApplication, 'appId' | 'appName' | 'appSlug'>, user: SessionUser, firstGroup: Group): StoredSession {
  const session: StoredSession = {
    user: { ...user, id: user.userId },
    app: { appId: app.appId, appName: app.appName, appSlug: app.appSlug, pg: firstGroup.groupAccess.menuId },
  };
  localStorage.setItem(sessionStorageKey(app.appSlug), JSON.stringify(session));
  return session;
}

/** Changes the stored session's user (nothing when none is stored). */
function updateStoredUser(appSlug: string, change: Partial<SessionUser>): void {
  const stored = readSession(appSlug);
  if (stored.kind !== 'ok') return;
  const session: StoredSession = { ...stored.session, user: { ...stored.session.user, ...change } };
  localStorage.setItem(sessionStorageKey(appSlug), JSON.stringify(session));
}

/** Keeps the signed-in user's own language in his stored session (issue 35): the next visit starts in it. */
export const storeOwnLanguage = (appSlug: string, language: Language | null): void => updateStoredUser(appSlug, { language });

/** The session has set up its second factor (issue 36): it may use the application now. */
export const storeSecondFactorSetUp = (appSlug: string): void => updateStoredUser(appSlug, { mustSetUpSecondFactor: false });

/** Removes every entry of the application: its session and any `rakit:<slug>:…` entries. */
export function clearAppStorage(appSlug: string): void {
  const key = sessionStorageKey(appSlug);
  const doomed: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const name = localStorage.key(i);
    if (name !== null && (name === key || name.startsWith(`${key}:`))) doomed.push(name);
  }
  for (const name of doomed) localStorage.removeItem(name);
}

/** The first group through which the stored user enters the application, if any. */
export const firstGroupOf = (session: StoredSession, app: PublicApplication): Group | undefined =>
  groupsForApp(session.user.userGroup, app)[0];
