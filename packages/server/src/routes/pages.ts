import { IdParamsSchema, Messages, SlugParamsSchema } from '@rakit/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../auth/plugin';
import { notFound } from '../http/errors';
import { assertMayReadPage } from '../pages/page-access';
import { findAppBySlug } from '../store/repositories/apps';
import { findPage, findPageBySlug } from '../store/repositories/pages';

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
    await assertMayReadPage(app, principalOf(request), page);
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
    await assertMayReadPage(app, principalOf(request), page);
    return { status: true, data: [toPageAnswer(page)] };
  });
};

export default pageRoutes;
