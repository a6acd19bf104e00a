/**
 * What the audit log never keeps (issue 17): passwords, tokens, connection and third-party
 * secrets. Redacted by field name wherever they sit in what is recorded, before it is written;
 * a test scans the whole log for the secrets themselves after setting them.
 */
const SECRET_FIELD = /pass(word|wd|phrase)?|secret|token|api[-_]?key|authorization|credential|private[-_]?key|hash|session[-_]?key|cookie/i;

export const REDACTED = '[redacted]';
/** Records of values typed by name, some of them secret (a promotion's values of the target's new variables): kept whole out of the log. */
const VALUES_BY_NAME = new Set(['newVariables']);
/** A text longer than this is cut (a page's components, a function's code): the log says what changed, not all of it. */
const MAX_TEXT = 2000;
/** Nesting deeper than this is summarised. */
const MAX_DEPTH = 6;
const MAX_ITEMS = 200;

export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name);
}

/** `value` with every secret field's value replaced by REDACTED, long texts cut and deep nesting summarised. */
export function redacted(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}… (${value.length} characters)` : value;
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? value.toString() : value;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `(${value.length} bytes)`;
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? `(${value.length} items)` : '(…)';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => redacted(item, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `(${value.length - MAX_ITEMS} more)`] : items;
  }
  // A header or parameter written as { name, value } (an API's default headers): its value is as secret as its name says;
  // a variable written as { name, value, secret: true } (issue 39) says so itself.
  const record = value as { name?: unknown; secret?: unknown };
  const valueIsSecret = record.secret === true || (typeof record.name === 'string' && isSecretField(record.name));
  return Object.fromEntries(Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => [key, isSecretField(key) || VALUES_BY_NAME.has(key) || (valueIsSecret && key === 'value') ? REDACTED : redacted(item, depth + 1)]));
}
