import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * React.memo's comparison for a part whose owner rebuilds lists on each render (actions
 * filtered from the component, columns relabelled for the reader): an array prop holding the
 * same items counts as unchanged; every other prop is compared as memo does (Object.is).
 */
export function sameItemProps<P extends object>(before: Readonly<P>, after: Readonly<P>): boolean {
  const keys = Object.keys(after) as (keyof P)[];
  if (keys.length !== Object.keys(before).length) return false;
  return keys.every((key) => {
    const was = before[key];
    const is = after[key];
    if (Object.is(was, is)) return true;
    return Array.isArray(was) && Array.isArray(is) && was.length === is.length && was.every((item, at) => Object.is(item, is[at]));
  });
}

/**
 * A handler that keeps its identity across renders and always calls the latest `handler`: a
 * memoized part given it is not rendered again because its owner was.
 */
export function useStableHandler<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  useLayoutEffect(() => { latest.current = handler; });
  return useCallback((...args: A) => latest.current(...args), []);
}
