import {
  type Group, groupsForApp, isAdminInApp, MAIN_APP_SLUG, PRODUCT_NAME, type PublicApplication, ROOT_APP_SLUG,
} from '@rakit/core';

const isIpAddress = (hostname: string): boolean => hostname.includes(':') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);

/**
 * The application named by the address's subdomain: the first label of a host name with
 * more than two labels that is neither an IP address nor localhost. Null when there is none,
 * in which case the application is the first path segment.
 */
export function appSlugFromHost(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || isIpAddress(host)) return null;
  const labels = host.split('.');
  return labels.length > 2 && labels[0] !== '' ? (labels[0] as string) : null;
}

/** Builds the in-app address of a route: `/{slug}/{rest}`, or `/{rest}` when the subdomain names the app. */
export type AppPath = (rest?: string) => string;

export function appPathBuilder(appSlug: string, fromSubdomain: boolean): AppPath {
  const base = fromSubdomain ? '' : `/${appSlug}`;
  return (rest = '') => `${base}/${rest.replace(/^\/+/, '')}`;
}

/** Title of the login screen and the top bar: the product's name for main and _root, else the app's. */
export const appTitle = (app: PublicApplication): string =>
  app.appSlug === MAIN_APP_SLUG || app.appSlug === ROOT_APP_SLUG ? PRODUCT_NAME.toUpperCase() : app.appName;

/**
 * Where a signed-in user lands (spec 1 §4): the applications list for administrators
 * (always in main and _root), else the landing page of the first matching group.
 */
export function landingPath(app: PublicApplication, groups: readonly Group[], path: AppPath): string | null {
  const first = groupsForApp(groups, app)[0];
  if (isAdminInApp(groups, app)) return path('home');
  return first === undefined ? null : path(first.groupSlug);
}
