import { type Component, IdParamsSchema, Messages, type PageInput, parsePageComponents, SlugParamsSchema } from '@rakit/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Principal } from '../auth/principal';
import { principalOf } from '../auth/plugin';
import { savedComponents } from '../engine/page-cache';
import { badRequest, forbidden, notFound } from '../http/errors';
import type { Store } from '../store/db';
import { findAppBySlug } from '../store/repositories/apps';
import { cachedPageReach } from '../store/cached-reads';
import { findPage, findPageBySlug, insertPage, pagesReachable, updatePage } from '../store/repositories/pages';

/**
 * Creates and saves the pages sent with saveApp from the editor. Components are validated
 * against core's widget schemas; nothing is written when any page is refused.
 */
export async function savePages(trx: Store, appId: number, pages: PageInput[]) {
  const saved: { pageId: number; pageSlug: string }[] = [];
  for (const page of pages) {
    if (page.pageAppId !== undefined && page.pageAppId !== appId) throw badRequest('pageAppId must be the application being saved');
    if (page.pageId === null) {
      if (page.pageComponents !== undefined && page.pageComponents !== '' && page.pageComponents !== '[]') throw badRequest(Messages.pageSaveWithoutId);
      if (page.pageName === undefined) throw badRequest(Messages.pageTitleRequired);
      saved.push(await insertPage(trx, appId, page.pageName));
      continue;
    }
    const existing = await findPage(trx, page.pageId);
    if (existing === undefined || existing.pageAppId !== appId) throw notFound(Messages.pageNotFound);
    let pageComponents: string | undefined;
    if (page.pageComponents !== undefined) {
      const parsed = parsePageComponents(page.pageComponents);
      if (!parsed.ok) throw badRequest(parsed.error);
      pageComponents = JSON.stringify(parsed.components);
    }
    await updatePage(trx, page.pageId, { ...(page.pageName === undefined ? {} : { pageName: page.pageName }), ...(pageComponents === undefined ? {} : { pageComponents }) });
    saved.push({ pageId: existing.pageId, pageSlug: existing.pageSlug });
  }
  return saved;
}

/** Administrators read every page of their application; members only pages their groups' menus reach. */
export async function assertMayReadPage(app: FastifyInstance, request: FastifyRequest, page: { pageId: number; pageAppId: number }) {
  const caller = principalOf(request);
  if (caller.isAppAdmin(page.pageAppId)) return;
  if (!(await cachedPageReach(app, page.pageId, caller.groupIdsIn(page.pageAppId)))) throw forbidden(Messages.forbidden);
}

/**
 * The saved components of each page the caller reaches in the application (every page for its
 * administrators): where the actions he may run are configured.
 */
export async function reachablePageComponents(app: FastifyInstance, caller: Principal, appId: number): Promise<Component[][]> {
  const scope = caller.isAppAdmin(appId) ? 'all' : caller.groupIdsIn(appId);
  const pages = await pagesReachable(app.store, appId, scope);
  return pages.map((page) => savedComponents(page) ?? []);
}

const toPageAnswer = (page: NonNullable<Awaited<ReturnType<typeof findPage>>>) => ({
  pageId: page.pageId, pageName: page.pageName, pageSlug: page.pageSlug, pageAppId: page.pageAppId, pageComponents: page.pageComponents,
});

/** Pages by id and by slug (spec 1 §7). */
const pageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/get/getPage/:id', {
    schema: { tags: ['pages'], summary: 'A page with its components', params: IdParamsSchema },
  }, async (request) => {
    const page = await findPage(app.store, request.params.id);
    if (page === undefined) throw notFound(Messages.pageNotFound);
    await assertMayReadPage(app, request, page);
    return { status: true, data: [toPageAnswer(page)] };
  });

  app.get('/get/getPage/slug/:slug', {
    schema: {
      tags: ['pages'],
      summary: 'A page by slug, in the application of the caller\'s sign-in (or appSlug)',
      params: SlugParamsSchema,
      querystring: z.object({ appSlug: z.string().max(100).optional() }),
    },
  }, async (request) => {
    const caller = principalOf(request);
    const target = await findAppBySlug(app.store, request.query.appSlug ?? caller.tokenAppSlug);
    if (target === undefined) throw notFound(Messages.appNotFound);
    const page = await findPageBySlug(app.store, target.appId, request.params.slug);
    if (page === undefined) throw notFound(Messages.pageNotFound);
    await assertMayReadPage(app, request, page);
    return { status: true, data: [toPageAnswer(page)] };
  });
};

export default pageRoutes;
