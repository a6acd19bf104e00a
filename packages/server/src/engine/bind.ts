import { USER_ID_MARKER, type ValueSource } from '@rakit/core';
import { CUSTOM_VALUE } from '@rakit/core';

export type ParamValue = string | number | boolean | null;

/**
 * The value of one mapping: the signed-in user for --userId-- (never the browser's word),
 * the author's fixed value for --custom--, else what the page sent for that component.
 */
export function resolveValue(mapping: ValueSource, pageValues: Readonly<Record<string, ParamValue>>, userId: string): ParamValue {
  if (mapping.source === USER_ID_MARKER) return userId;
  if (mapping.source === CUSTOM_VALUE) return mapping.custom;
  return pageValues[mapping.source] ?? null;
}

/**
 * Positional parameters of a persisted query sent by position (runQuery): the browser's
 * values, except where the stored mapping names the user or a custom value.
 */
export function overrideByMapping(mappings: readonly ValueSource[], sent: readonly ParamValue[], userId: string): ParamValue[] {
  const count = Math.max(mappings.length, sent.length);
  return Array.from({ length: count }, (_, i) => {
    const mapping = mappings[i];
    if (mapping?.source === USER_ID_MARKER) return userId;
    if (mapping?.source === CUSTOM_VALUE) return mapping.custom;
    return sent[i] ?? null;
  });
}
