import {
  type CustomAction, CUSTOM_TABLE, type DeleteRowBody, type EditRowBody, Messages, type MoveCardBody, NONE_PRIMARY_KEY,
  widgetColumns,
} from '@rakit/core';
import { cachedTables } from '../datasources/schema-cache';
import type { TableInfo } from '../datasources/types';
import type { ParamValue } from '../engine/bind';
import { badRequest, HttpError, notFound } from '../http/errors';
import { contentPlan } from './content-plan';
import type { WidgetContext } from './data-widget';
import { forgetCounts, run } from './run';

/** The table a widget writes to, with its primary key: its table, or its custom query's main table. */
interface WriteTarget {
  table: TableInfo;
  key: string;
  /** The key is the table's whole primary key, so it names at most one row. */
  keyIsUnique: boolean;
}

async function writeTarget(context: WidgetContext): Promise<WriteTarget> {
  const { widget } = context;
  const name = (widget.table_used === CUSTOM_TABLE ? widget.customSource.table : widget.table_used).trim();
  if (name === '') throw badRequest(Messages.tableNotConfigured);
  const table = (await cachedTables(context.source)).find((t) => t.table_name === name);
  if (table === undefined) throw badRequest(`Table '${name}' does not exist in this database`);
  const key = widget.primaryKey.trim();
  if (key === '' || key === NONE_PRIMARY_KEY) throw badRequest(Messages.primaryKeyRequired);
  if (!table.columns.some((c) => c.COLUMN_NAME === key)) throw badRequest(`Column '${key}' does not exist in table '${name}'`);
  const primary = table.columns.filter((c) => c.COLUMN_KEY === 'PRI');
  return { table, key, keyIsUnique: primary.length === 1 && primary[0]?.COLUMN_NAME === key };
}

const NUMERIC_TYPE = /^((tiny|small|medium|big)?int(eger|[248])?|decimal|numeric|real|float[48]?|double|(small|big)?serial|year)\b/i;

/**
 * The key as the key column takes it. A numeric column's key must be a number: MySQL would
 * read '1abc' (or "1' OR '1'='1") as 1 and reach row 1.
 */
function keyOf(target: WriteTarget, key: ParamValue): ParamValue {
  const type = target.table.columns.find((c) => c.COLUMN_NAME === target.key)?.DATA_TYPE ?? '';
  if (!NUMERIC_TYPE.test(type) || typeof key === 'number') return key;
  if (typeof key === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(key)) return key.trim();
  throw notFound(Messages.rowNotFound);
}

/** The widget's action of that name and kind; 404 when it has none. */
function widgetAction(context: WidgetContext, name: string, kind: CustomAction['action']): CustomAction {
  const action = context.widget.custom_action.find((a) => a.name === name && a.action === kind);
  if (action === undefined) throw notFound(Messages.actionNotFound);
  return action;
}

/**
 * The row the key names must be one the widget shows: for a custom query, one of the
 * query's rows (a member may not reach rows his query leaves out); and exactly one row of
 * the table when the key is not the table's own primary key.
 */
async function assertOneVisibleRow(context: WidgetContext, target: WriteTarget, key: ParamValue): Promise<void> {
  const { source } = context;
  const column = source.quote(target.key);
  if (context.widget.table_used === CUSTOM_TABLE) {
    const plan = await contentPlan(context);
    const visible = await run(source, { sql: `SELECT COUNT(*) AS n FROM ${plan.from} WHERE ${column} = ?`, params: [...plan.fromParams, key] });
    if (Number(visible.rows[0]?.n ?? 0) === 0) throw notFound(Messages.rowNotFound);
  }
  if (!target.keyIsUnique) {
    const found = await run(source, { sql: `SELECT COUNT(*) AS n FROM ${source.quote(target.table.table_name)} WHERE ${column} = ?`, params: [key] });
    const n = Number(found.rows[0]?.n ?? 0);
    if (n === 0) throw notFound(Messages.rowNotFound);
    if (n > 1) throw new HttpError(409, Messages.rowKeyNotUnique);
  }
}

