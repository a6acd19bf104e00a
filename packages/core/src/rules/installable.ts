/**
 * An application a person installs on his phone (issue 38): where its web app manifest and
 * icons are, and the colours the phone draws around it. The server writes the manifest and the
 * first page's links; the browser adds the link itself when it got the plain index.html.
 */

import { SERVER_PATH_SEGMENTS } from '../constants';

/** The manifest's file, after the application's part of the address. */
export const APP_MANIFEST_FILE = 'manifest.webmanifest';

/** The status bar over the installed app continues its top bar (white); its splash screen is the page's grey ground. */
export const APP_THEME_COLOR = '#ffffff';
export const APP_BACKGROUND_COLOR = '#f8f9fa';

/**
 * The application's part of the address, with its slashes: `/{slug}/`, or `/` when its
 * subdomain names it. The manifest's id, scope and start (the application's bare address,
 * which lands a signed-in member on his group's page and anyone else on the sign-in screen).
 */
export const appInstallBase = (appSlug: string, fromSubdomain: boolean): string => (fromSubdomain ? '/' : `/${encodeURIComponent(appSlug)}/`);

/** Where the application's manifest is. */
export const appManifestPath = (appSlug: string, fromSubdomain: boolean): string => `${appInstallBase(appSlug, fromSubdomain)}${APP_MANIFEST_FILE}`;

/** The web app's own routes under /auth when a subdomain names the application (shell/routes.tsx). */
const WEB_AUTH_ROUTES = ['', 'login', 'register', 'sso'];

/**
 * Whether a navigation to `pathname` is the server's to answer (SERVER_PATH_SEGMENTS, or a file
 * at the root: slugs have no dot), not a page of the web app. /auth/sso/… is single sign-on's
 * redirects; /auth/login and its siblings are the sign-in screens of an application its
 * subdomain names.
 */
export function isServerPath(pathname: string): boolean {
  const [, first = '', ...rest] = pathname.split('/');
  if (first.includes('.')) return true;
  if (first === 'auth') return !(rest.length <= 1 && WEB_AUTH_ROUTES.includes(rest[0] ?? ''));
  return (SERVER_PATH_SEGMENTS as readonly string[]).includes(first);
}

/** The service worker's cache of content-hashed assets (a widget's code): the page fills it too, with what it loaded before the worker. */
export const OFFLINE_ASSETS_CACHE = 'rakit-assets';
