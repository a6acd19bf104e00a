import { pageCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route';
import { readablePage, readablePageAnswerBySlug } from '../pages/page-access';

/** Pages by id and by slug (spec 1 §7), to whom may read them (pages/page-access.ts). */
const pageRoutes: FastifyPluginAsync = async (app) => {
  route(app, pageCalls.getPage, async ({ input: { params }, caller }) => [await readablePage(app.services, caller, params.id)]);
  route(app, pageCalls.getPageBySlug, async ({ input: { params, query }, caller }) => [await readablePageAnswerBySlug(app.services, caller, params.slug, query.appSlug)]);
};

export { pageOwners as owners } from '../pages/page-access';

export default pageRoutes;
