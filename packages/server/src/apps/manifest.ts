import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import {
  APP_BACKGROUND_COLOR, APP_THEME_COLOR, appInstallBase, type PublicApplication, readableTextOn,
} from '@rakit/core';
import { Resvg } from '@resvg/resvg-js';
import type { Store } from '../store/db';
import { publicApplication } from './public-app';

/**
 * An application installed on a phone (issue 38): its web app manifest and its icons, made from
 * what anyone may learn of it already (publicApplication: its name and slug), nothing more.
 * Applications have no logo of their own yet: the icon is the name's initials on a colour of
 * its own, as SVG and as the PNGs Chrome wants to offer the install.
 */

/** The icons an application has, by file name after its address. */
export const APP_ICONS = {
  'icon.svg': { size: 0, maskable: false },
  'icon-192.png': { size: 192, maskable: false },
  'icon-512.png': { size: 512, maskable: false },
  'icon-maskable-192.png': { size: 192, maskable: true },
  'icon-maskable-512.png': { size: 512, maskable: true },
} as const;
export type AppIconFile = keyof typeof APP_ICONS;
export const isAppIconFile = (file: string): file is AppIconFile => Object.hasOwn(APP_ICONS, file);

/** A launcher shows a dozen characters under an icon. */
const SHORT_NAME_LENGTH = 12;

/** Grounds for the initials, each dark enough for white text (WCAG AA); an application keeps its own by its slug. */
const ICON_GROUNDS = ['#1c72bd', '#24743a', '#c2255c', '#5f3dc4', '#c2410c', '#087f5b', '#364fc7', '#862e9c'] as const;

/** The font the initials are drawn in, shipped with the server (the machine's fonts are not relied on). */
const INITIALS_FONT = createRequire(import.meta.url).resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf');

/** A file the server answers: its bytes, type, and a tag a browser's cached copy is checked against. */
export interface AppFile {
  body: string | Buffer;
  contentType: string;
  etag: string;
}

const tagOf = (content: string | Buffer): string => `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] as string);

/** "Demo Toko" → "DT", "Gudang" → "G": the first letter or digit of the first two words, upper case. */
export function initialsOf(name: string): string {
  const words = name.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];
  const initials = words.slice(0, 2).map((word) => [...word][0] ?? '').join('').toLocaleUpperCase();
  return initials === '' ? '·' : initials;
}

/** The name a launcher shows under the icon: whole words while they fit in a dozen characters, else the first dozen. */
export function shortNameOf(name: string): string {
  const trimmed = name.trim();
  if ([...trimmed].length <= SHORT_NAME_LENGTH) return trimmed;
  let short = '';
  for (const word of trimmed.split(/\s+/)) {
    const next = short === '' ? word : `${short} ${word}`;
    if ([...next].length > SHORT_NAME_LENGTH) break;
    short = next;
  }
  return short !== '' ? short : [...trimmed].slice(0, SHORT_NAME_LENGTH).join('');
}

const groundOf = (appSlug: string): string => ICON_GROUNDS[createHash('sha256').update(appSlug).digest()[0] as number % ICON_GROUNDS.length] as string;

/**
 * The icon drawn: the initials on the application's colour. A maskable icon fills its square
 * (the phone cuts its own shape) with the initials inside the middle 80% circle it keeps; the
 * other is a rounded square.
 */
export function iconSvg(app: Pick<PublicApplication, 'appName' | 'appSlug'>, maskable: boolean): string {
  const ground = groundOf(app.appSlug);
  const initials = initialsOf(app.appName);
  const fontSize = (maskable ? 230 : 300) / (Math.min(2, [...initials].length) * 0.5 + 0.5);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">`
    + `<rect width="512" height="512"${maskable ? '' : ' rx="96"'} fill="${ground}"/>`
    + `<text x="256" y="256" dy="0.36em" text-anchor="middle" font-family="Inter, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-weight="700"`
    + ` font-size="${Math.round(fontSize)}" fill="${readableTextOn(ground)}">${escapeXml(initials)}</text></svg>`;
}

/** The SVG as a PNG of `size` pixels square, its text in the font shipped with the server. */
function rasterise(svg: string, size: number): Buffer {
  const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: size }, font: { fontFiles: [INITIALS_FONT], loadSystemFonts: false, defaultFontFamily: 'Inter' } });
  return resvg.render().asPng();
}

/** Where one of an application's icons is. */
export const appIconPath = (appSlug: string, fromSubdomain: boolean, file: AppIconFile): string => `${appInstallBase(appSlug, fromSubdomain)}${file}`;

/** The web app manifest of an application (its address: by slug, or from the root when its subdomain names it). */
export function manifestOf(app: PublicApplication, fromSubdomain: boolean) {
  const base = appInstallBase(app.appSlug, fromSubdomain);
  const icon = (file: AppIconFile, type: string, sizes: string, purpose: 'any' | 'maskable') => ({ src: appIconPath(app.appSlug, fromSubdomain, file), sizes, type, purpose });
  return {
    id: base,
    name: app.appName,
    short_name: shortNameOf(app.appName),
    start_url: base,
    scope: base,
    display: 'standalone',
    theme_color: APP_THEME_COLOR,
    background_color: APP_BACKGROUND_COLOR,
    icons: [
      icon('icon-192.png', 'image/png', '192x192', 'any'),
      icon('icon-512.png', 'image/png', '512x512', 'any'),
      icon('icon-maskable-192.png', 'image/png', '192x192', 'maskable'),
      icon('icon-maskable-512.png', 'image/png', '512x512', 'maskable'),
      icon('icon.svg', 'image/svg+xml', 'any', 'any'),
    ],
  };
}

/** The application's manifest as the server sends it; undefined when there is no such application. */
export async function appManifest(store: Store, appSlug: string, fromSubdomain: boolean): Promise<AppFile | undefined> {
  const app = await publicApplication(store, appSlug);
  if (app === undefined) return undefined;
  const body = JSON.stringify(manifestOf(app, fromSubdomain));
  return { body, contentType: 'application/manifest+json; charset=utf-8', etag: tagOf(body) };
}

/** Rasterised icons by their SVG and size: a name's icon is drawn once, not on every phone's visit. */
const drawn = new Map<string, Buffer>();
const DRAWN_KEPT = 200;

/** One of the application's icons; undefined when there is no such application. */
export async function appIcon(store: Store, appSlug: string, file: AppIconFile): Promise<AppFile | undefined> {
  const app = await publicApplication(store, appSlug);
  if (app === undefined) return undefined;
  const { size, maskable } = APP_ICONS[file];
  const svg = iconSvg(app, maskable);
  if (size === 0) return { body: svg, contentType: 'image/svg+xml; charset=utf-8', etag: tagOf(svg) };
  const key = `${size} ${svg}`;
  let png = drawn.get(key);
  if (png === undefined) {
    png = rasterise(svg, size);
    if (drawn.size >= DRAWN_KEPT) drawn.delete(drawn.keys().next().value as string);
    drawn.set(key, png);
  }
  return { body: png, contentType: 'image/png', etag: tagOf(png) };
}
