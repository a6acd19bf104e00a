import { type CollisionDetection, type KeyboardCoordinateGetter, KeyboardCode, rectIntersection } from '@dnd-kit/core';

/** The droppable id of a lane, and back. */
export const laneId = (value: string): string => `lane:${value}`;
export const laneValueOf = (id: string): string | null => (id.startsWith('lane:') ? id.slice('lane:'.length) : null);

/** Where a key sends a card picked up by keyboard: the next lane, the previous one, or nowhere. */
const STEPS: Partial<Record<string, 1 | -1>> = {
  [KeyboardCode.Right]: 1, [KeyboardCode.Down]: 1, [KeyboardCode.Left]: -1, [KeyboardCode.Up]: -1,
};

/** How far into the target lane the card is drawn: past its heading, inside its border. */
const INSIDE_LANE = { x: 8, y: 40 };

/**
 * Keyboard moves between lanes. dnd-kit's own getter moves a picked-up card 25 px per arrow
 * key, many presses per lane and none past a lane whose scroll area clips the card: here each
 * arrow reaches the next lane (right or down) or the previous one (left or up), whatever the
 * layout, and the lane it chose is the drop target (`collisions`) wherever the card is drawn.
 */
export function keyboardLaneMoves() {
  let target: string | null = null;
  const coordinates: KeyboardCoordinateGetter = (event, { context }) => {
    const step = STEPS[event.code];
    if (step === undefined) return undefined;
    event.preventDefault();
    // The board's only droppables are its lanes, registered in the board's order.
    const laneIds = context.droppableContainers.getEnabled().map((lane) => String(lane.id));
    const from = target ?? (context.over === null ? undefined : String(context.over.id));
    const index = from === undefined ? 0 : Math.min(laneIds.length - 1, Math.max(0, laneIds.indexOf(from) + step));
    target = laneIds[index] ?? null;
    const rect = target === null ? undefined : context.droppableRects.get(target);
    return rect === undefined ? undefined : { x: rect.left + INSIDE_LANE.x, y: rect.top + INSIDE_LANE.y };
  };
  const collisions: CollisionDetection = (args) => (target === null ? rectIntersection(args) : [{ id: target }]);
  return {
    coordinates,
    collisions,
    /** Forgets the keyboard's lane when a drag starts or ends, so a pointer drag finds its own. */
    reset: () => { target = null; },
  };
}
