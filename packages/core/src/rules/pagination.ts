import { ADMIN_PAGER_PAGES } from '../constants';

/** Page count: the total divided by the page size, rounded up (spec 1 §9). */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) return 0;
  return Math.ceil(Math.max(0, total) / pageSize);
}

/**
 * The admin screens' pager: at most `visible` consecutive page numbers, keeping the
 * current page as near the middle as the ends allow.
 */
export function adminPagerWindow(current: number, total: number, visible: number = ADMIN_PAGER_PAGES): number[] {
  if (total <= 0) return [];
  const size = Math.min(visible, total);
  const clamped = Math.min(Math.max(1, current), total);
  let start = clamped - Math.floor(size / 2);
  start = Math.max(1, Math.min(start, total - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}
