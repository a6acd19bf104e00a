import {
  type AppBundle, AppLanguageSchema, BUNDLE_FORMAT_NAME, MAX_BUNDLE_BYTES, BUNDLE_FORMAT_VERSION, type BundleApi, type BundleConnection, type BundleWorkflow, Messages,
  parsePageComponents,
} from '@rakit/core';
import type { Principal } from '../auth/principal';
import { badRequest, conflict, forbidden, local, notFound } from '../errors/http-errors';
import { contentOf } from '../storage/file-storage';
import { authOfRow, endpointOfRow, headersOfRow } from '../apis/api-settings';
import { isSecretField } from '../audit/redact';
import type { Store } from '../store/db';
import { type ApiEndpointRow, type ApiSourceRow, listApiEndpointRows, listApiSourceRows } from '../store/repositories/api-sources';
import { findAppById } from '../store/repositories/apps';
import { listDbConfigs } from '../store/repositories/db-configs';
import { listFunctionsOfApp } from '../store/repositories/functions';
import { listGroupsOfApp } from '../store/repositories/groups';
import { nameTranslationsOf } from '../store/repositories/name-translations';
import { listPdfTemplates } from '../store/repositories/pdf-templates';
import { listPrintTemplates } from '../store/repositories/print-templates';
import { listTriggersOfApp } from '../store/repositories/triggers';
import { storedNames } from '../triggers/stored-triggers';
import { identityMaps, Remapper } from './remap';
import { dumpSqlite } from './sqlite-data';
import { isEmbedded } from '../datasources/dialects';
import type { Services } from '../services';

function jsonOr<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

async function readApis(trx: Store, appId: number) {
  const apiSources = await listApiSourceRows(trx, appId);
  return { apiSources, apiEndpoints: await listApiEndpointRows(trx, apiSources.map((source) => source.sourceId)) };
}

/** An API without its secret; a default header named as a secret goes with an empty value. */
function bundleApi(source: ApiSourceRow, endpoints: readonly ApiEndpointRow[]): BundleApi {
  return {
    id: source.sourceId, name: source.sourceName, baseUrl: source.baseUrl, auth: authOfRow(source), hadSecret: source.secretEnc !== '',
    headers: headersOfRow(source).map((header) => (isSecretField(header.name) ? { ...header, value: '' } : header)),
    timeLimitS: source.timeLimitS, maxKb: source.maxKb,
    endpoints: endpoints.filter((endpoint) => endpoint.sourceId === source.sourceId).map((endpoint) => ({ ...endpointOfRow(endpoint), id: endpoint.endpointId })),
  };
}

/** Reads everything of the application that goes into a bundle, in one transaction so it is one moment's state. */
async function readApp(services: Services, appId: number) {
  return services.store.transaction().execute(async (trx) => {
    const dbConfigs = await listDbConfigs(trx, appId);
    const dbIds = dbConfigs.map((d) => d.dbId);
    const chains = await trx.selectFrom('chains').selectAll().where('chainAppId', '=', appId).orderBy('chainId').execute();
    const chainIds = chains.map((c) => c.chainId);
    return {
      dbConfigs,
      pages: await trx.selectFrom('pages').selectAll().where('pageAppId', '=', appId).orderBy('pageId').execute(),
      menus: await trx.selectFrom('menus').selectAll().where('menuAppId', '=', appId).orderBy('menuOrder').orderBy('menuId').execute(),
      groups: await listGroupsOfApp(trx, appId),
      members: await trx.selectFrom('groupMembers as m').innerJoin('userGroups as g', 'g.groupId', 'm.groupId')
        .select(['m.groupId', 'm.userId']).where('g.groupAppId', '=', String(appId)).orderBy('m.userId').execute(),
      queries: dbIds.length === 0 ? [] : await trx.selectFrom('queries').selectAll().where('actionDbId', 'in', dbIds).orderBy('actionId').execute(),
      functions: await listFunctionsOfApp(trx, appId),
      triggers: await listTriggersOfApp(trx, appId),
      chains,
      actions: chainIds.length === 0 ? [] : await trx.selectFrom('chainActions').selectAll().where('actionChainId', 'in', chainIds).orderBy('actionId').execute(),
      edges: chainIds.length === 0 ? [] : await trx.selectFrom('flowEdges').selectAll().where('workflowId', 'in', chainIds).execute(),
      published: chainIds.length === 0 ? [] : await trx.selectFrom('workflowVersions').select('chainId').distinct().where('chainId', 'in', chainIds).execute(),
      printTemplates: await listPrintTemplates(trx, appId),
      pdfTemplates: await listPdfTemplates(trx, appId),
      ...await readApis(trx, appId),
    };
  });
}

