import type { LocalText } from '@rakit/core';
import { StepFailure } from './executor';

/*
 * Reading a step's resolved parameters. The engine hands a plain parameter as its resolved value
 * (text, or any type for a whole-reference template) and a JSON one as the parsed object; an
 * executor also takes the JSON text itself. Anything else is the author's configuration to fix:
 * a failure that no retry cures.
 */

const configuration = (text: LocalText) => new StepFailure(text, false);

/** A parameter as text: text as it is, a number or boolean in its usual form; empty when missing. */
export function textParam(params: Readonly<Record<string, unknown>>, name: string): string {
  const value = params[name];
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw configuration({ key: 'workflow.failure.paramNotText', values: { name } });
}

/** A required text parameter, trimmed: a failure when empty. */
export function requiredText(params: Readonly<Record<string, unknown>>, name: string): string {
  const value = textParam(params, name).trim();
  if (value === '') throw configuration({ key: 'workflow.failure.paramEmpty', values: { name } });
  return value;
}

/** The id a parameter names (a positive integer, or its digits). */
export function idParam(params: Readonly<Record<string, unknown>>, name: string): number {
  const value = params[name];
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[1-9][0-9]{0,9}$/.test(text)) throw configuration({ key: 'workflow.failure.paramNotId', values: { name } });
  return Number(text);
}

/** A JSON parameter: the parsed value, or its JSON text parsed; undefined when missing or empty. */
export function jsonParam(params: Readonly<Record<string, unknown>>, name: string): unknown {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw configuration({ key: 'workflow.failure.paramNotJson', values: { name } });
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON parameter that must be an object (column values, conditions, headers); `{}` when missing. */
export function objectParam(params: Readonly<Record<string, unknown>>, name: string): Record<string, unknown> {
  const value = jsonParam(params, name);
  if (value === undefined) return {};
  if (!isPlainObject(value)) throw configuration({ key: 'workflow.failure.paramNotObject', values: { name } });
  return value;
}

/** A JSON parameter that is a list or an object (a stored query's values, by position or by name). */
export function listOrObjectParam(params: Readonly<Record<string, unknown>>, name: string): unknown[] | Record<string, unknown> {
  const value = jsonParam(params, name);
  if (value === undefined) return [];
  if (Array.isArray(value) || isPlainObject(value)) return value;
  throw configuration({ key: 'workflow.failure.paramNotListOrObject', values: { name } });
}
