import { appCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { appsOfUserFor } from '../apps/apps-of-user';
import { deleteApp } from '../apps/delete-app';
import { createApp, editApp } from '../apps/save-app';
import { route } from '../http/route';
import { listApplications, publicApplicationNamed } from '../apps/public-app';

/** Applications (spec 1 screen 3, §7). */
const appRoutes: FastifyPluginAsync = async (app) => {
  route(app, appCalls.getAppBySlug, ({ input: { params } }) => publicApplicationNamed(app.services.store, params.slug));

  route(app, appCalls.listApp, () => listApplications(app.services.store));

  route(app, appCalls.listAppUser, async ({ input: { params }, caller }) => appsOfUserFor(app.services.store, caller, params.userId));

  route(app, appCalls.saveApp, async ({ input: { body }, caller, reply }) => {
    if (body.appId !== null) return editApp(app.services.store, caller, body.appId, body, app.services.pageHistory);
    const created = await createApp(app.services.store, caller, body);
    reply.code(201);
    return created;
  });

  route(app, appCalls.deleteApp, async ({ input: { body }, audit }) => {
    await deleteApp(app.services.store, app.services.files, audit, body.appId);
    return { appId: body.appId };
  });
};

export { appOwners as owners } from '../apps/apps-of-user';

export default appRoutes;
