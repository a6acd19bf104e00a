import { type AnyCall, type AppEntity, Messages } from '@rakit/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, notFound, unauthorized } from '../errors/http-errors';
import { cachedDbConfig, cachedPage } from '../store/cached-reads';
import { findApiEndpoint, findApiSource } from '../store/repositories/api-sources';
import { findApiToken } from '../store/repositories/api-tokens';
import { findAppBySlug } from '../store/repositories/apps';
import { findFile } from '../store/repositories/files';
import { findFunction, findFunctionBySlug } from '../store/repositories/functions';
import { findGroup } from '../store/repositories/groups';
import { findMenu } from '../store/repositories/menus';
import { appOfPageHistory, findPageVersion } from '../store/repositories/page-versions';
import { findPdfTemplate } from '../store/repositories/pdf-templates';
import { findPrintTemplate } from '../store/repositories/print-templates';
import { findQuery } from '../store/repositories/queries';
import { findTrigger } from '../store/repositories/triggers';
import { findWorkflowHook } from '../store/repositories/workflow-hooks';
import { findWorkflowSchedule } from '../store/repositories/workflow-schedules';
import { findRun } from '../store/repositories/workflow-runs';
import { findWorkflowTask } from '../store/repositories/workflow-tasks';
import { findWorkflow, findWorkflowAction } from '../store/repositories/workflows';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was made from (see http/route.ts). */
    call?: AnyCall;
  }
  interface FastifyRequest {
    /** The application the call names, once its access is checked (member and appAdmin calls). */
    callAppId: number | undefined;
  }
}

type Lookup = (app: FastifyInstance, id: number | string) => Promise<number | undefined>;

const numeric = (id: number | string) => (typeof id === 'number' ? id : Number(id));

/** How each entity leads to its application, and what a missing one is answered. */
const LOOKUPS: Record<AppEntity, { find: Lookup; missing: string }> = {
  apiEndpoint: {
    find: async (app, id) => {
      const endpoint = await findApiEndpoint(app.services.store, numeric(id));
      return endpoint === undefined ? undefined : (await findApiSource(app.services.store, endpoint.sourceId))?.appId;
    },
    missing: Messages.apiEndpointNotFound,
  },
  apiSource: { find: async (app, id) => (await findApiSource(app.services.store, numeric(id)))?.appId, missing: Messages.apiSourceNotFound },
  apiToken: { find: async (app, id) => (await findApiToken(app.services.store, String(id)))?.appId, missing: Messages.apiTokenNotFound },
  // An application id is taken as named: an unknown one is simply one the caller is not in.
  app: { find: async (_, id) => numeric(id), missing: Messages.appNotFound },
  appSlug: { find: async (app, slug) => (await findAppBySlug(app.services.store, String(slug)))?.appId, missing: Messages.appNotFound },
  db: { find: async (app, id) => (await cachedDbConfig(app.services, numeric(id)))?.dbAppId, missing: Messages.databaseNotFound },
  file: { find: async (app, id) => (await findFile(app.services.store, String(id)))?.fileAppId, missing: Messages.fileNotFound },
  // By id (a number, as in updateFunction's body) or by slug (the paths'), never both readings of one value.
  function: {
    find: async (app, id) => (typeof id === 'number' ? await findFunction(app.services.store, id) : await findFunctionBySlug(app.services.store, id))?.appId,
    missing: Messages.functionNotFound,
  },
  group: {
    find: async (app, id) => {
      const group = await findGroup(app.services.store, numeric(id));
      // The super administrator's marker group belongs to no application.
      return group === undefined || !/^\d+$/.test(group.groupAppId) ? undefined : Number(group.groupAppId);
    },
    missing: Messages.groupNotFound,
  },
  menu: { find: async (app, id) => (await findMenu(app.services.store, numeric(id)))?.menuAppId, missing: Messages.menuNotFound },
  page: { find: async (app, id) => (await cachedPage(app.services, numeric(id)))?.pageAppId, missing: Messages.pageNotFound },
  // A page's history: the page's application while it lives, its history's once it is deleted.
  pageHistory: {
    find: async (app, id) => (await cachedPage(app.services, numeric(id)))?.pageAppId ?? (await appOfPageHistory(app.services.store, numeric(id))),
    missing: Messages.pageNotFound,
  },
  pageVersion: { find: async (app, id) => (await findPageVersion(app.services.store, numeric(id)))?.appId, missing: Messages.pageVersionNotFound },
  pdfTemplate: { find: async (app, id) => (await findPdfTemplate(app.services.store, numeric(id)))?.templateAppId, missing: Messages.pdfTemplateNotFound },
  query: {
    find: async (app, id) => {
      const query = await findQuery(app.services.store, numeric(id));
      return query === undefined ? undefined : (await cachedDbConfig(app.services, query.actionDbId))?.dbAppId;
    },
    missing: Messages.actionNotFound,
  },
  trigger: { find: async (app, id) => (await findTrigger(app.services.store, numeric(id)))?.triggerAppId, missing: Messages.triggerNotFound },
  template: { find: async (app, id) => (await findPrintTemplate(app.services.store, String(id)))?.templateAppId, missing: Messages.printTemplateNotFound },
  workflow: { find: async (app, id) => (await findWorkflow(app.services.store, numeric(id)))?.chainAppId, missing: Messages.workflowNotFound },
  workflowAction: {
    find: async (app, id) => {
      const action = await findWorkflowAction(app.services.store, numeric(id));
      return action === undefined ? undefined : (await findWorkflow(app.services.store, action.actionChainId))?.chainAppId;
    },
    missing: Messages.workflowActionNotFound,
  },
  workflowHook: { find: async (app, id) => (await findWorkflowHook(app.services.store, String(id)))?.appId, missing: Messages.workflowHookNotFound },
  workflowSchedule: { find: async (app, id) => (await findWorkflowSchedule(app.services.store, numeric(id)))?.appId, missing: Messages.workflowScheduleNotFound },
  workflowRun: { find: async (app, id) => (await findRun(app.services.store, numeric(id)))?.appId, missing: Messages.workflowRunNotFound },
  workflowTask: { find: async (app, id) => (await findWorkflowTask(app.services.store, numeric(id)))?.appId, missing: Messages.workflowTaskNotFound },
};

/**
 * Enforces every contract's `access` after the input is validated and before the handler
 * runs, so a route cannot forget its check. Anonymous callers were already refused by the
 * authentication hook (onRequest) unless the call is public.
 */
export function installCallAccess(app: FastifyInstance): void {
  app.decorateRequest('callAppId', undefined);
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const call = request.routeOptions.config.call;
    if (call === undefined || call.access.level === 'public') return;
    const caller = request.principal;
    if (caller === null) throw unauthorized(Messages.unauthenticated);
    const { access } = call;
    if (access.level === 'signedIn') return;
    if (access.level === 'superAdmin') {
      caller.assertSuperAdmin();
      return;
    }
    const lookup = LOOKUPS[access.app.entity];
    const appId = await lookup.find(app, access.app.id({ params: request.params, query: request.query, body: request.body, headers: request.headers }));
    if (appId === undefined) throw notFound(lookup.missing);
    const allowed = access.level === 'appAdmin' ? caller.administers(appId) : caller.isAppMember(appId);
    if (!allowed) throw forbidden(Messages.forbidden);
    request.callAppId = appId;
  });
}
