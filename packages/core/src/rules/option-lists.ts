import type { z } from 'zod';
import type { DropdownOptionSchema } from '../widgets/form';

export type DropdownOption = z.infer<typeof DropdownOptionSchema>;

/** Comma-joined option lists of checkbox, radio, toggle and dropdown (spec 2 §2). */

/** The options of a stored comma list; blank entries are dropped. */
export const splitOptions = (stored: string): string[] => stored.split(',').map((o) => o.trim()).filter((o) => o !== '');

/** The stored comma list of edited options: blank options dropped, commas inside an option removed. */
export const joinOptions = (options: readonly string[]): string =>
  options.map((o) => o.replaceAll(',', ' ').trim()).filter((o) => o !== '').join(',');

/**
 * A checkbox's realValue: the selected options joined by commas, in the order the options
 * are listed (selections that are no longer options are dropped).
 */
export const joinSelection = (options: readonly string[], selected: readonly string[]): string =>
  options.filter((o) => selected.includes(o)).join(',');

/**
 * Dropdown options written as a comma list of 'text:value' entries. The value follows the
 * last colon (a text may hold a colon, as in '10:30 am:1030'); an entry without a colon is
 * both text and value. Blank entries are dropped.
 */
export function parseTextOptions(stored: string): DropdownOption[] {
  return splitOptions(stored).map((entry) => {
    const at = entry.lastIndexOf(':');
    if (at < 0) return { textOption: entry, valueOption: entry };
    return { textOption: entry.slice(0, at).trim(), valueOption: entry.slice(at + 1).trim() };
  });
}

/** The 'text:value' comma list of dropdown options. */
export const formatTextOptions = (options: readonly DropdownOption[]): string =>
  options
    .filter((o) => o.textOption.trim() !== '' || o.valueOption.trim() !== '')
    .map((o) => `${o.textOption.replaceAll(',', ' ').trim()}:${o.valueOption.replaceAll(',', ' ').trim()}`)
    .join(',');

/**
 * The options a dropdown offers from its own configuration: its custom list or its 'text:value'
 * list. Query-backed dropdowns ('query') get theirs from the server, so none here. Blank rows
 * and options whose value repeats an earlier one are dropped: a selection must name one option.
 */
export function dropdownOptions(source: unknown, options: unknown): DropdownOption[] {
  let list: DropdownOption[] = [];
  if (source === 'text') list = typeof options === 'string' ? parseTextOptions(options) : Array.isArray(options) ? asOptions(options) : [];
  else if (source !== 'query') list = Array.isArray(options) ? asOptions(options) : typeof options === 'string' ? parseTextOptions(options) : [];
  const seen = new Set<string>();
  return list.filter((o) => {
    if ((o.textOption.trim() === '' && o.valueOption.trim() === '') || seen.has(o.valueOption)) return false;
    seen.add(o.valueOption);
    return true;
  });
}

function asOptions(items: unknown[]): DropdownOption[] {
  return items.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const { textOption, valueOption } = item as Record<string, unknown>;
    return typeof textOption === 'string' && typeof valueOption === 'string' ? [{ textOption, valueOption }] : [];
  });
}
