import {
  type AppBundle, AppBundleSchema, BUNDLE_FORMAT_NAME, BundleConnectionSchema, BundleFunctionSchema, BundleGroupSchema, BundleHeadSchema, BundleMenuSchema,
  BundlePageSchema, BundlePdfTemplateSchema, BundleQuerySchema, BundleTriggerSchema, BundleWorkflowSchema, BundleApiSchema, type Component, PrintOptionsSchema,
} from '@rakit/core';
import { z } from 'zod';
import { badRequest, local } from '../errors/http-errors';
import { type IdMaps, Remapper } from './remap';

/*
 * An application bundle as a tree of readable files (issue 39, docs/bundle-format.md "As files"),
 * for a git repository and a review: one file per page, workflow, function, stored query, API and
 * template; code as code files (a function's .js, a query's .sql, a step's script); JSON with
 * sorted keys; and ids that do not change when nothing changed. A bundle's ids are the exporting
 * instance's and an import gives new ones, so each is replaced here by one derived from what the
 * entity is called (a page's slug, a function's slug, a workflow's name…): exported again after
 * an import, the same application is the same files.
 */

export interface BundleFile {
  /** Relative, with forward slashes. */
  path: string;
  content: Buffer;
}

export const ROOT_FILE = 'rakit.json';

// ---- stable ids -------------------------------------------------------------------------------

const MAX_ID = 2_147_483_647;

/** FNV-1a, 32 bits, in 1..2^31-1: a small, stable number for a name. */
function hashId(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % MAX_ID) + 1;
}

/**
 * Each entity's new id from its key: the key's hash, or the next free number when two keys (or
 * two entities with one key) meet, decided in the order of key then old id so that it is the same
 * every time.
 */
function stableIdsOf<T>(items: readonly T[], idOf: (item: T) => number, keyOf: (item: T) => string): Map<number, number> {
  const ordered = [...items].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : idOf(a) - idOf(b)));
  const taken = new Set<number>();
  const out = new Map<number, number>();
  for (const item of ordered) {
    let id = hashId(keyOf(item));
    while (taken.has(id)) id = id === MAX_ID ? 1 : id + 1;
    taken.add(id);
    out.set(idOf(item), id);
  }
  return out;
}

/** What a connection is: its type, host, port, database and user (its file's id here; whose password an import keeps). */
export const connectionKey = (c: { dbType: string; dbHost: string; dbPort: number; dbDatabase: string; dbUser: string }) => [c.dbType, c.dbHost, c.dbPort, c.dbDatabase, c.dbUser].join('|');

