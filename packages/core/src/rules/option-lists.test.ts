import { describe, expect, it } from 'vitest';
import { dropdownOptions, formatTextOptions, joinOptions, joinSelection, parseTextOptions, splitOptions } from './option-lists';

describe('comma option lists', () => {
  it('drops blank options when reading and storing', () => {
    expect(splitOptions('Option 1,Option 2')).toEqual(['Option 1', 'Option 2']);
    expect(splitOptions(' a ,, b ,')).toEqual(['a', 'b']);
    expect(splitOptions('')).toEqual([]);
    expect(joinOptions(['a', '', '  ', 'b'])).toBe('a,b');
    expect(joinOptions(['x, y'])).toBe('x  y');
  });

  it('joins a checkbox selection in the order of the options', () => {
    expect(joinSelection(['a', 'b', 'c'], ['c', 'a'])).toBe('a,c');
    expect(joinSelection(['a', 'b'], ['gone'])).toBe('');
  });
});

describe('dropdown options', () => {
  it("reads a 'text:value' list", () => {
    expect(parseTextOptions('Jakarta:1,Bandung:2')).toEqual([
      { textOption: 'Jakarta', valueOption: '1' }, { textOption: 'Bandung', valueOption: '2' },
    ]);
    expect(parseTextOptions('10:30 am:1030, Solo ,')).toEqual([
      { textOption: '10:30 am', valueOption: '1030' }, { textOption: 'Solo', valueOption: 'Solo' },
    ]);
  });

  it("writes a 'text:value' list", () => {
    expect(formatTextOptions([{ textOption: 'A', valueOption: '1' }, { textOption: '', valueOption: '' }, { textOption: 'B', valueOption: '2' }])).toBe('A:1,B:2');
  });

  it('offers the options of the chosen source, without repeated values', () => {
    const custom = [{ textOption: 'A', valueOption: '1' }, { textOption: '', valueOption: '' }, { textOption: 'A again', valueOption: '1' }, { textOption: 'B', valueOption: '2' }];
    expect(dropdownOptions('custom', custom)).toEqual([{ textOption: 'A', valueOption: '1' }, { textOption: 'B', valueOption: '2' }]);
    expect(dropdownOptions('text', 'A:1,B:2')).toHaveLength(2);
    expect(dropdownOptions('query', custom)).toEqual([]);
    expect(dropdownOptions('custom', [null, 3, { textOption: 'C' }])).toEqual([]);
  });
});
