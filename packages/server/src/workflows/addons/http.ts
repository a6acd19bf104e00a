import { answerBodyOf, type LocalText, Messages, type TextParts, WORKFLOW_HTTP_METHODS } from '@rakit/core';
import { HttpError } from '../../errors/http-errors';
import { AllowedHosts, isMetadataHostName } from '../../outbound/addresses';
import { outboundUrl, sendToAddress, vetHost, withOutboundSlot } from '../../outbound/safe-request';
import { type AddonExecutor, failureParts, type StepContext, StepFailure } from './executor';
import { jsonParam, objectParam, requiredText } from './params';

/**
 * HTTP request: the author's request through the same guard as the Request test (outbound/):
 * http(s) only, to public addresses unless the operator sets RAKIT_ALLOW_PRIVATE_URLS, to the
 * very addresses that were checked, redirects not followed, within 10 seconds and 2 MB, and only
 * a few such requests of the whole process under way at once. Each attempt of a step sends the
 * same `Idempotency-Key`, so a server that honours it applies a retried step once.
 */

type Method = (typeof WORKFLOW_HTTP_METHODS)[number];

/** The answer's headers a later step may read: none that carries a session or a secret (Set-Cookie…). */
const SHOWN_HEADERS = new Set([
  'content-type', 'content-length', 'content-language', 'content-disposition', 'date', 'etag', 'last-modified', 'cache-control', 'expires',
  'location', 'retry-after', 'x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset',
]);

/** Answers a client may send again as they are: the other side was too busy or too slow, not refusing. */
const RETRYABLE_CLIENT_STATUSES = new Set([408, 425, 429]);

const configuration = (text: LocalText | TextParts) => new StepFailure(text, false);

function methodOf(params: Readonly<Record<string, unknown>>): Method {
  const method = requiredText(params, 'method').toUpperCase();
  const known = WORKFLOW_HTTP_METHODS.find((m) => m === method);
  if (known === undefined) throw configuration({ key: 'workflow.failure.httpMethod', values: { methods: WORKFLOW_HTTP_METHODS.join(', ') } });
  return known;
}

/** The author's headers as text values; a list or object as a value is refused, naming the header. */
function headersOf(params: Readonly<Record<string, unknown>>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(objectParam(params, 'headers'))) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') headers[name] = String(value);
    else if (value !== null) throw configuration({ key: 'workflow.failure.headerNotText', values: { name } });
  }
  return headers;
}

const hasHeader = (headers: Record<string, string>, name: string) => Object.keys(headers).some((h) => h.trim().toLowerCase() === name);

/** The request's body: a JSON value sent as JSON; none for a GET (as a browser sends none). */
function bodyOf(method: Method, params: Readonly<Record<string, unknown>>, headers: Record<string, string>): string | undefined {
  if (method === 'GET') return undefined;
  const body = jsonParam(params, 'body');
  if (body === undefined) return undefined;
  if (!hasHeader(headers, 'content-type')) headers['content-type'] = 'application/json';
  return JSON.stringify(body);
}

/**
 * What a step records for a request that failed before an answer: a refused or malformed
 * address, header or URL (4xx) is the author's to fix, as is an answer over the size limit; a
 * timeout, a lost connection, a name that did not resolve or a full outbound slot may pass.
 */
function requestFailure(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  return new StepFailure(failureParts(error), error.statusCode >= 500 && error.message !== Messages.requestTooLarge);
}

const shownHeaders = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => SHOWN_HEADERS.has(name)));

/** A request a step sends: its method, address, headers (the Idempotency-Key is set here) and body. */
export interface StepRequest {
  method: Method;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
}

/** What a step's request answered, as later steps read it. */
export interface StepAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Sends a step's request through the outbound guard with the step's idempotency key. An answer
 * of 3xx, 4xx or 5xx fails the step; 5xx, 408, 425 and 429 may pass (the engine tries again).
 */
export async function sendStepRequest(context: StepContext, request: StepRequest): Promise<StepAnswer> {
  const { method, url, body } = request;
  if (!context.services.config.allowPrivateUrls && isMetadataHostName(url.hostname)) {
    throw configuration([{ key: 'requestHostRefused' }, `: ${url.hostname}`]);
  }
  const headers = { ...request.headers };
  for (const name of Object.keys(headers)) if (name.trim().toLowerCase() === 'idempotency-key') delete headers[name];
  headers['idempotency-key'] = context.idempotencyKey;

  context.signal.throwIfAborted();
  let answer;
  try {
    answer = await withOutboundSlot(async () => {
      const targets = await vetHost(url.hostname, context.services.config.allowPrivateUrls, undefined, new AllowedHosts(context.services.config.allowedUrlHosts));
      context.signal.throwIfAborted();
      return sendToAddress({ url, method, headers, body }, targets, undefined, context.signal);
    });
  } catch (error) {
    throw requestFailure(error);
  }
  if (answer.status >= 300) {
    const retryable = answer.status >= 500 || RETRYABLE_CLIENT_STATUSES.has(answer.status);
    const key = answer.status < 400 ? 'workflow.failure.httpRedirect' : 'workflow.failure.httpStatus';
    throw new StepFailure({ key, values: { request: `${method} ${url.origin}${url.pathname}`, status: String(answer.status) } }, retryable);
  }
  return { status: answer.status, headers: shownHeaders(answer.headers), body: answerBodyOf(answer.text) };
}

/** The step's address, or its failure: a refused or malformed URL is the author's to fix. */
export function stepUrl(params: Readonly<Record<string, unknown>>): URL {
  try {
    return outboundUrl(requiredText(params, 'url'));
  } catch (error) {
    throw requestFailure(error);
  }
}

export const httpExecutor: AddonExecutor = {
  defaults: { timeoutMs: 15_000, retries: 3 },
  async run(context, params) {
    const method = methodOf(params);
    const url = stepUrl(params);
    const headers = headersOf(params);
    const body = bodyOf(method, params, headers);
    return { output: await sendStepRequest(context, { method, url, headers, body }) };
  },
};
