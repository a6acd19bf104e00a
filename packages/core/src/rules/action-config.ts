import type { MessageCode } from '../i18n/catalog';
import {
  actionReferences, GlobalConfigSchema, RedirectConfigSchema, RequestConfigSchema, TriggerConfigSchema,
} from '../schemas/action-config';
import { type StoredQuery } from '../schemas/actions';
import { PrintConfigSchema } from '../schemas/print';
import { type ActionType, type CustomAction } from '../widgets/common';
import { type Component, widgetCan } from '../widgets/registry';
import { walkComponents } from './component-tree';

/**
 * The Action Management dialog's rules (spec 2 §2, §4): default names, the types that need a
 * database, the delete-by-primary-key query, a blank configuration per type and what must be
 * filled in before an action is saved.
 */

/** Types whose name becomes the type's own name when chosen (spec 2 §4). */
export const DEFAULT_NAMED_ACTIONS: readonly ActionType[] = ['EDIT', 'PRINT', 'REDIRECT', 'BACK', 'GLOBAL', 'REQUEST', 'DELETE'];

/** Types that run against one of the application's databases: the dialog asks for it. */
export const ACTIONS_WITH_DATABASE: readonly ActionType[] = ['CUSTOM', 'QUERY', 'DELETE'];

export const needsDatabase = (type: ActionType): boolean => ACTIONS_WITH_DATABASE.includes(type);

/**
 * The name after the author picks `type`: the type's own name for the default-named types;
 * otherwise what was typed, unless that was only another type's default name.
 */
export function nameAfterTypeChange(currentName: string, type: ActionType): string {
  if (DEFAULT_NAMED_ACTIONS.includes(type)) return type;
  return (DEFAULT_NAMED_ACTIONS as readonly string[]).includes(currentName) ? '' : currentName;
}

/** Trigger parameter names are stored without whitespace (spec 2 §5). */
export const stripParamName = (name: string): string => name.replace(/\s+/g, '');

