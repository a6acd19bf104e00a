import { type Application, AppLanguageSchema, type AppLanguage, isReservedSlug, ROOT_APP_SLUG, slugify, SUPER_ADMIN_MARKER } from '@rakit/core';
import type { Store } from '../db';
import { deleteVersionsOfApp } from './page-versions';
import { deleteRunsOfApp } from './workflow-runs';
import { insertReturningId } from '../insert';
import type { AppRow } from '../schema';
import { releaseAccountsOfApp } from './users';

export const toApplication = (row: AppRow, groupName?: string): Application => ({
  appId: row.appId,
  appName: row.appName,
  appDescription: row.appDescription,
  appSlug: row.appSlug,
  appOpenRegistration: row.appOpenRegistration === 1,
  appLanguage: AppLanguageSchema.catch('spec').parse(row.appLanguage),
  appTimeZone: row.appTimeZone,
  ...(groupName === undefined ? {} : { groupName }),
  revision: row.revision,
});

export const findAppBySlug = (db: Store, slug: string) =>
  db.selectFrom('apps').selectAll().where('appSlug', '=', slug).executeTakeFirst();

export const findAppById = (db: Store, appId: number) =>
  db.selectFrom('apps').selectAll().where('appId', '=', appId).executeTakeFirst();

export const listApps = (db: Store) => db.selectFrom('apps').selectAll().orderBy('appId').execute();

/**
 * Every application with the names of its groups (spec 1 screen 3: a card shows the group name),
 * for the super administrator's list. _root's group is the super administrators' own.
 */
export async function listAppsWithGroupNames(db: Store): Promise<Application[]> {
  const [apps, groups] = await Promise.all([
    listApps(db),
    db.selectFrom('userGroups').select(['groupAppId', 'groupName']).orderBy('groupId').execute(),
  ]);
  const namesByApp = new Map<string, string[]>();
  for (const group of groups) namesByApp.set(group.groupAppId, [...(namesByApp.get(group.groupAppId) ?? []), group.groupName]);
  return apps.map((app) => {
    const key = app.appSlug === ROOT_APP_SLUG ? SUPER_ADMIN_MARKER : String(app.appId);
    return toApplication(app, namesByApp.get(key)?.join(', '));
  });
}

/** The applications where the user belongs to a group, with the name of that group. */
export async function listAppsOfUser(db: Store, userId: string): Promise<Application[]> {
  const rows = await db
    .selectFrom('groupMembers as m')
    .innerJoin('userGroups as g', 'g.groupId', 'm.groupId')
    .select(['g.groupAppId', 'g.groupName'])
    .where('m.userId', '=', userId)
    .orderBy('g.groupId')
    .execute();
  const groupNameByApp = new Map<number, string>();
  for (const row of rows) {
    const appId = Number(row.groupAppId);
    if (Number.isInteger(appId) && !groupNameByApp.has(appId)) groupNameByApp.set(appId, row.groupName);
  }
  if (groupNameByApp.size === 0) return [];
  const apps = await db.selectFrom('apps').selectAll().where('appId', 'in', [...groupNameByApp.keys()]).orderBy('appId').execute();
  return apps.map((app) => toApplication(app, groupNameByApp.get(app.appId)));
}

