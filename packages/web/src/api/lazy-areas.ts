import { ApiUnreachableError } from './request';

/** A call that answers later: every call of a lazily loaded area must be one. */
type LaterCall = (...args: never[]) => Promise<unknown>;

/**
 * `eager`'s calls as they are, and every other call of `Lazy` as a function that loads the
 * lazy areas' module (once) and then makes the call. Each lazy call is made once per name, so
 * a screen may use `api.someCall` as a stable dependency.
 */
export function withLazyAreas<Eager extends object, Lazy extends Record<keyof Lazy, LaterCall>>(
  eager: Eager,
  load: () => Promise<Lazy>,
): Eager & Lazy {
  let loading: Promise<Lazy> | undefined;
  const deferred = new Map<PropertyKey, LaterCall>();
  return new Proxy(eager, {
    get: (target, name, receiver) => {
      if (Reflect.has(target, name) || typeof name === 'symbol') return Reflect.get(target, name, receiver) as unknown;
      let call = deferred.get(name);
      if (call === undefined) {
        call = async (...args: never[]) => {
          loading ??= load();
          const areas = await loading.catch((error: unknown) => {
            loading = undefined; // a failed chunk load is tried again on the next call
            throw new ApiUnreachableError('The application\'s code could not be loaded', { cause: error });
          });
          const lazyCall = areas[name as keyof Lazy] as LaterCall | undefined;
          if (lazyCall === undefined) throw new TypeError(`No API call named ${name}`);
          return lazyCall(...args);
        };
        deferred.set(name, call);
      }
      return call;
    },
  }) as Eager & Lazy;
}
