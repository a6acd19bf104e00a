import {
  type CustomAction, CUSTOM_TABLE, type DeleteRowBody, type EditRowBody, Messages, type MoveCardBody, NONE_PRIMARY_KEY, type RowKey,
  widgetColumns,
} from '@rakit/core';
import { isAuditRecording } from '../audit/record';
import { valueForColumn } from '../datasources/column-values';
import { dialectFor } from '../datasources/dialects';
import { cachedTable } from '../datasources/schema-cache';
import type { ColumnInfo, TableInfo } from '../datasources/types';
import type { ParamValue } from '../engine/bind';
import { badRequest, HttpError, local, notFound, quoted } from '../errors/http-errors';
import { StaleRevision } from '../store/revisions';
import { contentPlan } from './content-plan';
import type { Statement } from './content-query';
import type { WidgetContext } from './data-widget';
import { forgetCounts, run } from './run';
import { forgetWordSamples } from './search-planner';

/** The table a widget writes to, with the column its rows are keyed by: its table, or its custom query's main table. */
interface WriteTarget {
  table: TableInfo;
  key: ColumnInfo;
}

async function writeTarget(context: WidgetContext): Promise<WriteTarget> {
  const { widget } = context;
  const name = (widget.table_used === CUSTOM_TABLE ? widget.customSource.table : widget.table_used).trim();
  if (name === '') throw badRequest(Messages.tableNotConfigured);
  const table = await cachedTable(context.source, name);
  if (table === undefined) throw badRequest(local('tableNotInDatabase', { table: quoted(name) }));
  const keyName = widget.primaryKey.trim();
  if (keyName === '' || keyName === NONE_PRIMARY_KEY) throw badRequest(Messages.primaryKeyRequired);
  const key = table.columns.find((c) => c.COLUMN_NAME === keyName);
  if (key === undefined) throw badRequest(local('columnNotInTable', { column: quoted(keyName), table: quoted(name) }));
  return { table, key };
}

/**
 * The key as the key column compares it (see columnValue): a text key never reaches rows
 * through MariaDB's `'abc' = 0`, nor a numeric one through `id = '4abc'`.
 */
function keyValue(target: WriteTarget, sent: RowKey): ParamValue {
  const value = valueForColumn(target.key, sent);
  if (value === undefined) throw new HttpError(400, Messages.rowKeyInvalid, [target.key.COLUMN_NAME]);
  return value;
}

/** The widget's action of that name and kind; 404 when it has none. */
function widgetAction(context: WidgetContext, name: string, kind: CustomAction['action']): CustomAction {
  const action = context.widget.custom_action.find((a) => a.name === name && a.action === kind);
  if (action === undefined) throw notFound(Messages.actionNotFound);
  return action;
}

/** A member's write of one row, as the audit log records it: the row before, and the values set. */
export interface RowWrite {
  affectedRows: number;
  table: string;
  key: ParamValue;
  /** The written columns as they were (every column for a delete). */
  before: Record<string, unknown>;
  /** The values set (none for a delete). */
  after?: Record<string, ParamValue>;
}

/** A row write's statements come again and again: the connection keeps them prepared. */
const KEEP_PREPARED = { keepPrepared: true } as const;

/**
 * What a row write does: set some columns (only if those named in `expected` still hold the
 * values the writer read, issue 38), or delete the row.
 */
type RowChange = { values: Record<string, ParamValue>; expected?: Record<string, ParamValue> | undefined } | { values?: undefined; expected?: undefined };

/**
 * Whether a value read now is the one a writer read before: both as a row load answers them
 * (JSON: a date as its ISO text), so what the browser was given compares equal to itself.
 */
const sameAsRead = (now: unknown, read: ParamValue): boolean => {
  try {
    return JSON.stringify(now ?? null) === JSON.stringify(read);
  } catch {
    return false;
  }
};

/**
 * The row's columns of `expected` as they are now, locked for the write, or undefined when they
 * still hold what the writer read. Another device's write meanwhile is never overwritten silently.
 */
