import type { Component } from '../widgets/registry';

/**
 * Immutable operations on a page's component tree (spec 2 §2: cards hold nested components;
 * moving a component onto a card puts it inside). Every operation returns a new list and keeps
 * the identity of every branch it did not touch, so views can skip unchanged components.
 * A component holds others when it has a `children` list (cards).
 */

/** Where a component sits: its parent's id (null for the page itself) and its index there. */
export interface TreePosition {
  parentId: string | null;
  index: number;
}

export const holdsChildren = (component: Component): boolean => Array.isArray(component.children);

/** A component with where it sits. */
export interface PlacedComponent extends TreePosition {
  component: Component;
}

/**
 * The one walk of a component tree: every component, cards' children included, in page order
 * (a card before what it holds), with where it sits.
 */
export function* walkPlacedComponents(list: readonly Component[], parentId: string | null = null): Generator<PlacedComponent> {
  for (const [index, component] of list.entries()) {
    yield { component, parentId, index };
    if (component.children !== undefined) yield* walkPlacedComponents(component.children, component.id);
  }
}

/** Every component of the tree, cards' children included, in page order. */
export function* walkComponents(list: readonly Component[]): Generator<Component> {
  for (const placed of walkPlacedComponents(list)) yield placed.component;
}

export function findComponent(list: readonly Component[], id: string): Component | undefined {
  return locatePlaced(list, id)?.component;
}

function locatePlaced(list: readonly Component[], id: string): PlacedComponent | undefined {
  for (const placed of walkPlacedComponents(list)) if (placed.component.id === id) return placed;
  return undefined;
}

export function locateComponent(list: readonly Component[], id: string): TreePosition | undefined {
  const found = locatePlaced(list, id);
  return found === undefined ? undefined : { parentId: found.parentId, index: found.index };
}

/** The children of `parentId` (the page's list for null), or undefined when it holds none. */
export function childrenOf(list: readonly Component[], parentId: string | null): readonly Component[] | undefined {
  if (parentId === null) return list;
  return findComponent(list, parentId)?.children;
}

/** True when `id` is `ancestorId` itself or lies anywhere inside it. */
export function isWithin(list: readonly Component[], ancestorId: string, id: string): boolean {
  const ancestor = findComponent(list, ancestorId);
  return ancestor !== undefined && findComponent([ancestor], id) !== undefined;
}

export const countComponents = (list: readonly Component[]): number => [...walkComponents(list)].length;

/** Replaces the list of `parentId` (null: the page's own list) by `change(list)`. */
function withChildren(list: Component[], parentId: string | null, change: (children: Component[]) => Component[]): Component[] {
  if (parentId === null) return change(list);
  let changed = false;
  const next = list.map((component) => {
    if (changed) return component;
    if (component.id === parentId && component.children !== undefined) {
      const children = change(component.children);
      if (children === component.children) return component;
      changed = true;
      return { ...component, children };
    }
    if (component.children === undefined) return component;
    const children = withChildren(component.children, parentId, change);
    if (children === component.children) return component;
    changed = true;
    return { ...component, children };
  });
  return changed ? next : list;
}

/** Replaces the component `id` by `change(component)`; the list is returned as is when nothing changed. */
export function updateComponent(list: Component[], id: string, change: (component: Component) => Component): Component[] {
  const where = locateComponent(list, id);
  if (where === undefined) return list;
  return withChildren(list, where.parentId, (siblings) => {
    const current = siblings[where.index] as Component;
    const next = change(current);
    return next === current ? siblings : siblings.with(where.index, next);
  });
}

export function removeComponent(list: Component[], id: string): Component[] {
  const where = locateComponent(list, id);
  if (where === undefined) return list;
  return withChildren(list, where.parentId, (siblings) => siblings.toSpliced(where.index, 1));
}

/**
 * Inserts `component` into `parentId` (null: the page) at `index` (clamped; past the end appends).
 * Refused (list returned as is) when the parent does not exist or holds no children.
 */
export function insertComponent(list: Component[], parentId: string | null, index: number, component: Component): Component[] {
  const siblings = childrenOf(list, parentId);
  if (siblings === undefined) return list;
  const at = Math.max(0, Math.min(index, siblings.length));
  return withChildren(list, parentId, (children) => children.toSpliced(at, 0, component));
}

/**
 * Moves `id` to `index` of `parentId`, the index counted in the target list after the component
 * left its old place. Refused when the target is the component itself or lies inside it.
 */
export function moveComponent(list: Component[], id: string, parentId: string | null, index: number): Component[] {
  const moving = findComponent(list, id);
  if (moving === undefined) return list;
  if (parentId !== null && isWithin(list, id, parentId)) return list;
  const from = locateComponent(list, id) as TreePosition;
  if (from.parentId === parentId && from.index === index) return list;
  const without = removeComponent(list, id);
  const inserted = insertComponent(without, parentId, index, moving);
  return inserted === without ? list : inserted;
}

/** Moves `id` one place up (-1) or down (+1) among its siblings; unchanged at either end. */
export function shiftComponent(list: Component[], id: string, delta: -1 | 1): Component[] {
  const where = locateComponent(list, id);
  if (where === undefined) return list;
  const siblings = childrenOf(list, where.parentId) as readonly Component[];
  const target = where.index + delta;
  if (target < 0 || target >= siblings.length) return list;
  return moveComponent(list, id, where.parentId, target);
}

/**
 * Title of a new component (spec 2 §2: new components are numbered): the label followed by one
 * more than the count of components of that type or the highest number already used, whichever is greater.
 */
export function nextComponentTitle(list: readonly Component[], type: string, label: string): string {
  const sameType = [...walkComponents(list)].filter((component) => component.type === type);
  const prefix = `${label} `;
  const highest = sameType.reduce((max, component) => {
    if (!component.title.startsWith(prefix)) return max;
    const number = Number(component.title.slice(prefix.length));
    return Number.isInteger(number) && number > max ? number : max;
  }, 0);
  return `${label} ${Math.max(sameType.length, highest) + 1}`;
}
