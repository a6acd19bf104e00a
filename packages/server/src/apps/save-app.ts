import { ADMIN_GROUP_SLUG, Messages, type SaveAppBody, type SavedApp } from '@rakit/core';
import type { Principal } from '../auth/principal';
import { badRequest, conflict, forbidden, notFound } from '../errors/http-errors';
import { recordAudit } from '../audit/record';
import type { PageHistoryPolicy } from '../pages/history';
import { savePages } from '../pages/save-pages';
import type { Store } from '../store/db';
import {
  findAppById, freeAppSlug, insertApp, isAppNameTaken, toApplication, updateApp,
} from '../store/repositories/apps';
import { claimRevision } from '../store/revisions';
import { addMember, insertGroup } from '../store/repositories/groups';

/**
 * Creates an application (saveApp with appId null): anyone signed in through main, or the super
 * administrator. It starts with an administrators' group (holding its creator) and a default
 * group that registrants join.
 */
export async function createApp(store: Store, caller: Principal, body: SaveAppBody): Promise<SavedApp> {
  const { appName, appDescription, appOpenRegistration, appLanguage, appTimeZone } = body;
  if (appName === undefined) throw badRequest(Messages.appNameRequired);
  if (!caller.mayCreateApps) throw forbidden(Messages.forbidden);
  if (await isAppNameTaken(store, appName)) throw conflict(Messages.appDuplicate);
  return store.transaction().execute(async (trx) => {
    const appSlug = await freeAppSlug(trx, appName);
    const appId = await insertApp(trx, { appName, appDescription: appDescription ?? '', appSlug, appOpenRegistration: appOpenRegistration ?? false, appLanguage, appTimeZone });
    const adminGroupId = await insertGroup(trx, { groupName: 'Admin', groupAppId: String(appId), groupSlug: ADMIN_GROUP_SLUG });
    await insertGroup(trx, { groupName: 'Member', groupAppId: String(appId), groupSlug: 'member', isDefault: true });
    if (!caller.isSuperAdmin) await addMember(trx, adminGroupId, caller.userId);
    await recordAudit(trx, caller.audit, { appId, entityType: 'app', entityId: appId, summary: { key: 'audit.appCreated', values: { app: appName } } });
    return { appId, appSlug };
  });
}

/** Edits an application and saves the pages sent with it (each keeping a version under `history`): its administrators only. */
export async function editApp(store: Store, caller: Principal, appId: number, body: SaveAppBody, history: PageHistoryPolicy): Promise<SavedApp> {
  const { appName, appDescription, appOpenRegistration, appLanguage, appTimeZone, pages } = body;
  caller.assertAppAdmin(appId);
  const existing = await findAppById(store, appId);
  if (existing === undefined) throw notFound(Messages.appNotFound);
  if (appName !== undefined && (await isAppNameTaken(store, appName, appId))) throw conflict(Messages.appDuplicate);
  const settings = { appName, appDescription, appOpenRegistration, appLanguage, appTimeZone };
  const editsApp = Object.values(settings).some((value) => value !== undefined);
  const { revision, savedPages } = await store.transaction().execute(async (trx) => {
    const claimed = editsApp ? await claimRevision(trx, 'apps', appId, body.revision, async (current) => {
      const row = await findAppById(current, appId);
      return row === undefined ? undefined : { app: toApplication(row) };
    }) : undefined;
    await updateApp(trx, appId, settings);
    const saved = pages === undefined ? [] : await savePages(trx, appId, pages, { authorId: caller.userId, policy: history });
    await recordAudit(trx, caller.audit, {
      appId, entityType: pages === undefined ? 'app' : 'page', entityId: pages === undefined ? appId : saved.map((p) => p.pageId).join(','),
      summary: pages === undefined
        ? { key: 'audit.appEdited', values: { app: existing.appName } }
        : { key: 'audit.pagesSaved', values: { pages: saved.map((p) => p.pageSlug).join(', ') } },
      // A page's components are its versions' business (page history); the log names what was saved.
      details: { ...settings, pages: pages?.map((p) => ({ ...p, pageComponents: p.pageComponents === undefined ? undefined : `(${p.pageComponents.length} characters)` })) },
    });
    return { revision: claimed, savedPages: saved };
  });
  return { appId, appSlug: existing.appSlug, ...(pages === undefined ? {} : { pages: savedPages }), ...(revision === undefined ? {} : { revision }) };
}
