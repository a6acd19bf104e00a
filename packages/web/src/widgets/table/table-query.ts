import {
  type Component, readsApiEndpoint, TABLE_PAGE_SIZE, TABLE_PAGE_SIZES, TABLE_RELOAD_DELAY_MS, TableSortSchema, tableStateVariable,
} from '@rakit/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useContext, useEffect, useState } from 'react';
import { CurrentAppContext } from '../../current-app/app-context';
import { type ContentQuery, FIRST_PAGE, pageOnlyQuery } from '../data-source/content';
import { usePageFormStore } from '../../page-state/form-state';
import { readGlobalValues, setGlobalVariable } from '../../page-state/global-variables';

/** A stored table state, if it looks like one. */
function restored(value: unknown): ContentQuery | null {
  if (typeof value !== 'object' || value === null) return null;
  const { page, search, filterColumn, limit, sort } = value as Record<string, unknown>;
  const sorted = TableSortSchema.safeParse(sort);
  return {
    page: typeof page === 'number' && page >= 1 ? Math.trunc(page) : 1,
    search: typeof search === 'string' ? search : '',
    filterColumn: typeof filterColumn === 'object' && filterColumn !== null && !Array.isArray(filterColumn) ? (filterColumn as ContentQuery['filterColumn']) : {},
    // The page size chosen under the table, one of those it offers.
    ...((TABLE_PAGE_SIZES as readonly unknown[]).includes(limit) && limit !== TABLE_PAGE_SIZE ? { limit: limit as number } : {}),
    ...(sorted.success ? { sort: sorted.data } : {}),
  };
}

export interface TableQueryState {
  /** What the controls show now. */
  query: ContentQuery;
  setQuery: (next: ContentQuery) => void;
  /** What the rows are loaded for: the query once it has not changed for 800 ms. */
  settled: ContentQuery;
}

/**
 * A table's search, filters and page (spec 3 §4): changes settle after 800 ms, then the rows
 * reload and the state is kept as the permanent global variable `table:{pageId}:{componentId}`,
 * from which the table starts again when it mounts. A table reading an API endpoint (issue 40)
 * starts again from its page, page size and search only: a sort or filters kept from when it
 * read a database are not the API's to apply.
 */
export function useTableQuery(component: Component & { apiEndpointId?: number }): TableQueryState {
  const current = useContext(CurrentAppContext);
  const pageId = usePageFormStore()?.getState().pageId ?? null;
  const slug = current?.app.appSlug;
  const name = pageId === null ? null : tableStateVariable(pageId, component.id);
  const [query, setQuery] = useState<ContentQuery>(() => {
    const kept = (slug === undefined || name === null ? null : restored(readGlobalValues(slug)[name])) ?? FIRST_PAGE;
    return readsApiEndpoint(component) ? pageOnlyQuery(kept) : kept;
  });
  const [settledText] = useDebouncedValue(JSON.stringify(query), TABLE_RELOAD_DELAY_MS);
  const settled = JSON.parse(settledText) as ContentQuery;

  useEffect(() => {
    if (slug === undefined || name === null) return;
    const stored = readGlobalValues(slug)[name];
    if (JSON.stringify(stored) !== settledText) setGlobalVariable(slug, name, JSON.parse(settledText) as unknown, 'permanent');
  }, [slug, name, settledText]);

  return { query, setQuery, settled };
}
