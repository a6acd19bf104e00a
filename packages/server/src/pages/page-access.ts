import { auditAppIs } from '../audit/context';
import { type Component, Messages } from '@rakit/core';
import type { Principal } from '../auth/principal';
import { savedComponents } from '../engine/page-cache';
import { forbidden, notFound } from '../errors/http-errors';
import { cachedPage, cachedPageReach, type CachedStore } from '../store/cached-reads';
import { findAppBySlug } from '../store/repositories/apps';
import { findPage, findPageBySlug, pageAnswer, pagesReachable } from '../store/repositories/pages';
import { numericId, type OwnerLookups } from '../security/call-owners';

/** Whether the caller reaches the page: every one of his application for an administrator; those a token names; else those his groups' menus reach. */
async function reachesPage(app: CachedStore, caller: Principal, page: { pageId: number; pageAppId: number }): Promise<boolean> {
  if (caller.machine !== null) return caller.machine.appId === page.pageAppId && caller.machine.pageIds.has(page.pageId);
  return caller.isAppAdmin(page.pageAppId) || cachedPageReach(app, page.pageId, caller.groupIdsIn(page.pageAppId));
}

/** Administrators read every page of their application; members only pages their groups' menus reach; a token for machines those it names. */
export async function assertMayReadPage(app: CachedStore, caller: Principal, page: { pageId: number; pageAppId: number }) {
  if (!(await reachesPage(app, caller, page))) throw forbidden(Messages.forbidden);
  // What the call does next happens in the page's application (its audit entries go there).
  auditAppIs(caller.audit, page.pageAppId);
}

/** A page by slug in the named application (by default the one of the caller's sign-in), if he may read it. */
export async function readablePageBySlug(app: CachedStore, caller: Principal, pageSlug: string, appSlug = caller.tokenAppSlug) {
  const target = await findAppBySlug(app.store, appSlug);
  if (target === undefined) throw notFound(Messages.appNotFound);
  const page = await findPageBySlug(app.store, target.appId, pageSlug);
  if (page === undefined) throw notFound(Messages.pageNotFound);
  await assertMayReadPage(app, caller, page);
  return page;
}

/** A page by id as its answer has it (core's PageSchema), if the caller may read it. */
export async function readablePage(app: CachedStore, caller: Principal, pageId: number) {
  const page = await findPage(app.store, pageId);
  if (page === undefined) throw notFound(Messages.pageNotFound);
  await assertMayReadPage(app, caller, page);
  return pageAnswer(page);
}

/** A page by slug as its answer has it, if the caller may read it. */
export const readablePageAnswerBySlug = async (app: CachedStore, caller: Principal, pageSlug: string, appSlug?: string) =>
  pageAnswer(await readablePageBySlug(app, caller, pageSlug, appSlug));

/**
 * The saved components of each page the caller reaches in the application (every page for its
 * administrators): where the actions he may run are configured.
 */
export async function reachablePageComponents(app: CachedStore, caller: Principal, appId: number): Promise<Component[][]> {
  const scope = caller.machine !== null ? { pageIds: caller.machine.appId === appId ? [...caller.machine.pageIds] : [] }
    : caller.isAppAdmin(appId) ? 'all' : caller.groupIdsIn(appId);
  const pages = await pagesReachable(app.store, appId, scope);
  return pages.map((page) => savedComponents(page) ?? []);
}

/** How the entities of this area lead to their application (the access check's lookups, http/call-access.ts). */
export const pageOwners: OwnerLookups = {
  page: { find: async (services, id) => (await cachedPage(services, numericId(id)))?.pageAppId, missing: Messages.pageNotFound },
};