/** Sets columns of the one row; 404 when no row has the key. */
async function updateRow(context: WidgetContext, target: WriteTarget, sentKey: ParamValue, values: Record<string, ParamValue>): Promise<number> {
  const { source } = context;
  const key = keyOf(target, sentKey);
  await assertOneVisibleRow(context, target, key);
  const columns = Object.keys(values);
  const result = await run(source, {
    sql: `UPDATE ${source.quote(target.table.table_name)} SET ${columns.map((c) => `${source.quote(c)} = ?`).join(', ')} WHERE ${source.quote(target.key)} = ?`,
    params: [...columns.map((c) => values[c] ?? null), key],
  });
  forgetCounts(source);
  if (result.affectedRows === 0) throw notFound(Messages.rowNotFound);
  return result.affectedRows;
}

/** The names listed in an EDIT action's editFields. */
function editFieldNames(action: CustomAction): string[] {
  const fields = (action.raw as { editFields?: unknown } | undefined)?.editFields;
  if (!Array.isArray(fields)) return [];
  return fields
    .map((f: unknown) => (typeof f === 'object' && f !== null ? (f as { name?: unknown }).name : undefined))
    .filter((name): name is string => typeof name === 'string' && name.trim() !== '')
    .map((name) => name.trim());
}

/**
 * Row edit (spec 3 §4): UPDATE of the sent (changed) columns only, by primary key, through
 * an EDIT action of the widget. The columns an edit may set are the action's editFields, or
 * the widget's shown columns when it lists none; never the primary key.
 */
export async function editRow(context: WidgetContext, body: EditRowBody): Promise<number> {
  const action = widgetAction(context, body.actionName, 'EDIT');
  const target = await writeTarget(context);
  const listed = editFieldNames(action);
  const allowed = new Set(listed.length > 0 ? listed : widgetColumns(context.widget.options, context.widget.mapping_table).map((c) => c.field));
  const tableColumns = new Set(target.table.columns.map((c) => c.COLUMN_NAME));
  for (const column of Object.keys(body.values)) {
    if (!allowed.has(column) || !tableColumns.has(column) || column === target.key) {
      throw new HttpError(400, Messages.columnNotEditable, [column]);
    }
  }
  return updateRow(context, target, body.key, body.values);
}

/** Row delete: DELETE of the one row by primary key, through a DELETE action of the widget. */
export async function deleteRow(context: WidgetContext, body: DeleteRowBody): Promise<number> {
  widgetAction(context, body.actionName, 'DELETE');
  const target = await writeTarget(context);
  const key = keyOf(target, body.key);
  await assertOneVisibleRow(context, target, key);
  const { source } = context;
  const result = await run(source, {
    sql: `DELETE FROM ${source.quote(target.table.table_name)} WHERE ${source.quote(target.key)} = ?`,
    params: [key],
  });
  forgetCounts(source);
  if (result.affectedRows === 0) throw notFound(Messages.rowNotFound);
  return result.affectedRows;
}

/**
 * A kanban card dropped on a lane: its compared column (fieldMap.compared) set to the lane's
 * group value, by primary key. The value must be one of the kanban's groups.
 */
export async function moveCard(context: WidgetContext, body: MoveCardBody): Promise<number> {
  const compared = (context.widget.fieldMap?.compared ?? '').trim();
  if (compared === '') throw badRequest(Messages.tableNotConfigured);
  const value = String(body.value);
  if (!(context.widget.groups ?? []).some((g) => g.value === value)) throw badRequest(Messages.kanbanLaneUnknown);
  const target = await writeTarget(context);
  if (!target.table.columns.some((c) => c.COLUMN_NAME === compared)) throw badRequest(`Column '${compared}' does not exist in table '${target.table.table_name}'`);
  if (compared === target.key) throw new HttpError(400, Messages.columnNotEditable, [compared]);
  return updateRow(context, target, body.key, { [compared]: value });
}
