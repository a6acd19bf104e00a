import { auditAppIs } from '../audit/context';
import {
  columnsIn, type ExcelFromTableBody, type Language, Messages, splitOptions, type TableFilterInput, XLSX_MAX_ROWS,
} from '@rakit/core';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../auth/principal';
import { dataSourceOf } from '../connections/data-source-of';
import type { DataSource, DataSourceType } from '../datasources/types';
import { badRequest, forbidden, local, notFound } from '../errors/http-errors';
import { findDbConfig } from '../store/repositories/db-configs';
import { type ContentPlan, contentPlan } from './content-plan';
import { findDataWidget, type WidgetContext } from './data-widget';
import { EXPORT_CHUNK_ROWS, queryPlan } from './export-rows';
import { exportPlan } from './search-planner';
import { hasTransform, type TransformOf } from './transform';

/** What an export reads and writes: the rows' source and plan, the sheet's columns and headers. */
export interface ExportSource {
  source: DataSource;
  plan: ContentPlan;
  columns: { fields: string[]; headers: string[] };
  /** The widget's function its rows pass through (a widget's export only). */
  transform?: TransformOf;
}

const listOf = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value.map((v) => v.trim()).filter((v) => v !== '') : splitOptions(value);

/** The sheet's columns: the plan's, headed as the reader's catalog labels them (the author's translations). */
function headersOf(plan: ContentPlan, widget: WidgetContext['widget'], language: Language) {
  const columns = columnsIn(plan.columns, widget as Parameters<typeof columnsIn>[1], language);
  return { fields: columns.map((c) => c.field), headers: columns.map((c) => c.label) };
}

/**
 * A widget's export: members only of a table whose panel turned Export Table To Excel on
 * (administrators of the application may export any data widget they can open).
 */
export async function exportableWidget(
  app: FastifyInstance, caller: Principal, ref: { pageId: number; componentId: string }, search: string, language: Language,
): Promise<ExportSource & { context: WidgetContext }> {
  const context = await findDataWidget(app, caller, ref);
  if (!caller.isAppAdmin(context.appId) && (context.widget.type !== 'table' || (context.widget as { toExcel?: boolean }).toExcel !== true)) {
    throw forbidden(Messages.forbidden);
  }
  // Read as the planner reads a count: every row the search keeps.
  const plan = await exportPlan(context.source, await contentPlan(context), search, EXPORT_CHUNK_ROWS, XLSX_MAX_ROWS);
  const { functionId } = context.widget as { functionId?: number };
  const transform = hasTransform({ functionId }) ? { caller, appId: context.appId, functionId: functionId as number } : undefined;
  return { context, source: context.source, plan, columns: headersOf(plan, context.widget, language), ...(transform === undefined ? {} : { transform }) };
}

/**
 * What POST /print/blob/excelFromTable exports: the widget pageId + componentId name (read like
 * its table load), else the spec's query + dbId, for the connection's administrators only.
 */
export async function exportSourceOf(
  app: FastifyInstance, caller: Principal, body: ExcelFromTableBody, input: TableFilterInput, language: Language,
): Promise<ExportSource> {
  if (body.pageId !== undefined && body.componentId !== undefined) {
    return exportableWidget(app, caller, { pageId: body.pageId, componentId: body.componentId }, input.search, language);
  }
  if (body.query === undefined || body.dbId === undefined) throw badRequest(local('exportTableRequired'));
  const db = await findDbConfig(app.store, body.dbId);
  if (db === undefined) throw notFound(Messages.databaseNotFound);
  if (!caller.isAppAdmin(db.dbAppId)) throw forbidden(Messages.onlySavedQueries);
  auditAppIs(caller.audit, db.dbAppId);
  const source = await dataSourceOf(app, db);
  const fields = listOf(body.columns);
  const columns = { fields, headers: listOf(body.columnAlias) };
  return { source, plan: queryPlan(source, db.dbType as DataSourceType, body.query, caller.userId, columns, input), columns };
}
