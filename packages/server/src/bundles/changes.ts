import { isDeepStrictEqual } from 'node:util';
import type { ComponentChange, FileChange, PropertyChange } from '@rakit/core';
import type { Files } from './merge';

/*
 * What changes between two states of an application's files (files.ts), as people read it
 * (issue 39): each page, workflow, function, query… added, removed or changed, its own fields
 * that differ, and a page's components one by one, property by property. A code file (a
 * function's .js, a query's .sql, a step's script) is a field of the thing it belongs to.
 */

/** The longest value shown in a change: what changed, not all of it (a long script is cut). */
const MAX_VALUE = 400;

type Json = Record<string, unknown>;
type Thing = FileChange['thing'];

function valueText(value: unknown): string | null {
  if (value === undefined) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}… (${text.length} characters)` : text;
}

function jsonOf(content: Buffer | undefined): unknown {
  if (content === undefined) return undefined;
  try {
    return JSON.parse(content.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The file a path belongs to (a code file to its JSON), what it is, and the field a companion file is. */
function ownerOf(path: string): { owner: string; thing: Thing; field?: string } {
  if (path === 'rakit.json') return { owner: path, thing: 'application' };
  if (path === 'menus.json' || path === 'groups.json' || path === 'triggers.json') return { owner: path, thing: path.slice(0, -5) as Thing };
  const [folder = '', ...rest] = path.split('/');
  const file = rest.join('/');
  const stem = file.replace(/\.[^./]+$/, '');
  switch (folder) {
    case 'connections': return { owner: path, thing: 'connection' };
    case 'pages': return { owner: path, thing: 'page' };
    case 'apis': return { owner: path, thing: 'api' };
    case 'queries': return file.endsWith('.sql') ? { owner: `queries/${stem}.json`, thing: 'query', field: 'sql' } : { owner: path, thing: 'query' };
    case 'functions': return file.endsWith('.js') ? { owner: `functions/${stem}.json`, thing: 'function', field: 'code' } : { owner: path, thing: 'function' };
    case 'workflows': {
      const [workflow = '', step] = file.split('/');
      return step === undefined ? { owner: path, thing: 'workflow' } : { owner: `workflows/${workflow}.json`, thing: 'workflow', field: `script of step ${step.replace(/\.js$/, '')}` };
    }
    case 'print-templates': return file === 'options.json' ? { owner: path, thing: 'printTemplate', field: 'options' } : { owner: path, thing: 'printTemplate', field: 'file' };
    case 'pdf-templates': return file.endsWith('.pdf') ? { owner: `pdf-templates/${stem}.json`, thing: 'pdfTemplate', field: 'sample' } : { owner: path, thing: 'pdfTemplate' };
    default: return { owner: path, thing: 'application' };
  }
}

/** The name people know a file's thing by. */
function nameOf(path: string, json: unknown): string {
  if (isObject(json)) {
    const app = isObject(json.app) ? json.app.appName : undefined;
    for (const candidate of [json.pageName, json.name, app, json.dbDatabase]) if (typeof candidate === 'string' && candidate !== '') return candidate;
  }
  return path.replace(/^[^/]+\//, '').replace(/\.[^./]+$/, '');
}

function fieldChanges(before: unknown, after: unknown, skip: ReadonlySet<string>): PropertyChange[] {
  if (Array.isArray(before) || Array.isArray(after)) return listChanges(Array.isArray(before) ? before : [], Array.isArray(after) ? after : []);
  const [b, a] = [isObject(before) ? before : {}, isObject(after) ? after : {}];
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((key) => !skip.has(key)).sort();
  return keys.filter((key) => !isDeepStrictEqual(b[key], a[key])).map((key) => ({ property: key, before: valueText(b[key]), after: valueText(a[key]) }));
}

/** A list's items (menus, groups, triggers) matched by id, each named by its name. */
function listChanges(before: unknown[], after: unknown[]): PropertyChange[] {
  const byId = (items: unknown[]) => new Map(items.filter(isObject).map((item) => [String(item.id), item]));
  const [b, a] = [byId(before), byId(after)];
  const label = (item: Json | undefined) => String(item?.menuName ?? item?.groupName ?? item?.name ?? item?.id ?? '');
  return [...new Set([...b.keys(), ...a.keys()])]
    .filter((id) => !isDeepStrictEqual(b.get(id), a.get(id)))
    .map((id) => ({ property: label(a.get(id) ?? b.get(id)), before: valueText(b.get(id)), after: valueText(a.get(id)) }));
}

interface Component extends Json { id?: unknown; type?: unknown; title?: unknown }

function componentChanges(before: unknown, after: unknown): ComponentChange[] {
  const list = (page: unknown): Component[] => (isObject(page) && Array.isArray(page.pageComponents) ? (page.pageComponents as unknown[]).filter(isObject) : []);
  const [b, a] = [new Map(list(before).map((c) => [String(c.id), c])), new Map(list(after).map((c) => [String(c.id), c]))];
  const changes: ComponentChange[] = [];
  // In the new order, then what was removed.
  for (const id of [...a.keys(), ...[...b.keys()].filter((key) => !a.has(key))]) {
    const [was, now] = [b.get(id), a.get(id)];
    if (isDeepStrictEqual(was, now)) continue;
    const shown = now ?? was ?? {};
    const status = was === undefined ? 'added' : now === undefined ? 'removed' : 'changed';
    changes.push({
      id, type: String(shown.type ?? ''), title: typeof shown.title === 'string' ? shown.title : '', status,
      properties: status === 'changed' ? fieldChanges(was, now, new Set()) : [],
    });
  }
  return changes;
}

/** A page file's components as JSON text, as a page version holds them (null: no page there). */
const componentsText = (page: unknown): string | null => (isObject(page) && Array.isArray(page.pageComponents) ? JSON.stringify(page.pageComponents) : null);

const binary = (path: string) => /\.(docx|pdf)$/.test(path);
const PAGE_OWN = new Set(['pageComponents']);

/** The changes from `before` to `after`, in path order; nothing for files that are the same. */
export function changesBetween(before: Files, after: Files): FileChange[] {
  const owners = new Map<string, { thing: Thing; paths: string[] }>();
  for (const path of new Set([...before.keys(), ...after.keys()])) {
    const [was, now] = [before.get(path), after.get(path)];
    if (was !== undefined && now !== undefined && was.equals(now)) continue;
    const { owner, thing } = ownerOf(path);
    const entry = owners.get(owner) ?? { thing, paths: [] };
    entry.paths.push(path);
    owners.set(owner, entry);
  }
  return [...owners.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([owner, { thing, paths }]) => {
    const [was, now] = [jsonOf(before.get(owner)), jsonOf(after.get(owner))];
    const ownerBinary = binary(owner);
    const inBefore = before.has(owner);
    const inAfter = after.has(owner);
    const status = !inBefore && inAfter ? 'added' : inBefore && !inAfter ? 'removed' : 'changed';
    const fields: PropertyChange[] = [];
    for (const path of paths.sort()) {
      const { field } = ownerOf(path);
      if (field === undefined) {
        if (status === 'changed') fields.push(...fieldChanges(was, now, thing === 'page' ? PAGE_OWN : new Set()));
        continue;
      }
      const [b, a] = [before.get(path), after.get(path)];
      const text = (content: Buffer | undefined) => (content === undefined ? null : binary(path) ? `(${content.length} bytes)` : valueText(content.toString('utf8')));
      fields.push({ property: ownerBinary ? 'file' : field, before: text(b), after: text(a) });
    }
    const components = thing === 'page' ? componentChanges(was, now) : [];
    return {
      path: owner, thing, name: nameOf(owner, now ?? was), status, fields, components,
      ...(components.length === 0 ? {} : { drawing: { before: componentsText(was), after: componentsText(now) } }),
    };
  });
}
