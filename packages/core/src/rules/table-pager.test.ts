import { describe, expect, it } from 'vitest';
import { tablePagerItems } from './table-pager';

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
