import { useCallback } from 'react';
import { useCurrentApp } from './app-context';
import { clearAppStorage } from '../session/session-storage';

/** How long signing out waits for the server to end the session before leaving anyway (offline). */
const END_SESSION_WAIT_MS = 3000;

/**
 * Logout (spec 1 §4): ends the session on the server (issue 36: its token is refused from then
 * on, wherever it was copied), clears the application's storage and reloads to its login. A
 * connection that is down does not keep anyone signed in: the storage is cleared all the same.
 */
export function useLogout(): () => Promise<void> {
  const { app, api, path } = useCurrentApp();
  return useCallback(async () => {
    try {
      await api.endOwnSessions({ end: 'current' }, AbortSignal.timeout(END_SESSION_WAIT_MS));
    } catch {
      // Unreachable or too slow: the session ends with its token's life.
    }
    clearAppStorage(app.appSlug);
    window.location.assign(path('auth/login'));
  }, [api, app.appSlug, path]);
}