export async function isAppNameTaken(db: Store, appName: string, exceptAppId?: number): Promise<boolean> {
  let query = db.selectFrom('apps').select('appId').where('appName', '=', appName);
  if (exceptAppId !== undefined) query = query.where('appId', '!=', exceptAppId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A slug from the name that no application or route uses yet (`name`, `name-2`, …). */
export async function freeAppSlug(db: Store, appName: string): Promise<string> {
  const base = slugify(appName);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (isReservedSlug(candidate)) continue;
    if ((await findAppBySlug(db, candidate)) === undefined) return candidate;
  }
}

export function insertApp(db: Store, values: { appName: string; appDescription: string; appSlug: string; appOpenRegistration: boolean; appLanguage?: AppLanguage | undefined; appTimeZone?: string | undefined }) {
  return insertReturningId(db, 'apps', {
    appName: values.appName,
    ...(values.appLanguage === undefined ? {} : { appLanguage: values.appLanguage }),
    ...(values.appTimeZone === undefined ? {} : { appTimeZone: values.appTimeZone }),
    appDescription: values.appDescription,
    appSlug: values.appSlug,
    appOpenRegistration: values.appOpenRegistration ? 1 : 0,
    createdAt: new Date().toISOString(),
  }, 'appId');
}

/** Sets the given fields; undefined ones stay as they are. */
export async function updateApp(db: Store, appId: number, values: {
  appName?: string | undefined; appDescription?: string | undefined; appOpenRegistration?: boolean | undefined;
  appLanguage?: AppLanguage | undefined; appTimeZone?: string | undefined;
}) {
  const set = {
    ...(values.appLanguage === undefined ? {} : { appLanguage: values.appLanguage }),
    ...(values.appTimeZone === undefined ? {} : { appTimeZone: values.appTimeZone }),
    ...(values.appName === undefined ? {} : { appName: values.appName }),
    ...(values.appDescription === undefined ? {} : { appDescription: values.appDescription }),
    ...(values.appOpenRegistration === undefined ? {} : { appOpenRegistration: values.appOpenRegistration ? 1 : 0 }),
  };
  if (Object.keys(set).length > 0) await db.updateTable('apps').set(set).where('appId', '=', appId).execute();
}

/** Removes an application and everything that belongs to it. Call inside a transaction. */
export async function deleteAppCascade(db: Store, appId: number): Promise<void> {
  const appKey = String(appId);
  const groupIds = db.selectFrom('userGroups').select('groupId').where('groupAppId', '=', appKey);
  await db.deleteFrom('groupMembers').where('groupId', 'in', groupIds).execute();
  await db.deleteFrom('groupMenuAccess').where('groupId', 'in', db.selectFrom('userGroups').select('groupId').where('groupAppId', '=', appKey)).execute();
  await db.deleteFrom('userGroups').where('groupAppId', '=', appKey).execute();
  await releaseAccountsOfApp(db, appId);
  await deleteAppContents(db, appId);
  // Replacing an application's contents keeps its page history; removing the application does not.
  await deleteVersionsOfApp(db, appId);
  await db.deleteFrom('files').where('fileAppId', '=', appId).execute();
  // Its identity providers, with their subjects' links and sign-ins under way (ON DELETE CASCADE).
  await db.deleteFrom('identityProviders').where('appId', '=', appId).execute();
  // Its place among its family's environments; the others stay environments of one another.
  await db.deleteFrom('appEnvironments').where('appId', '=', appId).execute();
  // Its variables are its environment's values: an import over it keeps them, removing it does not.
  await db.deleteFrom('appVariables').where('appId', '=', appId).execute();
  await db.deleteFrom('apps').where('appId', '=', appId).execute();
}

/**
 * Removes what an application is built of (pages, menus, connections and their queries, APIs
 * and their endpoints, workflows and their runs, functions, triggers, templates), keeping the application, its
 * groups, users, uploaded files and page history. Call inside a transaction.
 */
export async function deleteAppContents(db: Store, appId: number): Promise<void> {
  await deleteRunsOfApp(db, appId);
  const chainIds = db.selectFrom('chains').select('chainId').where('chainAppId', '=', appId);
  await db.deleteFrom('flowEdges').where('workflowId', 'in', chainIds).execute();
  await db.deleteFrom('workflowVersions').where('appId', '=', appId).execute();
  await db.deleteFrom('chainActions').where('actionChainId', 'in', db.selectFrom('chains').select('chainId').where('chainAppId', '=', appId)).execute();
  await db.deleteFrom('chains').where('chainAppId', '=', appId).execute();
  await db.deleteFrom('queries').where('actionDbId', 'in', db.selectFrom('dbConfigs').select('dbId').where('dbAppId', '=', appId)).execute();
  await db.deleteFrom('menus').where('menuAppId', '=', appId).execute();
  await db.deleteFrom('pages').where('pageAppId', '=', appId).execute();
  await db.deleteFrom('dbConfigs').where('dbAppId', '=', appId).execute();
  await db.deleteFrom('apiEndpoints').where('sourceId', 'in', db.selectFrom('apiSources').select('sourceId').where('appId', '=', appId)).execute();
  await db.deleteFrom('apiSources').where('appId', '=', appId).execute();
  await db.deleteFrom('functions').where('appId', '=', appId).execute();
  await db.deleteFrom('triggerRuns').where('appId', '=', appId).execute();
  await db.deleteFrom('triggers').where('triggerAppId', '=', appId).execute();
  await db.deleteFrom('templates').where('templateAppId', '=', appId).execute();
  await db.deleteFrom('printTemplates').where('templateAppId', '=', appId).execute();
  await db.deleteFrom('pdfTemplates').where('templateAppId', '=', appId).execute();
}
