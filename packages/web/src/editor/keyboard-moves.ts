import type { KeyboardCoordinateGetter, UniqueIdentifier } from '@dnd-kit/core';
import type { Component } from '@rakit/core';
import { editorCollisions, isZone, keyboardStep } from './drop-target';

const STEPS: Partial<Record<string, -1 | 1>> = { ArrowUp: -1, ArrowLeft: -1, ArrowDown: 1, ArrowRight: 1 };

/**
 * Moving a component on the board by keyboard (issue 34): each arrow press takes it to the place
 * before or after in reading order (`keyboardStep`), and the drag is over that place's target.
 * dnd-kit's own sortable keys pick the nearest rectangle in the arrow's direction, which on a
 * grid of rows of different heights, with cards inside, is seldom the next place, and can never
 * be the end of a card. The drag's image follows to the target's corner.
 */
export function keyboardMoves(readList: () => readonly Component[]) {
  let target: UniqueIdentifier | null = null;
  const coordinateGetter: KeyboardCoordinateGetter = (event, { context: { active, over, droppableRects, collisionRect }, currentCoordinates }) => {
    const step = STEPS[event.code];
    if (step === undefined) return undefined;
    event.preventDefault();
    if (active === null) return undefined;
    const next = keyboardStep(readList(), String(active.id), over?.id ?? null, step);
    if (next === undefined) return undefined;
    target = next.id;
    const rect = droppableRects.get(next.id);
    if (rect === undefined) return currentCoordinates;
    // A zone's place is its end (a card's dashed area, the page's foot); a component's, its corner.
    const y = isZone(next.id) ? Math.max(rect.top, rect.bottom - (collisionRect?.height ?? 0)) : rect.top;
    return { x: rect.left, y };
  };
  return {
    coordinateGetter,
    collisionDetection: editorCollisions(() => target),
    /** A drag started: it is over its own place until an arrow is pressed. */
    start: () => {
      target = null;
    },
  };
}
