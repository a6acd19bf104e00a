import { z } from 'zod';

/**
 * One API call, defined once: its method and path, what it takes, what it answers and who may
 * make it. The server's routes (validation, the access check, the answer's serialisation), the
 * web client and the OpenAPI document are all derived from these definitions.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The stored things a call's application is found from. Each area's contract module declares
 * its own (`declare module './contract'`), so a new area names its entities where it defines
 * its calls. The server looks each one up (its domain module says how, its route module hands
 * that over): a missing one is answered 404 with its own message, and the caller's groups of its application decide.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the areas' declarations
export interface AppEntities {}
export type AppEntity = keyof AppEntities;

type Schema = z.ZodType;
type OutputOf<S> = S extends Schema ? z.output<S> : undefined;
type InputOf<S> = S extends Schema ? z.input<S> : undefined;

/** A call's input once validated: what the server's handler reads. */
export interface CallInput<P, Q, B, H = undefined> {
  params: OutputOf<P>;
  query: OutputOf<Q>;
  body: OutputOf<B>;
  headers: OutputOf<H>;
}

/** Where in a call its application is named: an entity and how to read its id from the input. */
export interface AppLocator<I> {
  entity: AppEntity;
  id: (input: I) => number | string;
}

/**
 * Who may make a call: anyone (`public`), anyone signed in (`signedIn`, the handler may narrow
 * further, e.g. to the caller's own account), a member or an administrator of the application
 * the call names (`member`, `appAdmin`), or the super administrator. The server enforces it
 * before the handler runs.
 */
export type Access<I> =
  | { level: 'public' }
  | { level: 'signedIn' }
  | { level: 'superAdmin' }
  | { level: 'member' | 'appAdmin'; app: AppLocator<I> };

/** `data` of a call that answers a file (a download stream) instead of the JSON envelope. */
export const FILE_ANSWER = 'file';

/**
 * `successCode` of a call that creates (201) or saves what exists (200), as the input says: its
 * handler answers 201 with `reply.code(201)` when it created something.
 */
export const CREATED_OR_SAVED = 'createdOrSaved';

export interface CallDefinition<
  P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined,
  D extends Schema | typeof FILE_ANSWER, E extends z.ZodRawShape | undefined, A extends Access<CallInput<P, Q, B, H>>,
  H extends Schema | undefined = undefined,
> {
  method: HttpMethod;
  /** Fastify's form: `/get/listMenu/:appId`. */
  path: string;
  /** The OpenAPI tag: the area of the product. */
  tag: string;
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Request headers the call reads (rare: the upload's app-id, as the spec names it). */
  headers?: H;
  /** A multipart upload: the handler reads the file, nothing is validated as JSON. */
  multipart?: true;
  /** The schema of `data` in a successful answer `{ status: true, data }`, or FILE_ANSWER. */
  data: D;
  /** Fields of a successful answer beside `data` (rare: say why where used). */
  extra?: E;
  /**
   * A write based on a revision (issue 33): the schema of what a 409 answer carries in `data`,
   * the object as it is stored now, so the screen can show what changed and merge.
   */
  conflict?: Schema;
  access: A;
  /**
   * A write a device may send again (issue 38's queue of offline writes): with an
   * `Idempotency-Key` header, the same key from the same caller answers the first answer again
   * and never runs the call twice (server/src/http/replay.ts).
   */
  replayable?: true;
  /** The HTTP code of success: 201 where the call creates something (see CREATED_OR_SAVED), 202 where it queues work. */
  successCode?: 200 | 201 | 202 | typeof CREATED_OR_SAVED;
}

export type AnyCall = CallDefinition<
  Schema | undefined, Schema | undefined, Schema | undefined, Schema | typeof FILE_ANSWER, z.ZodRawShape | undefined,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any input: the locator is only called with its own call's input
  Access<any>, Schema | undefined
>;

/**
 * A group of calls built when first used: a browser starting on the sign-in screen does not
 * construct the schemas of the hundred calls it may never make (zod's construction was the
 * largest part of the app's start on a slow phone, issue 42). The group reads like the object
 * `build` returns: its properties, its keys (spread, Object.entries) and `in` all build it once.
 */
export function lazyCalls<T extends object>(build: () => T): T {
  let built: T | undefined;
  const group = (): T => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(group(), key),
    has: (_target, key) => Reflect.has(group(), key),
    ownKeys: () => Reflect.ownKeys(group()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(group(), key);
      // The proxy's own target is empty: a property it reports must be configurable (Proxy invariant).
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
  });
}

export function defineCall<
  A extends Access<CallInput<P, Q, B, H>>,
  D extends Schema | typeof FILE_ANSWER,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  E extends z.ZodRawShape | undefined = undefined,
  H extends Schema | undefined = undefined,
  K extends Schema | undefined = undefined,
>(call: CallDefinition<P, Q, B, D, E, A, H> & { conflict?: K }): CallDefinition<P, Q, B, D, E, A, H> & { conflict?: K } {
  return call;
}

/** What the server's handler reads of a call. */
export type ServerInputOf<C> = C extends CallDefinition<infer P, infer Q, infer B, infer _D, infer _E, infer _A, infer H> ? CallInput<P, Q, B, H> : never;

/** What the browser sends to make a call (defaults not yet filled in). */
export type ClientInputOf<C> = C extends CallDefinition<infer P, infer Q, infer B, infer _D, infer _E, infer _A, infer H>
  ? OmitUndefined<{ params: InputOf<P>; query: InputOf<Q>; body: InputOf<B>; headers: InputOf<H> }>
  : never;

type OmitUndefined<T> = { [K in keyof T as T[K] extends undefined ? never : K]: T[K] };

/** `data` of a successful answer. */
export type DataOf<C> = C extends CallDefinition<infer _P, infer _Q, infer _B, infer D, infer _E, infer _A, infer _H>
  ? D extends Schema ? z.output<D> : never
  : never;

/** The fields beside `data` of a successful answer. */
export type ExtraOf<C> = C extends CallDefinition<infer _P, infer _Q, infer _B, infer _D, infer E, infer _A, infer _H>
  ? E extends z.ZodRawShape ? z.output<z.ZodObject<E>> : undefined
  : never;

/** What a 409 answer of a call based on a revision carries in `data`: the object as stored now. */
export type ConflictOf<C> = C extends { conflict?: infer K } ? K extends Schema ? z.output<K> : never : never;

/**
 * A 409 answer of a call based on a revision: `{ status: false, error, data, savedBy }` with the
 * stored object and who saved it last (null: not known) when the write was stale (other
 * conflicts, a duplicate name, carry neither).
 */
export function conflictEnvelopeOf(call: AnyCall): z.ZodObject | undefined {
  if (call.conflict === undefined) return undefined;
  return z.object({ status: z.literal(false), error: z.array(z.string()), code: z.string().optional(), data: call.conflict.optional(), savedBy: z.string().nullable().optional() });
}

/** A successful answer's schema: `{ status: true, data }` and the call's extra fields. */
export function successEnvelopeOf(call: AnyCall): z.ZodObject {
  if (call.data === FILE_ANSWER) throw new Error(`${call.method} ${call.path} answers a file, not an envelope`);
  return z.object({ status: z.literal(true), data: call.data, ...(call.extra ?? {}) });
}

/** The path with its `:name` parameters filled in (each value URL-encoded). */
export function pathOf(call: AnyCall, params: Record<string, string | number> | undefined): string {
  return call.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${call.path}: the parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
