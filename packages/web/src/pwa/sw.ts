/// <reference lib="webworker" />
/**
 * Rakit's service worker (issue 38), built by vite-plugin-pwa (vite.config.ts): the shell opens
 * without a network, and nothing of the API passes through it.
 * - The member's shell (index.html, the entry's chunks, the members' catalogs) is precached:
 *   vite.config.ts's memberShell picks it from the bundle.
 * - A navigation asks the network first (the server draws the application's first page, with
 *   its public data in it) and keeps the HTML it got; offline, or after 3 s without an answer,
 *   the kept page of that address, else one of the same application, else the precached
 *   index.html. The server's own addresses (core's isServerPath: calls, single sign-on,
 *   files, health) are never handled.
 * - Other content-hashed assets (a widget's code, the builders' screens) are kept as they are
 *   first fetched: their names change with their content.
 * - Nothing else is cached: no call, no answer, no header of the API, so no token.
 * A new version waits until the page says "Reload" (the update notice, update-notice.tsx).
 */
import { appSlugFromHost, isServerPath, OFFLINE_ASSETS_CACHE } from '@rakit/core';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CLAIM_ME } from './messages';

declare const self: ServiceWorkerGlobalScope;

const manifest = self.__WB_MANIFEST;
/** The build this worker came with: the pages it keeps are of this build (their scripts are its precached ones). */
const build = manifest.find((entry) => typeof entry !== 'string' && entry.url === 'index.html');
const PAGES_PREFIX = 'rakit-pages-';
const PAGES = `${PAGES_PREFIX}${typeof build === 'object' ? build.revision ?? 'unversioned' : 'unversioned'}`;
const ASSETS = OFFLINE_ASSETS_CACHE;
/** A slow network answers within this, or the kept page is shown. */
const NETWORK_TIMEOUT_SECONDS = 3;

// Each URL as it is: '/' is the server's first page, not the precached index.html.
precacheAndRoute(manifest, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

const sameOrigin = (url: URL) => url.origin === self.location.origin;
/** With a subdomain naming the application, every address of this origin is its. */
const fromSubdomain = appSlugFromHost(self.location.hostname) !== null;
const appOf = (url: URL) => (fromSubdomain ? '' : url.pathname.split('/')[1] ?? '');

/** A page kept of the same application: its first page's data block names the application, React draws the route. */
async function keptPageOfApp(url: URL): Promise<Response | undefined> {
  const cache = await caches.open(PAGES);
  for (const request of await cache.keys()) {
    if (appOf(new URL(request.url)) === appOf(url)) return cache.match(request, { ignoreVary: true });
  }
  return undefined;
}

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && !isServerPath(url.pathname),
  new NetworkFirst({
    cacheName: PAGES,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    // The server varies its page by language and encoding; a phone's are the same from one visit to the next.
    matchOptions: { ignoreVary: true },
    plugins: [
      // The web app's pages only (never a file a navigation downloaded, never an error).
      { cacheWillUpdate: async ({ response }) => (response.status === 200 && (response.headers.get('content-type') ?? '').startsWith('text/html') ? response : null) },
      new ExpirationPlugin({ maxEntries: 50, purgeOnQuotaError: true }),
      { handlerDidError: async ({ request }) => (await keptPageOfApp(new URL(request.url))) ?? (await matchPrecache('index.html')) },
    ],
  }),
);

registerRoute(
  ({ request, url }) => request.method === 'GET' && sameOrigin(url) && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: ASSETS,
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// The first worker takes the page that registered it (no page ran other code before it); a
// later one waits for the page's "Reload", which sends this.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // A page the first claim missed (messages.ts); claim() refuses a worker not (yet) the active one.
  else if (type === CLAIM_ME) event.waitUntil(self.clients.claim().catch(() => undefined));
});
clientsClaim();

/**
 * The pages open when this worker starts were loaded before it: they are kept now, so the
 * address a person opened on his first visit opens offline too.
 */
async function keepOpenPages(): Promise<void> {
  const cache = await caches.open(PAGES);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  await Promise.all(windows.map(async (client) => {
    const url = new URL(client.url);
    url.hash = '';
    if (!sameOrigin(url) || isServerPath(url.pathname) || (await cache.match(url.href, { ignoreVary: true })) !== undefined) return;
    const response = await fetch(url.href, { headers: { accept: 'text/html' } }).catch(() => undefined);
    if (response?.status === 200 && (response.headers.get('content-type') ?? '').startsWith('text/html')) await cache.put(url.href, response);
  }));
}

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([
    // The pages kept by an earlier build load that build's scripts, which this one no longer keeps.
    caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith(PAGES_PREFIX) && name !== PAGES).map((name) => caches.delete(name)))),
    keepOpenPages().catch(() => undefined),
  ]));
});
