import { setTimeout } from 'node:timers/promises';
import { type LoadTableContentBody, TABLE_COUNT_CAP, type TableContent, type TableCount, tablePageCount } from '@rakit/core';
import { builtOnce, type ContentPlan, contentPlan } from './content-plan';
import {
  countStatement, distinctStatement, keysetOrder, type PageStatement, pageStatement, rowCursor, type Statement,
} from './content-query';
import { type KeyOrderReads, keyOrderReads, rememberRare, rowsNeeded } from './frequent-terms';
import { searchesWholeWords } from './search-condition';
import { plannedBy, planSearch, type SearchChoice } from './search-planner';
import type { PageWidget, WidgetContext } from './data-widget';
import type { DataSource, QueryResult } from '../datasources/types';
import { cacheOf, countRows, distinctValues, forgetCount, run, type StatementCache, widgetRead } from './run';
import { hasTransform, transformed, withComputedColumns } from './transform';
import type { Services } from '../services';

/**
 * The content with the page's rows passed through the widget's function (functionId) before
 * they reach the browser: its computed columns are added to the widget's. A failing function
 * answers an error (the author's to administrators), never a half-transformed table.
 */
export async function withTransform(services: Services, found: PageWidget, body: LoadTableContentBody, content: TableContent): Promise<TableContent> {
  const { functionId } = found.widget;
  if (!hasTransform({ functionId })) return content;
  const rows = await transformed(services, { caller: found.caller, appId: found.appId, functionId, values: body.params }, content.filteredResult);
  return { ...content, columns: withComputedColumns(content.columns, content.filteredResult, rows), filteredResult: rows };
}

/**
 * How long a count a rows-first load started waits for its own call (countTableContent) to
 * join it before it is cancelled: the browser asks as soon as the rows arrive.
 */
export const COUNT_PICKUP_MS = 5_000;
/** How long rows already read wait for their count before they leave without it. */
export const COUNT_GRACE_MS = 5;

/** The statements of one load, the planner's choice for its search, and what keys them. */
interface LoadStatements { plan: ContentPlan; page: PageStatement; count: Statement; choice: SearchChoice | undefined; request: string }

async function loadStatements(context: WidgetContext, body: LoadTableContentBody): Promise<LoadStatements> {
  const plan = await contentPlan(context);
  const choice = await planSearch(context.source, plan, body.search, rowsNeeded(body, body.page, body.limit), TABLE_COUNT_CAP);
  if (choice !== undefined) context.log?.debug({ search: body.search, choice }, 'search plan');
  // The same request planned otherwise (the words' numbers changed) is built again.
  const request = choice === undefined ? JSON.stringify(body) : `${JSON.stringify(body)}\u0000${choice.drivers.join(' ')}\u0000${choice.pageByScan}\u0000${choice.countByScan}`;
  const { page, count } = builtOnce(plan, request, () => {
    if (choice === undefined) return { page: pageStatement(plan, body, body.page, body.limit), count: countStatement(plan, body, TABLE_COUNT_CAP) };
    // The page and the count each the cheaper way.
    return {
      page: pageStatement(plannedBy(plan, choice, choice.pageByScan), body, body.page, body.limit),
      count: countStatement(plannedBy(plan, choice, choice.countByScan), body, TABLE_COUNT_CAP),
    };
  });
  return { plan, page, count, choice, request };
}

/**
 * One page of a data widget's rows with the total the search and filters keep and the values
 * of its select filters: the page's query, its count and the filters' values run side by
 * side on the pool. The count is bounded at TABLE_COUNT_CAP (countCapped when there are more).
 * Paged by key (see pageStatement), the page number and count stay right however rows were
 * added or deleted since the last click: Last is the page the count ends on and keeps the
 * rows it holds (count − (pageCount − 1) × limit), or the last `limit` rows when the count is
 * capped; Prev that reaches the start is page 1, read from the start. With `countLater` the
 * rows never wait for their count: an answer whose count is not known yet says countPending,
 * and countTableContent gives the count (joining the one this load started).
 */
export async function loadContent(context: WidgetContext, body: LoadTableContentBody): Promise<TableContent> {
  const statements = await loadStatements(context, body);
  const { plan, page } = statements;
  // Cancelled when the caller goes away, and when one of them fails (its time limit): nobody
  // will read the others. The caller's own controller, not one more signal listening to his.
  const abort = context.abort ?? new AbortController();
  const signal = abort.signal;
  // Last needs its count for its page number: it is never answered before it.
  const rowsFirst = body.countLater === true && !page.fromEnd;
  const countSignal = rowsFirst ? AbortSignal.timeout(COUNT_PICKUP_MS) : signal;
  const [{ read, total }, values] = await Promise.all([
    readPageAndCount(context.source, body, statements, signal, countSignal),
    Promise.all(plan.filters.map((f) => (f.interval ? [] : distinctValues(context.source, plan, distinctStatement(plan, f.field), signal)))),
  ]).catch((error: unknown) => {
    abort.abort(error);
    throw error;
  });
  let counted: number | undefined;
  if (rowsFirst) {
    // A count that failed is the count call's to report; the rows stand.
    total.catch(() => undefined);
    // A count a few milliseconds behind the rows (a small table) comes with them: no second call.
    counted = await Promise.race([total, setTimeout(COUNT_GRACE_MS, undefined)]).catch(() => undefined);
  } else {
    counted = await total.catch((error: unknown) => {
      abort.abort(error);
      throw error;
    });
  }
  let rows = page.reversed ? [...read.rows].reverse() : read.rows;
  let pageNumber = body.page;
  const known = counted === undefined ? undefined : countOf(counted, body.limit);
  if (page.fromEnd && known !== undefined && !known.countCapped) {
    pageNumber = known.pageCount;
    rows = rows.slice(rows.length - Math.max(0, known.count - (known.pageCount - 1) * body.limit));
  } else if (page.before && (rows.length < body.limit || body.page <= 1)) {
    // Rows were deleted before this page (or it is page 1): the first page, from the start.
    rows = (await run(context.source, pageStatement(plan, { ...body, cursor: undefined, after: undefined, before: undefined }, 1, body.limit), widgetRead(plan, signal, body.limit))).rows;
    pageNumber = 1;
  }
  const keyset = keysetOrder(plan, body.sort);
  const first = rowCursor(keyset, rows[0]);
  const last = rowCursor(keyset, rows[rows.length - 1]);
  return {
    // Not counted yet: the rows seen so far, and the pages known to exist (as a capped count's).
    ...(known ?? { ...countOf((pageNumber - 1) * body.limit + rows.length, body.limit), countCapped: true, countPending: true }),
    page: pageNumber,
    limit: body.limit,
    columns: plan.columns,
    primaryKey: plan.primaryKey,
    possibleFilters: plan.filters.map((f, i) => ({ field: f.field, column: f.column, type: f.type, options: values[i] ?? [] })),
    filteredResult: rows,
    ...(first === undefined || last === undefined ? {} : { cursors: { first, last } }),
    ...(searchesWholeWords(plan) ? { searchWholeWords: true } : {}),
    ...(plan.kind === 'table' ? { sortIndexed: sortIndexed(plan) } : {}),
  };
}

