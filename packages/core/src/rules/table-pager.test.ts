import { describe, expect, it } from 'vitest';
import { localise } from '../i18n/translate';
import { fromEndLabel, tablePager, tablePagerItems } from './table-pager';

describe('tablePagerItems', () => {
  it('lists every page below 10 pages', () => {
    expect(tablePagerItems(1, 1)).toEqual([1]);
    expect(tablePagerItems(4, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(tablePagerItems(1, 0)).toEqual([]);
  });

  it('keeps the first, the last and 2 either side from 10 pages', () => {
    expect(tablePagerItems(1, 10)).toEqual([1, 2, 3, 'ellipsis', 10]);
    expect(tablePagerItems(5, 10)).toEqual([1, 'ellipsis', 3, 4, 5, 6, 7, 'ellipsis', 10]);
    expect(tablePagerItems(10, 20)).toEqual([1, 'ellipsis', 8, 9, 10, 11, 12, 'ellipsis', 20]);
    expect(tablePagerItems(20, 20)).toEqual([1, 'ellipsis', 18, 19, 20]);
  });

  it('puts no ellipsis where no page is left out', () => {
    expect(tablePagerItems(4, 12)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis', 12]);
    expect(tablePagerItems(9, 12)).toEqual([1, 'ellipsis', 7, 8, 9, 10, 11, 12]);
  });

  it('clamps a current page out of range', () => {
    expect(tablePagerItems(99, 12)).toEqual([1, 'ellipsis', 10, 11, 12]);
    expect(tablePagerItems(-3, 12)).toEqual([1, 2, 3, 'ellipsis', 12]);
  });
});

describe('tablePager', () => {
  it('follows tablePagerItems when the count is exact', () => {
    expect(tablePager({ page: 1, pageCount: 3, countCapped: false, rows: 20, limit: 20 }))
      .toEqual({ items: [1, 2, 3], hasPrev: false, hasNext: true, lastKnown: true });
    expect(tablePager({ page: 3, pageCount: 3, countCapped: false, rows: 5, limit: 20 }))
      .toEqual({ items: [1, 2, 3], hasPrev: true, hasNext: false, lastKnown: true });
    // a full last page of an exact count: Next stops there all the same
    expect(tablePager({ page: 12, pageCount: 12, countCapped: false, rows: 20, limit: 20 }).hasNext).toBe(false);
  });

  it('offers no last page when the count stopped at its cap', () => {
    // 10,000+ rows, 20 a page: 501 pages known
    const first = tablePager({ page: 1, pageCount: 501, countCapped: true, rows: 20, limit: 20 });
    expect(first).toEqual({ items: [1, 2, 3, 'ellipsis'], hasPrev: false, hasNext: true, lastKnown: false });
    expect(first.items).not.toContain(501);
    expect(tablePager({ page: 250, pageCount: 501, countCapped: true, rows: 20, limit: 20 }).items)
      .toEqual([1, 'ellipsis', 248, 249, 250, 251, 252, 'ellipsis']);
    expect(tablePager({ page: 4, pageCount: 501, countCapped: true, rows: 20, limit: 20 }).items).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis']);
  });

  it('keeps Next past the pages known while the page comes back full, and stops at a short page', () => {
    expect(tablePager({ page: 501, pageCount: 501, countCapped: true, rows: 20, limit: 20 }))
      .toEqual({ items: [1, 'ellipsis', 499, 500, 501, 502, 'ellipsis'], hasPrev: true, hasNext: true, lastKnown: false });
    expect(tablePager({ page: 620, pageCount: 501, countCapped: true, rows: 20, limit: 20 }).hasNext).toBe(true);
    const short = tablePager({ page: 620, pageCount: 501, countCapped: true, rows: 7, limit: 20 });
    expect(short.hasNext).toBe(false);
    expect(short.items).toEqual([1, 'ellipsis', 618, 619, 620, 'ellipsis']);
  });

  it('offers Last by key on a capped count, and counts pages reached from there from the end', () => {
    expect(tablePager({ page: 1, pageCount: 501, countCapped: true, rows: 20, limit: 20, lastByKey: true }).items)
      .toEqual([1, 2, 3, 'ellipsis', { fromEnd: 1 }]);
    expect(tablePager({ page: 501, pageCount: 501, countCapped: true, rows: 20, limit: 20, lastByKey: true, fromEnd: 1 }))
      .toEqual({ items: [1, 'ellipsis', { fromEnd: 1 }], hasPrev: true, hasNext: false, lastKnown: false });
    expect(tablePager({ page: 501, pageCount: 501, countCapped: true, rows: 20, limit: 20, lastByKey: true, fromEnd: 2 }).items)
      .toEqual([1, 'ellipsis', { fromEnd: 2 }, { fromEnd: 1 }]);
    expect(tablePager({ page: 501, pageCount: 501, countCapped: true, rows: 20, limit: 20, lastByKey: true, fromEnd: 4 }))
      .toEqual({ items: [1, 'ellipsis', { fromEnd: 4 }, 'ellipsis', { fromEnd: 1 }], hasPrev: true, hasNext: true, lastKnown: false });
    // without keys (a custom query) nothing is read from the end
    expect(tablePager({ page: 1, pageCount: 501, countCapped: true, rows: 20, limit: 20, lastByKey: false, fromEnd: 3 }).items)
      .toEqual([1, 2, 3, 'ellipsis']);
    expect(fromEndLabel(1)).toEqual({ key: 'datawidgets.table.pagerLast' });
    expect(fromEndLabel(3)).toEqual({ key: 'datawidgets.table.pagerFromEnd', values: { back: '2' } });
    expect(localise('spec', fromEndLabel(1))).toBe('Last');
    expect(localise('spec', fromEndLabel(3))).toBe('Last − 2');
  });
});
