/**
 * Placeholders in text widgets and queries, substituted in preview mode only (spec 2 §2, §6):
 *
 * - `--userId--` becomes the signed-in user's id (the spec's marker, spec 2 §9).
 * - `{{name}}` becomes the global variable `name` (spec 1 §3, spec 2 §3 "Global variable param").
 *   Spaces inside the braces are allowed (`{{ name }}`). A name is letters, digits, `_` and `$`,
 *   not starting with a digit, so the request action's `$api` is `{{$api}}`. A variable holding
 *   an object or a list (as `$api` does) is reached into with dots and indexes:
 *   `{{$api.data[0].name}}`.
 *
 * A text value is inserted as it is, a number or boolean as written, an object or list as JSON.
 * A variable that is not set (or a path that leads nowhere) becomes '' — end users never see
 * the braces; the editor (design mode) shows the text unsubstituted, so authors see what they wrote.
 */

export const USER_ID_MARKER = '--userId--';

export interface PlaceholderValues {
  /** The signed-in user's id; '' or undefined when nobody is signed in. */
  userId?: string | undefined;
  /** Global variables by name. */
  globals: Readonly<Record<string, unknown>>;
}

const REFERENCE = /\{\{\s*([A-Za-z_$][\w$]*)((?:\.[A-Za-z_$][\w$]*|\[\d+\])*)\s*\}\}/g;

function reach(value: unknown, path: string): unknown {
  let current = value;
  for (const [, key, index] of path.matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]/g)) {
    if (typeof current === 'string') {
      // a variable stored as JSON text (an API answer kept as text) is reachable too
      try {
        current = JSON.parse(current);
      } catch {
        return undefined;
      }
    }
    if (typeof current !== 'object' || current === null) return undefined;
    const step = key ?? Number(index);
    if (!Object.hasOwn(current, step)) return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/** The text with `--userId--` and every `{{name}}` reference replaced (see the module comment). */
export function substitutePlaceholders(text: string, values: PlaceholderValues): string {
  return text
    .replaceAll(USER_ID_MARKER, values.userId ?? '')
    .replace(REFERENCE, (_match, name: string, path: string) =>
      asText(Object.hasOwn(values.globals, name) ? reach(values.globals[name], path) : undefined));
}

/** The names of the global variables a text refers to, each once, in order of appearance. */
export function placeholderNames(text: string): string[] {
  return [...new Set([...text.matchAll(REFERENCE)].map((m) => m[1] as string))];
}
