import { pageVersionCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { requestLanguage } from '../http/language';
import { route } from '../http/route';
import {
  deletedPages, nameVersion, pageVersion, removePage, restoreDeletedPage, restoreVersion, versionsOfPage,
} from '../pages/versions';

/** Page versions, restore, deleted pages and their undelete (issue 17): pages/versions.ts. */
const pageVersionRoutes: FastifyPluginAsync = async (app) => {
  route(app, pageVersionCalls.listPageVersions, ({ input: { params, query }, appId, request }) => versionsOfPage(app.services, appId, params.id, query, requestLanguage(request)));
  route(app, pageVersionCalls.getPageVersion, ({ input: { params }, request }) => pageVersion(app.services, params.id, requestLanguage(request)));
  route(app, pageVersionCalls.namePageVersion, ({ input: { params, body }, request }) => nameVersion(app.services, params.id, body.versionName, requestLanguage(request)));
  route(app, pageVersionCalls.restorePageVersion, ({ input: { params }, caller }) => restoreVersion(app.services, caller.userId, params.id));
  route(app, pageVersionCalls.deletePage, ({ input: { params }, caller }) => removePage(app.services, caller.userId, params.id));
  route(app, pageVersionCalls.listDeletedPages, ({ appId }) => deletedPages(app.services, appId));
  route(app, pageVersionCalls.undeletePage, ({ input: { params }, caller, appId }) => restoreDeletedPage(app.services, caller.userId, appId, params.id));
};

export { pageVersionOwners as owners } from '../pages/versions';

export default pageVersionRoutes;
