import {
  Box, Checkbox, Group, LoadingOverlay, Paper, Table, Text,
} from '@mantine/core';
import {
  actionFailureMessage, type CustomAction, fromEndLabel, type MessageCode, readsApiEndpoint, type RowValues, rowsFoundText, totalItemText,
} from '@rakit/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useContext, useState } from 'react';
import { CurrentAppContext } from '../../current-app/app-context';
import { notifyFailure } from '../../components/notify';
import { pageOnlyQuery, useTableContent } from '../data-source/content';
import { LoadFailure } from '../data-source/LoadFailure';
import { RowsAsOf } from '../data-source/RowsAsOf';
import { useRowActionsOf } from '../data-source/RowActions';
import { TableTitleRow, TableTools } from './TableToolbar';
import { useStableHandler } from '../../components/memo-props';
import { rowKeysOf, TableRows } from './TableRows';
import type { WidgetLiveProps } from '../types';
import { exportTable } from './export';
import { useTableQuery } from './table-query';
import classes from './Table.module.css';
import { PageControls } from './PageControls';
import { SortHeader } from './SortHeader';
import { type PagerMoves, TablePager } from './TablePager';
import { Announcement } from '../../components/Announcement';
import { useT } from '../../i18n/LanguageProvider';
import { useValueFormats } from '../shared/use-value-formats';

/** How long a load runs before the table is covered by its loading overlay. */
const OVERLAY_AFTER_MS = 300;

/**
 * The width below which the table scrolls sideways in its card instead of squeezing its cells:
 * room for each column, the row checkbox and the action buttons. A two-column table fits a
 * phone; a wide one scrolls.
 */
const COLUMN_MIN_WIDTH = 120;
const tableMinWidth = (columns: number, withBulk: boolean, withActions: boolean): number =>
  columns * COLUMN_MIN_WIDTH + (withBulk ? 36 : 0) + (withActions ? 110 : 0);

/** The server's code for a search sent to an API endpoint that takes none. */
const API_CANNOT_SEARCH: MessageCode = 'apiCannotSearch';
const NO_COLUMNS: readonly number[] = [];

/**
 * The data table (spec 3 "Data table", §4): title, Export To Excel, search, filters, bulk
 * actions and the total; rows with a checkbox column and an Action column; the pager. In the
 * editor it shows 3 sample rows and runs nothing.
 *
 * A table reading an API endpoint (issue 40) shows the API's rows in its order: no sort by a
 * header, no filters, a search only where the endpoint takes one, no row edit or delete (its
 * rows have no key here), and pages asked by number (the server keeps the API's cursors); when
 * the API does not say how many rows it has, its last page cannot be reached.
 */
