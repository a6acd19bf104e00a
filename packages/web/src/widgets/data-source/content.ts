import { useQuery } from '@tanstack/react-query';
import { useContext, useDeferredValue, useMemo } from 'react';
import { ApiUnreachableError, type TableContent } from '../../api/client';
import { OFFLINE_KEPT } from '../../offline/offline-cache';
import { columnsIn, type ComponentTranslations, type DataSourceValues, EDITOR_SAMPLE_ROWS, type FilterValue, type MessageCode, NO_FUNCTION, type PageCursorRequest, readsApiEndpoint, splitOptions, TABLE_PAGE_SIZE, tableCalls, type TableCount, type TableSort, type WidgetColumn, widgetColumns } from '@rakit/core';
import { CurrentAppContext } from '../../current-app/app-context';
import { useLanguage } from '../../i18n/LanguageProvider';
import { usePageFormStore } from '../../page-state/form-state';
import { readGlobalValues } from '../../page-state/global-variables';
import type { WidgetMode } from '../types';

/**
 * The rows of a data widget (table, chart, kanban, loader) through POST /get/loadTableContent.
 * Only a widget of a saved page in preview mode loads: the browser names the widget, the server
 * reads its saved configuration. Elsewhere (the editor) the widget shows sample rows.
 */

/** What the widget asks for besides its identity. */
export interface ContentQuery {
  page: number;
  search: string;
  filterColumn: Record<string, FilterValue>;
  limit?: number;
  /** The column the rows are sorted by (a header's click), else the table's own order. */
  sort?: TableSort;
  /** Next, Prev and Last by key: the cursor of the page shown (see the table's pager). */
  cursor?: PageCursorRequest;
  /** With a capped count, the page reached from the end (1: Last); the browser's own, never sent. */
  fromEnd?: number;
}

export const FIRST_PAGE: ContentQuery = { page: 1, search: '', filterColumn: {} };

/**
 * What a widget reading an API endpoint asks (issue 40): a page by its number, its filters (the
 * endpoint sends those it maps) and, where the endpoint takes one, a search. Never a sort or a
 * cursor: the rows keep the API's order and the server keeps the API's cursors.
 */
export const pageOnlyQuery = (query: ContentQuery, search = true): ContentQuery => ({
  page: query.page, search: search ? query.search : '', filterColumn: query.filterColumn, ...(query.limit === undefined ? {} : { limit: query.limit }),
});

/** The cached rows of every data widget of one saved page: what a save of the page makes stale. */
export const pageContentKey = (appSlug: string | undefined, pageId: number | null) => ['table-content', appSlug, pageId] as const;

/** What a failed load leaves (spec 3 §4: page count 0, filters and rows emptied). */
export const emptyContent = (columns: WidgetColumn[] = []): TableContent => ({
  count: 0, countCapped: false, pageCount: 0, page: 1, limit: TABLE_PAGE_SIZE, columns, primaryKey: null, possibleFilters: [], filteredResult: [],
});

/** The columns as the panel configured them: labels paired with source columns; a label alone shows too. */
type ColumnsChoice = Pick<DataSourceValues, 'options' | 'mapping_table'>;

export function configuredColumns(component: ColumnsChoice): WidgetColumn[] {
  const mapped = widgetColumns(component.options, component.mapping_table);
  if (mapped.length > 0) return mapped;
  return splitOptions(component.options).map((label) => ({ label, field: label }));
}

/** The editor's sample content: 3 rows of the configured columns. */
export function sampleContent(component: ColumnsChoice): TableContent {
  const columns = configuredColumns(component);
  const rows = Array.from({ length: EDITOR_SAMPLE_ROWS }, (_, i) =>
    Object.fromEntries(columns.map((c) => [c.field, `${c.label} ${i + 1}`])));
  return { ...emptyContent(columns), count: rows.length, pageCount: 1, filteredResult: rows };
}

export interface ContentState {
  content: TableContent;
  /** Why the last load failed (the server's words), or null; the content is then empty. */
  failure: string | null;
  /** The server's code for that failure (the same in every catalog), or null. */
  failureCode: string | null;
  /** Rows are being fetched (the first load or a reload). */
  loading: boolean;
  /** Whether this widget loads real rows (a saved page in preview mode). */
  live: boolean;
  /**
   * The widget's function (its transform) is part of what failed: members are then told so in
   * plain words (the server sends them no author's error), where a plain failed load leaves them
   * the spec's empty widget.
   */
  functionFailed: boolean;
  /**
   * The load ran past its connection's time limit (issue 19): everyone reads the server's
   * Messages.searchTookTooLong, members too (it tells them to narrow the search, nothing of the author's).
   */
  timedOut: boolean;
  pageId: number | null;
  reload: () => Promise<unknown>;
  /** The rows are in and their count is on its way (rows first). */
  counting: boolean;
  /** Offline (issue 38): when the rows shown were read (ms since the epoch), or null when they are current. */
  asOf: number | null;
}

/** One load's answer: the content, or the empty content and why it failed (the server's code too). */
interface Loaded {
  content: TableContent;
  failure: string | null;
  failureCode?: string;
}

/** A refused load: the server's words and its code, the same in every catalog. */
class LoadRefused extends Error {
  constructor(message: string, readonly code: string | undefined) {
    super(message);
  }
}

/**
 * The widget's content for `query`; reloads every timeToRefresh seconds when above 0.
 * Failures are logged and read as empty content (spec 3 §4), their reason kept for the widget
 * to show its application's administrators.
 */
