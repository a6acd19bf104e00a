import { Messages, pageCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../errors/http-errors';
import { route } from '../http/route';
import { assertMayReadPage, readablePageBySlug } from '../pages/page-access';
import { findPage, pageAnswer } from '../store/repositories/pages';

/** Pages by id and by slug (spec 1 §7); the answer holds the fields of core's PageSchema. */
const pageRoutes: FastifyPluginAsync = async (app) => {
  route(app, pageCalls.getPage, async ({ input: { params }, caller }) => {
    const page = await findPage(app.store, params.id);
    if (page === undefined) throw notFound(Messages.pageNotFound);
    await assertMayReadPage(app, caller, page);
    return [pageAnswer(page)];
  });

  route(app, pageCalls.getPageBySlug, async ({ input: { params, query }, caller }) =>
    [pageAnswer(await readablePageBySlug(app, caller, params.slug, query.appSlug))]);
};

export default pageRoutes;
