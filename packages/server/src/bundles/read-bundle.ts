import {
  addonByName, type AppBundle, AppBundleSchema, BUNDLE_FORMAT_VERSION, BundleHeadSchema, checkAddonParams, type Component, DEFAULT_LANGUAGE,
  MAX_JSON_NESTING, nestsDeeperThan, parsePageComponents, parseTriggerParamNames, slugify,
} from '@rakit/core';
import { localise } from '@rakit/core/translate';
import { badRequest, local } from '../errors/http-errors';
import { checkExpressions } from '../apis/answer-rows';
import { identityMaps, Remapper } from './remap';
import { sqliteTableProblem } from './sqlite-data';
import { isEmbedded } from '../datasources/dialects';

/** A bundle once read and checked: its pages' components parsed by core's widget schemas. */
export interface CheckedBundle {
  bundle: AppBundle;
  components: Map<number, Component[]>;
}

function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  const where = issue === undefined ? '' : issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
  return `bundle${where}: ${issue?.message ?? 'invalid'}`;
}

type Duplicate = 'connectionId' | 'sqlite' | 'pageId' | 'pageSlug' | 'menuId' | 'groupId' | 'groupSlug' | 'queryId' | 'functionId' | 'triggerId' | 'workflowId' | 'actionId' | 'printTemplate' | 'pdfTemplateId'
  | 'apiId' | 'apiName' | 'apiEndpointId' | 'apiEndpointName';

function unique(values: readonly (string | number)[], what: Duplicate): void {
  const seen = new Set<string | number>();
  for (const value of values) {
    if (seen.has(value)) throw badRequest(local('bundleDuplicate', { what, value: String(value) }));
    seen.add(value);
  }
}

/**
 * Reads an uploaded bundle as untrusted input (ARCHITECTURE.md §2): the format first (a newer
 * one is refused by name), then every field's schema, every page against core's widget
 * schemas, and every reference against the bundle's own ids. Throws 400 with the reason.
 */