export function useTableContent(
  component: ColumnsChoice & Pick<DataSourceValues, 'timeToRefresh'> & { id: string; functionId?: number; apiEndpointId?: number; translations?: ComponentTranslations },
  mode: WidgetMode, query: ContentQuery, enabled = true, rowsFirst = false,
): ContentState {
  const current = useContext(CurrentAppContext);
  const store = usePageFormStore();
  const pageId = store?.getState().pageId ?? null;
  const live = mode === 'preview' && pageId !== null && current !== null;
  const refreshSeconds = component.timeToRefresh;
  // A widget with a function, or reading an API endpoint, gets the page's values: the
  // application's global variables (the server passes those the function's parameters or the
  // endpoint's {{ }} parameters name).
  const withFunction = component.functionId !== undefined && component.functionId !== NO_FUNCTION;
  const fromApi = readsApiEndpoint(component);
  const params = live && (withFunction || fromApi) && current !== null ? functionValues(readGlobalValues(current.app.appSlug)) : undefined;
  const asked = fromApi ? pageOnlyQuery(query) : query;
  const { fromEnd: _fromEnd, ...sent } = asked;
  const body = { pageId: pageId ?? 0, componentId: component.id, ...sent, ...(params === undefined ? {} : { params }), ...(rowsFirst ? { countLater: true } : {}) };
  const result = useQuery<Loaded>({
    queryKey: [...pageContentKey(current?.app.appSlug, pageId), component.id, asked, params],
    enabled: live && enabled,
    refetchInterval: refreshSeconds > 0 ? refreshSeconds * 1000 : false,
    refetchOnWindowFocus: false,
    placeholderData: (previous) => previous,
    // The rows last read stay on the device for a visit without a network (issue 38).
    ...OFFLINE_KEPT,
    // The signal aborts the request when a newer query (a keystroke, another page) supersedes
    // it or the widget goes away: the server then stops its statements (issue 19).
    queryFn: async ({ signal }): Promise<Loaded> => {
      if (current === null || pageId === null) return { content: emptyContent(), failure: null };
      try {
        const answer = await current.api.call(tableCalls.loadTableContent, { body }, { signal });
        const content = answer.data?.[0];
        if (!answer.status || content === undefined) throw new LoadRefused(answer.error?.join(', ') ?? `HTTP ${answer.httpStatus}`, answer.code);
        return { content, failure: null };
      } catch (error) {
        // Aborted, or the network gone: the rows last read stay (marked "as of"), not an empty table.
        if (signal.aborted || error instanceof ApiUnreachableError) throw error;
        console.error(`The rows of ${component.id} could not be loaded`, error);
        const code = error instanceof LoadRefused ? error.code : undefined;
        return { content: emptyContent(), failure: error instanceof Error ? error.message : String(error), ...(code === undefined ? {} : { failureCode: code }) };
      }
    },
  });
  // Rows first: a count the load did not wait for comes by its own call, the same body.
  const pending = live && result.data?.content.countPending === true;
  const counted = useQuery<TableCount | null>({
    queryKey: [...pageContentKey(current?.app.appSlug, pageId), component.id, 'count', asked, params],
    enabled: pending,
    refetchOnWindowFocus: false,
    ...OFFLINE_KEPT,
    queryFn: async ({ signal }) => {
      if (current === null) return null;
      const answer = await current.api.call(tableCalls.countTableContent, { body }, { signal });
      // Not counted (its time limit): the rows stand, the total stays "at least".
      return answer.status ? answer.data?.[0] ?? null : null;
    },
  });
  // The rows render deferred: a page of rows (cells, checkboxes, row actions) is the heaviest
  // render of a member's page, and an answer's render otherwise blocks a slow phone's main thread
  // for it (issue 42). Until that render has the answer, the table still says it is loading.
  const data = useDeferredValue(result.data);
  const countData = useDeferredValue(counted.data);
  const catchingUp = data !== result.data || countData !== counted.data;
  const loaded = data?.content;
  const count = pending && countData !== undefined && countData !== null ? countData : undefined;
  const content = live
    ? (loaded === undefined ? emptyContent() : count === undefined ? loaded : { ...loaded, ...count, countPending: false })
    : sampleContent(component);
  return {
    content: useLabelledColumns(content, component),
    counting: pending && count === undefined && counted.isFetching,
    failure: live ? data?.failure ?? null : null,
    failureCode: live ? data?.failureCode ?? null : null,
    loading: live && (result.isFetching || catchingUp),
    live,
    functionFailed: live && withFunction && (data?.failure ?? null) !== null,
    timedOut: live && data?.failureCode === TIME_LIMIT_CODE,
    pageId,
    reload: () => result.refetch(),
    asOf: live && loaded !== undefined && (result.fetchStatus === 'paused' || result.isError) ? result.dataUpdatedAt : null,
  };
}

/** The content with its columns labelled as the reader's catalog names them (the author's translations). */
function useLabelledColumns(content: TableContent, component: ColumnsChoice & { translations?: ComponentTranslations }): TableContent {
  const { language } = useLanguage();
  return useMemo(() => {
    const columns = columnsIn(content.columns, component, language);
    return columns === content.columns ? content : { ...content, columns: [...columns] };
  }, [content, component, language]);
}

/** The code of a load stopped by its connection's time limit (issue 19). */
const TIME_LIMIT_CODE: MessageCode = 'searchTookTooLong';

/** The global variables a function may take: plain values under names a parameter can have. */
export function functionValues(globals: Record<string, unknown>): Record<string, string | number | boolean | null> {
  const values: Record<string, string | number | boolean | null> = {};
  for (const [name, value] of Object.entries(globals)) {
    if (!/^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/.test(name)) continue;
    if (value === null || typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && value.length <= 65_535)) values[name] = value;
  }
  return values;
}