/**
 * The application as a bundle (docs/bundle-format.md): connections without passwords, and
 * users (ids only) when asked. A reference to something the application no longer holds is
 * cleared, so that the bundle imports.
 */
export async function exportApp(services: Services, caller: Principal, appId: number, options: { users: boolean; data: boolean }): Promise<AppBundle> {
  const withUsers = options.users;
  // A token that deploys the application (issue 39) exports its structure, never its members' ids.
  if (caller.machine !== null && withUsers) throw forbidden(Messages.forbidden);
  const appRow = await findAppById(services.store, appId);
  if (appRow === undefined) throw notFound(Messages.appNotFound);
  const data = await readApp(services, appId);
  const maps = identityMaps({
    connection: data.dbConfigs.map((d) => d.dbId), page: data.pages.map((p) => p.pageId), query: data.queries.map((q) => q.actionId),
    function: data.functions.map((f) => f.id), trigger: data.triggers.map((t) => t.triggerId), pdfTemplate: data.pdfTemplates.map((t) => t.templateId),
    apiEndpoint: data.apiEndpoints.map((e) => e.endpointId),
  }, data.functions.map((f) => f.slug));
  const clear = new Remapper(maps, 'clear');
  const menuIds = new Set(data.menus.map((m) => m.menuId));
  const publishedIds = new Set(data.published.map((p) => p.chainId));

  const connections: BundleConnection[] = data.dbConfigs.map((d) => ({
    id: d.dbId, dbType: d.dbType as BundleConnection['dbType'], dbHost: d.dbHost, dbPort: d.dbPort, dbUser: d.dbUser, dbDatabase: d.dbDatabase,
    hadPassword: d.dbPasswordEnc !== '',
    ...(d.dbLink === null ? {} : { link: d.dbLink }),
    ...(d.dbTimeLimit === null ? {} : { dbTimeLimit: d.dbTimeLimit }),
    ...(isEmbedded(d.dbType as BundleConnection['dbType']) ? { sqliteTables: dumpSqlite(services.config.dataDir, appId, d.dbDatabase, options.data) } : {}),
  }));

  const workflows: BundleWorkflow[] = data.chains.map((chain) => {
    const actions = data.actions.filter((a) => a.actionChainId === chain.chainId);
    const actionIds = new Set(actions.map((a) => a.actionId));
    const triggerId = chain.chainTrigger === '' ? null : clear.ref('trigger', chain.chainTrigger, '', null);
    return {
      id: chain.chainId, name: chain.chainName,
      triggerId: triggerId === null ? null : Number(triggerId),
      triggerActionId: actionIds.has(chain.chainTriggerActionId) ? chain.chainTriggerActionId : null,
      published: publishedIds.has(chain.chainId),
      actions: actions.map((a) => ({
        id: a.actionId, alias: a.actionAlias, name: a.actionName, addonName: a.addonName, script: a.actionScript,
        params: clear.workflowParams(a.addonName, jsonOr<Record<string, string>>(a.actionParams, {}), ''),
        x: a.cardX, y: a.cardY,
      })),
      edges: data.edges.filter((e) => e.workflowId === chain.chainId && actionIds.has(e.fromActionId) && actionIds.has(e.toActionId))
        .map((e) => ({ from: e.fromActionId, to: e.toActionId, branch: e.branch === 'true' || e.branch === 'false' ? e.branch : null })),
    };
  });

  // A template whose file is gone cannot travel: the administrator uploads it again or deletes it.
  const fileOf = async (fileId: string | null, kind: 'print' | 'extraction', name: string) => {
    const content = fileId === null ? undefined : await contentOf(services.files, appId, fileId);
    if (content === undefined) throw conflict(local('bundleTemplateGone', { kind, name }));
    return content.toString('base64');
  };
  const printTemplates = [];
  for (const t of data.printTemplates) {
    printTemplates.push({ filename: t.templateFilename, options: jsonOr(t.options, {}), content: await fileOf(t.templateId, 'print', t.templateFilename) });
  }
  const pdfTemplates = [];
  for (const t of data.pdfTemplates) {
    pdfTemplates.push({ id: t.templateId, name: t.templateName, fields: jsonOr(t.fields, []), sample: await fileOf(t.sampleFileId, 'extraction', t.templateName) });
  }

  const memberIds = [...new Set(data.members.map((m) => m.userId))];
  const bundle: AppBundle = {
    format: BUNDLE_FORMAT_NAME,
    formatVersion: BUNDLE_FORMAT_VERSION,
    exportedAt: new Date().toISOString(),
    app: {
      appName: appRow.appName, appDescription: appRow.appDescription, appSlug: appRow.appSlug, appOpenRegistration: appRow.appOpenRegistration === 1,
      appLanguage: AppLanguageSchema.catch('spec').parse(appRow.appLanguage), appTimeZone: appRow.appTimeZone,
    },
    connections,
    pages: data.pages.map((p) => {
      const parsed = parsePageComponents(p.pageComponents);
      return {
        id: p.pageId, pageName: p.pageName, pageSlug: p.pageSlug, pageComponents: parsed.ok ? clear.components(parsed.components, p.pageName) : [],
        nameTranslations: nameTranslationsOf(p.nameTranslations),
      };
    }),
    menus: data.menus.map((m) => ({
      id: m.menuId, menuName: m.menuName, pageId: maps.page.has(m.menuPageId) ? m.menuPageId : 0,
      parentId: menuIds.has(m.menuParentMenuId) ? m.menuParentMenuId : 0, order: m.menuOrder, nameTranslations: nameTranslationsOf(m.nameTranslations),
    })),
    groups: data.groups.map((g) => ({
      id: g.groupId, groupName: g.groupName, groupSlug: g.groupSlug, isDefault: g.groupIsDefault === '1',
      pageIds: clear.refs('page', g.groupAccess.pageId, ''),
      queryIds: clear.refs('query', g.groupAccess.actionId, ''),
      menuIds: g.groupAccess.menuId.filter((id) => menuIds.has(id)),
      ...(withUsers ? { members: data.members.filter((m) => m.groupId === g.groupId).map((m) => m.userId) } : {}),
    })),
    queries: data.queries.map((q) => ({
      id: q.actionId, slug: q.actionSlug, dbId: q.actionDbId, pageId: maps.page.has(q.actionPageId) ? q.actionPageId : 0,
      name: q.actionName, sql: q.actionSqlQuery, format: q.actionFormat,
    })),
    functions: data.functions.map((f) => ({ id: f.id, slug: f.slug, name: f.name, parameter: jsonOr(f.parameter, []), content: f.content })),
    triggers: data.triggers.map((t) => ({ id: t.triggerId, name: t.triggerName, params: storedNames(t.triggerParams) })),
    workflows,
    printTemplates,
    pdfTemplates,
    apis: data.apiSources.map((source) => bundleApi(source, data.apiEndpoints)),
    ...(withUsers ? { users: memberIds.map((userId) => ({ userId })) } : {}),
  };
  // What no import would take is refused here, with what to leave out.
  const bytes = Buffer.byteLength(JSON.stringify(bundle));
  if (bytes > MAX_BUNDLE_BYTES) {
    const sizes = { size: (bytes / 1024 / 1024).toFixed(1), max: String(MAX_BUNDLE_BYTES / 1024 / 1024) };
    throw badRequest(options.data ? local('bundleTooLargeWithData', sizes) : local('bundleTooLarge', sizes));
  }
  return bundle;
}
