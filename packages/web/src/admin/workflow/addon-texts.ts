import type { Addon, AddonParam, MessageKey } from '@rakit/core';
import type { Translate } from '../../i18n/LanguageProvider';

/**
 * The add-ons' texts as people read them (issue 35): core's ADDONS keep their specification
 * texts (the server answers and checks them); the editor shows each by its catalog key, and
 * falls back to core's text for an add-on or a parameter it has no key for.
 */

const LABELS: Record<string, MessageKey> = {
  query: 'workflow.addon.query.label',
  insert: 'workflow.addon.insert.label',
  update: 'workflow.addon.update.label',
  http: 'workflow.addon.http.label',
  webhook: 'workflow.addon.webhook.label',
  approval: 'workflow.addon.approval.label',
  input: 'workflow.addon.input.label',
  condition: 'workflow.addon.condition.label',
  variable: 'workflow.addon.variable.label',
  function: 'workflow.addon.function.label',
  email: 'workflow.addon.email.label',
};

const DESCRIPTIONS: Record<string, MessageKey> = {
  query: 'workflow.addon.query.description',
  insert: 'workflow.addon.insert.description',
  update: 'workflow.addon.update.description',
  http: 'workflow.addon.http.description',
  webhook: 'workflow.addon.webhook.description',
  approval: 'workflow.addon.approval.description',
  input: 'workflow.addon.input.description',
  condition: 'workflow.addon.condition.description',
  variable: 'workflow.addon.variable.description',
  function: 'workflow.addon.function.description',
  email: 'workflow.addon.email.description',
};

/** A parameter's label, by its name (the same name means the same thing in every add-on). */
const PARAM_LABELS: Record<string, MessageKey> = {
  queryId: 'workflow.addon.param.queryId',
  params: 'workflow.addon.param.params',
  dbId: 'workflow.addon.param.dbId',
  table: 'workflow.addon.param.table',
  values: 'workflow.addon.param.values',
  where: 'workflow.addon.param.where',
  method: 'workflow.addon.param.method',
  url: 'workflow.addon.param.url',
  headers: 'workflow.addon.param.headers',
  body: 'workflow.addon.param.body',
  left: 'workflow.addon.param.left',
  operator: 'workflow.addon.param.operator',
  right: 'workflow.addon.param.right',
  functionId: 'workflow.addon.param.functionId',
  to: 'workflow.addon.param.to',
  subject: 'workflow.addon.param.subject',
  cc: 'workflow.addon.param.cc',
  assignee: 'workflow.addon.param.assignee',
  message: 'workflow.addon.param.message',
  fields: 'workflow.addon.param.fields',
  deadlineHours: 'workflow.addon.param.deadlineHours',
};

/**
 * Placeholders written in words, by add-on and parameter; the others are samples of JSON, URLs
 * and templates, shown as core writes them.
 */
const PLACEHOLDERS: Record<string, { key: MessageKey; values?: Record<string, string> }> = {
  'query.queryId': { key: 'workflow.addon.placeholder.queryId' },
  'insert.dbId': { key: 'workflow.addon.placeholder.dbId' },
  'insert.table': { key: 'workflow.addon.placeholder.table' },
  'update.dbId': { key: 'workflow.addon.placeholder.dbId' },
  'update.table': { key: 'workflow.addon.placeholder.table' },
  'http.method': { key: 'workflow.addon.placeholder.method' },
  'condition.operator': { key: 'workflow.addon.placeholder.operator' },
  'function.functionId': { key: 'workflow.addon.placeholder.functionId' },
  'email.subject': { key: 'workflow.addon.placeholder.subject' },
  'email.body': { key: 'workflow.addon.placeholder.emailBody', values: { reference: '{{$1.name[0]}}' } },
};

/** Options of a select that are words (a condition's operators); the rest are tokens (GET, <). */
const OPTION_LABELS: Record<string, MessageKey> = {
  contains: 'workflow.addon.operator.contains',
  empty: 'workflow.addon.operator.empty',
};

export function addonLabel(t: Translate, addon: Pick<Addon, 'name' | 'label'>): string {
  const key = LABELS[addon.name];
  return key === undefined ? addon.label : t(key);
}

export function addonDescription(t: Translate, addon: Pick<Addon, 'name' | 'description'>): string {
  const key = DESCRIPTIONS[addon.name];
  return key === undefined ? addon.description : t(key);
}

export function paramLabel(t: Translate, param: Pick<AddonParam, 'name'>): string {
  const key = PARAM_LABELS[param.name];
  return key === undefined ? param.name : t(key);
}

export function paramPlaceholder(t: Translate, addonName: string, param: AddonParam): string {
  const text = PLACEHOLDERS[`${addonName}.${param.name}`];
  return text === undefined ? param.parameters[0].placeholder : t(text.key, text.values);
}

export function optionLabel(t: Translate, option: { key: string; value: string }): string {
  const key = OPTION_LABELS[option.key];
  return key === undefined ? option.value : t(key);
}