async function changedMeanwhile(
  context: WidgetContext, tx: Parameters<typeof run>[0], target: WriteTarget, key: ParamValue, expected: Record<string, ParamValue>,
): Promise<Record<string, unknown> | undefined> {
  const { source } = context;
  const names = Object.keys(expected);
  const lock = dialectFor(context.dbType).rowWrites.lockForUpdate;
  const now = await run(tx, {
    sql: `SELECT ${names.map((c) => source.quote(c)).join(', ')} FROM ${source.quote(target.table.table_name)} WHERE ${source.quote(target.key.COLUMN_NAME)} = ?${lock}`,
    params: [key],
  });
  const row = now.rows[0];
  if (row === undefined) throw notFound(Messages.rowNotFound);
  if (names.every((name) => sameAsRead(row[name], expected[name] ?? null))) return undefined;
  // As a row load answers it: the browser shows what the row holds now beside what was typed.
  return JSON.parse(JSON.stringify(Object.fromEntries(names.map((name) => [name, row[name] ?? null])))) as Record<string, unknown>;
}

/** A row write's statements: the write, and the read of the old values when the write cannot answer them itself. */
interface WriteStatements {
  /** Reads the old values before the write, in its transaction; none when the write answers them, or nothing is recorded. */
  read?: Statement;
  write: Statement;
  /** Whether the write answers the old values of the rows it changed (RETURNING): one row per changed row. */
  returnsOld: boolean;
}

/**
 * The statements of a write of the rows the key names. When the audit log records, the old values
 * come with the write where the engine can say them in the same statement, without a read
 * before it: a DELETE's RETURNING on PostgreSQL and SQLite; on PostgreSQL an UPDATE from its
 * row locked by a common table expression, whose RETURNING names that row's old values. Otherwise
 * (an UPDATE on SQLite, where the read is in-process; MySQL and MariaDB, whose UPDATE cannot
 * answer rows) they are read first, the row locked.
 */
function writeStatements(context: WidgetContext, target: WriteTarget, key: ParamValue, change: RowChange): WriteStatements {
  const { source, dbType } = context;
  const table = source.quote(target.table.table_name);
  const keyColumn = source.quote(target.key.COLUMN_NAME);
  const audited = isAuditRecording();
  const engine = dialectFor(dbType).rowWrites;
  const lock = engine.lockForUpdate;
  if (change.values === undefined) {
    const answering = audited ? engine.deleteAnsweringOld(table, keyColumn) : undefined;
    if (answering !== undefined) return { write: { sql: answering, params: [key] }, returnsOld: true };
    return {
      ...(audited ? { read: { sql: `SELECT * FROM ${table} WHERE ${keyColumn} = ?${lock}`, params: [key] } } : {}),
      write: { sql: `DELETE FROM ${table} WHERE ${keyColumn} = ?`, params: [key] },
      returnsOld: false,
    };
  }
  const { values } = change;
  const names = Object.keys(values);
  const columns = names.map((c) => source.quote(c));
  const params = names.map((c) => values[c] ?? null);
  const set = columns.map((c) => `${c} = ?`).join(', ');
  const answering = audited ? engine.updateAnsweringOld(table, keyColumn, columns, set) : undefined;
  if (answering !== undefined) return { write: { sql: answering, params: [key, ...params] }, returnsOld: true };
  return {
    ...(audited ? { read: { sql: `SELECT ${columns.join(', ')} FROM ${table} WHERE ${keyColumn} = ?${lock}`, params: [key] } } : {}),
    write: { sql: `UPDATE ${table} SET ${set} WHERE ${keyColumn} = ?`, params: [...params, key] },
    returnsOld: false,
  };
}

/**
 * Runs a write of the row the key names, in a transaction that keeps it only when it changed
 * exactly one row: 404 when none, 409 (rolled back) when several, as a key column without a
 * unique index allows. For a custom query's widget the row must also be one of the query's
 * rows: a member may not reach rows his query leaves out. The audit log's old values of the
 * written columns (all of them for a delete) are read with the write (see writeStatements).
 */
