import { API_PARAMETER_SOURCE, Messages } from '@rakit/core';
import { badRequest } from '../errors/http-errors';

/*
 * An endpoint's {{ }} parameters, filled from the values a page or a preview sends, and
 * `--userId--`, filled by the server with the caller's own id (never a value the browser sends),
 * as in SQL queries. Each place encodes its values so that none can leave its place: a path
 * segment percent-encoded (a value of only dots is refused: URLs read `%2E%2E` as `..`), a JSON
 * body as string content.
 */

export type ApiParamValue = string | number | boolean | null;
export type ApiParamValues = Readonly<Record<string, ApiParamValue>>;

const PLACEHOLDER = new RegExp(`${API_PARAMETER_SOURCE}|--userId--`, 'g');

const textOf = (value: ApiParamValue | undefined): string => (value === undefined || value === null ? '' : String(value));

/** The template with each parameter replaced by its value as `encode` writes it. */
export function fillTemplate(template: string, values: ApiParamValues, userId: string, encode: (value: string) => string = (v) => v): string {
  return template.replace(PLACEHOLDER, (_match, name: string | undefined) => encode(name === undefined ? userId : textOf(Object.hasOwn(values, name) ? values[name] : undefined)));
}

/** Whether a template names the caller (`--userId--`): its answers are then kept per user. */
export const namesUser = (template: string): boolean => template.includes('--userId--');

/** A value as (part of) one path segment: percent-encoded; `.` and `..` would climb, so they are refused. */
export function pathSegment(value: string): string {
  if (/^\.{1,2}$/.test(value)) throw badRequest(Messages.requestUrlInvalid);
  return encodeURIComponent(value);
}

/** A value inside a JSON string (or as a bare number): escaped so it cannot end the string. */
export const jsonContent = (value: string): string => JSON.stringify(value).slice(1, -1);