/** An identifier quoted the way the connection's engine reads it (MySQL/MariaDB backticks, else double quotes). */
export function quoteIdentifier(name: string, dbType: string): string {
  return dbType === 'mysql' ? `\`${name.replaceAll('`', '``')}\`` : `"${name.replaceAll('"', '""')}"`;
}

/**
 * DELETE's query (spec 2 §4): delete the row whose primary key is the one parameter. The
 * parameter's source is the key column's name: a data widget runs it with the row's values
 * keyed by column, so the server binds the row's key.
 */
export function deleteByKeyQuery(database: number, table: string, primaryKey: string, dbType: string): StoredQuery {
  return {
    database,
    query: `DELETE FROM ${quoteIdentifier(table, dbType)} WHERE ${quoteIdentifier(primaryKey, dbType)} = ?`,
    params: [{ source: primaryKey, custom: '' }],
  };
}

/** What a data widget knows when it opens the dialog: the DELETE query is filled in from it. */
export interface ActionDataContext {
  database: number;
  dbType: string;
  table: string;
  primaryKey: string;
}

/** The connection an action runs on, or null (raw.database for CUSTOM, stored.database else). */
export function actionDatabase(action: Pick<CustomAction, 'action' | 'raw' | 'stored'>): number | null {
  const reference = actionReferences(action).find((one) => one.names === 'connection');
  const value = reference === undefined ? undefined : action[reference.part]?.[reference.key];
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The action set to run on `database`, keeping the rest of its configuration. */
export function withActionDatabase(action: CustomAction, database: number | null): CustomAction {
  if (action.action === 'CUSTOM') return { ...action, raw: { ...action.raw, database } };
  if (action.action === 'QUERY' || action.action === 'DELETE') return { ...action, stored: { ...action.stored, database: database ?? undefined } };
  return action;
}

/** The empty configuration of a type: what its section starts from. */
function blankConfig(type: ActionType, database: number | null, context: ActionDataContext | undefined): Pick<CustomAction, 'raw' | 'stored' | 'print'> {
  switch (type) {
    case 'CUSTOM': return { raw: { database, type: 'INSERT', table: '', setValues: [], conditions: [] } };
    case 'QUERY': return { stored: { database: database ?? undefined, query: '', params: [] } };
    case 'DELETE': return context === undefined || context.primaryKey === '' || context.table === ''
      ? { stored: { database: database ?? undefined, query: '', params: [] } }
      : { stored: { ...deleteByKeyQuery(context.database, context.table, context.primaryKey, context.dbType), table: context.table } };
    case 'TRIGGER': return { raw: TriggerConfigSchema.parse({}) };
    case 'REDIRECT': return { raw: RedirectConfigSchema.parse({}) };
    case 'GLOBAL': return { raw: GlobalConfigSchema.parse({}) };
    case 'REQUEST': return { raw: { configuration: RequestConfigSchema.parse({}) } };
    case 'EDIT': return { raw: { editFields: [] } };
    case 'PRINT': return { print: PrintConfigSchema.parse({}) };
    default: return {};
  }
}

/**
 * The action after the author picks `type` in the dialog: the default name rule, the cause and
 * the database kept, the type's blank configuration (DELETE's query filled in from `context`).
 */
export function actionOfType(previous: CustomAction, type: ActionType, context?: ActionDataContext): CustomAction {
  const database = needsDatabase(type) ? actionDatabase(previous) ?? context?.database ?? null : null;
  const { raw: _raw, stored: _stored, print: _print, ...kept } = previous;
  return { ...kept, action: type, name: nameAfterTypeChange(previous.name, type), ...blankConfig(type, database, context) };
}

/** A new action of the first offered type. */
export const newAction = (type: ActionType, context?: ActionDataContext): CustomAction =>
  actionOfType({ name: '', action: type, cause: '', show: true }, type, context);

const rowsOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null) : [];
const blank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

/** The first thing missing from the type's own section (its message's code), or null. */
function sectionIssue(action: CustomAction): MessageCode | null {
  const raw = (action.raw ?? {}) as Record<string, unknown>;
  switch (action.action) {
    case 'CUSTOM': {
      const setValues = rowsOf(raw.setValues);
      const conditions = rowsOf(raw.conditions);
      if (blank(raw.table)) return 'actionTableRequired';
      if (setValues.length === 0) return 'actionValuesRequired';
      if ([...setValues, ...conditions].some((row) => blank(row.column))) return 'actionColumnRequired';
      return raw.type === 'UPDATE' && conditions.length === 0 ? 'actionConditionRequired' : null;
    }
    case 'QUERY':
      return blank(action.stored?.query) ? 'actionQueryRequired' : null;
    case 'DELETE':
      return blank(action.stored?.query) ? 'actionPrimaryKeyRequired' : null;
    case 'REDIRECT':
      return blank(raw.pageSlug) ? 'actionRedirectRequired' : null;
    case 'GLOBAL':
      return rowsOf(raw.params).some((row) => blank(row.name)) ? 'actionKeyRequired' : null;
    case 'TRIGGER':
      return rowsOf(raw.params).some((row) => blank(row.name)) ? 'actionParamNameRequired' : null;
    case 'REQUEST':
      return blank((raw.configuration as { url?: unknown } | undefined)?.url) ? 'actionUrlRequired' : null;
    case 'EDIT':
      return rowsOf(raw.editFields).some((row) => blank(row.name)) ? 'actionColumnRequired' : null;
    case 'PRINT':
      return blank((action.print as { document?: unknown } | undefined)?.document) ? 'actionTemplateRequired' : null;
    default:
      return null;
  }
}

/** Where the dialog shows a refusal: on the Name or Database field, or under the type's section. */
export type ActionConfigField = 'name' | 'database' | 'section';

/**
 * Why the dialog cannot save the action yet: the code of its message (naming the field in words,
 * in the reader's catalog) and where to show it; or null. `otherNames` are the names of the component's other actions: names identify
 * actions for causes and runAction.
 */
export function actionConfigProblem(action: CustomAction, otherNames: readonly string[]): { field: ActionConfigField; code: MessageCode } | null {
  const name = action.name.trim();
  if (name === '') return { field: 'name', code: 'actionNameRequired' };
  if (otherNames.includes(name)) return { field: 'name', code: 'actionNameTaken' };
  if (needsDatabase(action.action) && actionDatabase(action) === null) return { field: 'database', code: 'actionDatabaseRequired' };
  const issue = sectionIssue(action);
  return issue === null ? null : { field: 'section', code: issue };
}

/** The message code of actionConfigProblem alone. */
export function actionConfigIssue(action: CustomAction, otherNames: readonly string[]): MessageCode | null {
  return actionConfigProblem(action, otherNames)?.code ?? null;
}

/**
 * The components of a page whose value an action can take (the form widgets), cards' children
 * included, in page order: what the value source pickers list by title.
 */
export function valueComponentsOf(list: readonly Component[]): Component[] {
  return [...walkComponents(list)].filter((component) => widgetCan(component.type, 'holdsValue'));
}

/**
 * The list with the action at `index` replaced (or `next` added when index is -1). When the
 * edit renamed the action, the actions that ran after it follow the new name.
 */
export function replaceAction(actions: readonly CustomAction[], index: number, next: CustomAction): CustomAction[] {
  if (index < 0 || index >= actions.length) return [...actions, next];
  const oldName = (actions[index] as CustomAction).name;
  return actions.map((action, i) => {
    if (i === index) return next;
    return oldName !== '' && oldName !== next.name && action.cause === oldName ? { ...action, cause: next.name } : action;
  });
}
