import { formatDateValue, formatNumber, isNumericText, parseDate, parseNumber, type ValueFormats } from '@rakit/core';

/**
 * How the data widgets print and read values in their reader's catalog (issue 35): numbers
 * grouped and dates day first in Indonesian and English; the specification's catalog prints a
 * value as the database gave it and reads what is typed as it is typed.
 */

/** What a min or max field of an interval filter holds: the bound to send, or that it is no value. */
export type BoundReading = { ok: true; bound: string } | { ok: false };

/**
 * A bound as a person typed it: a number ("1.000" is one thousand in Indonesian) sent as
 * JavaScript writes it ("1000"), or a date sent as ISO; empty is no bound. Anything else is no
 * value, and nothing is sent. The specification's catalog sends what was typed, as before.
 */
export function readBound(text: string, formats: ValueFormats): BoundReading {
  if (formats.locale === null) return { ok: true, bound: text };
  if (text.trim() === '') return { ok: true, bound: '' };
  const number = parseNumber(text, formats);
  if (number !== null) return { ok: true, bound: String(number) };
  const date = parseDate(text, formats);
  return date === null ? { ok: false } : { ok: true, bound: date };
}

/** A bound that was sent, as its field shows it to its reader: "1000" as "1.000" in Indonesian. */
export function boundShown(bound: string, formats: ValueFormats): string {
  if (formats.locale === null) return bound;
  const text = bound.trim();
  if (isNumericText(text)) return formatNumber(text, formats);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return formatDateValue(text, formats);
  return bound;
}
