/**
 * The add-on actions of the workflow palette (spec 1 §3 "Workflow action", issue 12), defined
 * once: GET /addon/listAddOn answers them, the server checks saved actions against them, and the
 * editor draws their forms from them. A parameter's value is always text: a template such as
 * `{{$1.name[0]}}` is resolved by the engine, never evaluated.
 */

import type { LocalText } from '../i18n/catalog';

export type AddonParamType = 'text' | 'select';

export interface AddonOption { key: string; value: string }

/** One parameter of an add-on's form, in the spec's shape: its name and parameters[0]. */
export interface AddonParam {
  name: string;
  parameters: [{ type: AddonParamType; value: string; placeholder: string; options: AddonOption[] }];
  /** The text must be a JSON object when filled (headers, bodies, column values). */
  json?: true;
}

export interface Addon {
  name: string;
  label: string;
  description: string;
  /** False for an add-on whose runtime is not built yet: listed, but no action of it may be saved. */
  available: boolean;
  unavailableReason?: string;
  input: { required: AddonParam[]; optional: AddonParam[] };
}

const text = (name: string, placeholder: string, json?: true): AddonParam => ({
  name, parameters: [{ type: 'text', value: '', placeholder, options: [] }], ...(json === undefined ? {} : { json }),
});
const select = (name: string, placeholder: string, values: readonly string[]): AddonParam => ({
  name, parameters: [{ type: 'select', value: '', placeholder, options: values.map((v) => ({ key: v, value: v })) }],
});

export const WORKFLOW_HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const WORKFLOW_CONDITION_OPERATORS = ['<', '>', '=', '!=', 'contains', 'empty'] as const;
/** The branch a condition took: the steps on its edge of that name run. */
export const CONDITION_BRANCHES = ['true', 'false'] as const;
/** The add-ons whose steps wait for a person's answer (issue 37): their run waits, durably, for a task. */
export const APPROVAL_ADDON = 'approval';
export const INPUT_ADDON = 'input';
export const TASK_ADDONS: readonly string[] = [APPROVAL_ADDON, INPUT_ADDON];
/** What an assignee names: a group of the application (`group:<name>`) or one account (its user id). */
export const TASK_GROUP_PREFIX = 'group:';
/** The longest deadline a task may have, in hours (a year). */
export const MAX_TASK_DEADLINE_HOURS = 24 * 366;
/** The add-on whose steps sign their body with a secret of their own (set by setStepSecret, never a parameter). */
export const WEBHOOK_ADDON = 'webhook';
export type ConditionBranch = (typeof CONDITION_BRANCHES)[number];

