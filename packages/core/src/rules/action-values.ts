import { type GlobalParam, type RequestMethod, type RequestParam, type TriggerParam } from '../schemas/action-config';
import { CUSTOM_VALUE, type ValueSource, VARIABLE_VALUE } from '../schemas/actions';
import { stripParamName } from './action-config';
import { MAX_JSON_NESTING, nestsDeeperThan } from './json-nesting';
import { USER_ID_MARKER } from './placeholders';

/**
 * Values the browser resolves for the actions it runs itself (TRIGGER, GLOBAL, REQUEST). The
 * database actions are resolved by the server from the same mappings (never trusting the
 * browser with --userId--); these rules read them the same way.
 */

/** A value as runAction accepts it. */
export type ParamValue = string | number | boolean | null;

/**
 * The value of one mapping: the signed-in user, the custom text, a plain variable of the
 * environment (`variables`: those the page's REQUEST actions use, pageVariables; otherwise the
 * server binds it and the browser sends nothing), or the page's value of that component.
 */
export function resolveSource(mapping: ValueSource, pageValues: Readonly<Record<string, unknown>>, userId: string, variables?: Readonly<Record<string, string>>): unknown {
  if (mapping.source === USER_ID_MARKER) return userId;
  if (mapping.source === CUSTOM_VALUE) return mapping.custom;
  if (mapping.source === VARIABLE_VALUE) return variables !== undefined && Object.hasOwn(variables, mapping.custom) ? variables[mapping.custom] : null;
  return pageValues[mapping.source] ?? null;
}

/** The request configuration's rows name their source `value` and its custom text `customValue`. */
export const requestSource = (row: Pick<RequestParam, 'value' | 'customValue'>): ValueSource => ({ source: row.value, custom: row.customValue });

/** A widget's value as a bound parameter: text, numbers and booleans as they are, anything else as JSON. */
export function toParamValue(value: unknown): ParamValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value) ?? null;
}

/** Every value of the page as runAction's `params` (by component id). */
export const toParamValues = (values: Readonly<Record<string, unknown>>): Record<string, ParamValue> =>
  Object.fromEntries(Object.entries(values).map(([id, value]) => [id, toParamValue(value)]));

/**
 * runTrigger's body: parameter name (whitespace stripped) → value, as a bound value (lists and
 * objects as JSON). Unnamed parameters are left out. The server sets --userId-- itself.
 */
export function triggerArguments(params: readonly TriggerParam[], pageValues: Readonly<Record<string, unknown>>, userId: string): Record<string, ParamValue> {
  return Object.fromEntries(params
    .filter((p) => stripParamName(p.name) !== '')
    .map((p) => [stripParamName(p.name), toParamValue(resolveSource(p, pageValues, userId))]));
}

/** The variables a GLOBAL action stores: its key/value/type list with the values resolved. */
export function globalVariablesOf(params: readonly GlobalParam[], pageValues: Readonly<Record<string, unknown>>, userId: string) {
  return params
    .filter((p) => p.name.trim() !== '')
    .map((p) => ({ name: p.name.trim(), value: resolveSource(p, pageValues, userId), type: p.type }));
}

/**
 * An answer's body (a REQUEST's, in the browser or through the server's Test): parsed when it
 * is JSON, the text otherwise (also when nested too deep to pass on or show), null when empty.
 */
export function answerBodyOf(text: string): unknown {
  if (text === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  return nestsDeeperThan(parsed, MAX_JSON_NESTING) ? text : parsed;
}

/** HTTP has no UPDATE method: the spec's UPDATE is sent as PUT, the method that replaces a resource. */
export const requestHttpMethod = (method: RequestMethod): 'GET' | 'POST' | 'PUT' | 'DELETE' => (method === 'UPDATE' ? 'PUT' : method);

/**
 * The body with each `?` filled from `values` in order (spec 2 §4). A `?` outside a JSON
 * string becomes the value as JSON (a text quoted, a number bare, a missing value null); a `?`
 * inside a string becomes the value's text, escaped for that string. `?` in keys count too.
 */
export function fillBodyPlaceholders(body: string, values: readonly unknown[]): string {
  let out = '';
  let next = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] as string;
    if (inString && ch === '\\') {
      out += ch + (body[i + 1] ?? '');
      i++;
    } else if (ch === '"') {
      inString = !inString;
      out += ch;
    } else if (ch === '?') {
      const value = values[next++];
      out += inString ? JSON.stringify(textOf(value)).slice(1, -1) : JSON.stringify(value ?? null);
    } else {
      out += ch;
    }
  }
  return out;
}

/** How many values the body needs: one per `?`, wherever it stands. */
export const countBodyPlaceholders = (body: string): number => (body.match(/\?/g) ?? []).length;

const textOf = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);

/**
 * The URL with its path parameters: `{name}` or `:name` in the URL is replaced by the encoded
 * value; parameters the URL does not mention are added to its query string.
 */
export function buildRequestUrl(url: string, params: readonly { name: string; value: unknown }[]): string {
  let result = url.trim();
  const query: string[] = [];
  for (const { name, value } of params) {
    const key = name.trim();
    if (key === '') continue;
    const encoded = encodeURIComponent(textOf(value));
    const braces = `{${key}}`;
    const colon = new RegExp(`:${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=/|\\?|#|$)`);
    if (result.includes(braces)) result = result.replaceAll(braces, encoded);
    else if (colon.test(result)) result = result.replace(colon, encoded);
    else query.push(`${encodeURIComponent(key)}=${encoded}`);
  }
  if (query.length === 0) return result;
  const [beforeHash, hash] = result.split('#', 2) as [string, string | undefined];
  const joined = `${beforeHash}${beforeHash.includes('?') ? '&' : '?'}${query.join('&')}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

/** A file a REQUEST answered with (spec 2 §4): downloaded, or opened in a new tab when it is html (see fileViewOf). */
export interface ResponseFile {
  mimetype: string;
  filename: string;
  bytes: Uint8Array;
}

/**
 * The file of an answer `{mimetype, buffer, filename}` (also inside `data`), where buffer is
 * base64 text, a list of bytes or Node's `{type: 'Buffer', data: number[]}`; null for any other answer.
 */
export function responseFileOf(answer: unknown): ResponseFile | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { mimetype, buffer, filename, data } = answer as Record<string, unknown>;
  if (typeof mimetype !== 'string' || typeof filename !== 'string' || mimetype === '' || filename === '') {
    return data !== undefined && data !== answer ? responseFileOf(data) : null;
  }
  const bytes = bytesOf(buffer);
  return bytes === null ? null : { mimetype, filename, bytes };
}

function bytesOf(buffer: unknown): Uint8Array | null {
  if (typeof buffer === 'string') return decodeBase64(buffer);
  const list = Array.isArray(buffer) ? buffer : typeof buffer === 'object' && buffer !== null ? (buffer as { data?: unknown }).data : undefined;
  if (!Array.isArray(list) || !list.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < 256)) return null;
  return Uint8Array.from(list as number[]);
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 (standard or URL-safe, padded or not, a data: prefix allowed) to bytes; null when it is not base64. */
export function decodeBase64(text: string): Uint8Array | null {
  const clean = text.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(clean) || clean.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let collected = 0;
  let at = 0;
  for (const ch of clean) {
    bits = (bits << 6) | BASE64.indexOf(ch);
    collected += 6;
    if (collected >= 8) {
      collected -= 8;
      bytes[at++] = (bits >> collected) & 0xff;
    }
  }
  return bytes;
}
