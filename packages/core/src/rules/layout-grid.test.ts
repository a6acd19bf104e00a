import { describe, expect, it } from 'vitest';
import { createComponent } from '../widgets/registry';
import { clampWidth, layoutRows, layoutWidth, widthAfterDrag, widthLabel } from './layout-grid';

const sized = (id: string, width: number, rowBreak = false) => ({ ...createComponent('text', id, id), width, rowBreak });

describe('layout grid', () => {
  it('reads a width of 1 to 12 columns, the full row otherwise', () => {
    expect(layoutWidth({ width: 4 })).toBe(4);
    for (const width of [undefined, 0, 13, 2.5, Number.NaN]) expect(layoutWidth({ width })).toBe(12);
    expect([clampWidth(0), clampWidth(5.6), clampWidth(40)]).toEqual([1, 6, 12]);
    expect(widthLabel(6)).toBe('6 / 12');
  });

  it('snaps a dragged handle to whole columns', () => {
    // 12 columns of 50 px with 10 px gaps: 1190 px, a step of 100 px.
    expect(widthAfterDrag(6, 0, 1190, 10)).toBe(6);
    expect(widthAfterDrag(6, 140, 1190, 10)).toBe(7);
    expect(widthAfterDrag(6, 160, 1190, 10)).toBe(8);
    expect(widthAfterDrag(6, -260, 1190, 10)).toBe(3);
    expect(widthAfterDrag(6, -5000, 1190, 10)).toBe(1);
    expect(widthAfterDrag(6, 5000, 1190, 10)).toBe(12);
    expect(widthAfterDrag(5, 300, 0)).toBe(5);
  });

  it('flows components left to right, wrapping when a row is full or broken', () => {
    expect(layoutRows([sized('a', 4), sized('b', 4), sized('c', 4), sized('d', 7), sized('e', 5), sized('f', 6)])).toEqual([['a', 'b', 'c'], ['d', 'e'], ['f']]);
    expect(layoutRows([sized('a', 3), sized('b', 3, true), sized('c', 12)])).toEqual([['a'], ['b'], ['c']]);
    expect(layoutRows([sized('a', 8), sized('b', 6)])).toEqual([['a'], ['b']]);
    expect(layoutRows([createComponent('input', 'x', 'X'), createComponent('input', 'y', 'Y')])).toEqual([['x'], ['y']]);
    expect(layoutRows([])).toEqual([]);
  });
});
