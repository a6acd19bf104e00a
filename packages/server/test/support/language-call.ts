import { LANGUAGE_HEADER } from '@rakit/core';
import type { LightMyRequestResponse } from 'fastify';
import type { TestServer } from './build';

/** A call as the holder of `token()` (read when the call is made), in a catalog's language when one is named. */
export function languageCall(server: () => TestServer, token: () => string) {
  return (method: 'GET' | 'POST', url: string, body: unknown, language?: string): Promise<LightMyRequestResponse> => server().app.inject({
    method, url, ...(body === undefined ? {} : { payload: body as object }),
    headers: { authorization: `Bearer ${token()}`, ...(language === undefined ? {} : { [LANGUAGE_HEADER]: language }) },
  });
}

/** The data of a successful answer; the answer's body as the error otherwise. */
export async function dataOf(answer: Promise<LightMyRequestResponse>): Promise<Record<string, unknown>> {
  const done = await answer;
  if (done.statusCode >= 300) throw new Error(done.body);
  return done.json().data as Record<string, unknown>;
}
