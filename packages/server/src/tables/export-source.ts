import { auditAppIs } from '../audit/context';
import {
  type ExcelFromTableBody, type Language, Messages, splitOptions, type TableFilterInput, XLSX_MAX_ROWS,
} from '@rakit/core';
import type { Principal } from '../auth/principal';
import { dataSourceOf } from '../connections/data-source-of';
import type { DataSource, DataSourceType } from '../datasources/types';
import { badRequest, forbidden, local, notFound } from '../errors/http-errors';
import { findDbConfig } from '../store/repositories/db-configs';
import { type ContentPlan, contentPlan } from './content-plan';
import { apiExport, readsApi } from './api-content';
import { type ExportSource, headersOf } from './export-shape';
import { findPageWidget, withConnection } from './data-widget';
import { countStatement } from './content-query';
import { countRows } from './run';
import { EXPORT_CHUNK_ROWS, exportChunks, queryPlan } from './export-rows';
import { exportPlan } from './search-planner';
import { hasTransform } from './transform';
import type { Services } from '../services';

/** An export read from a connection by a plan. */
function sqlExport(source: DataSource, plan: ContentPlan, columns: ExportSource['columns']): ExportSource {
  return {
    columns,
    rows: (input, maxRows, signal) => exportChunks(source, plan, input, maxRows, signal),
    count: (input, cap, signal) => countRows(source, plan, countStatement(plan, input, cap), cap, signal),
  };
}

const listOf = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value.map((v) => v.trim()).filter((v) => v !== '') : splitOptions(value);

/**
 * A widget's export: members only of a table whose panel turned Export Table To Excel on
 * (administrators of the application may export any data widget they can open). A widget
 * reading an API endpoint exports through the API's pages (issue 40).
 */
export async function exportableWidget(
  services: Services, caller: Principal, ref: { pageId: number; componentId: string }, search: string, language: Language,
): Promise<ExportSource> {
  const found = await findPageWidget(services, caller, ref);
  if (!caller.isAppAdmin(found.appId) && (found.widget.type !== 'table' || found.widget.toExcel !== true)) {
    throw forbidden(Messages.forbidden);
  }
  const { functionId } = found.widget;
  const transform = hasTransform({ functionId }) ? { transform: { caller, appId: found.appId, functionId } } : {};
  if (readsApi(found)) return { ...await apiExport(services, found, language), ...transform };
  const context = await withConnection(services, found);
  // Read as the planner reads a count: every row the search keeps.
  const plan = await exportPlan(context.source, await contentPlan(context), search, EXPORT_CHUNK_ROWS, XLSX_MAX_ROWS);
  return { ...sqlExport(context.source, plan, headersOf(plan.columns, context.widget, language)), ...transform };
}

/**
 * What POST /print/blob/excelFromTable exports: the widget pageId + componentId name (read like
 * its table load), else the spec's query + dbId, for the connection's administrators only.
 */
export { type ExportSource } from './export-shape';

export async function exportSourceOf(
  services: Services, caller: Principal, body: ExcelFromTableBody, input: TableFilterInput, language: Language,
): Promise<ExportSource> {
  if (body.pageId !== undefined && body.componentId !== undefined) {
    return exportableWidget(services, caller, { pageId: body.pageId, componentId: body.componentId }, input.search, language);
  }
  if (body.query === undefined || body.dbId === undefined) throw badRequest(local('exportTableRequired'));
  const db = await findDbConfig(services.store, body.dbId);
  if (db === undefined) throw notFound(Messages.databaseNotFound);
  if (!caller.isAppAdmin(db.dbAppId)) throw forbidden(Messages.onlySavedQueries);
  auditAppIs(caller.audit, db.dbAppId);
  const source = await dataSourceOf(services, db);
  const fields = listOf(body.columns);
  const columns = { fields, headers: listOf(body.columnAlias) };
  return sqlExport(source, queryPlan(source, db.dbType as DataSourceType, body.query, caller.userId, columns, input), columns);
}
