import { type LoadTableContentBody, TABLE_COUNT_CAP, type TableContent, tablePageCount } from '@rakit/core';
import { builtOnce, type ContentPlan, contentPlan } from './content-plan';
import {
  countStatement, distinctStatement, keysetOrder, type PageStatement, pageStatement, rowCursor, type Statement,
} from './content-query';
import { keyOrderReads, rememberRare } from './frequent-terms';
import { searchesWholeWords } from './search-condition';
import type { FastifyInstance } from 'fastify';
import type { WidgetContext } from './data-widget';
import type { DataSource, QueryResult } from '../datasources/types';
import { cacheOf, countRows, distinctValues, forgetCount, run, type StatementCache, widgetRead } from './run';
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
 * Paged by key (see pageStatement), the page number and count stay right however rows were
 * added or deleted since the last click: Last is the page the count ends on and keeps the
 * rows it holds (count − (pageCount − 1) × limit), or the last `limit` rows when the count is
 * capped; Prev that reaches the start is page 1, read from the start.
 */
export async function loadContent(context: WidgetContext, body: LoadTableContentBody): Promise<TableContent> {
  const plan = await contentPlan(context);
  const cap = TABLE_COUNT_CAP;
  const request = JSON.stringify(body);
  const { page, count } = builtOnce(plan, request, () => ({ page: pageStatement(plan, body, body.page, body.limit), count: countStatement(plan, body, cap) }));
  // Cancelled when the caller goes away, and when one of them fails (its time limit): nobody
  // will read the others. The caller's own controller, not one more signal listening to his.
  const statements = context.abort ?? new AbortController();
  const signal = statements.signal;
  const [[read, total], values] = await Promise.all([
    readPageAndCount(context.source, plan, body, { page, count, cap, request }, signal),
    Promise.all(plan.filters.map((f) => (f.interval ? [] : distinctValues(context.source, plan, distinctStatement(plan, f.field), signal)))),
  ]).catch((error: unknown) => {
    statements.abort(error);
    throw error;
  });
  const countCapped = total > cap;
  const shown = Math.min(total, cap);
  const pageCount = tablePageCount(shown, body.limit);
  let rows = page.reversed ? [...read.rows].reverse() : read.rows;
  let pageNumber = body.page;
  if (page.fromEnd && !countCapped) {
    pageNumber = pageCount;
    rows = rows.slice(rows.length - Math.max(0, shown - (pageCount - 1) * body.limit));
  } else if (page.before && (rows.length < body.limit || body.page <= 1)) {
    // Rows were deleted before this page (or it is page 1): the first page, from the start.
    rows = (await run(context.source, pageStatement(plan, { ...body, cursor: undefined, after: undefined, before: undefined }, 1, body.limit), widgetRead(plan, signal, body.limit))).rows;
    pageNumber = 1;
  }
  const keyset = keysetOrder(plan, body.sort);
  const first = rowCursor(keyset, rows[0]);
  const last = rowCursor(keyset, rows[rows.length - 1]);
  return {
    count: shown,
    countCapped,
    pageCount,
    page: pageNumber,
    limit: body.limit,
    columns: plan.columns,
    primaryKey: plan.primaryKey,
    possibleFilters: plan.filters.map((f, i) => ({ field: f.field, column: f.column, type: f.type, options: values[i] ?? [] })),
    filteredResult: rows,
    ...(first === undefined || last === undefined ? {} : { cursors: { first, last } }),
    ...(searchesWholeWords(plan) ? { searchWholeWords: true } : {}),
  };
}

/**
 * The page's rows and its bounded count, side by side (a short first page is its own count).
 * A search a FULLTEXT index serves is
 * first tried in key order (frequent-terms.ts): a full page there is a term on many rows,
 * whose count is then taken by scan first; a short one leaves both to the index, and the
 * term's next pages go there at once.
 */
async function readPageAndCount(
  source: DataSource, plan: ContentPlan, body: LoadTableContentBody, reads: { page: PageStatement; count: Statement; cap: number; request: string }, signal: AbortSignal,
): Promise<readonly [QueryResult, number]> {
  const { page, count, cap, request } = reads;
  const keyOrder = await keyOrderReads(source, plan, body, body.page, body.limit, cap, request);
  if (keyOrder !== undefined) {
    const probe = await run(source, keyOrder.page, widgetRead(plan, signal, body.limit));
    if (probe.rows.length === body.limit) return [probe, await countByScanFirst(source, plan, keyOrder.count, count, cap, signal)];
    rememberRare(source, keyOrder);
  }
  const shortPages = cacheOf(shortFirstPages, source);
  if (page.fromStart && shortPages.get(page, Date.now()) === true) {
    // Short the last time: the page alone, and the count only if it has filled up since.
    const read = await run(source, page, widgetRead(plan, signal, body.limit));
    if (read.rows.length < body.limit) return [read, read.rows.length];
    shortPages.delete(page);
    // Rows came since: a count kept from then is out of date too.
    forgetCount(source, count);
    return [read, await countRows(source, plan, count, cap, signal)];
  }
  const reading = run(source, page, widgetRead(plan, signal, body.limit));
  const counting = countRows(source, plan, count, cap, signal);
  const both = Promise.all([reading, counting]);
  // The rows, or the first failure of either (the other is then cancelled by the caller).
  const read = await Promise.race([reading, both.then(([rows]) => rows)]);
  // A short first page holds every row there is: the count is not waited for (a rare
  // search's count through its index takes longer than its page); it ends on its own.
  if (page.fromStart && read.rows.length < body.limit) {
    shortPages.set(page, true, Date.now() + SHORT_PAGE_TTL_MS);
    return [read, read.rows.length];
  }
  return both;
}

/**
 * How long a first page that came back short is read alone next time, with no count beside it
 * (a rare search, a small table): its rows are their own count, and a page that has filled up
 * since is counted after it. The count's statement would otherwise run for nothing on every
 * keystroke's answer, taking the database's time from the page (issue 19).
 */
export const SHORT_PAGE_TTL_MS = 60_000;
/** First pages found short, per pool, by their statement. */
const shortFirstPages = new WeakMap<DataSource, StatementCache<true>>();

/**
 * The count of a term on many rows: by scan in key order, stopped after a few rows per row
 * counted, whose answer is trusted past the cap ("more than"); a scan that stopped before
 * that says little, and the index counts instead.
 */
async function countByScanFirst(
  source: DataSource, plan: ContentPlan, byScan: Statement, byIndex: Statement, cap: number, signal: AbortSignal,
): Promise<number> {
  const scanned = await countRows(source, plan, byScan, cap, signal);
  return scanned > cap ? scanned : countRows(source, plan, byIndex, cap, signal);
}
