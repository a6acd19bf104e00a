import { type Component, childrenOf, locateComponent, type TreePosition, type WidgetType } from '@rakit/core';
import { closestCenter, type CollisionDetection, pointerWithin, type UniqueIdentifier } from '@dnd-kit/core';

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

const area = (rect: { width: number; height: number } | undefined) => (rect === undefined ? Infinity : rect.width * rect.height);

/**
 * The pointer picks the innermost target under it (a component inside a card before the card's
 * zone, the zone before the card itself); keyboard drags, which have no pointer, take the
 * closest centre among everything but the page zone.
 */
export const editorCollisions: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  if (under.length > 0) {
    const innermost = under.reduce((best, hit) => (area(args.droppableRects.get(hit.id)) < area(args.droppableRects.get(best.id)) ? hit : best));
    return [innermost];
  }
  if (args.pointerCoordinates !== null) return [];
  return closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => c.id !== PAGE_ZONE) });
};
