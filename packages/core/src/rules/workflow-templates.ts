/**
 * Template references in a workflow action's parameters (spec 1 §3, §5; ARCHITECTURE.md §1, §3):
 * `{{$N.path[i]}}` stands for a value another step produced, filled in when the step runs.
 *
 * - `$0` is the run's input: the parameters its trigger (a member's button, `runChains`) was
 *   started with. `$1`, `$2`, … are the outputs of the workflow's steps, numbered from 1 in the
 *   order of the built flow (the engine and the editor's picker number them the same way).
 *   A step may only refer to `$0` and to steps that run before it: `templateErrors` says so at
 *   build time, given the numbers of those steps.
 * - `{{$env.NAME}}` is the value of the environment's variable NAME (issue 39), read by the server
 *   when the step runs (a secret one too: the run's records keep it masked). It takes no further path.
 * - After `$N` comes a path: `.field` (ASCII word characters) reads a field of an object, `[i]`
 *   an element of a list, in any order and depth: `{{$1}}`, `{{$1.rows[0].name}}`, `{{$2[3]}}`.
 *   No spaces inside the braces, no leading zeros in a number. Anything else between braces
 *   (`{{name}}`, `{{ $1.a }}`, `{{$1.a-b}}`) is not a reference and stays literal text.
 * - A template is data, never code: the resolver only walks the own data properties of plain
 *   objects (by `.field`) and the elements of arrays (by `[i]`). It never calls a getter, never
 *   reads an inherited property, and refuses the names `__proto__`, `constructor` and
 *   `prototype` outright, so a hostile author can neither read nor write a prototype.
 * - A path that leads nowhere (a step that has not run or produced nothing, a missing field,
 *   an index past the end, a field of a text) resolves to `undefined`.
 * - When the whole text is one reference, the value keeps its type (a number stays a number,
 *   a list a list, a missing value `undefined`). Inside a longer text a value is written as
 *   text: a string as it is, a number or boolean as written, an object or list as JSON, and
 *   `undefined` or `null` as ''.
 * - The work is bounded: a text longer than `TEMPLATE_LIMITS.maxLength`, with more than
 *   `maxReferences` references or a path longer than `maxPathSegments`, or whose resolved text
 *   would exceed `maxResolvedLength`, is refused with a message rather than processed.
 */

import type { TextParts } from '../i18n/catalog';

export const TRIGGER_STEP = 0;
/** Where `{{$env.NAME}}` reads: the environment's variables by name, beside the steps' outputs. */
export const ENVIRONMENT_STEP = -1;

export const TEMPLATE_LIMITS = {
  /** Characters of template text (a parameter, an HTTP body). */
  maxLength: 65_536,
  /** References in one text. */
  maxReferences: 256,
  /** `.field` and `[i]` steps after `$N`. */
  maxPathSegments: 32,
  /** Characters of the text a template with references inside it resolves to. */
  maxResolvedLength: 4 * 1024 * 1024,
} as const;

/** The highest step number a reference can name (`$999999`): more than any flow has. */
export const MAX_TEMPLATE_STEP = 999_999;

/** Names never read, whatever the data: they lead to prototypes, not to data. */
export const FORBIDDEN_TEMPLATE_FIELDS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** A field name (`string`) or a list index (`number`). */
export type TemplatePathSegment = string | number;

export interface TemplateReference {
  /** 0 for the run's input, N for the output of step N. */
  step: number;
  path: TemplatePathSegment[];
  /** The reference as written, braces included. */
  text: string;
  /** Where it starts and ends (exclusive) in the template text. */
  start: number;
  end: number;
}

export type TemplatePart = { kind: 'text'; text: string } | { kind: 'reference'; reference: TemplateReference };

export type ParsedTemplate =
  | { ok: true; parts: TemplatePart[]; references: TemplateReference[] }
  | { ok: false; error: TextParts };

export type ResolvedTemplate = { ok: true; value: unknown } | { ok: false; error: TextParts };

/** What the references of a template read: the run's input under 0, each step's output under its number, the variables under ENVIRONMENT_STEP. */
export type StepOutputs = ReadonlyMap<number, unknown>;

// Written so no part can backtrack into another: the engine scans each text once.
const REFERENCE_AT = /\{\{\$(0|[1-9]\d{0,5}|env)((?:\.\w+|\[(?:0|[1-9]\d{0,8})\])*)\}\}/y;
const PATH_SEGMENT = /\.(\w+)|\[(\d+)\]/g;
const FIELD_NAME = /^\w+$/;

function tooLong(length: number): TextParts {
  return [{ key: 'workflow.template.tooLong', values: { length: String(length), max: String(TEMPLATE_LIMITS.maxLength) } }];
}