export const ADDONS: readonly Addon[] = [
  {
    name: 'query', label: 'Query', available: true,
    description: "Runs a stored query on one of the application's connections, its ? bound from templates",
    input: { required: [text('queryId', 'Id of a stored query')], optional: [text('params', '["{{$1.id[0]}}"] or {"name": "{{$1.name[0]}}"}', true)] },
  },
  {
    name: 'insert', label: 'Insert', available: true,
    description: "Inserts a row into a table of one of the application's connections",
    input: { required: [text('dbId', 'Id of a connection'), text('table', 'Table name'), text('values', '{"column": "{{$1.field[0]}}"}', true)], optional: [] },
  },
  {
    name: 'update', label: 'Update', available: true,
    description: "Updates the rows of a table of one of the application's connections that match its conditions",
    input: {
      required: [text('dbId', 'Id of a connection'), text('table', 'Table name'), text('values', '{"column": "{{$1.field[0]}}"}', true), text('where', '{"id": "{{$1.id[0]}}"}', true)],
      optional: [],
    },
  },
  {
    name: 'http', label: 'HTTP Request', available: true,
    description: 'Sends an HTTP request through the outbound address guard, with time and size limits',
    input: {
      required: [select('method', 'Method', WORKFLOW_HTTP_METHODS), text('url', 'https://example.com/api/{{$1.id[0]}}')],
      optional: [text('headers', '{"Authorization": "Bearer ..."}', true), text('body', '{"name": "{{$1.name[0]}}"}', true)],
    },
  },
  {
    name: WEBHOOK_ADDON, label: 'Send Webhook', available: true,
    description: "Posts a JSON body to an address, signed with the step's secret as Rakit's incoming webhooks check it; retried on 5xx and timeouts",
    input: { required: [text('url', 'https://example.com/hook/...')], optional: [text('body', '{"orderId": "{{$1.id[0]}}"}', true)] },
  },
  {
    name: APPROVAL_ADDON, label: 'Approval', available: true,
    description: "Waits, for days if need be, until an assignee approves or rejects; its output's decision is approved, rejected or deadline, for a Condition after it",
    input: {
      required: [text('assignee', 'group:Manajer or a user id'), text('message', 'Approve the purchase of {{$0.total}}?')],
      optional: [text('deadlineHours', '48')],
    },
  },
  {
    name: INPUT_ADDON, label: 'Wait for Input', available: true,
    description: 'Waits until an assignee fills in a small form; its output holds the values, or the decision deadline',
    input: {
      required: [text('assignee', 'group:Gudang or a user id'), text('message', 'How many arrived of order {{$0.order}}?'), text('fields', '{"received": "number", "note": "text"}', true)],
      optional: [text('deadlineHours', '24')],
    },
  },
  {
    name: 'condition', label: 'Condition', available: true,
    description: 'Compares two values; the steps on its true or its false edge run after it',
    input: { required: [text('left', '{{$1.total[0]}}'), select('operator', 'Operator', WORKFLOW_CONDITION_OPERATORS)], optional: [text('right', '100')] },
  },
  {
    name: 'variable', label: 'Set Variable', available: true,
    description: 'Builds an output object from templates for later steps',
    input: { required: [text('values', '{"fullName": "{{$1.first[0]}} {{$1.last[0]}}"}', true)], optional: [] },
  },
  {
    name: 'function', label: 'Function', available: true,
    description: 'Runs a custom function of the application in its sandbox with named parameters; its return value is the output',
    input: { required: [text('functionId', 'Id or slug of a custom function')], optional: [text('params', '{"name": "{{$1.name[0]}}"}', true)] },
  },
  {
    name: 'email', label: 'Send Email', available: true,
    description: 'Sends an email through the SMTP server the operator configures',
    input: { required: [text('to', 'someone@example.com'), text('subject', 'Subject'), text('body', 'Hello {{$1.name[0]}}')], optional: [text('cc', 'other@example.com')] },
  },
];

export const addonByName = (name: string): Addon | undefined => ADDONS.find((addon) => addon.name === name);

/** The longest value one parameter may have. */
export const MAX_ADDON_PARAM_LENGTH = 20_000;

/** The parameters as checked, or why they are refused (a text of the catalogs, in the reader's language where shown). */
export type AddonParamsCheck = { ok: true; params: Record<string, string> } | { ok: false; message: LocalText };

function isJsonObject(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
}

/**
 * Checks an action's parameters (the JSON text of name → text) against its add-on's form: an
 * object of known names with text values, a select's value among its options, a JSON parameter
 * parsing. Empty values are allowed here (a card is saved before it is filled); whether the
 * required ones are filled is the build's question (missingRequiredParams).
 */
export function checkAddonParams(addon: Addon, paramsText: string): AddonParamsCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(paramsText === '' ? '{}' : paramsText);
  } catch {
    return { ok: false, message: { key: 'addonParamsNotObject' } };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, message: { key: 'addonParamsNotObject' } };
  }
  const form = [...addon.input.required, ...addon.input.optional];
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    const param = form.find((p) => p.name === name);
    if (param === undefined) return { ok: false, message: { key: 'addonParamUnknown', values: { addon: addon.label, name } } };
    if (typeof value !== 'string') return { ok: false, message: { key: 'addonParamNotText', values: { name } } };
    if (value.length > MAX_ADDON_PARAM_LENGTH) return { ok: false, message: { key: 'addonParamTooLong', values: { name, max: String(MAX_ADDON_PARAM_LENGTH) } } };
    const [field] = param.parameters;
    if (value !== '' && field.type === 'select' && !field.options.some((o) => o.key === value)) {
      return { ok: false, message: { key: 'addonParamNotOption', values: { name, options: field.options.map((o) => o.key).join(', ') } } };
    }
    if (value !== '' && param.json === true && !isJsonObject(value)) return { ok: false, message: { key: 'addonParamNotJson', values: { name } } };
    params[name] = value;
  }
  return { ok: true, params };
}

/** The required parameters of the add-on that the values leave empty. */
export const missingRequiredParams = (addon: Addon, params: Readonly<Record<string, string>>): string[] =>
  addon.input.required.filter((p) => (params[p.name] ?? '').trim() === '').map((p) => p.name);
