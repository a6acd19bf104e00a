import type { LocalText } from '../i18n/catalog';

/**
 * The data table's pager (spec 3 §2 "Data table", §9): every page number below 10 pages; from
 * 10 pages the first page, the last page and a window of 2 pages either side of the current
 * one, with an ellipsis for each gap.
 */

/** Pages from which the pager turns compact. */
export const TABLE_PAGER_COMPACT_FROM = 10;
/** Pages shown either side of the current one in the compact pager. */
export const TABLE_PAGER_WINDOW = 2;

/**
 * A page number, a gap, or a page counted from the end (1: the last page) when the count
 * stopped at its cap and the last page is read by key: its number would take a full count.
 */
export type PagerItem = number | 'ellipsis' | { fromEnd: number };

/** How a page counted from the end is labelled: "Last", "Last − 1", … (shown in the reader's catalog). */
export const fromEndLabel = (fromEnd: number): LocalText => (fromEnd <= 1
  ? { key: 'datawidgets.table.pagerLast' }
  : { key: 'datawidgets.table.pagerFromEnd', values: { back: String(fromEnd - 1) } });

/** The pager's items for `current` of `total` pages (1-based); [] when there are no pages. */
export function tablePagerItems(current: number, total: number): PagerItem[] {
  if (total <= 0) return [];
  const all = Array.from({ length: total }, (_, i) => i + 1);
  if (total < TABLE_PAGER_COMPACT_FROM) return all;
  const page = Math.min(Math.max(1, Math.trunc(current)), total);
  return withGaps(all.filter((n) => n === 1 || n === total || Math.abs(n - page) <= TABLE_PAGER_WINDOW));
}

/** Ascending page numbers with an ellipsis wherever numbers are skipped. */
function withGaps(numbers: readonly number[]): PagerItem[] {
  const items: PagerItem[] = [];
  numbers.forEach((n, i) => {
    const before = numbers[i - 1];
    if (before !== undefined && n - before > 1) items.push('ellipsis');
    items.push(n);
  });
  return items;
}

/** What the table's pager offers for one loaded page. */
export interface TablePagerState {
  items: PagerItem[];
  hasPrev: boolean;
  hasNext: boolean;
  /** Whether the last page is known (and listed); false when the count stopped at its cap. */
  lastKnown: boolean;
}

export interface TablePagerInput {
  page: number;
  /** The pages the count gives: all of them, or at least this many when `countCapped`. */
  pageCount: number;
  /** The count stopped at its cap: there are more rows than it says. */
  countCapped: boolean;
  /** Rows the current page came back with, and the page size asked for. */
  rows: number;
  limit: number;
  /** The rows can be read from the end by key (the answer has cursors): a capped count still offers Last. */
  lastByKey?: boolean;
  /** With a capped count, the page shown was reached from the end: 1 is the last page, 2 the one before… */
  fromEnd?: number | undefined;
}

/**
 * The pager of a loaded page. With an exact count, tablePagerItems and Next up to the last page.
 * With a capped count the last page is not known: the first page and the window around the
 * current one are listed, an ellipsis says there is more, no last page is offered, and Next
 * stays enabled while the pages known are not passed or the current page came back full.
 * When the rows can be read by key, a capped pager still offers Last (the last rows, read
 * from the end); the pages reached from there are counted from the end ("Last − 1").
 */
export function tablePager({ page, pageCount, countCapped, rows, limit, lastByKey = false, fromEnd }: TablePagerInput): TablePagerState {
  const current = Math.max(1, Math.trunc(page));
  if (!countCapped) {
    return { items: tablePagerItems(current, pageCount), hasPrev: current > 1, hasNext: current < pageCount, lastKnown: true };
  }
  const last: PagerItem[] = lastByKey ? [{ fromEnd: 1 }] : [];
  if (fromEnd !== undefined && lastByKey) {
    // Reached from the end: the first page, this page counted from the end, and Last.
    const k = Math.max(1, Math.trunc(fromEnd));
    const tail: PagerItem[] = k === 1 ? [] : k === 2 ? last : ['ellipsis', ...last];
    return { items: [1, 'ellipsis', { fromEnd: k }, ...tail], hasPrev: true, hasNext: k > 1, lastKnown: false };
  }
  const full = limit > 0 && rows >= limit;
  const known = Math.max(pageCount, full ? current + 1 : current);
  const numbers = [1];
  for (let n = Math.max(2, current - TABLE_PAGER_WINDOW); n <= Math.min(known, current + TABLE_PAGER_WINDOW); n++) numbers.push(n);
  return { items: [...withGaps(numbers), 'ellipsis', ...last], hasPrev: current > 1, hasNext: current < pageCount || full, lastKnown: false };
}
