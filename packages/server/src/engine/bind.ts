import { CUSTOM_VALUE, type StoredQuery, USER_ID_MARKER, type ValueSource } from '@rakit/core';

export type ParamValue = string | number | boolean | null;

/** The value the author fixed for a mapping: the signed-in user for --userId-- (never the browser's word), the custom text for --custom--; undefined for a page input. */
function fixedValue(mapping: ValueSource, userId: string): ParamValue | undefined {
  if (mapping.source === USER_ID_MARKER) return userId;
  if (mapping.source === CUSTOM_VALUE) return mapping.custom;
  return undefined;
}

/** The value of one mapping: its fixed value (see fixedValue), else what the page sent for that component. */
export function resolveValue(mapping: ValueSource, pageValues: Readonly<Record<string, ParamValue>>, userId: string): ParamValue {
  return fixedValue(mapping, userId) ?? pageValues[mapping.source] ?? null;
}

/**
 * The values of a saved query named without its page (by its stored id or its text), sent by
 * position: one per mapping of the saved action, the user and the author's fixed values from
 * the server and only the page inputs' positions from the caller. Extra values are dropped,
 * missing ones are null: the caller binds nothing the page would not let him type.
 */
export function bindPositional(mappings: readonly ValueSource[], sent: readonly ParamValue[], userId: string): ParamValue[] {
  return mappings.map((mapping, i) => fixedValue(mapping, userId) ?? sent[i] ?? null);
}

/**
 * Of the saved actions a caller reaches that run the same query, the one a positional call
 * meant: the first whose fixed values agree with what was sent, else the first. Whichever is
 * taken, it binds only what its own page lets the caller send.
 */
export function savedActionFor(candidates: readonly StoredQuery[], sent: readonly ParamValue[], userId: string): StoredQuery | undefined {
  const agrees = (stored: StoredQuery) => stored.params.every((mapping, i) => {
    const fixed = fixedValue(mapping, userId);
    return fixed === undefined || sent[i] === undefined || sent[i] === null || String(sent[i]) === fixed;
  });
  return candidates.find(agrees) ?? candidates[0];
}
