import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useFirstRevealHolds } from './first-reveal';

/** How far outside the visible area a row counts as near, so faces are ready before they scroll in. */
const MARGIN = '800px 0px';

const waiting = new Map<Element, () => void>();
let observer: IntersectionObserver | null = null;

function watch(element: Element, onNear: () => void): () => void {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const notify = waiting.get(entry.target);
      waiting.delete(entry.target);
      observer?.unobserve(entry.target);
      notify?.();
    }
  }, { rootMargin: MARGIN });
  waiting.set(element, onNear);
  observer.observe(element);
  return () => {
    waiting.delete(element);
    observer?.unobserve(element);
  };
}

/**
 * True once the element has come near the visible area, and from then on. One observer serves
 * every row: a page of hundreds of components renders the faces that can be seen first.
 * What comes near renders as a transition: React yields to the browser every few milliseconds
 * instead of drawing a table's whole face in one task (145 ms on a slow phone, issue 42), and
 * the page's first reveal waits until that render is on the screen.
 */
export function useNearViewport(): [ref: (element: Element | null) => (() => void) | undefined, near: boolean] {
  const holds = useFirstRevealHolds();
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const release = useRef<(() => void) | undefined>(undefined);
  const ref = useCallback((element: Element | null) => (element === null ? undefined : watch(element, () => {
    release.current ??= holds?.hold();
    startTransition(() => setNear(true));
  })), [holds]);
  // Rendered (or gone): the reveal no longer waits for this one.
  useEffect(() => {
    if (!near) return undefined;
    release.current?.();
    release.current = undefined;
    return undefined;
  }, [near]);
  useEffect(() => () => release.current?.(), []);
  return [ref, near];
}
