import { describe, expect, it } from 'vitest';
import { localise } from '../i18n/translate';
import {
  containsPattern, intervalBound, isIntervalFilter, rowsFoundText, selectValues, TABLE_PAGE_SIZE, tablePageCount, totalItemText,
  widgetColumns,
} from './table-content';

describe('table content rules', () => {
  it('counts pages as floor(total / 20) + 1 (spec 3 §9)', () => {
    expect(TABLE_PAGE_SIZE).toBe(20);
    expect(tablePageCount(0)).toBe(1);
    expect(tablePageCount(19)).toBe(1);
    expect(tablePageCount(20)).toBe(2);
    expect(tablePageCount(45)).toBe(3);
    expect(tablePageCount(45, 10)).toBe(5);
    expect(tablePageCount(10, 0)).toBe(0);
  });

  it('pairs labels with source columns by position', () => {
    expect(widgetColumns('Name, City,Price', 'name,city ,price')).toEqual([
      { label: 'Name', field: 'name' }, { label: 'City', field: 'city' }, { label: 'Price', field: 'price' },
    ]);
    // no source column: not shown; no label: the column's name; a column once
    expect(widgetColumns('A,B,C', 'a,,c,d,a')).toEqual([{ label: 'A', field: 'a' }, { label: 'C', field: 'c' }, { label: 'd', field: 'd' }]);
    expect(widgetColumns('Column 1', '')).toEqual([]);
  });

  it('escapes the user\'s % and _ in a contains pattern', () => {
    expect(containsPattern('abc')).toBe('%abc%');
    expect(containsPattern('50%_off!')).toBe('%50!%!_off!!%');
    expect(containsPattern("' OR 1=1 --")).toBe("%' OR 1=1 --%");
  });

  it('reads 0 and empty interval bounds as none (spec 3 §5)', () => {
    expect(intervalBound(0)).toBeUndefined();
    expect(intervalBound('0')).toBeUndefined();
    expect(intervalBound('')).toBeUndefined();
    expect(intervalBound('  ')).toBeUndefined();
    expect(intervalBound(null)).toBeUndefined();
    expect(intervalBound(undefined)).toBeUndefined();
    expect(intervalBound(Number.NaN)).toBeUndefined();
    expect(intervalBound(5)).toBe(5);
    expect(intervalBound(' 12.5 ')).toBe(12.5);
    expect(intervalBound('2026-01-31')).toBe('2026-01-31');
    expect(intervalBound({})).toBeUndefined();
  });

  it('keeps the values a select filter filters on', () => {
    expect(selectValues('')).toEqual([]);
    expect(selectValues(null)).toEqual([]);
    expect(selectValues('Bandung')).toEqual(['Bandung']);
    expect(selectValues(0)).toEqual([0]);
    expect(selectValues(['a', '', 2, null])).toEqual(['a', 2]);
  });

  it('tells interval filters from select filters', () => {
    expect(isIntervalFilter('interval')).toBe(true);
    expect(isIntervalFilter('Range')).toBe(true);
    expect(isIntervalFilter('select')).toBe(false);
    expect(isIntervalFilter(undefined)).toBe(false);
  });
});

describe('bounded counts', () => {
  it('shows a capped count with a plus', () => {
    expect(totalItemText(10_000, true)).toBe('10,000+');
    expect(totalItemText(45, false)).toBe('45');
    expect(totalItemText(12345, false)).toBe('12345');
  });
});

describe('rowsFoundText', () => {
  const found = { loading: false, shown: 20, count: 45, capped: false, counting: false, page: '2' };
  it('says the rows shown of how many, and the page', () => {
    expect(rowsFoundText(found)).toEqual({ key: 'datawidgets.table.rowsFound', values: { shown: 20, count: 45, total: '45', page: '2' } });
    expect(rowsFoundText({ ...found, count: 10_000, capped: true, page: 'Last − 1' }))
      .toEqual({ key: 'datawidgets.table.rowsFound', values: { shown: 20, count: 10_000, total: '10,000+', page: 'Last − 1' } });
    expect(rowsFoundText({ ...found, counting: true })).toEqual({ key: 'datawidgets.table.rowsCounting', values: { shown: 20, page: '2' } });
  });

  it('reads in the specification\'s words, and in the other catalogs', () => {
    expect(localise('spec', rowsFoundText(found))).toBe('20 of 45 rows, page 2');
    expect(localise('spec', rowsFoundText({ ...found, shown: 1, count: 1, page: '1' }))).toBe('1 of 1 rows, page 1');
    expect(localise('spec', rowsFoundText({ ...found, count: 10_000, capped: true, page: 'Last − 1' }))).toBe('20 of 10,000+ rows, page Last − 1');
    expect(localise('spec', rowsFoundText({ ...found, counting: true }))).toBe('20 rows, page 2, the total still being counted');
    expect(localise('spec', rowsFoundText({ ...found, loading: true }))).toBe('Loading rows…');
    expect(localise('spec', rowsFoundText({ ...found, shown: 0, count: 0 }))).toBe('No rows');
    expect(localise('en', rowsFoundText({ ...found, shown: 1, count: 1, page: '1' }))).toBe('1 of 1 row, page 1');
    expect(localise('id', rowsFoundText(found))).toBe('20 dari 45 baris, halaman 2');
  });

  it('says a long load, and no rows', () => {
    expect(rowsFoundText({ ...found, loading: true })).toEqual({ key: 'datawidgets.table.rowsLoading' });
    expect(rowsFoundText({ ...found, shown: 0, count: 0 })).toEqual({ key: 'datawidgets.table.rowsNone' });
  });
});
