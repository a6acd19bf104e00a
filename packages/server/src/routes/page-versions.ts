import { Messages, pageVersionCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../errors/http-errors';
import { requestLanguage } from '../http/language';
import { route } from '../http/route';
import { deletePage, type PageSaver, restorePageVersion, undeletePage } from '../pages/history';
import { findPage } from '../store/repositories/pages';
import {
  findPageVersion, listDeletedPages, listPageVersions, setVersionName, toPageVersion,
} from '../store/repositories/page-versions';

/** Page versions, restore, deleted pages and their undelete (issue 17); logic in pages/history. */
const pageVersionRoutes: FastifyPluginAsync = async (app) => {
  const saver = (userId: string): PageSaver => ({ authorId: userId, policy: app.pageHistory });
  /** The version, once call-access found its application (the id names no other). */
  const versionOf = async (versionId: number) => {
    const version = await findPageVersion(app.store, versionId);
    if (version === undefined) throw notFound(Messages.pageVersionNotFound);
    return version;
  };

  route(app, pageVersionCalls.listPageVersions, async ({ input: { params, query }, appId, request }) => {
    const { versions, total } = await listPageVersions(app.store, appId, params.id, (query.page - 1) * query.pageSize, query.pageSize, requestLanguage(request));
    const page = await findPage(app.store, params.id);
    return { versions, total, pageExists: page !== undefined && page.pageAppId === appId };
  });

  route(app, pageVersionCalls.getPageVersion, async ({ input: { params }, request }) => toPageVersion(await versionOf(params.id), requestLanguage(request)));

  route(app, pageVersionCalls.namePageVersion, async ({ input: { params, body }, request }) => {
    await versionOf(params.id);
    await setVersionName(app.store, params.id, body.versionName);
    return toPageVersion(await versionOf(params.id), requestLanguage(request));
  });

  route(app, pageVersionCalls.restorePageVersion, async ({ input: { params }, caller }) => restorePageVersion(app.store, params.id, saver(caller.userId)));

  route(app, pageVersionCalls.deletePage, async ({ input: { params }, caller }) => {
    await deletePage(app.store, params.id, saver(caller.userId));
    return { pageId: params.id };
  });

  route(app, pageVersionCalls.listDeletedPages, async ({ appId }) => listDeletedPages(app.store, appId));

  route(app, pageVersionCalls.undeletePage, async ({ input: { params }, caller, appId }) => undeletePage(app.store, appId, params.id, saver(caller.userId)));
};

export default pageVersionRoutes;
