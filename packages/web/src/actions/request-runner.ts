import {
  answerBodyOf, buildRequestUrl, fillBodyPlaceholders, requestHttpMethod, requestSource, resolveSource, type RequestConfig, type RequestParam,
  type TestRequestBody,
} from '@rakit/core';

/** What a REQUEST answered: the HTTP status and the body, parsed when it is JSON. */
export interface RequestOutcome {
  ok: boolean;
  status: number;
  body: unknown;
}

/** The call a REQUEST makes, its values resolved: the method keeps the spec's names (UPDATE). */
export type PreparedRequest = Omit<TestRequestBody, 'appId'>;

const asText = (value: unknown): string => (value === undefined || value === null ? '' : typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value));

/**
 * The call of a REQUEST (spec 2 §4): path parameters into the URL, headers, and the JSON body
 * with its `?` filled from bodyParams. GET sends no body. A row taken from a variable reads
 * `variables` (the page's plain ones, pageVariables).
 */
export function prepareRequest(
  config: RequestConfig, pageValues: Readonly<Record<string, unknown>>, userId: string, variables: Readonly<Record<string, string>> = {},
): PreparedRequest {
  const valueOf = (row: Pick<RequestParam, 'value' | 'customValue'>) => resolveSource(requestSource(row), pageValues, userId, variables);
  const url = buildRequestUrl(config.url, config.pathParams.map((p) => ({ name: p.name, value: valueOf(p) })));
  const headers = Object.fromEntries(config.headers.filter((h) => h.name.trim() !== '').map((h) => [h.name.trim(), asText(valueOf(h))]));
  const body = config.method === 'GET' || config.body.trim() === '' ? undefined : fillBodyPlaceholders(config.body, config.bodyParams.map(valueOf));
  return { url, method: config.method, headers, ...(body === undefined ? {} : { body }) };
}

/**
 * Calls the author's URL from the member's browser (spec 2 §4 REQUEST at runtime). The
 * dialog's Test goes through the server instead (POST /action/testRequest).
 */
export async function sendRequest(
  config: RequestConfig,
  pageValues: Readonly<Record<string, unknown>>,
  userId: string,
  fetchImpl: typeof fetch = fetch,
  variables: Readonly<Record<string, string>> = {},
): Promise<RequestOutcome> {
  const prepared = prepareRequest(config, pageValues, userId, variables);
  // HTTP has no UPDATE: it goes on the wire as PUT.
  const response = await fetchImpl(prepared.url, {
    method: requestHttpMethod(prepared.method),
    headers: prepared.headers,
    ...(prepared.body === undefined ? {} : { body: prepared.body }),
  });
  return { ok: response.ok, status: response.status, body: answerBodyOf(await response.text()) };
}
