import { NOTICE_FAILURE_MS, NOTICE_LIMIT, NOTICE_SUCCESS_MS } from '@rakit/core';
import type { NotificationData } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';
import { lazyModule } from './lazy-module';

/**
 * The notices' library: a member's page fetches it with its first notice (most visits show none,
 * and a phone's first load need not carry it: issue 35's budget); the builders' screens, which
 * tell of saves and of other builders' changes all the time, fetch it with their frame
 * (preloadNotices), so a notice never waits for code while two builders edit live. Mantine's
 * notices live in a store of the library's module: a notice shown while the container is still
 * loading appears as soon as it mounts.
 */
const library = lazyModule(() => import('@mantine/notifications'));
export const preloadNotices = library.preload;
let wanted = false;
const listeners = new Set<() => void>();

/** Where the notices show (once in the app, inside MantineProvider): nothing until the library is here. */
export function Notices() {
  const shown = useSyncExternalStore(
    (listener) => { listeners.add(listener); return () => listeners.delete(listener); },
    () => wanted,
  );
  const loaded = library.useModule(shown);
  return loaded === null ? null : <loaded.Notifications position="top-center" limit={NOTICE_LIMIT} />;
}

/** Shows a notice (the library loads on the first). */
export function notify(notice: NotificationData): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  library.load().then(({ notifications }) => notifications.show(notice)).catch((error: unknown) => {
    // Offline before the library ever loaded: the notice cannot show; the page itself still works.
    console.error('A notice could not be shown', notice.message, error);
  });
}

/** Success notice: green, at the top, 3000 ms (spec 1 §8). */
export function notifySuccess(message: string): void {
  notify({ message, color: 'green', autoClose: NOTICE_SUCCESS_MS, withBorder: true });
}

/** Failure notice: red, at the top, 1500 ms (spec 1 §8). */
export function notifyFailure(message: string): void {
  notify({ message, color: 'red', autoClose: NOTICE_FAILURE_MS, withBorder: true });
}

/** How long a notice that needs reading stays: what another builder changed (issue 33). */
export const NOTICE_READ_MS = 8000;

/** A neutral notice with a title, for news the person did not ask for but should read. */
export function notifyInfo(message: string, title: string): void {
  notify({ title, message, color: 'blue', autoClose: NOTICE_READ_MS, withBorder: true });
}
