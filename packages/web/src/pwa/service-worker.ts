import { OFFLINE_ASSETS_CACHE } from '@rakit/core';
import { registerSW } from 'virtual:pwa-register';
import { CLAIM_ME } from './messages';
import { showUpdateNotice } from './update-notice';

/** A page open for hours still hears of a new version: the browser only looks on navigations. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (src/pwa/sw.ts) and tells the person when a new version waits.
 * Loaded after the page's first render (start.ts): none of it is on the first paint's path.
 */
export function registerServiceWorker(): void {
  let reloadWhenItTakesOver = false;
  // The page reloads once the new worker controls it, and only because the person chose Reload.
  // (registerSW's own reload is left out: it skips a page the first worker took without a
  // reload, which then never reloaded for the next version.)
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloadWhenItTakesOver) window.location.reload();
    else void keepLoadedAssets().catch(() => undefined);
  });
  if (navigator.serviceWorker.controller !== null) void keepLoadedAssets().catch(() => undefined);
  void navigator.serviceWorker.ready.then((registration) => {
    if (navigator.serviceWorker.controller === null) registration.active?.postMessage({ type: CLAIM_ME });
  });
  const activateWaiting = registerSW({
    immediate: true,
    onNeedRefresh: () => showUpdateNotice(() => {
      reloadWhenItTakesOver = true;
      void activateWaiting();
    }),
    onNeedReload: () => undefined,
    onRegisteredSW: (_url, registration) => {
      if (registration !== undefined) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    onRegisterError: (error: unknown) => console.warn('The service worker could not be registered', error),
  });
}

/**
 * The code this page loaded before a worker controlled it (the first visit's widgets) goes into
 * the worker's asset cache, so the page opens offline with everything it showed (issue 38);
 * what it loads later goes through the worker, which keeps it.
 */
async function keepLoadedAssets(): Promise<void> {
  const loaded = performance.getEntriesByType('resource').map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'));
  const cache = await caches.open(OFFLINE_ASSETS_CACHE);
  await Promise.all(loaded.map(async (url) => {
    if ((await cache.match(url.href)) === undefined) await cache.add(url.href);
  }));
}
