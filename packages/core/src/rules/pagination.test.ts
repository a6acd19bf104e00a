import { describe, expect, it } from 'vitest';
import { adminPagerWindow, pageCount } from './pagination';

describe('pagination', () => {
  it('counts pages rounding up', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('shows at most 7 pages around the current one', () => {
    expect(adminPagerWindow(1, 3)).toEqual([1, 2, 3]);
    expect(adminPagerWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(adminPagerWindow(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(adminPagerWindow(20, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(adminPagerWindow(3, 0)).toEqual([]);
  });
});
