import { type MessageKey, type MessageValues, partsText, type TextParts } from '../i18n/catalog';
import { widgetNameKey } from '../widgets/names';
import { type Component, widgetLabel } from '../widgets/registry';
import { walkPlacedComponents } from './component-tree';

/**
 * What changed between two versions of a page's components (issue 17, page versions), by
 * component id: the History panel shows it and every saved version keeps its summary.
 */

/** A component as the difference names it. */
export interface DiffComponent {
  id: string;
  type: string;
  /** `Text Input "Name"`, or `Text Input t3` for one without a title: the type by its model's label, as the palette names it. */
  label: string;
  /** Its title, trimmed ('' when it has none): a reader's catalog names it with its type's name (DiffWords). */
  title: string;
}

export interface MovedComponent extends DiffComponent {
  /** The card it sits in before and after (null: the page itself). */
  fromParent: string | null;
  toParent: string | null;
}

export interface ChangedComponent extends DiffComponent {
  /** The settings whose values differ, in the order the newer version lists them. */
  settings: string[];
}

export interface PageDiff {
  added: DiffComponent[];
  removed: DiffComponent[];
  moved: MovedComponent[];
  changed: ChangedComponent[];
}

export interface Placed {
  component: Component;
  parentId: string | null;
  index: number;
}

/** Every component of the tree by id, with where it sits (the first of a repeated id). */
export function placedById(list: readonly Component[]): Map<string, Placed> {
  const byId = new Map<string, Placed>();
  for (const placed of walkPlacedComponents(list)) if (!byId.has(placed.component.id)) byId.set(placed.component.id, placed);
  return byId;
}