/** The bundle with every id replaced by a stable one and every reference rewritten to match. */
export function withStableIds(bundle: AppBundle): AppBundle {
  const menuKey = new Map(bundle.menus.map((m) => [m.id, m.menuName]));
  const maps: IdMaps = {
    connection: stableIdsOf(bundle.connections, (c) => c.id, connectionKey),
    page: stableIdsOf(bundle.pages, (p) => p.id, (p) => p.pageSlug),
    query: stableIdsOf(bundle.queries, (q) => q.id, (q) => q.slug || q.name),
    function: stableIdsOf(bundle.functions, (f) => f.id, (f) => f.slug || f.name),
    trigger: stableIdsOf(bundle.triggers, (t) => t.id, (t) => t.name),
    pdfTemplate: stableIdsOf(bundle.pdfTemplates, (t) => t.id, (t) => t.name),
    apiEndpoint: stableIdsOf(bundle.apis.flatMap((a) => a.endpoints.map((e) => ({ id: e.id, key: `${a.name}/${e.name}` }))), (e) => e.id, (e) => e.key),
    functionSlug: new Map(bundle.functions.map((f) => [f.slug, f.slug])),
  };
  const menuIds = stableIdsOf(bundle.menus, (m) => m.id, (m) => `${menuKey.get(m.parentId) ?? ''}/${m.menuName}`);
  const groupIds = stableIdsOf(bundle.groups, (g) => g.id, (g) => g.groupSlug);
  const apiIds = stableIdsOf(bundle.apis, (a) => a.id, (a) => a.name);
  const workflowIds = stableIdsOf(bundle.workflows, (w) => w.id, (w) => w.name);
  const remap = new Remapper(maps, 'clear');
  const id = (map: Map<number, number>, old: number) => map.get(old) ?? old;
  const ref = (map: Map<number, number>, old: number) => (old === 0 ? 0 : map.get(old) ?? 0);
  const byId = <T extends { id: number }>(list: T[]) => list.sort((a, b) => a.id - b.id);

  return {
    ...bundle,
    connections: byId(bundle.connections.map((c) => ({ ...c, id: id(maps.connection, c.id) }))),
    pages: byId(bundle.pages.map((p) => ({ ...p, id: id(maps.page, p.id), pageComponents: remap.components(structuredClone(p.pageComponents) as Component[], p.pageName) }))),
    menus: bundle.menus.map((m) => ({ ...m, id: id(menuIds, m.id), pageId: ref(maps.page, m.pageId), parentId: ref(menuIds, m.parentId) })),
    groups: byId(bundle.groups.map((g) => ({
      ...g, id: id(groupIds, g.id), pageIds: remap.refs('page', g.pageIds, '').sort((a, b) => a - b), queryIds: remap.refs('query', g.queryIds, '').sort((a, b) => a - b),
      menuIds: g.menuIds.flatMap((m) => (menuIds.has(m) ? [id(menuIds, m)] : [])).sort((a, b) => a - b),
    }))),
    queries: byId(bundle.queries.map((q) => ({ ...q, id: id(maps.query, q.id), dbId: id(maps.connection, q.dbId), pageId: ref(maps.page, q.pageId) }))),
    functions: byId(bundle.functions.map((f) => ({ ...f, id: id(maps.function, f.id) }))),
    triggers: byId(bundle.triggers.map((t) => ({ ...t, id: id(maps.trigger, t.id) }))),
    workflows: byId(bundle.workflows.map((w) => {
      const actionIds = stableIdsOf(w.actions, (a) => a.id, (a) => `${a.alias}|${a.name}|${a.addonName}`);
      return {
        ...w, id: id(workflowIds, w.id), triggerId: w.triggerId === null ? null : id(maps.trigger, w.triggerId),
        triggerActionId: w.triggerActionId === null ? null : id(actionIds, w.triggerActionId),
        actions: w.actions.map((a) => ({ ...a, id: id(actionIds, a.id), params: remap.workflowParams(a.addonName, a.params, '') })),
        edges: w.edges.map((e) => ({ ...e, from: id(actionIds, e.from), to: id(actionIds, e.to) })),
      };
    })),
    pdfTemplates: byId(bundle.pdfTemplates.map((t) => ({ ...t, id: id(maps.pdfTemplate, t.id) }))),
    apis: byId(bundle.apis.map((a) => ({ ...a, id: id(apiIds, a.id), endpoints: byId(a.endpoints.map((e) => ({ ...e, id: id(maps.apiEndpoint, e.id) }))) }))),
  };
}

// ---- writing ----------------------------------------------------------------------------------

/** JSON with every object's keys sorted and two-space indents, ending in a newline: one diff line per change. */
export function stableJson(value: unknown): string {
  const sorted = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(sorted);
    if (item === null || typeof item !== 'object') return item;
    return Object.fromEntries(Object.keys(item).sort().map((key) => [key, sorted((item as Record<string, unknown>)[key])]));
  };
  return `${JSON.stringify(sorted(value), null, 2)}\n`;
}

/** A file name for a name: lower case letters, digits and dashes. */
function fileStem(name: string): string {
  const stem = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80);
  return stem === '' ? 'unnamed' : stem;
}

/** One stem per item, the id appended where two names give one stem. */
function stems<T extends { id: number }>(items: readonly T[], nameOf: (item: T) => string): Map<number, string> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(fileStem(nameOf(item)), (counts.get(fileStem(nameOf(item))) ?? 0) + 1);
  return new Map(items.map((item) => {
    const stem = fileStem(nameOf(item));
    return [item.id, (counts.get(stem) ?? 0) > 1 ? `${stem}-${item.id}` : stem];
  }));
}

