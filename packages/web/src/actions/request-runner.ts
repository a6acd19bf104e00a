import {
  buildRequestUrl, fillBodyPlaceholders, requestHttpMethod, requestSource, resolveSource, type RequestConfig, type RequestParam,
} from '@rakit/core';

/** What a REQUEST answered: the HTTP status and the body, parsed when it is JSON. */
export interface RequestOutcome {
  ok: boolean;
  status: number;
  body: unknown;
}

const asText = (value: unknown): string => (value === undefined || value === null ? '' : typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value));

/**
 * Calls the author's URL from the browser (spec 2 §4 REQUEST): path parameters into the URL,
 * headers, and the JSON body with its `?` filled from bodyParams. GET sends no body. Used by
 * the dialog's Test button (with the author's custom values) and by the button at runtime.
 */
export async function sendRequest(
  config: RequestConfig,
  pageValues: Readonly<Record<string, unknown>>,
  userId: string,
  fetchImpl: typeof fetch = fetch,
): Promise<RequestOutcome> {
  const valueOf = (row: Pick<RequestParam, 'value' | 'customValue'>) => resolveSource(requestSource(row), pageValues, userId);
  const url = buildRequestUrl(config.url, config.pathParams.map((p) => ({ name: p.name, value: valueOf(p) })));
  const headers = Object.fromEntries(config.headers.filter((h) => h.name.trim() !== '').map((h) => [h.name.trim(), asText(valueOf(h))]));
  const method = requestHttpMethod(config.method);
  const body = method === 'GET' || config.body.trim() === '' ? undefined : fillBodyPlaceholders(config.body, config.bodyParams.map(valueOf));
  const response = await fetchImpl(url, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { ok: response.ok, status: response.status, body: parsed };
}