/** Splits a template into literal text and references (see the module comment). */
export function parseTemplate(text: string): ParsedTemplate {
  if (text.length > TEMPLATE_LIMITS.maxLength) return { ok: false, error: tooLong(text.length) };
  const parts: TemplatePart[] = [];
  const references: TemplateReference[] = [];
  let literalStart = 0;
  let at = text.indexOf('{{');
  while (at !== -1) {
    REFERENCE_AT.lastIndex = at;
    const match = REFERENCE_AT.exec(text);
    if (match === null) {
      at = text.indexOf('{{', at + 1);
      continue;
    }
    const path = [...(match[2] as string).matchAll(PATH_SEGMENT)].map(([, field, index]) => field ?? Number(index));
    if (path.length > TEMPLATE_LIMITS.maxPathSegments) {
      return { ok: false, error: [`${match[0].slice(0, 40)}…: `, { key: 'workflow.template.tooManyFields', values: { max: String(TEMPLATE_LIMITS.maxPathSegments) } }] };
    }
    if (references.length === TEMPLATE_LIMITS.maxReferences) {
      return { ok: false, error: [{ key: 'workflow.template.tooManyReferences', values: { max: String(TEMPLATE_LIMITS.maxReferences) } }] };
    }
    const step = match[1] === 'env' ? ENVIRONMENT_STEP : Number(match[1]);
    const reference: TemplateReference = { step, path, text: match[0], start: at, end: at + match[0].length };
    if (at > literalStart) parts.push({ kind: 'text', text: text.slice(literalStart, at) });
    parts.push({ kind: 'reference', reference });
    references.push(reference);
    literalStart = reference.end;
    at = text.indexOf('{{', literalStart);
  }
  if (literalStart < text.length) parts.push({ kind: 'text', text: text.slice(literalStart) });
  return { ok: true, parts, references };
}

/**
 * The references a text uses, in order of appearance (the editor's picker, build-time checks).
 * A text the parser refuses (too long, too many references) lists none: `templateErrors` says why.
 */
export function templateReferences(text: string): TemplateReference[] {
  const parsed = parseTemplate(text);
  return parsed.ok ? parsed.references : [];
}

/** The path's first refused name (`__proto__`, `constructor`, `prototype`), if any. */
function forbiddenField(path: readonly TemplatePathSegment[]): string | undefined {
  return path.find((segment): segment is string => typeof segment === 'string' && FORBIDDEN_TEMPLATE_FIELDS.has(segment));
}

/**
 * What is wrong with the references of a step's parameter text, for building a flow: each
 * message names the reference, as a text of the catalogs (the editor and the build show it in
 * the builder's language). `earlierSteps` holds the numbers of the steps that run before this
 * one; the run's input (`$0`) is always available.
 */
export function templateErrors(text: string, earlierSteps: Iterable<number>): TextParts[] {
  const parsed = parseTemplate(text);
  if (!parsed.ok) return [parsed.error];
  const earlier = new Set(earlierSteps);
  const errors: TextParts[] = [];
  for (const reference of parsed.references) {
    const forbidden = forbiddenField(reference.path);
    if (forbidden !== undefined) errors.push([{ key: 'workflow.template.forbiddenField', values: { reference: reference.text, field: `'${forbidden}'` } }]);
    if (reference.step === ENVIRONMENT_STEP) {
      if (reference.path.length !== 1 || typeof reference.path[0] !== 'string') errors.push([{ key: 'workflow.template.environmentName', values: { reference: reference.text, example: '{{$env.NAME}}' } }]);
    } else if (reference.step !== TRIGGER_STEP && !earlier.has(reference.step)) {
      errors.push([{ key: 'workflow.template.notBefore', values: { reference: reference.text, step: String(reference.step) } }]);
    }
  }
  return errors;
}

function isPlainObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** An own data property of `holder`; never a getter, never an inherited property. */
function ownData(holder: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(holder, key);
  return descriptor !== undefined && 'value' in descriptor ? descriptor.value : undefined;
}

/** The value a reference points at, or `undefined` when its path leads nowhere. */
export function resolveReference(reference: Pick<TemplateReference, 'step' | 'path'>, outputs: StepOutputs): unknown {
  if (forbiddenField(reference.path) !== undefined) return undefined;
  let current: unknown = outputs.get(reference.step);
  for (const segment of reference.path) {
    if (typeof segment === 'number') {
      if (!Array.isArray(current) || !Number.isSafeInteger(segment) || segment < 0 || segment >= current.length) return undefined;
      current = ownData(current, String(segment));
    } else {
      if (!isPlainObject(current)) return undefined;
      current = ownData(current, segment);
    }
    if (current === undefined) return undefined;
  }
  return current;
}

/** A resolved value written into a longer text; `null` when it cannot be written (a cycle, a bigint in a list). */
function asText(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value !== 'object') return '';
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return null;
  }
}

/**
 * The template filled in from the steps' outputs (see the module comment): the value itself
 * when the whole text is one reference, otherwise the text with each reference written in.
 */
