import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  appManifestPath, appSlugFromHost, appTitle, FIRST_PAGE_APP_ID, type Language, type MessageKey, PASSWORD_ONLY, type PublicApplication, PublicApplicationSchema, resolveLanguage,
  SIGN_IN_TEXT, signInUsernameLabel,
} from '@rakit/core';
import { translate } from '@rakit/core/translate';
import { appIconPath, shortNameOf } from '../apps/manifest';

/** Where the built index.html leaves the app its element. */
const ROOT_ELEMENT = '<div id="root"></div>';

/** Looks an application up by its slug (the public fields only); undefined when there is none. */
export type PublicAppLookup = (slug: string) => Promise<PublicApplication | undefined>;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text of an author (an application's name) as HTML text: never markup. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] as string);
/** JSON inside a <script type="application/json">: no '<' can end the element or open a comment. */
const jsonForScript = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The sign-in screen as plain HTML, drawn before its code arrives (issue 42: on a slow phone the
 * page stayed white for 2.6 s while 260 KB of JavaScript came). Its classes are styled by
 * index.html's own <style>, the sizes those of AuthFrame and LoginScreen; React replaces it
 * whole with the live form. No field is a real input: nothing typed can be lost in the swap.
 * Its words are in `language`, the catalog the browser will start in (issue 35).
 */
function signInSkeleton(app: PublicApplication, language: Language): string {
  const text = (key: MessageKey) => escapeHtml(translate(language, key));
  const field = (key: MessageKey) => `<div class="rk-first-label">${text(key)}</div><div class="rk-first-input"></div>`;
  const signIn = app.signIn ?? PASSWORD_ONLY;
  // The identity providers' buttons (issue 36), their names the author's, as text.
  const providers = signIn.providers.map((provider) => `<div class="rk-first-sso">${escapeHtml(translate(language, 'shell.signIn.withProvider', { name: provider.name }))}</div>`).join('')
    + (signIn.providers.length > 0 && signIn.password ? `<div class="rk-first-or">${text('shell.signIn.or')}</div>` : '');
  const passwordForm = signIn.password
    ? field(signInUsernameLabel(app.appSlug)) + field(SIGN_IN_TEXT.password) + `<div class="rk-first-button">${text(SIGN_IN_TEXT.submit)}</div>`
      // Every browser the product serves offers passkeys (issue 36): the live form shows this button too.
      + `<div class="rk-first-passkey">${text('shell.signIn.passkey')}</div>`
    : '';
  return `<main class="rk-first-auth" aria-busy="true"><div class="rk-first-card">`
    + `<h1 class="rk-first-title">${escapeHtml(appTitle(app))}</h1>`
    + `<p class="rk-first-subtitle">${text(SIGN_IN_TEXT.subtitle)}</p>`
    + providers + passwordForm
    + `</div></main>`;
}

/**
 * A page whose first screen is drawn in HTML does not need its code to paint: the code is
 * fetched at low priority, after the stylesheets the drawing needs (Chromium gives module
 * scripts and their preloads high priority, as if they held the first paint back).
 */
const withCodeAfterPaint = (html: string): string =>
  html.replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"');

/** The page's own data block that public/after-first-paint.js reads: the modules to preload and the entry. */
const CODE_LIST_ID = 'rk-code';
const LOADER = '<script type="module" src="/after-first-paint.js"></script>';

/**
 * The sign-in screen drawn in HTML asks for its code only once it has painted
 * (public/after-first-paint.js): on a slow phone's line the drawing and its stylesheets come
 * first, and its paint waits for nothing else (issue 42; Lighthouse's mobile LCP went from
 * 2.6 s to 1.2 s). The stylesheets stay in the head: parsed before the paint, not as a long
 * task after it. Untouched when the built page is not as Vite writes it.
 */
function withCodeAfterFirstPaint(html: string): string {
  const preload: string[] = [];
  let entry: string | undefined;
  const rest = html
    .replace(/<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*>/g, (_tag, href: string) => { preload.push(href); return ''; })
    .replace(/<script type="module"[^>]*? src="([^"]+)"[^>]*><\/script>/, (_tag, src: string) => { entry = src; return ''; });
  if (entry === undefined || !rest.includes('</body>')) return withCodeAfterPaint(html);
  const list = `<script type="application/json" id="${CODE_LIST_ID}">${jsonForScript({ preload, entry })}</script>`;
  return rest.replace('</body>', () => `${list}${LOADER}</body>`);
}

/**
 * The frame of a member's page (RuntimeScreen's AppShell: the top bar with the application's
 * name, the sidebar on wide screens, the page's grey ground) drawn before its code arrives, so a
 * phone shows where things will be instead of a white screen (issue 42). The page itself needs
 * the member's session, which the server does not see on a navigation: React fills the frame.
 */
