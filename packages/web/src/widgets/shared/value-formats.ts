import { formatDateValue, formatNumber, parseDate, parseNumber, type ValueFormats } from '@rakit/core';

/**
 * How the data widgets print and read values in their reader's catalog (issue 35): numbers
 * grouped and dates day first in Indonesian and English; the specification's catalog prints a
 * value as the database gave it and reads what is typed as it is typed.
 */

/**
 * What a cell's column is known to hold. `value`: nothing is known, so a JavaScript number is
 * printed as a number and text is a number only never (a phone "0812…" or a code stays as it
 * is), a date when it reads as one. `numeric`: the column's type is a number, so numeric text
 * (a DECIMAL the driver gives as text) is printed as a number too. `identifier`: the row's key,
 * printed as it is (an id is a name, not an amount: 1234, not 1.234).
 */
export type CellKind = 'value' | 'numeric' | 'identifier';

/** A cell as it was printed before formats: text as it is, an object as JSON. */
export const plainCellText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/**
 * Numeric text a database column gives: no leading zero (that is a code), at most 15 digits
 * (beyond them a JavaScript number would change the value).
 */
const NUMERIC_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?$/;
const isNumericText = (text: string): boolean => NUMERIC_TEXT.test(text) && text.replace(/\D/g, '').replace(/^0+/, '').length <= 15;

/** A date or a date and time as databases print them: '2026-11-30', '2026-11-30 14:05[:00]', ISO. */
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A cell's value as its reader reads it; in the specification's catalog exactly as before. */
export function formatCellValue(value: unknown, formats: ValueFormats, kind: CellKind = 'value'): string {
  if (formats.locale === null || kind === 'identifier') return plainCellText(value);
  if (typeof value === 'number') return formatNumber(value, formats);
  if (value instanceof Date) return formatDateValue(value, formats);
  if (typeof value === 'string') {
    const text = value.trim();
    if (kind === 'numeric' && isNumericText(text)) return formatNumber(text, formats);
    if (DATE_TEXT.test(text)) return formatDateValue(text, formats);
    return value;
  }
  return plainCellText(value);
}

/** The kind of a widget's column: its row key is an identifier, a column typed numeric is numeric. */
export function cellKindOf(field: string, known: { primaryKey?: string | null; numericFields?: ReadonlySet<string> }): CellKind {
  if (known.primaryKey !== undefined && known.primaryKey !== null && field === known.primaryKey) return 'identifier';
  return known.numericFields?.has(field) === true ? 'numeric' : 'value';
}

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
