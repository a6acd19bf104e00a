import { useSyncExternalStore } from 'react';

/** Chromium's offer to install the page's application (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | null = null;
/** The member has done something on the page (issue 42: the offer is never part of what a page shows as it opens). */
let engaged = false;
/** After the member's first click or key, this long before the offer shows: never under his finger as he taps. */
const AFTER_ENGAGED_MS = 1000;
const listeners = new Set<() => void>();
const changed = () => { for (const listener of listeners) listener(); };

/**
 * Keeps the browser's install offer for the member's runtime to make, politely, when it
 * suits (InstallBanner), instead of the browser's own bar. Listening starts with the page: the
 * offer may come before any screen is drawn.
 */
export function keepInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
  const onEngaged = () => {
    window.removeEventListener('click', onEngaged, true);
    window.removeEventListener('keyup', onEngaged, true);
    setTimeout(() => {
      engaged = true;
      changed();
    }, AFTER_ENGAGED_MS);
  };
  window.addEventListener('click', onEngaged, true);
  window.addEventListener('keyup', onEngaged, true);
}

/** Whether the browser offers to install the application now and the member has begun to use the page. */
export function useInstallOffer(): boolean {
  return useSyncExternalStore(
    (listener) => { listeners.add(listener); return () => listeners.delete(listener); },
    () => offer !== null && engaged,
  );
}

/** Shows the browser's install dialog (an offer is good for one answer). */
export async function acceptInstallOffer(): Promise<void> {
  const taken = offer;
  offer = null;
  changed();
  if (taken === null) return;
  await taken.prompt();
  await taken.userChoice;
}

/** The application's install was offered once on this device: Install or Not now, it is not offered again. */
const offeredKey = (appSlug: string) => `rakit:${appSlug}:install-offered`;

export function wasOffered(appSlug: string): boolean {
  try {
    return localStorage.getItem(offeredKey(appSlug)) !== null;
  } catch {
    return true; // storage refused: better never than on every visit
  }
}

export function rememberOffered(appSlug: string): void {
  try {
    localStorage.setItem(offeredKey(appSlug), new Date().toISOString());
  } catch {
    // storage refused: the banner goes away for this visit all the same
  }
}