export function readBundle(raw: unknown): CheckedBundle {
  // Before anything walks it recursively (the schemas, JSON.stringify): a page's components sit 3 levels down.
  if (nestsDeeperThan(raw, MAX_JSON_NESTING + 3)) throw badRequest(local('bundleTooDeep', { max: String(MAX_JSON_NESTING + 3) }));
  const head = BundleHeadSchema.safeParse(raw);
  if (!head.success) throw badRequest(head.error.issues[0]?.message ?? local('bundleNotRakit'));
  if (head.data.formatVersion > BUNDLE_FORMAT_VERSION) {
    throw badRequest(local('bundleFormatNewer', { version: String(head.data.formatVersion), supported: String(BUNDLE_FORMAT_VERSION) }));
  }
  const parsed = AppBundleSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(firstIssue(parsed.error));
  const bundle = parsed.data;

  unique(bundle.connections.map((c) => c.id), 'connectionId');
  unique(bundle.connections.filter((c) => isEmbedded(c.dbType)).map((c) => c.dbDatabase), 'sqlite');
  unique(bundle.pages.map((p) => p.id), 'pageId');
  unique(bundle.pages.map((p) => p.pageSlug), 'pageSlug');
  unique(bundle.menus.map((m) => m.id), 'menuId');
  unique(bundle.groups.map((g) => g.id), 'groupId');
  unique(bundle.groups.map((g) => g.groupSlug), 'groupSlug');
  unique(bundle.queries.map((q) => q.id), 'queryId');
  unique(bundle.functions.map((f) => f.id), 'functionId');
  unique(bundle.triggers.map((t) => t.id), 'triggerId');
  unique(bundle.workflows.map((w) => w.id), 'workflowId');
  unique(bundle.workflows.flatMap((w) => w.actions.map((a) => a.id)), 'actionId');
  unique(bundle.apis.map((a) => a.id), 'apiId');
  unique(bundle.apis.map((a) => a.name.toLowerCase()), 'apiName');
  unique(bundle.apis.flatMap((a) => a.endpoints.map((e) => e.id)), 'apiEndpointId');
  for (const api of bundle.apis) {
    unique(api.endpoints.map((e) => e.name.toLowerCase()), 'apiEndpointName');
    // As saveApiEndpoint checks them: an expression that does not compile is refused here, not when a member opens the page.
    for (const endpoint of api.endpoints) checkExpressions(endpoint);
  }
  unique(bundle.printTemplates.map((t) => t.filename), 'printTemplate');
  unique(bundle.pdfTemplates.map((t) => t.id), 'pdfTemplateId');
  if (bundle.groups.filter((g) => g.isDefault).length > 1) throw badRequest(local('bundleTwoDefaultGroups'));

  for (const page of bundle.pages) {
    if (slugify(page.pageSlug) !== page.pageSlug) throw badRequest(local('bundlePageSlugInvalid', { page: page.pageName, slug: page.pageSlug }));
  }
  for (const group of bundle.groups) {
    if (slugify(group.groupSlug) !== group.groupSlug) throw badRequest(local('bundleGroupSlugInvalid', { group: group.groupName, slug: group.groupSlug }));
  }
  for (const connection of bundle.connections) {
    for (const table of connection.sqliteTables ?? []) {
      const problem = sqliteTableProblem(table);
      if (problem !== undefined) throw badRequest(problem);
    }
    if (!isEmbedded(connection.dbType) && (connection.dbHost === '' || connection.dbPort === 0 || connection.dbUser === '')) {
      throw badRequest(local('bundleConnectionIncomplete', { id: String(connection.id), type: connection.dbType }));
    }
  }
  for (const trigger of bundle.triggers) {
    const names = parseTriggerParamNames(JSON.stringify(trigger.params));
    if (!names.ok) throw badRequest(local('bundleTriggerInvalid', { name: trigger.name, detail: names.message }));
  }

  // Every reference must name one of the bundle's own entities: checked with the bundle's ids as they are.
  const idsOf = (list: readonly { id: number }[]) => list.map((item) => item.id);
  const maps = identityMaps({
    connection: idsOf(bundle.connections), page: idsOf(bundle.pages), query: idsOf(bundle.queries),
    function: idsOf(bundle.functions), trigger: idsOf(bundle.triggers), pdfTemplate: idsOf(bundle.pdfTemplates),
    apiEndpoint: idsOf(bundle.apis.flatMap((a) => a.endpoints)),
  }, bundle.functions.map((f) => f.slug).filter((slug) => slug !== ''));
  const check = new Remapper(maps, 'refuse');
  const components = new Map<number, Component[]>();
  for (const page of bundle.pages) {
    const read = parsePageComponents(JSON.stringify(page.pageComponents));
    if (!read.ok) throw badRequest(local('bundlePageInvalid', { page: page.pageName, detail: read.error }));
    check.components(structuredClone(read.components), page.pageName);
    components.set(page.id, read.components);
  }
  const menuIds = new Set(bundle.menus.map((m) => m.id));
  const topMenuIds = new Set(bundle.menus.filter((m) => m.parentId === 0).map((m) => m.id));
  for (const menu of bundle.menus) {
    if (menu.pageId !== 0) check.ref('page', menu.pageId, `Menu ${menu.menuName}`, 0);
    if (menu.parentId !== 0 && !topMenuIds.has(menu.parentId)) throw badRequest(local('bundleMenuParent', { menu: menu.menuName, parent: String(menu.parentId) }));
  }
  for (const group of bundle.groups) {
    const where = `Group ${group.groupName}`;
    check.refs('page', group.pageIds, where);
    check.refs('query', group.queryIds, where);
    for (const id of group.menuIds) if (!menuIds.has(id)) throw badRequest(local('bundleGroupMenuMissing', { group: group.groupName, id: String(id) }));
  }
  for (const query of bundle.queries) {
    check.ref('connection', query.dbId, `Stored query ${query.name}`, 0);
    if (query.pageId !== 0) check.ref('page', query.pageId, `Stored query ${query.name}`, 0);
  }
  for (const workflow of bundle.workflows) {
    const where = `Workflow ${workflow.name}`;
    if (workflow.triggerId !== null) check.ref('trigger', workflow.triggerId, where, null);
    const actionIds = new Set(workflow.actions.map((a) => a.id));
    if (workflow.triggerActionId !== null && !actionIds.has(workflow.triggerActionId)) throw badRequest(local('bundleWorkflowTriggerAction', { workflow: workflow.name }));
    for (const edge of workflow.edges) {
      if (!actionIds.has(edge.from) || !actionIds.has(edge.to)) throw badRequest(local('bundleWorkflowEdge', { workflow: workflow.name }));
    }
    for (const action of workflow.actions) {
      const addon = addonByName(action.addonName);
      if (addon === undefined) throw badRequest(local('bundleActionAddonUnknown', { workflow: workflow.name, action: action.alias, addon: action.addonName }));
      const checked = checkAddonParams(addon, JSON.stringify(action.params));
      // The detail in the specification's words: the bundle's reader is not known here.
      if (!checked.ok) throw badRequest(local('bundleActionInvalid', { workflow: workflow.name, action: action.alias, detail: localise(DEFAULT_LANGUAGE, checked.message) }));
      check.workflowParams(addon.name, action.params, `${where}, action ${action.alias}`);
    }
  }
  for (const group of bundle.groups) {
    if (group.members !== undefined && bundle.users === undefined) throw badRequest(local('bundleMembersWithoutUsers', { group: group.groupName }));
    const userIds = new Set(bundle.users?.map((u) => u.userId));
    for (const member of group.members ?? []) if (!userIds.has(member)) throw badRequest(local('bundleMemberUnknown', { group: group.groupName, member: String(member) }));
  }
  return { bundle, components };
}