/** Deep equality of JSON values (objects compared by their keys, whatever their order). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!sameJson(left[key], right[key])) return false;
  return true;
}

/** The longest common subsequence of two id lists: the ones that kept their order. */
export function keptOrder(before: readonly string[], after: readonly string[]): Set<string> {
  const table: number[][] = Array.from({ length: before.length + 1 }, () => new Array<number>(after.length + 1).fill(0));
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--) {
      table[i]![j] = before[i] === after[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const kept = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < before.length && j < after.length) {
    if (before[i] === after[j]) {
      kept.add(before[i]!);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return kept;
}

/** A component as the difference names it: `Text Input "Name"`, or its type and id without a title. */
export function describeComponent(c: Component): DiffComponent {
  const title = typeof c.title === 'string' ? c.title.trim() : '';
  return { id: c.id, type: c.type, title, label: title === '' ? `${widgetLabel(c.type)} ${c.id}` : `${widgetLabel(c.type)} "${title}"` };
}

/** Ids of the components under each parent, in order, keeping only those in `keep`. */
function siblingsOrder(byId: Map<string, Placed>, keep: (id: string) => boolean): Map<string | null, string[]> {
  const order = new Map<string | null, { id: string; index: number }[]>();
  for (const [id, placed] of byId) {
    if (!keep(id)) continue;
    const list = order.get(placed.parentId) ?? [];
    list.push({ id, index: placed.index });
    order.set(placed.parentId, list);
  }
  return new Map([...order].map(([parent, list]) => [parent, list.sort((a, b) => a.index - b.index).map((x) => x.id)]));
}

/**
 * The difference from `before` to `after`. A component is moved when its card changed, or
 * when it changed place among the components that stayed beside it (adding or removing a
 * neighbour moves nothing). Its settings are every field but its children and version.
 */
export function diffPageComponents(before: readonly Component[], after: readonly Component[]): PageDiff {
  const was = placedById(before);
  const now = placedById(after);
  const diff: PageDiff = { added: [], removed: [], moved: [], changed: [] };
  for (const [id, placed] of now) if (!was.has(id)) diff.added.push(describeComponent(placed.component));
  for (const [id, placed] of was) if (!now.has(id)) diff.removed.push(describeComponent(placed.component));

  const stayedInPlace = (id: string) => was.has(id) && now.has(id) && was.get(id)!.parentId === now.get(id)!.parentId;
  const beforeOrder = siblingsOrder(was, stayedInPlace);
  const afterOrder = siblingsOrder(now, stayedInPlace);
  const reordered = new Set<string>();
  for (const [parent, ids] of afterOrder) {
    const kept = keptOrder(beforeOrder.get(parent) ?? [], ids);
    for (const id of ids) if (!kept.has(id)) reordered.add(id);
  }
  for (const [id, placed] of now) {
    const old = was.get(id);
    if (old === undefined) continue;
    if (old.parentId !== placed.parentId || reordered.has(id)) {
      diff.moved.push({ ...describeComponent(placed.component), fromParent: old.parentId, toParent: placed.parentId });
    }
    const keys = new Set([...Object.keys(placed.component), ...Object.keys(old.component)]);
    const settings = [...keys].filter((key) => key !== 'children' && key !== 'version' && key !== 'id'
      && !sameJson(placed.component[key], old.component[key]));
    if (settings.length > 0) diff.changed.push({ ...describeComponent(placed.component), settings });
  }
  return diff;
}

export const isEmptyDiff = (diff: PageDiff): boolean =>
  diff.added.length + diff.removed.length + diff.moved.length + diff.changed.length === 0;

/** A catalog's text, its placeholders filled: the editor's `t`, the server's `translate` in one language. */
export type Say = (key: MessageKey, values?: MessageValues) => string;

/** How a page's changes are said in one catalog: a component by its type's name and title (or id), a list's place. */
export interface DiffWords {
  component: (c: DiffComponent) => string;
  place: (parent: string | null) => string;
  say: Say;
}

/** The words of a page's changes in the catalog `say` speaks. */
export function diffWordsOf(say: Say): DiffWords {
  const typeName = (type: string) => {
    const key = widgetNameKey(type);
    return key === undefined ? type : say(key);
  };
  return {
    component: (c) => (c.title === '' ? say('editor.diff.untitled', { type: typeName(c.type), id: c.id }) : say('editor.diff.titled', { type: typeName(c.type), title: c.title })),
    place: (parent) => (parent === null ? say('editor.conflict.thePage') : say('editor.conflict.card', { id: parent })),
    say,
  };
}

/** One readable line per change: `Added Table "Orders"`, `Changed Text "Hi": content, title` (a setting by its field's name). */
export function describePageDiff(diff: PageDiff, words: DiffWords): string[] {
  const { component, place, say } = words;
  return [
    ...diff.added.map((c) => say('editor.diff.added', { component: component(c) })),
    ...diff.removed.map((c) => say('editor.diff.removed', { component: component(c) })),
    ...diff.moved.map((c) => (c.fromParent === c.toParent
      ? say('editor.diff.moved', { component: component(c) })
      : say('editor.diff.movedBetween', { component: component(c), from: place(c.fromParent), to: place(c.toParent) }))),
    ...diff.changed.map((c) => say('editor.diff.changed', { component: component(c), settings: c.settings.join(', ') })),
  ];
}

export const MAX_VERSION_SUMMARY = 500;

/** A version's short summary: its changes' lines, cut to `max` characters with how many more there were. */
export function summarizePageDiff(diff: PageDiff, words: DiffWords, max = MAX_VERSION_SUMMARY): string {
  const lines = describePageDiff(diff, words);
  if (lines.length === 0) return words.say('editor.diff.noChange');
  const more = (count: number) => words.say('editor.diff.more', { count: String(count) });
  let summary = '';
  for (const [index, line] of lines.entries()) {
    const rest = lines.length - index - 1;
    const next = summary === '' ? line : `${summary}; ${line}`;
    const tail = rest > 0 ? `; ${more(rest)}` : '';
    if (next.length + tail.length > max) {
      const left = more(lines.length - index);
      return summary === '' ? `${line.slice(0, Math.max(0, max - left.length - 3))}…; ${left}`.slice(0, max) : `${summary}; ${left}`;
    }
    summary = next;
  }
  return summary;
}

/**
 * A page version's summary as the server keeps it (issue 35), said in each reader's words: a
 * fixed text first (`Page created`, `Restored version 3: `), then the page's rename and its
 * components' changes. A restore says its changes after its head; a save has no head.
 */
export interface VersionSummaryText {
  head?: TextParts;
  renamed?: { from: string; to: string };
  /** Absent when only the name changed (or nothing is told of the components). */
  diff?: PageDiff;
}

/** A version's summary in `words`, cut to `max` characters. */
export function sayVersionSummary(text: VersionSummaryText, words: DiffWords, max = MAX_VERSION_SUMMARY): string {
  const head = text.head === undefined ? '' : partsText(text.head, (part) => words.say(part.key, part.values));
  const renamed = text.renamed === undefined ? '' : words.say('editor.diff.renamed', { from: text.renamed.from, to: text.renamed.to });
  const changes = text.diff === undefined ? '' : summarizePageDiff(text.diff, words, Math.max(0, max - head.length - renamed.length - 2));
  const said = head + [renamed, changes].filter((part) => part !== '').join('; ');
  return said.length > max ? `${said.slice(0, max - 1)}…` : said;
}

/**
 * `next` with every component whose content is unchanged since `previous` replaced by the
 * previous object (and `previous` itself when nothing changed), so an editor that draws a
 * component again only when its object changes redraws only what another builder changed.
 */
export function keepUnchanged(previous: readonly Component[], next: Component[]): Component[] {
  const before = new Map<string, Component>();
  for (const { component } of walkPlacedComponents(previous)) before.set(component.id, component);
  const reuse = (list: Component[]): Component[] => list.map((component) => {
    const old = before.get(component.id);
    if (old === undefined) return component;
    const children = component.children === undefined ? undefined : reuse(component.children);
    const candidate = children === undefined ? component : { ...component, children };
    return sameJson(old, candidate) ? old : candidate;
  });
  const kept = reuse(next);
  return kept.length === previous.length && kept.every((component, index) => component === previous[index]) ? previous as Component[] : kept;
}