async function writeOneRow(
  context: WidgetContext, target: WriteTarget, key: ParamValue, change: RowChange,
): Promise<{ affectedRows: number; before: Record<string, unknown> }> {
  const { source } = context;
  const plan = context.widget.table_used === CUSTOM_TABLE ? await contentPlan(context) : undefined;
  const { read, write, returnsOld } = writeStatements(context, target, key, change);
  try {
    return await source.transaction(async (tx) => {
      if (plan !== undefined) {
        const visible = await run(tx, {
          sql: `SELECT COUNT(*) AS n FROM ${plan.from} WHERE ${source.quote(target.key.COLUMN_NAME)} = ?`, params: [...plan.fromParams, key],
        });
        if (Number(visible.rows[0]?.n ?? 0) === 0) throw notFound(Messages.rowNotFound);
      }
      if (change.expected !== undefined && Object.keys(change.expected).length > 0) {
        const now = await changedMeanwhile(context, tx, target, key, change.expected);
        if (now !== undefined) throw new StaleRevision(async () => now);
      }
      const old = read === undefined ? undefined : await run(tx, read, KEEP_PREPARED);
      const written = await run(tx, write, KEEP_PREPARED);
      const affectedRows = returnsOld ? written.rows.length : written.affectedRows;
      if (affectedRows === 0) throw notFound(Messages.rowNotFound);
      if (affectedRows > 1) throw new HttpError(409, Messages.rowKeyNotUnique);
      return { affectedRows, before: (returnsOld ? written.rows[0] : old?.rows[0]) ?? {} };
    });
  } finally {
    forgetCounts(source);
    forgetWordSamples(source);
  }
}

/** Sets columns of the one row the key names. */
async function updateRow(
  context: WidgetContext, target: WriteTarget, sentKey: RowKey, values: Record<string, ParamValue>, expected?: Record<string, ParamValue>,
): Promise<RowWrite> {
  const key = keyValue(target, sentKey);
  const written = await writeOneRow(context, target, key, { values, expected });
  return { ...written, table: target.table.table_name, key, after: values };
}

/** The names listed in an EDIT action's editFields. */
function editFieldNames(action: CustomAction): string[] {
  // Read entry by entry: a malformed one is left out, the others still bound what may be edited.
  const fields = action.raw?.editFields;
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
export async function editRow(context: WidgetContext, body: EditRowBody): Promise<RowWrite> {
  const action = widgetAction(context, body.actionName, 'EDIT');
  const target = await writeTarget(context);
  const listed = editFieldNames(action);
  const allowed = new Set(listed.length > 0 ? listed : widgetColumns(context.widget.options, context.widget.mapping_table).map((c) => c.field));
  const tableColumns = new Set(target.table.columns.map((c) => c.COLUMN_NAME));
  for (const column of Object.keys(body.values)) {
    if (!allowed.has(column) || !tableColumns.has(column) || column === target.key.COLUMN_NAME) {
      throw new HttpError(400, Messages.columnNotEditable, [column]);
    }
  }
  return updateRow(context, target, body.key, body.values, body.expected);
}

/** Row delete: DELETE of the one row by primary key, through a DELETE action of the widget. */
export async function deleteRow(context: WidgetContext, body: DeleteRowBody): Promise<RowWrite> {
  widgetAction(context, body.actionName, 'DELETE');
  const target = await writeTarget(context);
  const key = keyValue(target, body.key);
  const written = await writeOneRow(context, target, key, {});
  return { ...written, table: target.table.table_name, key };
}

/**
 * A kanban card dropped on a lane: its compared column (fieldMap.compared) set to the lane's
 * group value, by primary key. The value must be one of the kanban's groups.
 */
export async function moveCard(context: WidgetContext, body: MoveCardBody): Promise<RowWrite> {
  const compared = (context.widget.fieldMap?.compared ?? '').trim();
  if (compared === '') throw badRequest(Messages.tableNotConfigured);
  const value = String(body.value);
  if (!(context.widget.groups ?? []).some((g) => g.value === value)) throw badRequest(Messages.kanbanLaneUnknown);
  const target = await writeTarget(context);
  if (!target.table.columns.some((c) => c.COLUMN_NAME === compared)) throw badRequest(local('columnNotInTable', { column: quoted(compared), table: quoted(target.table.table_name) }));
  if (compared === target.key.COLUMN_NAME) throw new HttpError(400, Messages.columnNotEditable, [compared]);
  return updateRow(context, target, body.key, { [compared]: value }, body.expected === undefined ? undefined : { [compared]: body.expected });
}