export function TableLive({ component, mode }: WidgetLiveProps<'table'>) {
  const current = useContext(CurrentAppContext);
  const t = useT();
  const { formatCell } = useValueFormats();
  const { query, setQuery, settled } = useTableQuery(component);
  const fromApi = readsApiEndpoint(component);
  // Whether the API takes a search: its answers say so; until one has, the panel's Search.
  const [apiSearch, setApiSearch] = useState(true);
  const loaded = fromApi ? pageOnlyQuery(settled, apiSearch) : settled;
  const {
    content, failure, failureCode, functionFailed, timedOut, loading, live, pageId, reload, counting, asOf,
  } = useTableContent(component, mode, loaded, true, true);
  const searchable = content.fromApi?.searchable ?? (failureCode === API_CANNOT_SEARCH ? false : apiSearch);
  // A cursor-paged API reaches a page from the one before: no jumps, no Last, whatever its total says.
  const sequential = content.fromApi?.sequential === true;
  if (fromApi && searchable !== apiSearch) setApiSearch(searchable);
  const primaryKey = content.primaryKey;
  const actions = useRowActionsOf({ component, primaryKey, columns: content.columns, pageId, reload: () => void reload(), readOnly: fromApi });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [selectionOf, setSelectionOf] = useState(settled);
  const [exporting, setExporting] = useState(false);
  // The overlay only for a load that takes a while: shown and blurred on every click it cost the
  // page its paint and the answer its handling (issue 32, bench/table-clicks.ts).
  const [loadingAWhile] = useDebouncedValue(loading, OVERLAY_AFTER_MS);
  const slowLoad = loading && loadingAWhile;
  const tableName = component.title === '' ? t('datawidgets.table.dataTable') : component.title;

  // Another page, search or filter: the selection was of rows no longer shown.
  if (selectionOf !== settled && JSON.stringify(selectionOf) !== JSON.stringify(settled)) {
    setSelectionOf(settled);
    setSelected(new Set());
  }

  const rows = content.filteredResult;
  const keys = rowKeysOf(rows, primaryKey);
  const { edit: editAction, remove: deleteAction, others, bulk } = actions;
  // An API's rows are shown as text, never rendered: what an API answers is not the author's markdown.
  const markdownColumns = fromApi ? NO_COLUMNS : component.markdownColumns;
  const withBulk = component.bulkAction;
  const withActions = editAction !== undefined || deleteAction !== undefined || others.length > 0;
  const chosenRows = rows.filter((_, i) => selected.has(keys[i] as string));
  const filtersShown = live ? content.possibleFilters.length > 0 : component.filters.length > 0;
  const searchShown = component.search && (!fromApi || searchable);

  const clearSelection = () => setSelected(new Set());
  // Stable, so that the rows render again only when what they show changes.
  const toggleRow = useStableHandler((key: string) => setSelected((previous) => {
    const next = new Set(previous);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  }));
  const chooseForRow = useStableHandler((action: CustomAction, row: RowValues) => actions.choose(action, [row]));

  // The page shown: the server's number once the rows of the query are in (Last, or a Prev
  // that reached the start, may correct it); the asked one while they load.
  const shown = !loading && JSON.stringify(query) === JSON.stringify(settled);
  const shownPage = shown ? content.page : query.page;
  const fromEnd = content.countCapped && shownPage > 1 ? query.fromEnd : undefined;
  // Next, Prev and Last by key with the cursors of the page shown; by number while it loads.
  const cursors = shown ? content.cursors : undefined;
  const { cursor: _cursor, fromEnd: _fromEnd, ...unplaced } = query;
  const byNumber = (page: number) => setQuery({ ...unplaced, page });
  const moves: PagerMoves = fromApi ? {
    onPage: byNumber,
    onNext: () => byNumber(shownPage + 1),
    onPrev: () => byNumber(Math.max(1, shownPage - 1)),
    onLast: () => byNumber(Math.max(1, content.pageCount)),
  } : {
    onPage: byNumber,
    onNext: () => (cursors === undefined
      ? setQuery({ ...unplaced, page: shownPage + 1 })
      : setQuery({
        ...unplaced, page: shownPage + 1, cursor: { direction: 'after', ...cursors.last }, ...(fromEnd !== undefined && fromEnd > 1 ? { fromEnd: fromEnd - 1 } : {}),
      })),
    onPrev: () => (cursors === undefined || (shownPage <= 2 && fromEnd === undefined)
      ? setQuery({ ...unplaced, page: Math.max(1, shownPage - 1) })
      : setQuery({
        ...unplaced, page: Math.max(1, shownPage - 1), cursor: { direction: 'before', ...cursors.first }, ...(fromEnd === undefined ? {} : { fromEnd: fromEnd + 1 }),
      })),
    onLast: () => setQuery({ ...unplaced, page: Math.max(1, content.pageCount), cursor: { direction: 'last' }, ...(content.countCapped ? { fromEnd: 1 } : {}) }),
  };

  async function exportRows() {
    if (current === null || pageId === null) return;
    setExporting(true);
    try {
      await exportTable(current.api, {
        pageId, componentId: component.id, filename: component.title === '' ? 'export' : component.title,
        filter: { search: loaded.search, filterColumn: loaded.filterColumn },
      });
    } catch (error) {
      console.error(error);
      notifyFailure(actionFailureMessage(error instanceof Error ? error.message : String(error)));
    } finally {
      setExporting(false);
    }
  }

  const onBulk = useStableHandler((action: CustomAction) => actions.choose(action, chosenRows, clearSelection));
  const onSearch = useStableHandler((search: string) => setQuery({ ...unplaced, search, page: 1 }));
  const onFilters = useStableHandler((filterColumn: typeof query.filterColumn) => setQuery({ ...unplaced, filterColumn, page: 1 }));
  const onExport = useStableHandler(() => void exportRows());
  const onSort = useStableHandler((sort: typeof query.sort) => setQuery({ ...unplaced, page: 1, sort }));
  const onLimit = useStableHandler((limit: number) => setQuery({ ...unplaced, limit, page: 1 }));
  const stableMoves: PagerMoves = {
    onPage: useStableHandler(moves.onPage), onNext: useStableHandler(moves.onNext), onPrev: useStableHandler(moves.onPrev), onLast: useStableHandler(moves.onLast),
  };

  const allChecked = rows.length > 0 && keys.every((k) => selected.has(k));
  // Said once per change (the text is the same across other renders, so the DOM is left alone).
  const fromEndPage = fromEnd === undefined ? undefined : fromEndLabel(fromEnd);
  const found = rowsFoundText({
    loading: slowLoad, shown: rows.length, count: content.count, capped: content.countCapped, counting,
    page: fromEndPage === undefined ? String(shownPage) : t(fromEndPage.key, fromEndPage.values),
  });
  const rowsFound = t(found.key, found.values);
  return (
    <Paper withBorder radius="md" p="md" data-testid="data-table" data-component={component.id}>
      <TableTitleRow title={component.title} toExcel={component.toExcel} live={live} exporting={exporting} onExport={onExport} />
      <RowsAsOf asOf={asOf} />
      <LoadFailure failure={failure} toMembers={functionFailed || timedOut} timedOut={timedOut} />
      <Group justify="space-between" mb="sm" gap="sm">
        <TableTools
          searchShown={searchShown} search={query.search} searchWholeWords={content.searchWholeWords === true} onSearch={onSearch}
          filtersShown={filtersShown} possibleFilters={content.possibleFilters} filters={query.filterColumn} onFilters={onFilters}
          withBulk={withBulk} bulk={bulk} chosenCount={chosenRows.length} running={actions.running} onBulk={onBulk}
        />
        {live ? <Announcement message={rowsFound} /> : null}
        <Text size="sm" c="dimmed" data-testid="total-item">{t('datawidgets.table.totalItem', { total: counting ? t('tableCounting') : totalItemText(content.count, content.countCapped) })}</Text>
      </Group>
      <Box pos="relative">
        {/* Mounted only while shown (it has no fade): a hidden one still rendered its overlay and transition on every render. */}
        {slowLoad || actions.running ? <LoadingOverlay visible loaderProps={{ size: 'sm' }} transitionProps={{ duration: 0 }} /> : null}
        {/* Scrolled sideways on a phone: by keys too, so it takes the focus (a table may hold nothing else that does). */}
        <Table.ScrollContainer
          type="native" minWidth={tableMinWidth(content.columns.length, withBulk, withActions)}
          tabIndex={0} role="group" aria-label={tableName} className={classes.scroller}
        >
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={tableName}>
            <Table.Thead>
              <Table.Tr>
                {withBulk ? (
                  <Table.Th w={36}>
                    <Checkbox
                      aria-label={t('datawidgets.table.selectAll')}
                      checked={allChecked}
                      indeterminate={!allChecked && keys.some((k) => selected.has(k))}
                      onChange={() => setSelected(allChecked ? new Set() : new Set(keys))}
                    />
                  </Table.Th>
                ) : null}
                {content.columns.map((c) => (live && !fromApi
                  ? (
                    <SortHeader
                      key={c.field} label={c.label} field={c.field} sort={query.sort}
                      indexed={content.sortIndexed === undefined || content.sortIndexed.includes(c.field)}
                      onSort={onSort}
                    />
                  )
                  : <Table.Th key={c.field}>{c.label}</Table.Th>))}
                {withActions ? <Table.Th ta="right" className={classes.actionCell}>{t('datawidgets.table.action')}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <TableRows
                rows={rows} keys={keys} columns={content.columns} primaryKey={primaryKey} markdownColumns={markdownColumns} formatCell={formatCell}
                withBulk={withBulk} selected={selected} onToggle={toggleRow}
                withActions={withActions} edit={editAction} remove={deleteAction} others={others} running={actions.running} onChoose={chooseForRow}
                loading={loading && rows.length === 0}
              />
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <Group mt="sm" justify="space-between" gap="xs">
        <PageControls
          limit={query.limit ?? content.limit}
          onLimit={onLimit}
          pageCount={live && !content.countCapped && content.countPending !== true && !sequential ? content.pageCount : null}
          onPage={stableMoves.onPage}
        />
        <TablePager
          page={shownPage} pageCount={sequential ? Math.min(content.pageCount, shownPage + 1) : content.pageCount} countCapped={content.countCapped || sequential}
          rows={content.filteredResult.length} limit={content.limit} lastByKey={content.cursors !== undefined} fromEnd={fromEnd}
          lastUnreachable={!fromApi ? false : sequential ? 'sequential' : content.countCapped ? 'unknown' : false} {...stableMoves}
        />
      </Group>
      {actions.dialogs}
    </Paper>
  );
}
