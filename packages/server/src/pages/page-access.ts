import { type Component, Messages } from '@rakit/core';
import type { Principal } from '../auth/principal';
import { savedComponents } from '../engine/page-cache';
import { forbidden } from '../http/errors';
import { type CachedStore, cachedPageReach } from '../store/cached-reads';
import { pagesReachable } from '../store/repositories/pages';

/** Administrators read every page of their application; members only pages their groups' menus reach. */
export async function assertMayReadPage(app: CachedStore, caller: Principal, page: { pageId: number; pageAppId: number }) {
  if (caller.isAppAdmin(page.pageAppId)) return;
  if (!(await cachedPageReach(app, page.pageId, caller.groupIdsIn(page.pageAppId)))) throw forbidden(Messages.forbidden);
}

/**
 * The saved components of each page the caller reaches in the application (every page for its
 * administrators): where the actions he may run are configured.
 */
export async function reachablePageComponents(app: CachedStore, caller: Principal, appId: number): Promise<Component[][]> {
  const scope = caller.isAppAdmin(appId) ? 'all' : caller.groupIdsIn(appId);
  const pages = await pagesReachable(app.store, appId, scope);
  return pages.map((page) => savedComponents(page) ?? []);
}
