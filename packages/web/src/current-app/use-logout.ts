import { useCallback } from 'react';
import { useCurrentApp } from './app-context';
import { clearAppStorage } from '../session/session-storage';

/** Logout (spec 1 §4): clears the application's storage and reloads to its login. */
export function useLogout(): () => void {
  const { app, path } = useCurrentApp();
  return useCallback(() => {
    clearAppStorage(app.appSlug);
    window.location.assign(path('auth/login'));
  }, [app.appSlug, path]);
}
