import { appManifestPath, isServerPath } from '@rakit/core';
import { keepInstallOffer } from './install-prompt';

/**
 * What makes Rakit installable and its shell open offline (issue 38), started by main.tsx:
 * the install offer is kept from the page's start; the service worker is registered once the
 * page has loaded and the browser is idle, its code fetched only then: none of it is on the
 * first paint's path (issue 42), and its precaching does not compete with the first screen's
 * requests on a slow phone.
 */
export function startInstallable(subdomainSlug: string | null): void {
  keepInstallOffer();
  linkManifest(subdomainSlug);
  if (!('serviceWorker' in navigator)) return;
  const register = () => void import('./service-worker').then(({ registerServiceWorker }) => registerServiceWorker());
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 1000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * The server links the application's manifest in the first page it draws; a page without one
 * (the plain index.html: the server could not look the application up, or the service worker
 * had only that) links it here, for the application the address names.
 */
function linkManifest(subdomainSlug: string | null): void {
  if (document.querySelector('link[rel="manifest"]') !== null) return;
  const { pathname } = window.location;
  const slug = subdomainSlug ?? pathname.split('/')[1] ?? '';
  if (!/^[a-z0-9_-]+$/.test(slug) || slug === '404' || (subdomainSlug === null && isServerPath(pathname))) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = appManifestPath(slug, subdomainSlug !== null);
  document.head.append(link);
}
