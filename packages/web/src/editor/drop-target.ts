import { type Component, childrenOf, isWithin, locateComponent, moveComponent, type TreePosition, walkComponents, type WidgetType } from '@rakit/core';
import { type CollisionDetection, pointerWithin, type UniqueIdentifier } from '@dnd-kit/core';

/**
 * Drag and drop ids. Components are dragged by their own id; the page and every card are
 * also drop zones (`zone:page`, `zone:{cardId}`), and the palette's entries are dragged as
 * `palette:{type}`.
 */
export const PAGE_ZONE = 'zone:page';
export const zoneId = (parentId: string | null): string => (parentId === null ? PAGE_ZONE : `zone:${parentId}`);
export const paletteId = (type: WidgetType): string => `palette:${type}`;

/** What is being dragged, kept in the draggable's data. */
export type DragSource = { kind: 'component'; id: string } | { kind: 'palette'; type: WidgetType; label: string };

const zoneParent = (id: string): string | null | undefined => {
  if (id === PAGE_ZONE) return null;
  return id.startsWith('zone:') ? id.slice('zone:'.length) : undefined;
};

/** Whether a drop target is a page's or a card's zone (rather than a component). */
export const isZone = (id: UniqueIdentifier): boolean => zoneParent(String(id)) !== undefined;

/**
 * Where a dragged component (or a new one, `movingId` null) lands when dropped over `overId`:
 * over a zone it goes last into that page or card; over a component it takes that
 * component's place in its list. The index is counted after the moved one left its place.
 */
export function dropPosition(list: readonly Component[], movingId: string | null, overId: UniqueIdentifier): TreePosition | undefined {
  const id = String(overId);
  const parentId = zoneParent(id);
  if (parentId !== undefined) {
    const children = childrenOf(list, parentId);
    if (children === undefined) return undefined;
    const leaves = movingId !== null && children.some((c) => c.id === movingId);
    return { parentId, index: children.length - (leaves ? 1 : 0) };
  }
  return locateComponent(list, id);
}

/** A place a component can be moved to, with the drop target (a component or a zone) that puts it there. */
export interface KeyboardDropTarget {
  id: string;
  at: TreePosition;
}

const placeKey = (at: TreePosition): string => `${at.parentId ?? ''}:${at.index}`;

/**
 * Every place the component `movingId` can be moved to, in reading order: each list's places
 * before, between and after its components, a card's own places right after the card's header,
 * each with the target that puts it there (`dropPosition`'s answer for it). A keyboard move
 * steps through them: one place a press, into and out of cards, never into the moved card itself.
 */
export function keyboardDropTargets(list: readonly Component[], movingId: string): KeyboardDropTarget[] {
  const from = locateComponent(list, movingId);
  if (from === undefined) return [];
  const tree = list as Component[];
  // The moved component's own content is no place for it.
  const reachable = [...walkComponents(list)].filter((c) => c.id === movingId || !isWithin(list, movingId, c.id));
  const targetOf = new Map<string, string>();
  // Zones first: the end of a card is its dashed area, which lights up as the move reaches it.
  const candidates = [
    ...reachable.filter((c) => c.children !== undefined && c.id !== movingId).map((c) => zoneId(c.id)),
    PAGE_ZONE,
    ...reachable.map((c) => c.id),
  ];
  for (const id of candidates) {
    const at = dropPosition(list, movingId, id);
    if (at === undefined || targetOf.has(placeKey(at))) continue;
    // A place the tree refuses (a card nested too deep) is no place; its own place always is.
    if (placeKey(at) !== placeKey(from) && moveComponent(tree, movingId, at.parentId, at.index) === tree) continue;
    targetOf.set(placeKey(at), id);
  }
  const targets: KeyboardDropTarget[] = [];
  const visit = (parentId: string | null, children: readonly Component[]) => {
    const others = children.filter((c) => c.id !== movingId);
    others.forEach((child, index) => {
      add({ parentId, index });
      if (child.children !== undefined) visit(child.id, child.children);
    });
    add({ parentId, index: others.length });
  };
  const add = (at: TreePosition) => {
    const id = targetOf.get(placeKey(at));
    if (id !== undefined) targets.push({ id, at });
  };
  visit(null, list);
  return targets;
}

/**
 * The place one arrow press moves `movingId` to from the one it is over now (its own place before
 * the first press): the place before (`step` -1) or after (1) in reading order; undefined at
 * either end.
 */
export function keyboardStep(list: readonly Component[], movingId: string, overId: UniqueIdentifier | null, step: -1 | 1): KeyboardDropTarget | undefined {
  const now = dropPosition(list, movingId, overId ?? movingId);
  if (now === undefined) return undefined;
  const places = keyboardDropTargets(list, movingId);
  const index = places.findIndex((place) => placeKey(place.at) === placeKey(now));
  return index === -1 ? undefined : places[index + step];
}

const area = (rect: { width: number; height: number } | undefined) => (rect === undefined ? Infinity : rect.width * rect.height);

/**
 * The pointer picks the innermost target under it (a component inside a card before the card's
 * zone, the zone before the card itself). A keyboard drag has no pointer: it is over the target
 * its last arrow press chose (`keyboardTarget`), and over its own place before the first.
 */
export const editorCollisions = (keyboardTarget: () => UniqueIdentifier | null): CollisionDetection => (args) => {
  if (args.pointerCoordinates === null) return [{ id: keyboardTarget() ?? args.active.id }];
  const under = pointerWithin(args);
  if (under.length === 0) return [];
  return [under.reduce((best, hit) => (area(args.droppableRects.get(hit.id)) < area(args.droppableRects.get(best.id)) ? hit : best))];
};
