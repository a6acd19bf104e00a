/*
 * The browser's API client. A screen names the call of core's contracts it makes
 * (`api.call(groupCalls.addGroup, { body })`): the path, the query, the body and the answer's
 * schema all come from the contract, so a new call needs no wrapper here, and each screen's
 * chunk carries only the contracts it uses (a member's first page does not load the builders').
 */
import type { AnyCall, ClientInputOf, ConflictOf, DataOf } from '@rakit/core';
import { type ApiAnswer, callApi, fetchFile } from './request';

export * from './request';
export type { TableContent } from '@rakit/core';

/** How one call is sent, beside its input. */
export interface CallOptions {
  /** Abandons the request (a newer query superseded it): the server then stops its statements. */
  signal?: AbortSignal | undefined;
  /** Names a replayable write once (Idempotency-Key, issue 38): sent again, it is applied once. */
  requestKey?: string | undefined;
  /** A multipart body (an upload) instead of JSON. */
  form?: FormData | undefined;
}

/** Calls made on behalf of the user signed in to `appSlug` (the bearer token of its stored session). */
export interface AppApi {
  readonly appSlug: string;
  call<C extends AnyCall>(contract: C, input: ClientInputOf<C>, options?: CallOptions): Promise<ApiAnswer<DataOf<C>, ConflictOf<C>>>;
  /** A call that answers a file, fetched with the token (never a plain link); a refusal throws its first error text. */
  download<C extends AnyCall>(contract: C, input: { params?: Record<string, string | number>; query?: Record<string, unknown> }): Promise<Blob>;
}

export function appApi(appSlug: string): AppApi {
  return {
    appSlug,
    call: (contract, input, options = {}) => callApi(contract, input, appSlug, options.form, options.signal, options.requestKey),
    download: (contract, input) => fetchFile(contract, input, appSlug),
  };
}

/** The calls made without a session: the application's sign-in screens. */
export const publicApi = {
  call: <C extends AnyCall>(contract: C, input: ClientInputOf<C>): Promise<ApiAnswer<DataOf<C>, ConflictOf<C>>> => callApi(contract, input, null),
};

/** A multipart body of one file, as the upload calls take it. */
export function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}
