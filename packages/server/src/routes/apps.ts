import {
  ADMIN_GROUP_SLUG, DeleteAppBodySchema, MAIN_APP_SLUG, Messages, ROOT_APP_SLUG, SaveAppBodySchema,
  SlugParamsSchema, UserIdParamsSchema,
} from '@rakit/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../auth/plugin';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import {
  deleteAppCascade, findAppById, findAppBySlug, freeAppSlug, insertApp, isAppNameTaken, listApps,
  listAppsOfUser, toApplication, updateApp,
} from '../store/repositories/apps';
import { addMember, insertGroup } from '../store/repositories/groups';
import { removeAppFiles } from '../store/app-folders';
import { savePages } from '../pages/save-pages';

const isBuiltIn = (slug: string) => slug === MAIN_APP_SLUG || slug === ROOT_APP_SLUG;

/** Applications (spec 1 screen 3, §7). */
const appRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/get/getApp/slug/:slug', {
    config: { public: true },
    schema: { security: [], tags: ['apps'], summary: 'Public facts of an application, by slug', params: SlugParamsSchema },
  }, async (request) => {
    const row = await findAppBySlug(app.store, request.params.slug);
    if (row === undefined) throw notFound(Messages.appNotFound);
    const { appId, appName, appSlug, appOpenRegistration } = toApplication(row);
    return { status: true, data: { appId, appName, appSlug, appOpenRegistration } };
  });

  app.get('/get/listApp', {
    schema: { tags: ['apps'], summary: 'Every application (super administrator)' },
  }, async (request) => {
    principalOf(request).assertSuperAdmin();
    const rows = await listApps(app.store);
    return { status: true, data: rows.map((row) => toApplication(row)) };
  });

  app.get('/get/listAppUser/:userId', {
    schema: { tags: ['apps'], summary: 'Applications where the user has a group', params: UserIdParamsSchema },
  }, async (request) => {
    const caller = principalOf(request);
    if (caller.userId !== request.params.userId && !caller.isSuperAdmin) throw forbidden(Messages.forbidden);
    const apps = await listAppsOfUser(app.store, request.params.userId);
    return { status: true, data: apps.filter((a) => !isBuiltIn(a.appSlug)) };
  });

  app.post('/save/saveApp', {
    schema: { tags: ['apps'], summary: 'Create (appId null) or edit an application', body: SaveAppBodySchema },
  }, async (request, reply) => {
    const caller = principalOf(request);
    const { appId, appName, appDescription, appOpenRegistration, pages } = request.body;

    if (appId === null) {
      if (appName === undefined) throw badRequest(Messages.appNameRequired);
      if (!caller.mayCreateApps) throw forbidden(Messages.forbidden);
      if (await isAppNameTaken(app.store, appName)) throw conflict(Messages.appDuplicate);
      const created = await app.store.transaction().execute(async (trx) => {
        const appSlug = await freeAppSlug(trx, appName);
        const newId = await insertApp(trx, { appName, appDescription: appDescription ?? '', appSlug, appOpenRegistration: appOpenRegistration ?? false });
        // Every application starts with an administrators' group (holding its creator)
        // and a default group that registrants join.
        const adminGroupId = await insertGroup(trx, { groupName: 'Admin', groupAppId: String(newId), groupSlug: ADMIN_GROUP_SLUG });
        await insertGroup(trx, { groupName: 'Member', groupAppId: String(newId), groupSlug: 'member', isDefault: true });
        if (!caller.isSuperAdmin) await addMember(trx, adminGroupId, caller.userId);
        return { appId: newId, appSlug };
      });
      reply.code(201);
      return { status: true, data: created };
    }

    caller.assertAppAdmin(appId);
    const existing = await findAppById(app.store, appId);
    if (existing === undefined) throw notFound(Messages.appNotFound);
    if (appName !== undefined && (await isAppNameTaken(app.store, appName, appId))) throw conflict(Messages.appDuplicate);
    const savedPages = await app.store.transaction().execute(async (trx) => {
      await updateApp(trx, appId, { appName, appDescription, appOpenRegistration });
      return pages === undefined ? [] : savePages(trx, appId, pages);
    });
    return { status: true, data: { appId, appSlug: existing.appSlug, ...(pages === undefined ? {} : { pages: savedPages }) } };
  });

  app.delete('/delete/deleteApp', {
    schema: { tags: ['apps'], summary: 'Remove an application and everything in it', body: DeleteAppBodySchema },
  }, async (request) => {
    const { appId } = request.body;
    principalOf(request).assertAppAdmin(appId);
    const existing = await findAppById(app.store, appId);
    if (existing === undefined) throw notFound(Messages.appNotFound);
    if (isBuiltIn(existing.appSlug)) throw badRequest(Messages.appProtected);
    await app.store.transaction().execute((trx) => deleteAppCascade(trx, appId));
    await removeAppFiles(app.config.dataDir, appId);
    return { status: true, data: { appId } };
  });
};

export default appRoutes;
