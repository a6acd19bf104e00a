import { type LoadTableContentBody, TABLE_COUNT_CAP, type TableContent, tablePageCount } from '@rakit/core';
import { contentPlan } from './content-plan';
import { countStatement, distinctStatement, pageStatement } from './content-query';
import type { FastifyInstance } from 'fastify';
import type { WidgetContext } from './data-widget';
import { countRows, distinctValues, run, widgetRead } from './run';
import { hasTransform, transformed, withComputedColumns } from './transform';

/**
 * loadContent, with the page's rows passed through the widget's function (functionId) before
 * they reach the browser: its computed columns are added to the widget's. A failing function
 * answers an error (the author's to administrators), never a half-transformed table.
 */
export async function loadTransformedContent(app: FastifyInstance, context: WidgetContext, body: LoadTableContentBody): Promise<TableContent> {
  const content = await loadContent(context, body);
  const { functionId } = context.widget as { functionId?: number };
  if (!hasTransform({ functionId })) return content;
  const rows = await transformed(app, { caller: context.caller, appId: context.appId, functionId: functionId as number, values: body.params }, content.filteredResult);
  return { ...content, columns: withComputedColumns(content.columns, content.filteredResult, rows), filteredResult: rows };
}

/**
 * One page of a data widget's rows with the total the search and filters keep and the values
 * of its select filters: the page's query, its count and the filters' values run side by
 * side on the pool. The count is bounded at TABLE_COUNT_CAP (countCapped when there are more).
 */
export async function loadContent(context: WidgetContext, body: LoadTableContentBody): Promise<TableContent> {
  const plan = await contentPlan(context);
  const page = pageStatement(plan, body, body.page, body.limit);
  const cap = TABLE_COUNT_CAP;
  const count = countStatement(plan, body, cap);
  // When one of them fails (its time limit), the others are cancelled too: nobody will read them.
  const failed = new AbortController();
  const signal = context.signal === undefined ? failed.signal : AbortSignal.any([context.signal, failed.signal]);
  const [rows, total, values] = await Promise.all([
    run(context.source, page, widgetRead(signal, body.limit)),
    countRows(context.source, count, signal),
    Promise.all(plan.filters.map((f) => (f.interval ? [] : distinctValues(context.source, distinctStatement(plan, f.field), signal)))),
  ]).catch((error: unknown) => {
    failed.abort(error);
    throw error;
  });
  const countCapped = total > cap;
  const shown = Math.min(total, cap);
  return {
    count: shown,
    countCapped,
    pageCount: tablePageCount(shown, body.limit),
    page: body.page,
    limit: body.limit,
    columns: plan.columns,
    primaryKey: plan.primaryKey,
    possibleFilters: plan.filters.map((f, i) => ({ field: f.field, column: f.column, type: f.type, options: values[i] ?? [] })),
    filteredResult: page.reversed ? rows.rows.reverse() : rows.rows,
  };
}
