import { z } from 'zod';
import { revisionField } from './revision';

/** The types a function's parameter may have (spec 1 screen 9: Integer, String), checked on every run. */
export const FUNCTION_PARAMETER_TYPES = ['int', 'string'] as const;
export type FunctionParameterType = (typeof FUNCTION_PARAMETER_TYPES)[number];

/** Names the code reads as variables: a JavaScript identifier, never one the sandbox defines itself. */
const RESERVED_NAMES = new Set([
  'params', 'rows', '__params', 'arguments', 'eval', 'undefined', 'NaN', 'Infinity',
  // JavaScript's reserved words cannot name a variable.
  ...('await break case catch class const continue debugger default delete do else enum export extends false finally for '
    + 'function if implements import in instanceof interface let new null package private protected public return static '
    + 'super switch this throw true try typeof var void while with yield').split(' '),
]);
export const FunctionParameterNameSchema = z.string().trim()
  .regex(/^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/, 'A parameter name is a letter or _ followed by letters, digits or _')
  .refine((name) => !RESERVED_NAMES.has(name), 'This parameter name is reserved');

export const FunctionParameterSchema = z.object({
  name: FunctionParameterNameSchema,
  type: z.enum(FUNCTION_PARAMETER_TYPES),
});
export type FunctionParameter = z.infer<typeof FunctionParameterSchema>;

export const FunctionParameterListSchema = z.array(FunctionParameterSchema).max(32)
  .refine((list) => new Set(list.map((p) => p.name)).size === list.length, 'Two parameters have the same name');

/** The longest code a function may hold. */
export const MAX_FUNCTION_CODE_CHARS = 100_000;

export const FunctionNameSchema = z.string().trim().min(1, 'Please, fill function\'s name').max(200);
export const FunctionCodeSchema = z.string().max(MAX_FUNCTION_CODE_CHARS);

/** A data widget whose rows pass through a function (its functionId). */
export const FunctionWidgetUseSchema = z.object({
  pageId: z.number().int(),
  pageName: z.string(),
  componentId: z.string(),
  title: z.string(),
  type: z.string(),
});
export type FunctionWidgetUse = z.infer<typeof FunctionWidgetUseSchema>;

/** A custom function (spec 1 §3): its code is the body of a function of its parameters. */
export const CustomFunctionSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  parameter: z.array(FunctionParameterSchema),
  content: z.string(),
  appId: z.number().int(),
  ...revisionField,
  /** GET /function/getFunction only: the data widgets that use it as their transform. */
  usedBy: z.array(FunctionWidgetUseSchema).optional(),
});
export type CustomFunction = z.infer<typeof CustomFunctionSchema>;

/** The template of a new function (spec 1 §3: one int parameter and a code stub). */
export const NEW_FUNCTION_TEMPLATE = {
  name: '',
  parameter: [{ name: 'value', type: 'int' }] as FunctionParameter[],
  content: '// The parameters are variables (here `value`); a transform also gets `rows`.\nreturn value * 2;\n',
};

/** Values of a run: by parameter name; numbers or text as the page or the author sends them. */
export const FunctionValuesSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/** The largest sample of rows the Test panel may send. */
export const MAX_TEST_ROWS = 1000;
/** Rows a Test panel's sample reads from the widget the function serves. */
export const TEST_SAMPLE_ROWS = 20;

/**
 * Checks values against the parameters: an int parameter takes an integer (or its digits as text),
 * a string parameter takes text (a number becomes its text). Unknown names are refused so a typo
 * is seen; a missing value is null.
 */
export function typedFunctionValues(parameters: readonly FunctionParameter[], values: Record<string, unknown>):
  { ok: true; values: Record<string, number | string | null> } | { ok: false; error: string } {
  const known = new Set(parameters.map((p) => p.name));
  const unknown = Object.keys(values).filter((name) => !known.has(name));
  if (unknown.length > 0) return { ok: false, error: `Unknown parameter: ${unknown.join(', ')}` };
  const typed: Record<string, number | string | null> = {};
  for (const parameter of parameters) {
    const value = values[parameter.name];
    if (value === undefined || value === null || value === '') {
      typed[parameter.name] = null;
    } else if (parameter.type === 'int') {
      const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
      if (!Number.isSafeInteger(number)) return { ok: false, error: `${parameter.name} must be an integer` };
      typed[parameter.name] = number;
    } else {
      if (typeof value !== 'string' && typeof value !== 'number') return { ok: false, error: `${parameter.name} must be text` };
      typed[parameter.name] = String(value);
    }
  }
  return { ok: true, values: typed };
}

/** What a run of a function answers: its value, or the author's error and the line it came from. */
export const FunctionRunSchema = z.object({
  ok: z.boolean(),
  result: z.unknown().optional(),
  error: z.string().optional(),
  line: z.number().int().nullable().optional(),
  ms: z.number(),
  memoryBytes: z.number().nullable(),
});
export type FunctionRun = z.infer<typeof FunctionRunSchema>;
