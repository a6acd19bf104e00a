import { generateKeyBetween } from 'fractional-indexing';
import * as Y from 'yjs';
import type { Component } from '../widgets/registry';
import { walkPlacedComponents } from './component-tree';
import { sameJson } from './page-diff';

/**
 * A page's components as a Yjs document (issue 33, live co-editing): one shared map of
 * components by id, each a map of its settings, so two builders' edits of different components
 * or different settings never touch the same value and the same setting converges (the last
 * writer wins per setting). Where a component sits is two more entries: the card it is in
 * (`@parent`, null for the page) and a fractional index among its siblings (`@order`), so
 * concurrent moves and inserts converge without renumbering anyone else.
 */

export const PAGE_COMPONENTS_MAP = 'components';
const PARENT = '@parent';
const ORDER = '@order';
/** Set on cards: they hold components (an empty card has no children to tell). */
const HOLDS = '@holds';

type ComponentMap = Y.Map<unknown>;

export const componentsMapOf = (doc: Y.Doc): Y.Map<ComponentMap> => doc.getMap<ComponentMap>(PAGE_COMPONENTS_MAP);

/**
 * The page's components as the document holds them now. A component whose card is gone sits on
 * the page; so does, of cards two moves put inside each other, the one with the smallest id.
 */
export function componentsOfDoc(doc: Y.Doc): Component[] {
  const entries = new Map([...componentsMapOf(doc).entries()]);
  const storedParent = (id: string): string | null => {
    const parent = entries.get(id)?.get(PARENT);
    return typeof parent === 'string' && entries.has(parent) ? parent : null;
  };
  const parentOf = (id: string): string | null => {
    const cycle: string[] = [id];
    for (let at = storedParent(id); at !== null; at = storedParent(at)) {
      if (at === id) return cycle.reduce((a, b) => (a < b ? a : b)) === id ? null : storedParent(id);
      if (cycle.includes(at)) break;
      cycle.push(at);
    }
    return storedParent(id);
  };
  const byParent = new Map<string | null, string[]>();
  for (const id of entries.keys()) {
    const parent = parentOf(id);
    byParent.set(parent, [...(byParent.get(parent) ?? []), id]);
  }
  const orderOf = (id: string) => String(entries.get(id)?.get(ORDER) ?? '');
  const byOrder = (a: string, b: string) => (orderOf(a) < orderOf(b) ? -1 : orderOf(a) > orderOf(b) ? 1 : a < b ? -1 : 1);
  const build = (parent: string | null): Component[] => (byParent.get(parent) ?? []).sort(byOrder).map((id) => {
    const map = entries.get(id)!;
    const settings: Record<string, unknown> = {};
    for (const [key, value] of map.entries()) if (!key.startsWith('@')) settings[key] = value;
    return (map.get(HOLDS) === true ? { ...settings, id, children: build(id) } : { ...settings, id }) as Component;
  });
  return build(null);
}

/**
 * Makes the document hold `components` with the fewest changes: settings set only where they
 * differ, components added and removed, and a new place only for the components whose card or
 * whose order among the ones kept in place changed. One transaction, marked with `origin`.
 */
export function writeComponentsToDoc(doc: Y.Doc, components: readonly Component[], origin: unknown = null): void {
  const map = componentsMapOf(doc);
  doc.transact(() => {
    const wanted = new Set<string>();
    const siblings = new Map<string | null, string[]>();
    for (const { component, parentId } of walkPlacedComponents(components)) {
      wanted.add(component.id);
      siblings.set(parentId, [...(siblings.get(parentId) ?? []), component.id]);
      let entry = map.get(component.id);
      if (entry === undefined) {
        entry = new Y.Map<unknown>();
        map.set(component.id, entry);
      }
      const { children, id: _id, ...settings } = component;
      for (const [key, value] of Object.entries(settings)) {
        if (value === undefined) continue;
        // A copy: Yjs keeps the object it is given, which the editor may reuse.
        if (!sameJson(entry.get(key), value)) entry.set(key, JSON.parse(JSON.stringify(value)) as unknown);
      }
      for (const key of [...entry.keys()]) if (!key.startsWith('@') && !(key in settings && settings[key] !== undefined)) entry.delete(key);
      if (entry.get(PARENT) !== parentId) entry.set(PARENT, parentId);
      const holds = Array.isArray(children);
      if ((entry.get(HOLDS) === true) !== holds) entry.set(HOLDS, holds);
    }
    for (const id of [...map.keys()]) if (!wanted.has(id)) map.delete(id);
    for (const ids of siblings.values()) placeInOrder(ids.map((id) => map.get(id)!));
  }, origin);
}

/** Gives each of the siblings an order after the one before it, keeping the orders already in sequence. */
function placeInOrder(siblings: ComponentMap[]): void {
  const current = siblings.map((entry) => (typeof entry.get(ORDER) === 'string' ? entry.get(ORDER) as string : null));
  const keep = longestIncreasing(current);
  let previous: string | null = null;
  for (const [index, entry] of siblings.entries()) {
    if (keep.has(index)) {
      previous = current[index]!;
      continue;
    }
    let next: string | null = null;
    for (let later = index + 1; later < siblings.length && next === null; later++) if (keep.has(later)) next = current[later]!;
    const key = generateKeyBetween(previous, next);
    entry.set(ORDER, key);
    previous = key;
  }
}

/** The indexes of a longest strictly increasing run of the keys (null ones never in it). */
function longestIncreasing(keys: (string | null)[]): Set<number> {
  const length: number[] = [];
  const before: number[] = [];
  let best = -1;
  for (let i = 0; i < keys.length; i++) {
    length[i] = keys[i] === null ? 0 : 1;
    before[i] = -1;
    if (keys[i] === null) continue;
    for (let j = 0; j < i; j++) {
      if (keys[j] !== null && keys[j]! < keys[i]! && length[j]! + 1 > length[i]!) {
        length[i] = length[j]! + 1;
        before[i] = j;
      }
    }
    if (best === -1 || length[i]! > length[best]!) best = i;
  }
  const kept = new Set<number>();
  for (let i = best; i !== -1 && keys[i] !== null; i = before[i]!) kept.add(i);
  return kept;
}

/** A new document holding the components (the page as stored, when a builder first opens it). */
export function docOfComponents(components: readonly Component[]): Y.Doc {
  const doc = new Y.Doc();
  writeComponentsToDoc(doc, components);
  return doc;
}

