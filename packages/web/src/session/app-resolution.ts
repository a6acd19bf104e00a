import {
  type Group, groupsForApp, isAdminInApp, type PublicApplication,
} from '@rakit/core';

// The address rules the server's first page shares live in core.
export { appSlugFromHost, appTitle } from '@rakit/core';

/** Builds the in-app address of a route: `/{slug}/{rest}`, or `/{rest}` when the subdomain names the app. */
export type AppPath = (rest?: string) => string;

export function appPathBuilder(appSlug: string, fromSubdomain: boolean): AppPath {
  const base = fromSubdomain ? '' : `/${appSlug}`;
  return (rest = '') => `${base}/${rest.replace(/^\/+/, '')}`;
}

/**
 * Where a signed-in user lands (spec 1 §4): the applications list for administrators
 * (always in main and _root), else the landing page of the first matching group.
 */
export function landingPath(app: PublicApplication, groups: readonly Group[], path: AppPath): string | null {
  const first = groupsForApp(groups, app)[0];
  if (isAdminInApp(groups, app)) return path('home');
  return first === undefined ? null : path(first.groupSlug);
}
