import { CUSTOM_VALUE } from '../schemas/actions';
import { type PrintConfig, type PrintData, type PrintIdentifier, type PrintMapping } from '../schemas/print';
import { resolveSource } from './action-values';
import type { RowValues } from './data-widgets';

/** A value as a template prints it: text, numbers and booleans as they are, anything else as JSON. */
function printValue(value: unknown): string | number | boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value) ?? null;
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
): PrintData {
  const data: PrintData = {};
  const first = { ...pageValues, ...rows[0] };
  for (const mapping of config.mappings) {
    if (mapping.field !== '') data[mapping.field] = printValue(resolveSource(mapping, first, userId));
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
      return Object.fromEntries(fields.map(({ field, mapping }) => [field, printValue(resolveSource(mapping, values, userId))]));
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
