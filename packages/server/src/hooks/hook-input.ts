import type { HookField } from '@rakit/core';

/*
 * A webhook's input schema (issue 37): the fields the administrator wrote in the editor, each
 * of a kind and maybe required. A form's fields arrive as text, so a number or a yes/no is read
 * from its text; a JSON body's values must be of their kind already (a number may stand for
 * text). Fields the schema does not name pass as they are.
 */

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/** The field's value read as its kind, or undefined when it is not one. */
function asKind(field: HookField, value: unknown): unknown {
  switch (field.type) {
    case 'text': return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
    case 'number': return typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' && NUMBER_TEXT.test(value) ? Number(value) : undefined;
    case 'boolean': return typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : undefined;
    case 'object': return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
    case 'list': return Array.isArray(value) ? value : undefined;
  }
}

/** The input with its fields read as their kinds, or the fields that break the schema (`name (kind)`, `name (required)`). */
export function checkHookInput(fields: readonly HookField[], input: Record<string, unknown>): { input: Record<string, unknown> } | { problems: string[] } {
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
