import {
  type ApiEndpointDraft, type ApiFilterParam, intervalBound, isIntervalFilter, type Language, type LoadTableContentBody, Messages, type NameValue,
  type TableContent, type TableFilterInput, tablePageCount, widgetColumns,
} from '@rakit/core';
import { type ApiSettings, apiSettingsOf, endpointOfRow } from '../apis/api-settings';
import { endpointPage } from '../apis/endpoint-pages';
import { badRequest, notFound } from '../errors/http-errors';
import { cachedApiEndpoint } from '../store/cached-reads';
import { apiEndpointOf, type DataWidget, type PageWidget } from './data-widget';
import { activeValues, chosenValues } from './content-query';
import { type ExportSource, headersOf } from './export-shape';
import type { Services } from '../services';

/*
 * A data widget's rows read from an endpoint of its application's APIs (issue 40): the page the
 * table asks for, in the endpoint's paging scheme, its search sent in the endpoint's search
 * parameter and its filters in the parameters the endpoint maps them to, its {{ }} parameters
 * filled from the page's values and --userId-- with the member's id. The member reaches the
 * endpoint only through the widget of a page he may open (findPageWidget checked that); the rows
 * are the API's, in its order, read only.
 */

/** Whether the widget reads an API endpoint rather than a connection. */
export const readsApi = (found: PageWidget): boolean => apiEndpointOf(found.widget) > 0;

type WidgetEndpoint = { endpoint: ApiEndpointDraft & { endpointId: number; revision: number }; api: ApiSettings };

/**
 * The endpoint and API of each cached read, parsed and its secret opened once: the cache's
 * objects are frozen and replaced on a write, so a read keyed by one is never stale.
 */
const readEndpoints = new WeakMap<object, WidgetEndpoint>();

/** The endpoint a widget names and its API, which must be its page's application's (another's is as good as none). */
export async function endpointOfWidget(services: Services, found: PageWidget<{ apiEndpointId?: unknown }>): Promise<WidgetEndpoint> {
  const stored = await cachedApiEndpoint(services, apiEndpointOf(found.widget));
  if (stored === undefined || stored.source.appId !== found.appId) throw notFound(Messages.apiEndpointNotFound);
  let read = readEndpoints.get(stored);
  if (read === undefined) {
    read = {
      endpoint: { ...endpointOfRow(stored.endpoint), endpointId: stored.endpoint.endpointId, revision: stored.endpoint.revision },
      api: apiSettingsOf(stored.source, services.secretBox),
    };
    readEndpoints.set(stored, read);
  }
  return read;
}

interface OfferedFilter {
  field: string;
  column: string;
  type: string;
  interval: boolean;
  sent: ApiFilterParam;
}

/** The widget's filters the endpoint can send: those on a column it maps to a parameter. */
function offeredFilters(widget: DataWidget, endpoint: ApiEndpointDraft): OfferedFilter[] {
  return (widget.filters ?? []).flatMap((filter) => {
    const field = filter.field.trim();
    const sent = endpoint.filterParams.find((mapped) => mapped.field === field);
    const interval = isIntervalFilter(filter.type);
    if (sent === undefined || (!interval && sent.param === '')) return [];
    return [{ field, column: filter.column, type: filter.type, interval, sent }];
  });
}

/**
 * The active filters as the endpoint's query parameters: a select filter's values in its
 * parameter, an interval's bounds (0 or empty: none) in theirs. A value for a filter the widget
 * does not offer, or a bound the API takes no parameter for, is refused rather than left out: the
 * member would read unfiltered rows as filtered ones.
 */
function filterQuery(offered: readonly OfferedFilter[], input: Pick<TableFilterInput, 'filterColumn' | 'possibleFilters'>): NameValue[] {
  const query: NameValue[] = [];
  for (const [field, active] of activeValues(input)) {
    const filter = offered.find((f) => f.field === field);
    const bounds = [intervalBound(active.min), intervalBound(active.max)] as const;
    const values = chosenValues(active);
    if (filter === undefined) {
      if (values.length > 0 || bounds.some((bound) => bound !== undefined)) throw badRequest(Messages.apiCannotFilter);
      continue;
    }
    if (!filter.interval) {
      query.push(...values.map((value) => ({ name: filter.sent.param, value: String(value) })));
      continue;
    }
    [filter.sent.param, filter.sent.maxParam].forEach((name, i) => {
      const bound = bounds[i];
      if (bound === undefined) return;
      if (name === '') throw badRequest(Messages.apiCannotFilter);
      query.push({ name, value: String(bound) });
    });
  }
  return query;
}

