import type { HookFieldType } from '@rakit/core';

/*
 * Values checked against fields an administrator wrote (issue 37): a webhook's input schema, a
 * Wait for Input step's form. Each field is of a kind and maybe required. A form's fields arrive
 * as text, so a number or a yes/no is read from its text; a JSON body's values must be of their
 * kind already (a number may stand for text). Fields the list does not name pass as they are.
 */

/** A field values are checked against: a webhook's (core's HookField) or a form's, whose kinds are some of the same. */
export interface CheckedField {
  name: string;
  type: HookFieldType;
  required: boolean;
}

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/** The field's value read as its kind, or undefined when it is not one. */
function asKind(field: CheckedField, value: unknown): unknown {
  switch (field.type) {
    case 'text': return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
    case 'number': return typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' && NUMBER_TEXT.test(value) ? Number(value) : undefined;
    case 'boolean': return typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : undefined;
    case 'object': return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
    case 'list': return Array.isArray(value) ? value : undefined;
  }
}

/** The input with its fields read as their kinds, or the fields that break them (`name (kind)`, `name (required)`). */
export function checkFieldValues(fields: readonly CheckedField[], input: Record<string, unknown>): { input: Record<string, unknown> } | { problems: string[] } {
  const problems: string[] = [];
  const read: Record<string, unknown> = { ...input };
  for (const field of fields) {
    const value = input[field.name];
    if (value === undefined || value === null) {
      if (field.required) problems.push(`${field.name} (required)`);
      continue;
    }
    const kind = asKind(field, value);
    if (kind === undefined) problems.push(`${field.name} (${field.type})`);
    else read[field.name] = kind;
  }
  return problems.length > 0 ? { problems } : { input: read };
}
