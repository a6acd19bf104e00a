import { registerSW } from 'virtual:pwa-register';
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