export function resolveTemplate(text: string, outputs: StepOutputs): ResolvedTemplate {
  const parsed = parseTemplate(text);
  if (!parsed.ok) return parsed;
  const [only] = parsed.parts;
  if (parsed.parts.length === 1 && only?.kind === 'reference') return { ok: true, value: resolveReference(only.reference, outputs) };
  let result = '';
  for (const part of parsed.parts) {
    const piece = part.kind === 'text' ? part.text : asText(resolveReference(part.reference, outputs));
    if (piece === null) return { ok: false, error: [`${part.kind === 'reference' ? part.reference.text : ''}: `, { key: 'workflow.template.notText' }] };
    if (result.length + piece.length > TEMPLATE_LIMITS.maxResolvedLength) {
      return { ok: false, error: [{ key: 'workflow.template.resolvedTooLong', values: { max: String(TEMPLATE_LIMITS.maxResolvedLength) } }] };
    }
    result += piece;
  }
  return { ok: true, value: result };
}

/**
 * The text of a reference to `step`'s value at `path`, as 'Insert From Template' inserts it:
 * `templateReferenceText(1, ['rows', 0, 'name'])` is `{{$1.rows[0].name}}`. Throws on what
 * no reference can say (a field that is not word characters or is refused, a negative index).
 */
export function templateReferenceText(step: number, path: readonly TemplatePathSegment[] = []): string {
  if (!Number.isSafeInteger(step) || step < 0 || step > MAX_TEMPLATE_STEP) throw new RangeError(`No reference can name step ${step}`);
  if (path.length > TEMPLATE_LIMITS.maxPathSegments) throw new RangeError(`A reference may have at most ${TEMPLATE_LIMITS.maxPathSegments} fields and indexes`);
  let written = `{{$${step}`;
  for (const segment of path) {
    if (typeof segment === 'number') {
      if (!Number.isSafeInteger(segment) || segment < 0 || segment > 999_999_999) throw new RangeError(`No reference can name the index ${segment}`);
      written += `[${segment}]`;
    } else {
      if (!FIELD_NAME.test(segment) || FORBIDDEN_TEMPLATE_FIELDS.has(segment)) throw new RangeError(`No reference can name the field '${segment}'`);
      written += `.${segment}`;
    }
  }
  return `${written}}}`;
}

// Spec 1 §5: "word characters, whitespace, parentheses, dots, commas, quotes, hyphens". Word
// characters are Unicode's (letters, marks, digits, connector punctuation such as '_'), so a
// name like 'Café Ümit' is valid; quotes are ' and ".
const ALLOWED_OUTSIDE_REFERENCES = /^[\p{L}\p{M}\p{N}\p{Pc}\s().,'"-]*$/u;

/**
 * Spec 1 §5: whether a workflow parameter text is marked Valid (true) or Not Valid. Empty is
 * not valid. References are those of this module (`{{$1.field[0]}}`, also `{{$1}}` and
 * indexes anywhere in the path, which the resolver reads the same way); a reference naming a
 * refused field (`{{$1.__proto__}}`) or a text the resolver would refuse is Not Valid too,
 * so Valid text always resolves.
 */
export function isValidWorkflowParameter(text: string): boolean {
  if (text.length === 0) return false;
  const parsed = parseTemplate(text);
  if (!parsed.ok) return false;
  return parsed.parts.every((part) =>
    part.kind === 'text' ? ALLOWED_OUTSIDE_REFERENCES.test(part.text) : forbiddenField(part.reference.path) === undefined);
}

export type ResolvedParameters = { ok: true; values: Record<string, unknown> } | { ok: false; errors: TextParts[] };

/**
 * A step's parameters (name → template text, as its `actionParams`) filled in from the
 * outputs: every parameter resolved, or every refusal, each message prefixed with the
 * parameter's name. The values are own properties even for a name like `__proto__`.
 */
export function resolveParameters(params: Readonly<Record<string, string>>, outputs: StepOutputs): ResolvedParameters {
  const values: [string, unknown][] = [];
  const errors: TextParts[] = [];
  for (const [name, text] of Object.entries(params)) {
    const result = resolveTemplate(text, outputs);
    if (result.ok) values.push([name, result.value]);
    else errors.push([`${name}: `, ...result.error]);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, values: Object.fromEntries(values) };
}

/**
 * The paths a reference can take into a value a step is known to return (its last output, a
 * sample), for the editor's picker: `[]` for the value itself, then each field of a plain
 * object and the first element of a list (standing for all), depth first, at most `limit`
 * paths. Fields no reference can name (not word characters, refused) are left out.
 */
export function templatePaths(value: unknown, limit = 200): TemplatePathSegment[][] {
  const paths: TemplatePathSegment[][] = [];
  const pending: [unknown, TemplatePathSegment[]][] = [[value, []]];
  for (let next = pending.pop(); next !== undefined && paths.length < limit; next = pending.pop()) {
    const [current, path] = next;
    paths.push(path);
    if (path.length === TEMPLATE_LIMITS.maxPathSegments) continue;
    const children: [unknown, TemplatePathSegment][] = [];
    if (Array.isArray(current)) {
      if (current.length > 0) children.push([ownData(current, '0'), 0]);
    } else if (isPlainObject(current)) {
      for (const key of Object.keys(current)) {
        if (FIELD_NAME.test(key) && !FORBIDDEN_TEMPLATE_FIELDS.has(key)) children.push([ownData(current, key), key]);
      }
    }
    for (const [child, segment] of children.reverse()) pending.push([child, [...path, segment]]);
  }
  return paths;
}
