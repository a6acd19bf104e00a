import { Messages } from '../messages';
import { CUSTOM_VALUE } from '../schemas/actions';
import {
  MAX_PRINT_BODY_BYTES, MAX_PRINT_ITEMS, type PrintConfig, type PrintData, type PrintIdentifier, type PrintMapping, type PrintPdfBody,
} from '../schemas/print';
import { cellKindOf, formatCellValue, type ValueFormats } from '../i18n/formats';
import { USER_ID_MARKER } from './placeholders';
import { resolveSource } from './action-values';
import type { RowValues } from './data-widgets';

/** A value as a template prints it: text, numbers and booleans as they are, anything else as JSON. */
function printValue(value: unknown): string | number | boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value) ?? null;
}

/** How a print shows its values to the reader who asks for it (issue 35); absent: as they are. */
export interface PrintFormats {
  formats: ValueFormats;
  /** The row's key column: printed as it is (an invoice number is a name, not an amount). */
  primaryKey?: string | null;
}

/**
 * A mapped value as the reader reads it: a page's or row's value in his catalog's numbers and
 * dates (as the table showed it), the author's custom text and the user id as they are.
 */
function printedValue(mapping: PrintMapping, values: Readonly<Record<string, unknown>>, userId: string, shown: PrintFormats | undefined) {
  const value = printValue(resolveSource(mapping, values, userId));
  if (shown === undefined || shown.formats.locale === null || value === null || mapping.source === CUSTOM_VALUE || mapping.source === USER_ID_MARKER) return value;
  const kind = cellKindOf(mapping.source, { primaryKey: shown.primaryKey });
  return kind === 'identifier' ? value : formatCellValue(value, shown.formats, kind);
}

/**
 * The data of POST /print/blob/pdf for a PRINT action run on `rows` (spec 3 §7): each not_bulk
 * field from the page's values and the first row's columns; each group one item per row, its
 * fields (group@field) read from that row. A single row's print has one item in each group.
 */
export function printDataOf(
  config: Pick<PrintConfig, 'mappings' | 'bulkMappings'>,
  rows: readonly RowValues[],
  pageValues: Readonly<Record<string, unknown>>,
  userId: string,
  shown?: PrintFormats,
): PrintData {
  const data: PrintData = {};
  const first = { ...pageValues, ...rows[0] };
  for (const mapping of config.mappings) {
    if (mapping.field !== '') data[mapping.field] = printedValue(mapping, first, userId, shown);
  }
  const groups = new Map<string, { field: string; mapping: PrintConfig['bulkMappings'][number] }[]>();
  for (const mapping of config.bulkMappings) {
    const split = splitGroupField(mapping.field);
    if (split === null || split.field === '') continue;
    groups.set(split.group, [...(groups.get(split.group) ?? []), { field: split.field, mapping }]);
  }
  for (const [group, fields] of groups) {
    data[group] = rows.map((row) => {
      const values = { ...pageValues, ...row };
      return Object.fromEntries(fields.map(({ field, mapping }) => [field, printedValue(mapping, values, userId, shown)]));
    });
  }
  return data;
}

/** A group's field as the mapping UI writes it. */
export const groupField = (group: string, field: string): string => `${group}@${field}`;

/** group@field split at its first @; null for a field without a group. */
export function splitGroupField(name: string): { group: string; field: string } | null {
  const at = name.indexOf('@');
  return at <= 0 ? null : { group: name.slice(0, at), field: name.slice(at + 1) };
}

/**
 * The mappings for `identifier`, keeping each field's earlier mapping and leaving out fields
 * the template no longer has; a new field maps to a row column of the same name when there is one.
 */
export function printMappingsFor(identifier: PrintIdentifier, previous: Pick<PrintConfig, 'mappings' | 'bulkMappings'>, columns: readonly string[] = []) {
  const keep = (field: string, list: readonly PrintMapping[], column: string): PrintMapping =>
    list.find((m) => m.field === field) ?? (columns.includes(column) ? { field, source: column, custom: '' } : { field, source: CUSTOM_VALUE, custom: '' });
  return {
    mappings: identifier.not_bulk.map((field) => keep(field, previous.mappings, field)),
    bulkMappings: Object.entries(identifier.groups).flatMap(([group, fields]) =>
      fields.map((field) => keep(groupField(group, field), previous.bulkMappings, field))),
  };
}

/** Why `rowCount` rows cannot be printed at once ('Choose at most 1000 rows to print at once'), or null. */
export const printRowsProblem = (rowCount: number): string | null =>
  rowCount > MAX_PRINT_ITEMS ? Messages.printTooManyRows.replace('{max}', String(MAX_PRINT_ITEMS)) : null;

/** The length of `text` in UTF-8 bytes, as a request body carries it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * Why the server would refuse `body` before printing it (too many items in a group, or over
 * MAX_PRINT_BODY_BYTES of JSON), or null: the browser tells it before sending anything.
 */
export function printBodyProblem(body: PrintPdfBody): string | null {
  const longest = Math.max(0, ...Object.values(body.data).map((value) => (Array.isArray(value) ? value.length : 0)));
  const rows = printRowsProblem(longest);
  if (rows !== null) return rows;
  return utf8Length(JSON.stringify(body)) > MAX_PRINT_BODY_BYTES ? Messages.printTooLarge.replace('{max}', String(MAX_PRINT_BODY_BYTES / (1024 * 1024))) : null;
}