const text = (path: string, content: string): BundleFile => ({ path, content: Buffer.from(content, 'utf8') });
const json = (path: string, value: unknown): BundleFile => text(path, stableJson(value));

/** The bundle as files (ids made stable first). Never a secret: a bundle holds none. */
export function bundleToFiles(exported: AppBundle): BundleFile[] {
  const bundle = withStableIds(exported);
  const files: BundleFile[] = [];
  files.push(json(ROOT_FILE, { format: bundle.format, formatVersion: bundle.formatVersion, app: bundle.app, ...(bundle.users === undefined ? {} : { users: bundle.users }) }));

  const connectionStems = stems(bundle.connections, (c) => `${c.dbType}-${c.dbDatabase}`);
  for (const connection of bundle.connections) files.push(json(`connections/${connectionStems.get(connection.id)}.json`, connection));

  const pageStems = stems(bundle.pages, (p) => p.pageSlug);
  for (const page of bundle.pages) files.push(json(`pages/${pageStems.get(page.id)}.json`, page));
  files.push(json('menus.json', bundle.menus));
  files.push(json('groups.json', bundle.groups));
  files.push(json('triggers.json', bundle.triggers));

  const queryStems = stems(bundle.queries, (q) => q.slug || q.name);
  for (const { sql, ...query } of bundle.queries) {
    const stem = queryStems.get(query.id);
    files.push(json(`queries/${stem}.json`, query), text(`queries/${stem}.sql`, sql));
  }
  const functionStems = stems(bundle.functions, (f) => f.slug || f.name);
  for (const { content, ...fn } of bundle.functions) {
    const stem = functionStems.get(fn.id);
    files.push(json(`functions/${stem}.json`, fn), text(`functions/${stem}.js`, content));
  }
  const workflowStems = stems(bundle.workflows, (w) => w.name);
  for (const workflow of bundle.workflows) {
    const stem = workflowStems.get(workflow.id);
    // A step's script is code: its own file beside the workflow, named by the step's id.
    for (const action of workflow.actions) if (action.script !== '') files.push(text(`workflows/${stem}/${action.id}.js`, action.script));
    files.push(json(`workflows/${stem}.json`, { ...workflow, actions: workflow.actions.map(({ script: _script, ...action }) => action) }));
  }
  const options: Record<string, unknown> = {};
  for (const template of bundle.printTemplates) {
    files.push({ path: `print-templates/${template.filename}`, content: Buffer.from(template.content, 'base64') });
    options[template.filename] = template.options;
  }
  if (bundle.printTemplates.length > 0) files.push(json('print-templates/options.json', options));
  const pdfStems = stems(bundle.pdfTemplates, (t) => t.name);
  for (const { sample, ...template } of bundle.pdfTemplates) {
    const stem = pdfStems.get(template.id);
    files.push(json(`pdf-templates/${stem}.json`, template), { path: `pdf-templates/${stem}.pdf`, content: Buffer.from(sample, 'base64') });
  }
  const apiStems = stems(bundle.apis, (a) => a.name);
  for (const api of bundle.apis) files.push(json(`apis/${apiStems.get(api.id)}.json`, api));
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

// ---- reading ----------------------------------------------------------------------------------

/** The folders (and root files) a tree of an application holds; anything else (a README, CI files) is the repository's own. */
export const BUNDLE_PATHS = /^(rakit\.json|menus\.json|groups\.json|triggers\.json|(connections|pages|queries|functions|workflows|print-templates|pdf-templates|apis)\/.+)$/;

/** Whether a path is one a tree of an application holds (so an export may replace or remove it). */
export const isBundlePath = (path: string): boolean => BUNDLE_PATHS.test(path);

const RootSchema = BundleHeadSchema.extend({ app: AppBundleSchema.shape.app, users: AppBundleSchema.shape.users });
const ByFilename = z.record(z.string(), PrintOptionsSchema);

/**
 * A tree of files back into a bundle, checked by AppBundleSchema; a file that does not read is
 * refused with its path. Files outside the layout are left alone.
 */
export function bundleFromFiles(files: ReadonlyMap<string, Buffer>): AppBundle {
  const read = (path: string) => files.get(path)?.toString('utf8');
  const parse = <S extends z.ZodType>(path: string, schema: S): z.infer<S> => {
    const content = read(path);
    if (content === undefined) throw badRequest(local('bundleFileMissing', { path }));
    let value: unknown;
    try {
      value = JSON.parse(content);
    } catch (error) {
      throw badRequest(local('bundleFileUnreadable', { path, reason: (error as Error).message }));
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw badRequest(local('bundleFileUnreadable', { path, reason: z.prettifyError(parsed.error) }));
    return parsed.data;
  };
  const inFolder = (folder: string, extension: string) => [...files.keys()].filter((p) => p.startsWith(`${folder}/`) && p.endsWith(extension) && !p.slice(folder.length + 1).includes('/')).sort();
  const codeBeside = (jsonPath: string, extension: string) => read(jsonPath.replace(/\.json$/, extension));

  const root = parse(ROOT_FILE, RootSchema);
  if (root.format !== BUNDLE_FORMAT_NAME) throw badRequest(local('bundleFileUnreadable', { path: ROOT_FILE, reason: 'not a Rakit application' }));
  const bundle = {
    format: root.format, formatVersion: root.formatVersion, exportedAt: '', app: root.app, ...(root.users === undefined ? {} : { users: root.users }),
    connections: inFolder('connections', '.json').map((p) => parse(p, BundleConnectionSchema)),
    pages: inFolder('pages', '.json').map((p) => parse(p, BundlePageSchema)),
    menus: files.has('menus.json') ? parse('menus.json', z.array(BundleMenuSchema)) : [],
    groups: files.has('groups.json') ? parse('groups.json', z.array(BundleGroupSchema)) : [],
    triggers: files.has('triggers.json') ? parse('triggers.json', z.array(BundleTriggerSchema)) : [],
    queries: inFolder('queries', '.json').map((p) => ({ ...parse(p, BundleQuerySchema.omit({ sql: true })), sql: codeBeside(p, '.sql') ?? '' })),
    functions: inFolder('functions', '.json').map((p) => ({ ...parse(p, BundleFunctionSchema.omit({ content: true })), content: codeBeside(p, '.js') ?? '' })),
    workflows: inFolder('workflows', '.json').map((p) => {
      const workflow = parse(p, BundleWorkflowSchema);
      const folder = p.replace(/\.json$/, '');
      return { ...workflow, actions: workflow.actions.map((action) => ({ ...action, script: read(`${folder}/${action.id}.js`) ?? '' })) };
    }),
    printTemplates: (() => {
      const options = files.has('print-templates/options.json') ? parse('print-templates/options.json', ByFilename) : {};
      return inFolder('print-templates', '.docx').map((p) => {
        const filename = p.slice('print-templates/'.length);
        return { filename, options: options[filename] ?? {}, content: (files.get(p) as Buffer).toString('base64') };
      });
    })(),
    pdfTemplates: inFolder('pdf-templates', '.json').map((p) => {
      const template = parse(p, BundlePdfTemplateSchema.omit({ sample: true }));
      const sample = files.get(p.replace(/\.json$/, '.pdf'));
      if (sample === undefined) throw badRequest(local('bundleFileMissing', { path: p.replace(/\.json$/, '.pdf') }));
      return { ...template, sample: sample.toString('base64') };
    }),
    apis: inFolder('apis', '.json').map((p) => parse(p, BundleApiSchema)),
  };
  const parsed = AppBundleSchema.safeParse(bundle);
  if (!parsed.success) throw badRequest(local('bundleFileUnreadable', { path: '.', reason: z.prettifyError(parsed.error) }));
  return parsed.data;
}
