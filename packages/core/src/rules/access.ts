import { ADMIN_GROUP_SLUG, MAIN_APP_SLUG, ROOT_APP_SLUG, SUPER_ADMIN_MARKER } from '../constants';

/** The part of a group the access rules look at. */
export interface GroupMarker {
  groupAppId: string;
  groupSlug: string;
}

export interface AppMarker {
  appId: number;
  appSlug: string;
}

export const isSuperAdminGroup = (group: GroupMarker): boolean => group.groupAppId === SUPER_ADMIN_MARKER;
/**
 * The application's administrators group: its slug is exactly 'admin'. Slugs are made lower case
 * by slugify, so a group named 'Admin' is this group; a stored slug that differs only by case was
 * not made by us and grants nothing (MySQL may compare slugs without case; this rule does not).
 */
export const isAdminGroup = (group: Pick<GroupMarker, 'groupSlug'>): boolean => group.groupSlug === ADMIN_GROUP_SLUG;

/**
 * The groups through which a user enters an application (spec 1 §5 "Access rule"):
 * super administrators enter _root only; every user enters main; anyone else needs a
 * group whose groupAppId is the application's appId. An empty list means "no entry".
 */
export function groupsForApp<G extends GroupMarker>(groups: readonly G[], app: AppMarker): G[] {
  const superGroups = groups.filter(isSuperAdminGroup);
  if (app.appSlug === ROOT_APP_SLUG) return superGroups;
  if (superGroups.length > 0) return [];
  return groups.filter((group) => group.groupAppId === String(app.appId));
}

/** Whether a valid login may enter the application at all (before the group check of main). */
export function mayEnterApp(groups: readonly GroupMarker[], app: AppMarker): boolean {
  if (app.appSlug === MAIN_APP_SLUG) return !groups.some(isSuperAdminGroup);
  return groupsForApp(groups, app).length > 0;
}

/**
 * Who administers the application `appId`, on the server and in the browser alike: the super
 * administrator, or a member of the application's 'admin' group, whichever of his groups it is.
 * (The specification's browser looked at the first group only, so an administrator who was
 * also put in another group of the application first lost his admin screens while the server
 * still let him do everything they do: the two answered differently.)
 */
export function administersApp(groups: readonly GroupMarker[], appId: number): boolean {
  const appGroupId = String(appId);
  return groups.some((group) => isSuperAdminGroup(group) || (group.groupAppId === appGroupId && isAdminGroup(group)));
}

/**
 * Admin routes in the browser (spec 1 §6): the groups he enters the application through make
 * him its administrator (administersApp; the super administrator enters _root only), and in
 * main every signed-in user counts as administrator of his own applications list.
 */
export function isAdminInApp(groups: readonly GroupMarker[], app: AppMarker): boolean {
  if (app.appSlug === MAIN_APP_SLUG) return true;
  return administersApp(groupsForApp(groups, app), app.appId);
}

/** Who an administration screen is for: the access level of the calls it makes (core's contracts). */
export type ScreenAccess = 'signedIn' | 'appAdmin' | 'superAdmin';

/**
 * Whether the signed-in user may use an administration screen of the application, by the rule
 * the server applies to the screen's calls: in main every user is let into the admin area (his
 * applications list), but only main's own administrators may administer main itself.
 */
export function mayUseScreen(access: ScreenAccess, groups: readonly GroupMarker[], app: AppMarker): boolean {
  switch (access) {
    case 'signedIn': return true;
    case 'appAdmin': return administersApp(groupsForApp(groups, app), app.appId);
    case 'superAdmin': return app.appSlug === ROOT_APP_SLUG && groups.some(isSuperAdminGroup);
  }
}
