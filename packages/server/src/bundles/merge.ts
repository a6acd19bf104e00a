import { isDeepStrictEqual } from 'node:util';

/*
 * A three-way merge of an application's files (issue 39): the files as they were when a folder
 * and the application last agreed (the base), as the application has them now, and as the folder
 * has them. A file changed on one side only takes that side; a page changed on both is merged
 * component by component, so two builders who touched different components both keep their work;
 * anything changed on both sides in two ways is a conflict, named, and nothing is merged.
 */

export type Files = ReadonlyMap<string, Buffer>;

export interface Conflict {
  path: string;
  /** What both sides changed: a component (id and title), a page's own field, or the whole file. */
  what: string;
}

export interface Merged {
  files: Map<string, Buffer>;
  conflicts: Conflict[];
  /** The paths where the application's change was kept (the folder had not touched them). */
  keptFromApplication: string[];
}

/** Whether two versions of a file hold the same bytes (undefined: the file is not there). */
export const sameFile = (a: Buffer | undefined, b: Buffer | undefined): boolean => (a === undefined ? b === undefined : b !== undefined && a.equals(b));

type Json = Record<string, unknown>;

function parsed(content: Buffer | undefined): Json | undefined {
  if (content === undefined) return undefined;
  try {
    const value = JSON.parse(content.toString('utf8')) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

/** One value merged three ways: the side that changed, or a conflict (undefined). */
function pick<T>(base: T, application: T, folder: T): { value: T } | undefined {
  if (isDeepStrictEqual(application, base)) return { value: folder };
  if (isDeepStrictEqual(folder, base) || isDeepStrictEqual(folder, application)) return { value: application };
  return undefined;
}

interface Component { id?: unknown; title?: unknown }

const componentName = (c: Component | undefined) => (c === undefined ? '' : `component ${String(c.id)}${typeof c.title === 'string' && c.title !== '' ? ` (${c.title})` : ''}`);

/**
 * A page changed on both sides, merged: its own fields one by one, its components by id (the
 * folder's order, with components only the application added after the one they follow there).
 * Answers the page, or what conflicts.
 */
export function mergePage(base: Json, application: Json, folder: Json): { page: Json } | { conflicts: string[] } {
  const conflicts: string[] = [];
  const page: Json = {};
  for (const key of new Set([...Object.keys(base), ...Object.keys(application), ...Object.keys(folder)])) {
    if (key === 'pageComponents') continue;
    const chosen = pick(base[key], application[key], folder[key]);
    if (chosen === undefined) conflicts.push(`the page's ${key}`);
    else if (chosen.value !== undefined) page[key] = chosen.value;
  }
  const list = (json: Json) => (Array.isArray(json.pageComponents) ? (json.pageComponents as Component[]) : []);
  const byId = (components: Component[]) => new Map(components.map((c) => [String(c.id), c]));
  const [b, a, f] = [byId(list(base)), byId(list(application)), byId(list(folder))];
  const merged = new Map<string, Component>();
  for (const id of new Set([...b.keys(), ...a.keys(), ...f.keys()])) {
    const chosen = pick(b.get(id), a.get(id), f.get(id));
    if (chosen === undefined) conflicts.push(componentName(a.get(id) ?? f.get(id) ?? b.get(id)));
    else if (chosen.value !== undefined) merged.set(id, chosen.value);
  }
  if (conflicts.length > 0) return { conflicts };
  const order = list(folder).map((c) => String(c.id)).filter((id) => merged.has(id));
  const applicationOrder = list(application).map((c) => String(c.id));
  for (const [index, id] of applicationOrder.entries()) {
    if (order.includes(id) || !merged.has(id)) continue;
    const after = applicationOrder.slice(0, index).reverse().find((previous) => order.includes(previous));
    order.splice(after === undefined ? 0 : order.indexOf(after) + 1, 0, id);
  }
  page.pageComponents = order.map((id) => merged.get(id));
  return { page };
}

/** The files merged three ways; `write` turns a merged page back into a file's content. */
export function mergeFiles(base: Files, application: Files, folder: Files, write: (value: unknown) => string): Merged {
  const files = new Map<string, Buffer>();
  const conflicts: Conflict[] = [];
  const keptFromApplication: string[] = [];
  const paths = [...new Set([...base.keys(), ...application.keys(), ...folder.keys()])].sort();
  for (const path of paths) {
    const [b, a, f] = [base.get(path), application.get(path), folder.get(path)];
    let result: Buffer | undefined;
    if (sameFile(a, b)) result = f;
    else if (sameFile(f, b) || sameFile(f, a)) {
      result = a;
      if (!sameFile(f, a)) keptFromApplication.push(path);
    } else {
      const pages = path.startsWith('pages/') ? [parsed(b), parsed(a), parsed(f)] : [];
      const [pb, pa, pf] = pages;
      if (pb !== undefined && pa !== undefined && pf !== undefined) {
        const page = mergePage(pb, pa, pf);
        if ('conflicts' in page) {
          conflicts.push(...page.conflicts.map((what) => ({ path, what })));
          continue;
        }
        result = Buffer.from(write(page.page), 'utf8');
        keptFromApplication.push(path);
      } else {
        conflicts.push({ path, what: a === undefined ? 'removed by the application, changed here' : f === undefined ? 'changed by the application, removed here' : 'the whole file' });
        continue;
      }
    }
    if (result !== undefined) files.set(path, result);
  }
  return { files, conflicts, keptFromApplication };
}
