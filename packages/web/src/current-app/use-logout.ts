import { signInCalls } from '@rakit/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCurrentApp } from './app-context';
import { clearAppStorage, readSession } from '../session/session-storage';
import { forgetOfflineData } from '../offline/offline-cache';
import { unsentWriteCount } from '../offline/write-queue';
import { askBeforeLosingWrites } from '../offline/UnsentWritesQuestion';

/** How long signing out waits for the server to end the session before leaving anyway (offline). */
const END_SESSION_WAIT_MS = 3000;

/**
 * Logout (spec 1 §4): ends the session on the server (issue 36: its token is refused from then
 * on, wherever it was copied), clears the application's storage and reloads to its login. A
 * connection that is down does not keep anyone signed in: the storage is cleared all the same.
 * What the device kept for offline use goes too (issue 38), after asking when saved entries
 * have not been sent yet.
 */
export function useLogout(): () => Promise<void> {
  const { app, api, path } = useCurrentApp();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const signedIn = readSession(app.appSlug);
    // His own: another member's entries waiting here stay in that member's part of the device.
    const unsent = signedIn.kind === 'ok' ? unsentWriteCount(queryClient, app.appSlug, signedIn.session.user.userId) : 0;
    if (unsent > 0 && !(await askBeforeLosingWrites(unsent))) return;
    try {
      await api.call(signInCalls.endOwnSessions, { body: { end: 'current' } }, { signal: AbortSignal.timeout(END_SESSION_WAIT_MS) });
    } catch {
      // Unreachable or too slow: the session ends with its token's life.
    }
    // The session first: with it gone, nothing is written to the device's entry again.
    clearAppStorage(app.appSlug);
    queryClient.getMutationCache().clear();
    if (signedIn.kind === 'ok') await forgetOfflineData(app.appSlug, signedIn.session.user.userId).catch(() => undefined);
    window.location.assign(path('auth/login'));
  }, [api, app.appSlug, path, queryClient]);
}
