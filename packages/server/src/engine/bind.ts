import { CUSTOM_VALUE, type StoredQuery, USER_ID_MARKER, type ValueSource, VARIABLE_VALUE } from '@rakit/core';

export type ParamValue = string | number | boolean | null;

/** What the server fills itself, never the browser: the signed-in user and the environment's named variables (issue 39). */
export interface FixedValues {
  userId: string;
  /** The application's variables by name (variables/variables.ts variableValuesOf); empty when no mapping names one. */
  variables: ReadonlyMap<string, string>;
}

export const NO_VARIABLES: ReadonlyMap<string, string> = new Map();

/** Whether any mapping takes a named variable: only then are the application's variables read. */
export const usesVariables = (mappings: readonly ValueSource[]): boolean => mappings.some((m) => m.source === VARIABLE_VALUE);

/**
 * The value the author fixed for a mapping: the signed-in user for --userId-- (never the browser's
 * word), the custom text for --custom--, the environment's value for --variable-- (null when it has
 * none of that name); undefined for a page input.
 */
export function fixedValue(mapping: Pick<ValueSource, 'source' | 'custom'>, fixed: FixedValues): ParamValue | undefined {
  if (mapping.source === USER_ID_MARKER) return fixed.userId;
  if (mapping.source === CUSTOM_VALUE) return mapping.custom;
  if (mapping.source === VARIABLE_VALUE) return fixed.variables.get(mapping.custom) ?? null;
  return undefined;
}

/** The value of one mapping: its fixed value (see fixedValue), else what the page sent for that component. */
export function resolveValue(mapping: ValueSource, pageValues: Readonly<Record<string, ParamValue>>, fixed: FixedValues): ParamValue {
  const value = fixedValue(mapping, fixed);
  return value !== undefined ? value : pageValues[mapping.source] ?? null;
}

/**
 * The values of a saved query named without its page (by its stored id or its text), sent by
 * position: one per mapping of the saved action, the user, the author's fixed values and the
 * environment's variables from the server and only the page inputs' positions from the caller.
 * Extra values are dropped, missing ones are null: the caller binds nothing the page would not
 * let him type.
 */
export function bindPositional(mappings: readonly ValueSource[], sent: readonly ParamValue[], fixed: FixedValues): ParamValue[] {
  return mappings.map((mapping, i) => {
    const value = fixedValue(mapping, fixed);
    return value !== undefined ? value : sent[i] ?? null;
  });
}

/**
 * Of the saved actions a caller reaches that run the same query, the one a positional call
 * meant: the first whose fixed values agree with what was sent, else the first. Whichever is
 * taken, it binds only what its own page lets the caller send. (A variable is the server's to
 * fill: the browser never has a secret one, so it never tells actions apart.)
 */
export function savedActionFor(candidates: readonly StoredQuery[], sent: readonly ParamValue[], userId: string): StoredQuery | undefined {
  const known = { userId, variables: NO_VARIABLES };
  const agrees = (stored: StoredQuery) => stored.params.every((mapping, i) => {
    if (mapping.source === VARIABLE_VALUE) return true;
    const fixed = fixedValue(mapping, known);
    return fixed === undefined || fixed === null || sent[i] === undefined || sent[i] === null || String(sent[i]) === fixed;
  });
  return candidates.find(agrees) ?? candidates[0];
}