/** The shown columns a sort reads through an index: those leading one, and the order key. */
const sortIndexed = (plan: ContentPlan) =>
  plan.columns.map((c) => c.field).filter((field) => field === plan.orderKey || plan.indexes.sorted.includes(field));

/** A bounded count as the answers give it: at most the cap, countCapped past it, and the pages it makes. */
function countOf(total: number, limit: number): TableCount {
  const count = Math.min(total, TABLE_COUNT_CAP);
  return { count, countCapped: total > TABLE_COUNT_CAP, pageCount: tablePageCount(count, limit) };
}

/**
 * The count a rows-first load left pending (countTableContent): the same statements and plan as
 * the load, so a count it started is joined rather than run twice.
 */
export async function countContent(context: WidgetContext, body: LoadTableContentBody): Promise<TableCount> {
  const statements = await loadStatements(context, body);
  const signal = (context.abort ?? new AbortController()).signal;
  // A term the load read in key order: its count by scan first, as the load started it.
  const keyOrder = await keyOrderReads(context.source, statements.plan, body, body.page, body.limit, TABLE_COUNT_CAP, statements.request, statements.choice);
  return countOf(await countBy(context.source, statements, signal, keyOrder), body.limit);
}

/**
 * The bounded count of a load: for a term the planner reads in key order, by scan first when it
 * expects the scan to pass the cap sooner than the index; else through the index (the planner's
 * drivers) or the table's own order.
 */
function countBy(source: DataSource, statements: LoadStatements, signal: AbortSignal, keyOrder?: KeyOrderReads): Promise<number> {
  const { plan, count } = statements;
  if (keyOrder?.countByScan === true) return countByScanFirst(source, plan, keyOrder.count, count, TABLE_COUNT_CAP, signal);
  return countRows(source, plan, count, TABLE_COUNT_CAP, signal);
}

/**
 * The page's rows and its bounded count, side by side (a short first page is its own count).
 * A search the planner finds frequent is first read in key order (frequent-terms.ts): a full
 * page there is counted as the planner chose; a short one leaves both to the index, and the
 * term's next pages go there at once. The count comes as a promise the caller may not wait for.
 */
async function readPageAndCount(
  source: DataSource, body: LoadTableContentBody, statements: LoadStatements, signal: AbortSignal, countSignal: AbortSignal,
): Promise<{ read: QueryResult; total: Promise<number> }> {
  const { plan, page, count, choice, request } = statements;
  const cap = TABLE_COUNT_CAP;
  const keyOrder = await keyOrderReads(source, plan, body, body.page, body.limit, cap, request, choice);
  if (keyOrder !== undefined) {
    const probe = await run(source, keyOrder.page, widgetRead(plan, signal, body.limit));
    if (probe.rows.length === body.limit) return { read: probe, total: countBy(source, statements, countSignal, keyOrder) };
    rememberRare(source, keyOrder);
  }
  const shortPages = cacheOf(shortFirstPages, source);
  if (page.fromStart && shortPages.get(page, Date.now()) === true) {
    // Short the last time: the page alone, and the count only if it has filled up since.
    const read = await run(source, page, widgetRead(plan, signal, body.limit));
    if (read.rows.length < body.limit) return { read, total: Promise.resolve(read.rows.length) };
    shortPages.delete(page);
    // Rows came since: a count kept from then is out of date too.
    forgetCount(source, count);
    return { read, total: countRows(source, plan, count, cap, countSignal) };
  }
  const reading = run(source, page, widgetRead(plan, signal, body.limit));
  const counting = countRows(source, plan, count, cap, countSignal);
  // The count's failure is the caller's to read when it does not wait for the count; else the
  // first failure of either is thrown at once (the caller then cancels the other).
  counting.catch(() => undefined);
  const read = countSignal === signal ? await Promise.race([reading, counting.then(() => reading)]) : await reading;
  // A short first page holds every row there is: the count is not waited for (a rare
  // search's count through its index takes longer than its page); it ends on its own.
  if (page.fromStart && read.rows.length < body.limit) {
    shortPages.set(page, true, Date.now() + SHORT_PAGE_TTL_MS);
    return { read, total: Promise.resolve(read.rows.length) };
  }
  return { read, total: counting };
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