/** The widget's endpoint for a table's query, with the query parameters of its filters. Sorts are refused: an API's rows keep its order. */
async function widgetEndpoint(services: Services, found: PageWidget, input: TableFilterInput) {
  if (input.sort !== undefined) throw badRequest(Messages.apiCannotSort);
  const { endpoint, api } = await endpointOfWidget(services, found);
  const offered = offeredFilters(found.widget, endpoint);
  return { endpoint, api, offered, filters: filterQuery(offered, input) };
}

/** The widget's columns as its panel maps them. */
const shownColumns = (widget: DataWidget) => widgetColumns(String(widget.options ?? ''), String(widget.mapping_table ?? ''));

/**
 * The rows with only the fields the widget uses (its shown columns and a board's field map), as
 * a table's statement selects only those: what else an API answers never reaches the browser.
 * A widget that maps no column shows the endpoint's columns, all of them.
 */
function keptFields(widget: DataWidget, rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const shown = shownColumns(widget).map((column) => column.field);
  if (shown.length === 0) return rows;
  const fieldMap = Object.values(widget.fieldMap ?? {}).map((column) => (column ?? '').trim()).filter((column) => column !== '');
  const fields = [...new Set([...shown, ...fieldMap])];
  return rows.map((row) => Object.fromEntries(fields.filter((field) => Object.hasOwn(row, field)).map((field) => [field, row[field]])));
}

export async function loadApiContent(services: Services, found: PageWidget, body: LoadTableContentBody, signal?: AbortSignal): Promise<TableContent> {
  const { endpoint, api, offered, filters } = await widgetEndpoint(services, found, body);
  const page = await endpointPage({
    api, endpoint, params: body.params ?? {}, userId: found.caller.userId, search: body.search, filters, index: body.page - 1, size: body.limit, signal,
  }, services.config, services.apiCursors);
  const columns = shownColumns(found.widget);
  const seen = (body.page - 1) * body.limit + page.rows.length;
  const count = page.total ?? seen;
  return {
    count,
    countCapped: page.total === null && page.hasNext,
    pageCount: page.total === null ? body.page + (page.hasNext ? 1 : 0) : tablePageCount(page.total, body.limit),
    page: body.page,
    limit: body.limit,
    columns: columns.length > 0 ? columns : page.columns.map((column) => ({ label: column.name, field: column.name })),
    primaryKey: null,
    possibleFilters: offered.map((f) => ({ field: f.field, column: f.column, type: f.type, options: f.interval ? [] : f.sent.choices })),
    filteredResult: keptFields(found.widget, page.rows),
    fromApi: { searchable: endpoint.searchParam !== '', sequential: endpoint.paging.scheme === 'cursor' || endpoint.paging.scheme === 'link' },
  };
}

/** Rows asked of an API per page while exporting (what APIs commonly take at most). */
export const API_EXPORT_PAGE_ROWS = 100;

/**
 * A widget's export through its API's pages: page after page (cursors kept as a table's Next
 * keeps them) until the rows end or the limit is reached. No function's values are sent: an
 * export has no page around it.
 */
export async function apiExport(services: Services, found: PageWidget, language: Language): Promise<ExportSource> {
  const columns = shownColumns(found.widget);
  async function* rows(input: TableFilterInput, maxRows: number, signal?: AbortSignal): AsyncGenerator<Record<string, unknown>[]> {
    const { endpoint, api, filters } = await widgetEndpoint(services, found, input);
    let total = 0;
    for (let index = 0; total < maxRows; index++) {
      const page = await endpointPage({ api, endpoint, params: {}, userId: found.caller.userId, search: input.search, filters, index, size: API_EXPORT_PAGE_ROWS, signal }, services.config, services.apiCursors);
      const kept = keptFields(found.widget, page.rows.slice(0, maxRows - total));
      if (kept.length > 0) yield kept;
      total += kept.length;
      if (!page.hasNext || page.rows.length === 0) return;
    }
  }
  return {
    columns: headersOf(columns, found.widget, language),
    rows,
    async count(input, cap, signal) {
      let counted = 0;
      for await (const chunk of rows(input, cap + 1, signal)) counted += chunk.length;
      return counted;
    },
  };
}
