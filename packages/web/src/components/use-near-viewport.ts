import { useCallback, useState } from 'react';

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
 */
export function useNearViewport(): [ref: (element: Element | null) => (() => void) | undefined, near: boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback((element: Element | null) => (element === null ? undefined : watch(element, () => setNear(true))), []);
  return [ref, near];
}
