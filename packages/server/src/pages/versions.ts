import { type Language, Messages } from '@rakit/core';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors/http-errors';
import {
  findPageVersion, listDeletedPages, listPageVersions, setVersionName, toPageVersion,
} from '../store/repositories/page-versions';
import { findPage } from '../store/repositories/pages';
import { deletePage, type PageSaver, restorePageVersion, undeletePage } from './history';

/*
 * Page versions, restore, deleted pages and their undelete (issue 17), as the administrators'
 * calls ask for them; what a version is and how it is kept is history.ts's. The calls'
 * contracts have found each id's application and checked its administrator.
 */

const saverOf = (app: FastifyInstance, userId: string): PageSaver => ({ authorId: userId, policy: app.pageHistory });

async function storedVersion(app: FastifyInstance, versionId: number) {
  const version = await findPageVersion(app.store, versionId);
  if (version === undefined) throw notFound(Messages.pageVersionNotFound);
  return version;
}

/** A page of the page's versions, newest first, and whether the page itself still exists. */
export async function versionsOfPage(app: FastifyInstance, appId: number, pageId: number, { page, pageSize }: { page: number; pageSize: number }, language: Language) {
  const { versions, total } = await listPageVersions(app.store, appId, pageId, (page - 1) * pageSize, pageSize, language);
  const current = await findPage(app.store, pageId);
  return { versions, total, pageExists: current !== undefined && current.pageAppId === appId };
}

export const pageVersion = async (app: FastifyInstance, versionId: number, language: Language) => toPageVersion(await storedVersion(app, versionId), language);

/** Names a version (null: unnamed), answered as it now is. */
export async function nameVersion(app: FastifyInstance, versionId: number, versionName: string | null, language: Language) {
  await storedVersion(app, versionId);
  await setVersionName(app.store, versionId, versionName);
  return pageVersion(app, versionId, language);
}

export const restoreVersion = (app: FastifyInstance, userId: string, versionId: number) => restorePageVersion(app.store, versionId, saverOf(app, userId));

export async function removePage(app: FastifyInstance, userId: string, pageId: number) {
  await deletePage(app.store, pageId, saverOf(app, userId));
  return { pageId };
}

export const deletedPages = (app: FastifyInstance, appId: number) => listDeletedPages(app.store, appId);

export const restoreDeletedPage = (app: FastifyInstance, userId: string, appId: number, pageId: number) => undeletePage(app.store, appId, pageId, saverOf(app, userId));