function memberPageSkeleton(app: PublicApplication): string {
  const name = escapeHtml(app.appName);
  return `<div class="rk-first-shell" aria-busy="true">`
    + `<header class="rk-first-bar"><span class="rk-first-burger"></span><span class="rk-first-app">${name}</span></header>`
    + `<nav class="rk-first-nav"><div class="rk-first-nav-title">${name}</div></nav>`
    // The page's title comes with its code; until then the application's name is the outline's h1.
    + `<main class="rk-first-main"><h1 class="rk-first-hidden">${name}</h1></main></div>`;
}

/** The first screen the server draws for a route after the application's part of the address, if any. */
function skeletonFor(route: readonly string[], app: PublicApplication, language: Language): Skeleton | undefined {
  // The sign-in screen is whole in HTML: its code can wait for it to paint.
  if (route[0] === 'auth' && (route[1] === undefined || route[1] === 'login')) return { html: signInSkeleton(app, language), code: withCodeAfterFirstPaint };
  // A member's page: /{group}/{page} (admin screens are one segment, the preview window has its
  // own bar). Its content is the code's to draw: asked for at once, after the stylesheets.
  if (route.length === 2 && route[0] !== 'auth' && route[0] !== 'preview') return { html: memberPageSkeleton(app), code: withCodeAfterPaint };
  return undefined;
}

/** A first screen drawn in HTML, and how the page asks for its code. */
interface Skeleton { html: string; code: (page: string) => string }

/** The application an address names (its subdomain, else its first segment) and the route after it. */
function addressed(hostname: string, url: string): { slug: string | undefined; route: string[]; fromSubdomain: boolean } {
  const segments = new URL(url, 'http://address.invalid').pathname.split('/').filter((segment) => segment !== '').map(decodeURIComponent);
  const fromHost = appSlugFromHost(hostname);
  return fromHost === null ? { slug: segments[0], route: segments.slice(1), fromSubdomain: false } : { slug: fromHost, route: segments, fromSubdomain: true };
}

/**
 * What makes the application installable from this page (issue 38): its manifest, and the icon
 * and name iOS puts on the home screen (Safari reads no manifest for them).
 */
function installLinks(app: PublicApplication, fromSubdomain: boolean): string {
  return `<link rel="manifest" href="${escapeHtml(appManifestPath(app.appSlug, fromSubdomain))}">`
    + `<link rel="apple-touch-icon" href="${escapeHtml(appIconPath(app.appSlug, fromSubdomain, 'icon-192.png'))}">`
    + `<meta name="apple-mobile-web-app-title" content="${escapeHtml(shortNameOf(app.appName))}">`;
}

/**
 * The web app's page for a browser's navigation when the address names an application:
 * index.html with the application's public fields as data (the first screen renders without
 * asking for them) and, on the sign-in route and a member's page, that screen drawn in HTML
 * (skeletonFor), its code then fetched after the drawing's stylesheets. Read from disk when the build
 * changes, so a rebuilt web app is served without a restart. Undefined (the built page as it
 * is) for any other address, and when the lookup fails (a database down): the app then asks
 * for the application itself and says so if the server cannot answer.
 */
export function firstPageRenderer(webDir: string, findApp: PublicAppLookup) {
  const file = path.join(webDir, 'index.html');
  let built: { mtimeMs: number; html: string } | undefined;
  const indexHtml = async (): Promise<string> => {
    const { mtimeMs } = await stat(file);
    if (built?.mtimeMs !== mtimeMs) built = { mtimeMs, html: await readFile(file, 'utf8') };
    return built.html;
  };
  return async (hostname: string, url: string, acceptLanguage?: string): Promise<string | undefined> => {
    let app: PublicApplication | undefined;
    let route: string[] = [];
    let fromSubdomain = false;
    try {
      const target = addressed(hostname, url);
      route = target.route;
      fromSubdomain = target.fromSubdomain;
      app = target.slug === undefined ? undefined : await findApp(target.slug);
    } catch {
      app = undefined; // an undecodable address or a lookup that failed: the plain page
    }
    if (app === undefined) return undefined;
    const html = await indexHtml();
    if (!html.includes(ROOT_ELEMENT)) return undefined;
    const publicApp = PublicApplicationSchema.parse(app);
    // No one is signed in on a navigation the server sees: the application's setting, or the browser's languages.
    const drawn = skeletonFor(route, publicApp, resolveLanguage({ app: publicApp.appLanguage, browser: acceptLanguage }));
    const data = `<script type="application/json" id="${FIRST_PAGE_APP_ID}">${jsonForScript({ status: true, data: publicApp })}</script>`;
    const page = html.replace('</head>', () => `${installLinks(publicApp, fromSubdomain)}</head>`)
      .replace(ROOT_ELEMENT, () => `<div id="root">${drawn?.html ?? ''}</div>${data}`);
    return drawn === undefined ? page : drawn.code(page);
  };
}
