import { type AnyCall, type ClientInputOf, type ConflictOf, type DataOf, FILE_ANSWER, IDEMPOTENCY_KEY_HEADER, LANGUAGE_HEADER, pathOf } from '@rakit/core';
import { z } from 'zod';
import { activeLanguage } from '../i18n/i18n';
import { readSession } from '../session/session-storage';

/**
 * One answer of the API: `{ status, data?, error? }`, read from the body whatever the HTTP
 * code, with that code beside it. `data` is checked against the call's schema when status is true.
 */
export interface ApiAnswer<T, K = unknown> {
  status: boolean;
  data?: T;
  error?: string[];
  /** The first error's stable key (issue 35), whatever the language of its text. */
  code?: string;
  httpStatus: number;
  /** A write based on a replaced revision (409): the object as stored now, parsed by the call's `conflict` schema. */
  conflict?: K;
  /** With `conflict`: who saved it last (null: not known). */
  savedBy?: string | null;
}

/** The request never got a readable answer (network down, server gone, not JSON). */
export class ApiUnreachableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiUnreachableError';
  }
}

/** The first error text of a failed answer, or the fallback. */
export const firstError = (answer: ApiAnswer<unknown>, fallback: string): string => answer.error?.[0] ?? fallback;

const EnvelopeSchema = z.object({
  status: z.boolean(),
  data: z.unknown().optional(),
  error: z.array(z.string()).optional(),
  code: z.string().optional(),
  savedBy: z.string().nullable().optional(),
});

interface CallOptions<S extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** Headers a call reads beside the usual ones (the upload's app-id). */
  headers?: Record<string, string>;
  /** A multipart body instead of JSON (the browser writes its content type and boundary). */
  form?: FormData;
  /** Schema of `data` on success. */
  data: S;
  /** Schema of `data` in a 409 answer to a stale write. */
  conflict?: z.ZodType | undefined;
  /** The application whose stored session gives the bearer token; null for the public calls. */
  tokenOf: string | null;
  /** Aborts the request (a newer query superseded it): the server then stops its statements. */
  signal?: AbortSignal | undefined;
}

/**
 * Raised when the server no longer takes a session the browser sent (its token expired, or its
 * sessions were ended: a new password, an administrator's "end sessions", issue 36), with the
 * application's slug in `detail`: the shell takes the person to that application's sign-in.
 */
export const SESSION_ENDED_EVENT = 'rakit:session-ended';

export async function call<S extends z.ZodType, K = never>(options: CallOptions<S>): Promise<ApiAnswer<z.infer<S>, K>> {
  // The server answers (its errors among them) in the catalog the reader sees (issue 35).
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json', [LANGUAGE_HEADER]: activeLanguage() };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.tokenOf !== null) {
    const stored = readSession(options.tokenOf);
    if (stored.kind === 'ok') headers.authorization = `Bearer ${stored.session.user.token}`;
  }

  let response: Response;
  let json: unknown;
  try {
    response = await fetch(options.path, {
      method: options.method,
      headers,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.form !== undefined ? { body: options.form } : options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    json = await response.json();
  } catch (cause) {
    // An abandoned request is no failure: whoever aborted it wants the abort back (TanStack Query's cancel).
    if (options.signal?.aborted === true) throw cause;
    throw new ApiUnreachableError(`${options.method} ${options.path} failed`, { cause });
  }

  const envelope = EnvelopeSchema.safeParse(json);
  if (!envelope.success) throw new ApiUnreachableError(`${options.method} ${options.path}: not an API answer`);
  const { status, data, error, code } = envelope.data;
  const answer: ApiAnswer<z.infer<S>, K> = { status, httpStatus: response.status, ...(error === undefined ? {} : { error }), ...(code === undefined ? {} : { code }) };
  if (response.status === 401 && code === 'unauthenticated' && headers.authorization !== undefined && options.tokenOf !== null) {
    window.dispatchEvent(new CustomEvent(SESSION_ENDED_EVENT, { detail: options.tokenOf }));
  }
  if (status) {
    const parsed = options.data.safeParse(data);
    if (!parsed.success) throw new ApiUnreachableError(`${options.method} ${options.path}: unexpected data`, { cause: parsed.error });
    answer.data = parsed.data;
  } else if (response.status === 409 && options.conflict !== undefined && data !== undefined) {
    const parsed = options.conflict.safeParse(data);
    if (!parsed.success) throw new ApiUnreachableError(`${options.method} ${options.path}: unexpected conflict data`, { cause: parsed.error });
    answer.conflict = parsed.data as K;
    answer.savedBy = envelope.data.savedBy ?? null;
  }
  return answer;
}

/**
 * Makes a call of core's contracts: the path from its params, the query string, the JSON body
 * (or `form` for a multipart upload), and the answer's `data` parsed by the contract's schema.
 * `signal` aborts the request (TanStack Query passes one to a query's function). `requestKey`
 * names a replayable write once (Idempotency-Key, issue 38): sent again, it is applied once.
 */
export function callApi<C extends AnyCall>(
  contract: C, input: ClientInputOf<C>, tokenOf: string | null, form?: FormData, signal?: AbortSignal, requestKey?: string,
): Promise<ApiAnswer<DataOf<C>, ConflictOf<C>>> {
  if (contract.data === FILE_ANSWER) throw new Error(`${contract.path} answers a file: fetch it as a download`);
  if (requestKey !== undefined && contract.replayable !== true) throw new Error(`${contract.path} takes no Idempotency-Key`);
  const { params, query: search, body, headers: inputHeaders } = input as {
    params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, unknown>;
  };
  const queryString = search === undefined ? '' : `?${query(search)}`;
  const headers = { ...inputHeaders, ...(requestKey === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: requestKey }) };
  return call<z.ZodType<DataOf<C>>, ConflictOf<C>>({
    method: contract.method,
    path: pathOf(contract, params) + queryString,
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)])),
    ...(form === undefined ? { body } : { form }),
    data: contract.data as z.ZodType<DataOf<C>>,
    conflict: contract.conflict,
    tokenOf,
    signal,
  });
}

/**
 * Makes a call that answers a file (a download), with the session's bearer token, so it is
 * fetched, never a plain link; its bytes as a Blob. A refusal throws its first error text.
 */
export async function fetchFile<C extends AnyCall>(contract: C, input: { params?: Record<string, string | number>; query?: Record<string, unknown> }, tokenOf: string): Promise<Blob> {
  if (contract.data !== FILE_ANSWER) throw new Error(`${contract.path} answers JSON: use callApi`);
  const stored = readSession(tokenOf);
  const queryString = input.query === undefined ? '' : `?${query(input.query)}`;
  const response = await fetch(pathOf(contract, input.params) + queryString, {
    headers: { [LANGUAGE_HEADER]: activeLanguage(), ...(stored.kind === 'ok' ? { authorization: `Bearer ${stored.session.user.token}` } : {}) },
  });
  if (!response.ok) {
    const answer = await response.json().then((json: unknown) => EnvelopeSchema.safeParse(json).data, () => undefined);
    throw new Error(answer?.error?.[0] ?? `The download failed (HTTP ${response.status})`);
  }
  return response.blob();
}

/** A query string of the values given (undefined ones left out). */
export const query = (values: Record<string, unknown>): string =>
  new URLSearchParams(Object.entries(values).filter(([, value]) => value !== undefined).map(([key, value]) => [key, String(value)])).toString();
