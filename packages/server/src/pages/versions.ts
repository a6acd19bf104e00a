import { type Language, Messages } from '@rakit/core';
import { notFound } from '../errors/http-errors';
import {
  appOfPageHistory, findPageVersion, listDeletedPages, listPageVersions, setVersionName, toPageVersion,
} from '../store/repositories/page-versions';
import { findPage } from '../store/repositories/pages';
import { deletePage, type PageSaver, restorePageVersion, undeletePage } from './history';
import type { Services } from '../services';
import { cachedPage } from '../store/cached-reads';
import { numericId, type OwnerLookups } from '../security/call-owners';

/*
 * Page versions, restore, deleted pages and their undelete (issue 17), as the administrators'
 * calls ask for them; what a version is and how it is kept is history.ts's. The calls'
 * contracts have found each id's application and checked its administrator.
 */

const saverOf = (services: Services, userId: string): PageSaver => ({ authorId: userId, policy: services.pageHistory });

async function storedVersion(services: Services, versionId: number) {
  const version = await findPageVersion(services.store, versionId);
  if (version === undefined) throw notFound(Messages.pageVersionNotFound);
  return version;
}

/** A page of the page's versions, newest first, and whether the page itself still exists. */
export async function versionsOfPage(services: Services, appId: number, pageId: number, { page, pageSize }: { page: number; pageSize: number }, language: Language) {
  const { versions, total } = await listPageVersions(services.store, appId, pageId, (page - 1) * pageSize, pageSize, language);
  const current = await findPage(services.store, pageId);
  return { versions, total, pageExists: current !== undefined && current.pageAppId === appId };
}

export const pageVersion = async (services: Services, versionId: number, language: Language) => toPageVersion(await storedVersion(services, versionId), language);

/** Names a version (null: unnamed), answered as it now is. */
export async function nameVersion(services: Services, versionId: number, versionName: string | null, language: Language) {
  await storedVersion(services, versionId);
  await setVersionName(services.store, versionId, versionName);
  return pageVersion(services, versionId, language);
}

export const restoreVersion = (services: Services, userId: string, versionId: number) => restorePageVersion(services.store, versionId, saverOf(services, userId));

export async function removePage(services: Services, userId: string, pageId: number) {
  await deletePage(services.store, pageId, saverOf(services, userId));
  return { pageId };
}

export const deletedPages = (services: Services, appId: number) => listDeletedPages(services.store, appId);

export const restoreDeletedPage = (services: Services, userId: string, appId: number, pageId: number) => undeletePage(services.store, appId, pageId, saverOf(services, userId));

/** How the entities of this area lead to their application (the access check's lookups, http/call-access.ts). */
export const pageVersionOwners: OwnerLookups = {
  // A page's history: the page's application while it lives, its history's once it is deleted.
  pageHistory: {
    find: async (services, id) => (await cachedPage(services, numericId(id)))?.pageAppId ?? (await appOfPageHistory(services.store, numericId(id))),
    missing: Messages.pageNotFound,
  },
  pageVersion: { find: async (services, id) => (await findPageVersion(services.store, numericId(id)))?.appId, missing: Messages.pageVersionNotFound },
};
