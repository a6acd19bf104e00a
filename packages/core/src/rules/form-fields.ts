import { type Component, widgetCan } from '../widgets/registry';
import { Messages } from '../messages';
import type { MessageCode } from '../i18n/catalog';
import { MAX_UPLOAD_BYTES } from './file-filters';
import { joinOptions, splitOptions } from './option-lists';

/** Typing and validation rules of the form widgets (spec 2 §5), shared by the widgets and the server. */

/** Country prefix a tel input is forced to start with (spec 2 §9). */
export const TEL_PREFIX = '62';

/** Default states of a toggle (spec 2 §2 "Switch: default Inactive or Active"). */
export const TOGGLE_STATES = ['Inactive', 'Active'] as const;

/**
 * The tel subtype's typing rule: when the value does not start with 62 its first character is
 * replaced by 62, so '0812' becomes '62812'. '' and a lone '6' (the prefix being typed) stay.
 */
export function forceCountryPrefix(value: string): string {
  if (value === '' || value === TEL_PREFIX.slice(0, 1) || value.startsWith(TEL_PREFIX)) return value;
  return TEL_PREFIX + value.slice(1);
}

/** Double quotes typed into a text input are stored as single quotes (spec 2 §5). */
export const replaceDoubleQuotes = (value: string): string => value.replaceAll('"', "'");

/** What an input of this subtype stores for what was typed: quotes replaced, tel prefixed. */
export function normaliseInputValue(subtype: string, typed: string): string {
  const value = replaceDoubleQuotes(typed);
  return subtype === 'tel' ? forceCountryPrefix(value) : value;
}

export const isValidEmail = (value: string): boolean => /^[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:.]{2,}$/.test(value);

/**
 * An http(s) address: optional scheme, a host with a dot (or localhost, or an IPv4 address),
 * optional port, then any path, query or fragment without spaces. Core has no URL class (no DOM,
 * no Node), hence the pattern.
 */
const URL_PATTERN = /^(?:https?:\/\/)?(?:localhost|(?:\d{1,3}\.){3}\d{1,3}|(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,})(?::\d{1,5})?(?:[/?#]\S*)?$/iu;
export const isValidUrl = (value: string): boolean => URL_PATTERN.test(value);

/** What is wrong with a field's value: the code of its message in the catalogs. */
export type FieldProblem = Extract<MessageCode, 'emailInvalid' | 'urlInvalid' | 'fieldRequired'>;

/** The format error of an input's value (its message's code): e-mail and URL subtypes, only once something was typed. */
export function inputFormatError(subtype: unknown, value: unknown): Exclude<FieldProblem, 'fieldRequired'> | null {
  if (typeof value !== 'string' || value === '') return null;
  if (subtype === 'email' && !isValidEmail(value)) return 'emailInvalid';
  if (subtype === 'url' && !isValidUrl(value)) return 'urlInvalid';
  return null;
}

/** Empty for the required rule: nothing, blank text, an empty list or an empty object (a dropdown with no selection). */
export function isEmptyFieldValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

type FieldLike = Pick<Component, 'type'> & { subtype?: unknown; required?: unknown; disabled?: unknown };

/** Whether the required rule applies: a required, enabled value widget. */
export const isRequiredField = (component: FieldLike): boolean =>
  component.required === true && component.disabled !== true && widgetCan(component.type, 'holdsValue');

/** The error a field's value shows (its message's code), format first then required; null when valid. */
export function fieldError(component: FieldLike, value: unknown): FieldProblem | null {
  if (component.type === 'input') {
    const format = inputFormatError(component.subtype, value);
    if (format !== null) return format;
  }
  return isRequiredField(component) && isEmptyFieldValue(value) ? 'fieldRequired' : null;
}

/** 'FIELD "{name}" wajib diisi', shown when a button finds a required input empty (spec 2 §5). */
export const requiredFieldMessage = (name: string): string => Messages.fieldRequiredNamed.replace('{name}', name);

/** The spec's limit is "under 2,048,000 bytes": a file of exactly that size is refused. */
export const isFileTooLarge = (size: number): boolean => size >= MAX_UPLOAD_BYTES;

/** The ISO date (YYYY-MM-DD) of a stored date value, or null when it holds none. */
export function toIsoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(value.trim());
  if (match === null) return null;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d) ? `${y}-${m}-${d}` : null;
}

/** The value a field starts with on a page: its default (initValue); a toggle set Active starts with all its options on. */
export function initialFieldValue(component: Component): unknown {
  const init = typeof component.initValue === 'string' ? component.initValue : '';
  switch (component.type) {
    case 'toggle':
      return init === 'Active' ? joinOptions(splitOptions(String(component.options ?? ''))) : '';
    case 'datetime':
      return toIsoDate(init) ?? '';
    default:
      return init;
  }
}
