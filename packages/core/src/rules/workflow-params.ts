import type { Addon } from '../workflows/addons';
import type { TextParts } from '../i18n/catalog';
import { resolveTemplate, type ResolvedParameters, type StepOutputs, TEMPLATE_LIMITS } from './workflow-templates';

/**
 * A step's parameters filled in for its executor (issue 12). A plain parameter is one template
 * (`resolveTemplate`). A JSON parameter (the add-on marks it `json: true`: headers, bodies,
 * column values, conditions) is parsed first and each string inside it, at any depth, is
 * resolved as a template on its own; the executor gets the object. Resolving inside the parsed
 * value, never on the JSON text, means a quote or brace in the data cannot change the JSON's
 * shape (`{"name": "{{$1.name}}"}` with a name `", "admin": true` stays one field). Keys are
 * kept as written, as own properties (a key `__proto__` included). An empty JSON parameter is
 * left out (the add-on's optional parameter not filled).
 */

type Resolved = { ok: true; value: unknown } | { ok: false; error: TextParts };

/** At most this many strings of one JSON parameter are resolved; a deeper value is refused. */
const MAX_JSON_DEPTH = 32;

function resolveInside(value: unknown, outputs: StepOutputs, depth: number, budget: { strings: number }): Resolved {
  if (depth > MAX_JSON_DEPTH) return { ok: false, error: [{ key: 'workflow.template.jsonTooDeep', values: { max: String(MAX_JSON_DEPTH) } }] };
  if (typeof value === 'string') {
    budget.strings += 1;
    if (budget.strings > TEMPLATE_LIMITS.maxReferences * 16) return { ok: false, error: [{ key: 'workflow.template.jsonTooManyTexts' }] };
    return resolveTemplate(value, outputs);
  }
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value) {
      const resolved = resolveInside(item, outputs, depth + 1, budget);
      if (!resolved.ok) return resolved;
      items.push(resolved.value);
    }
    return { ok: true, value: items };
  }
  if (typeof value === 'object' && value !== null) {
    const entries: [string, unknown][] = [];
    for (const [key, item] of Object.entries(value)) {
      const resolved = resolveInside(item, outputs, depth + 1, budget);
      if (!resolved.ok) return { ok: false, error: [`${key}: `, ...resolved.error] };
      entries.push([key, resolved.value]);
    }
    return { ok: true, value: Object.fromEntries(entries) };
  }
  return { ok: true, value };
}

/** One JSON parameter's text resolved inside its parsed value (see the module comment). */
export function resolveJsonTemplate(text: string, outputs: StepOutputs): Resolved {
  if (text.length > TEMPLATE_LIMITS.maxLength) return { ok: false, error: [{ key: 'workflow.template.jsonTooLong', values: { max: String(TEMPLATE_LIMITS.maxLength) } }] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: [{ key: 'workflow.template.notJson' }] };
  }
  if (typeof parsed !== 'object' || parsed === null) return { ok: false, error: [{ key: 'workflow.template.notJsonObject' }] };
  return resolveInside(parsed, outputs, 0, { strings: 0 });
}

/**
 * A step's parameters resolved for its add-on: JSON parameters inside their parsed value,
 * the others as one template each; every refusal prefixed with the parameter's name.
 */
export function resolveStepParameters(addon: Pick<Addon, 'input'> | undefined, params: Readonly<Record<string, string>>, outputs: StepOutputs): ResolvedParameters {
  const jsonNames = new Set([...(addon?.input.required ?? []), ...(addon?.input.optional ?? [])].filter((p) => p.json === true).map((p) => p.name));
  const values: [string, unknown][] = [];
  const errors: TextParts[] = [];
  for (const [name, text] of Object.entries(params)) {
    if (jsonNames.has(name) && text.trim() === '') continue;
    const result = jsonNames.has(name) ? resolveJsonTemplate(text, outputs) : resolveTemplate(text, outputs);
    if (result.ok) values.push([name, result.value]);
    else errors.push([`${name}: `, ...result.error]);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, values: Object.fromEntries(values) };
}
