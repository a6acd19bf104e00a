import type { CustomAction, DataSourceValues } from '../widgets/common';
import type { ActionType } from '../widgets/common';
import { CUSTOM_TABLE } from '../widgets/common';
import { reachableActions } from './action-chain';

/**
 * Runtime rules of the data and display widgets (spec 3 §4, §9) that the browser applies to
 * the rows the server answers: row keys, row edits, the action menus, kanban lanes, the
 * loader's mapping and the alert's condition.
 */

/** Whether a data widget's rows come from an endpoint of its application's APIs (issue 40) rather than a connection. */
export const readsApiEndpoint = (widget: Partial<Pick<DataSourceValues, 'apiEndpointId'>>): boolean => (widget.apiEndpointId ?? 0) > 0;

/**
 * Whether a data widget names what to read: an API endpoint, a connection and a table, or a
 * connection and a custom query. One that does not has nothing to load yet (its panel is still
 * to be filled in).
 */
export function sourceConfigured(widget: Pick<DataSourceValues, 'database_used' | 'table_used' | 'customSource'> & Partial<Pick<DataSourceValues, 'apiEndpointId'>>): boolean {
  if (readsApiEndpoint(widget)) return true;
  if (String(widget.database_used).trim() === '' || widget.table_used.trim() === '') return false;
  return widget.table_used !== CUSTOM_TABLE || widget.customSource.query.trim() !== '';
}

/** Delay before a search, filter or page change reloads a table (spec 3 §9). */
export const TABLE_RELOAD_DELAY_MS = 800;
/** Rows of sample data the editor shows (spec 3 §9). */
export const EDITOR_SAMPLE_ROWS = 3;
/** 'Refresh On' of the table, in seconds; 0 loads only once (spec 3 §9). */
export const TABLE_REFRESH_SECONDS = [0, 1, 2, 3, 5, 10, 15, 30] as const;
/** The kanban's and the loader's refresh choices add 20 s. */
export const BOARD_REFRESH_SECONDS = [0, 1, 2, 3, 5, 10, 15, 20, 30] as const;
/** How often a trigger loader looks at its input's value (spec 3 §9). */
export const LOADER_TRIGGER_POLL_MS = 500;
/** How long a loader waits after the page opens before its first load (spec 3 §9). */
export const LOADER_PREVIEW_DELAY_MS = 1000;
/** The loader's trigger when no input triggers it. */
export const NO_LOADER_TRIGGER = 'none';
/** The alert's configuration query is kept as the QUERY action of this name in its custom_action. */
export const ALERT_CONFIG_ACTION = 'config';
/** Banner colours of the alert (spec 3 §9). */
export const ALERT_COLORS = { success: '#38b249', error: '#e6492d' } as const;
/**
 * Kinds of row actions a table's Bulk Action menu offers: each runs on every selected row, except
 * PRINT, which prints the selected rows into one document (its groups one item per row).
 */
export const BULK_ACTION_TYPES: readonly ActionType[] = ['DELETE', 'QUERY', 'CUSTOM', 'TRIGGER', 'PRINT'];

/** The permanent global variable keeping a table's search, filters and page. */
export const tableStateVariable = (pageId: number, componentId: string): string => `table:${pageId}:${componentId}`;

export type RowValues = Readonly<Record<string, unknown>>;
export type RowKey = string | number;

/** A row's identity: its primary key value when the table has one, else its position. */
export function rowKeyOf(row: RowValues, primaryKey: string | null, index: number): RowKey {
  const value = primaryKey === null ? undefined : row[primaryKey];
  return typeof value === 'string' || typeof value === 'number' ? value : `#${index}`;
}

