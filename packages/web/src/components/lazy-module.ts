import { useEffect, useSyncExternalStore } from 'react';

/**
 * A module fetched on demand that renders at once when it is already here: React.lazy suspends
 * on every first render, even of a module that has arrived, which let a popover's focus trap run
 * before its fields existed; and a chunk that cannot be fetched (the connection dropped) leaves
 * the part unshown and is tried again, where React.lazy would throw to the page. `preload` starts
 * the fetch (on a pointer over, or focus on, what opens it); `load` answers the module;
 * `useModule(wanted)` gives it once loaded (null before), fetching it when wanted.
 */
export function lazyModule<M>(fetchModule: () => Promise<M>) {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const listeners = new Set<() => void>();
  const load = (): Promise<M> => {
    loading ??= fetchModule().then((module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    }, (error: unknown) => {
      loading = null; // tried again next time (the connection may be back)
      throw error;
    });
    return loading;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => { listeners.delete(listener); };
  };
  const useModule = (wanted: boolean): M | null => {
    const module = useSyncExternalStore(subscribe, () => loaded);
    useEffect(() => {
      if (wanted) load().catch((error: unknown) => console.error('A part of the page could not be loaded', error));
    }, [wanted]);
    return module;
  };
  return { load, preload: () => { load().catch(() => undefined); }, useModule };
}

/**
 * Runs `preload` once the browser is idle (a code the page may need offline, issue 38, fetched
 * while the network is there, after the first screen); answers how to call it off.
 */
export function preloadWhenIdle(preload: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const idle = window.requestIdleCallback(preload);
    return () => window.cancelIdleCallback(idle);
  }
  const timer = window.setTimeout(preload, 2000);
  return () => window.clearTimeout(timer);
}
