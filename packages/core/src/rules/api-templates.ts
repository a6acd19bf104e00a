/*
 * What the server and the browser read alike in an API endpoint's templates and answers (issue 40).
 */

/** A `{{ name }}` parameter of an endpoint's path, query, headers or body: its name is group 1. */
export const API_PARAMETER_SOURCE = String.raw`\{\{\s*([A-Za-z_][\w.-]{0,99})\s*\}\}`;

/** The names of the {{ }} parameters the templates use, in order of first use. */
export function apiParameterNames(templates: readonly string[]): string[] {
  const names = new Set<string>();
  const pattern = new RegExp(API_PARAMETER_SOURCE, 'g');
  for (const template of templates) for (const match of template.matchAll(pattern)) if (match[1] !== undefined) names.add(match[1]);
  return [...names];
}

/** A value an API answered, as text: never markup; an object or a list as its JSON, nothing for null. */
export function apiValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