/** The primary key value to send for a row, or null when the row has none. */
export function rowKeyValue(row: RowValues, primaryKey: string | null): RowKey | null {
  if (primaryKey === null) return null;
  const value = row[primaryKey];
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/** The actions a row menu lists: visible top-level ones (child actions run after their parent). */
export const topLevelActions = (actions: readonly CustomAction[]): CustomAction[] =>
  actions.filter((a) => (a.cause ?? '') === '' && a.show !== false && a.name !== '');

/** The ellipsis menu's actions: the top-level ones except EDIT and DELETE, which have their icons. */
export const menuActions = (actions: readonly CustomAction[]): CustomAction[] =>
  topLevelActions(actions).filter((a) => a.action !== 'EDIT' && a.action !== 'DELETE');

export const bulkActions = (actions: readonly CustomAction[]): CustomAction[] =>
  topLevelActions(actions).filter((a) => BULK_ACTION_TYPES.includes(a.action));

/**
 * The list to give the chain runner so that `chosen` runs, followed by the actions it causes:
 * the other top-level actions are left out and `chosen` is made top-level.
 */
export function chainFrom(actions: readonly CustomAction[], chosen: CustomAction): CustomAction[] {
  return actions
    .filter((a) => a === chosen || (a.cause ?? '') !== '')
    .map((a) => (a === chosen ? { ...a, cause: '' } : a));
}

/**
 * Whether choosing `chosen` may print (it is a PRINT, or causes one): the widget then opens the
 * PDF's tab at once, while the click still allows a new tab.
 */
export const runMayPrint = (actions: readonly CustomAction[], chosen: CustomAction): boolean =>
  reachableActions(chainFrom(actions, chosen)).some((a) => a.action === 'PRINT');

/** An edit dialog field: the column and how it is typed. */
export interface RowEditField {
  name: string;
  type: 'text' | 'number' | 'date' | 'dropdown' | 'textarea';
  options: string;
}

/** A stored value as the edit dialog shows it: dates as YYYY-MM-DD, null as ''. */
export function editableText(value: unknown, type: RowEditField['type']): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return type === 'date' && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : text;
}

/**
 * The columns whose value the edit dialog changed, as editRow takes them (spec 3 §4: only the
 * changed columns are saved). A number field sends a number, an emptied field null.
 */
export function changedRowValues(
  original: RowValues, edited: Readonly<Record<string, string>>, fields: readonly RowEditField[],
): Record<string, string | number | null> {
  const changes: Record<string, string | number | null> = {};
  for (const field of fields) {
    const typed = edited[field.name];
    if (typed === undefined || typed === editableText(original[field.name], field.type)) continue;
    if (typed.trim() === '') changes[field.name] = field.type === 'number' || original[field.name] === null ? null : '';
    else if (field.type === 'number' && Number.isFinite(Number(typed))) changes[field.name] = Number(typed);
    else changes[field.name] = typed;
  }
  return changes;
}

/** A kanban lane (spec 3 "Kanban"): a group and the rows whose compared column holds its value. */
export interface KanbanLane<R> {
  name: string;
  value: string;
  cards: R[];
}

const asText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** Rows into the lanes of the groups by their compared column; rows of no group are left out. */
export function kanbanLanes<R extends RowValues>(rows: readonly R[], groups: readonly { name: string; value: string }[], compared: string): KanbanLane<R>[] {
  return groups.map((group) => ({
    name: group.name,
    value: group.value,
    cards: compared === '' ? [] : rows.filter((row) => asText(row[compared]).trim() === group.value.trim()),
  }));
}

/** One pair of the loader's mapping: a source column and the component its value goes to. */
export interface LoaderPair {
  column: string;
  componentId: string;
}

/**
 * The loader's loaderMapping: comma-joined 'sourceColumn:componentId' pairs, e.g.
 * 'name:customerName,city:customerCity'. A pair without a column or a component is dropped.
 */
export function parseLoaderMapping(text: string): LoaderPair[] {
  return text.split(',').flatMap((entry) => {
    const at = entry.indexOf(':');
    if (at < 0) return [];
    const column = entry.slice(0, at).trim();
    const componentId = entry.slice(at + 1).trim();
    return column === '' || componentId === '' ? [] : [{ column, componentId }];
  });
}

export const formatLoaderMapping = (pairs: readonly LoaderPair[]): string =>
  pairs
    .map((p) => ({ column: p.column.replace(/[,:]/g, ' ').trim(), componentId: p.componentId.replace(/[,:]/g, ' ').trim() }))
    .filter((p) => p.column !== '' && p.componentId !== '')
    .map((p) => `${p.column}:${p.componentId}`)
    .join(',');

/** The values a loader writes into the page's form (component id → value), from its first row. */
export function loaderValues(row: RowValues | undefined, pairs: readonly LoaderPair[]): Record<string, string> {
  if (row === undefined) return {};
  return Object.fromEntries(pairs.filter((p) => Object.hasOwn(row, p.column)).map((p) => [p.componentId, asText(row[p.column])]));
}

/**
 * Whether an alert shows at runtime (spec 3 §4): its configuration query's first row's first
 * value is not 0. No row, or an empty first value, hides it.
 */
export function alertShown(rows: readonly unknown[]): boolean {
  const first = rows[0];
  if (typeof first !== 'object' || first === null) return false;
  const value = Object.values(first)[0];
  if (value === null || value === undefined || value === false) return false;
  const text = String(value).trim();
  if (text === '') return false;
  return !(Number.isFinite(Number(text)) && Number(text) === 0);
}
