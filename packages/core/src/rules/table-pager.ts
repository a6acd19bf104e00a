/**
 * The data table's pager (spec 3 §2 "Data table", §9): every page number below 10 pages; from
 * 10 pages the first page, the last page and a window of 2 pages either side of the current
 * one, with an ellipsis for each gap.
 */

/** Pages from which the pager turns compact. */
export const TABLE_PAGER_COMPACT_FROM = 10;
/** Pages shown either side of the current one in the compact pager. */
export const TABLE_PAGER_WINDOW = 2;

export type PagerItem = number | 'ellipsis';

/** The pager's items for `current` of `total` pages (1-based); [] when there are no pages. */
export function tablePagerItems(current: number, total: number): PagerItem[] {
  if (total <= 0) return [];
  const all = Array.from({ length: total }, (_, i) => i + 1);
  if (total < TABLE_PAGER_COMPACT_FROM) return all;
  const page = Math.min(Math.max(1, Math.trunc(current)), total);
  const kept = all.filter((n) => n === 1 || n === total || Math.abs(n - page) <= TABLE_PAGER_WINDOW);
  const items: PagerItem[] = [];
  kept.forEach((n, i) => {
    const before = kept[i - 1];
    if (before !== undefined && n - before > 1) items.push('ellipsis');
    items.push(n);
  });
  return items;
}
