import { cellKindOf, formatCellValue, plainCellText, valueFormatsOf } from '@rakit/core';
import { describe, expect, it } from 'vitest';
import { boundShown, readBound } from './value-formats';

const id = valueFormatsOf('id', 'Asia/Jakarta');
const en = valueFormatsOf('en', 'Asia/Jakarta');
const spec = valueFormatsOf('spec', 'Asia/Jakarta');
/** Intl separates the time with a no-break space: compare as a person reads it. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe("a data widget's cell", () => {
  it('prints a number as its reader writes it', () => {
    expect(formatCellValue(15000, id)).toBe('15.000');
    expect(formatCellValue(1234567.5, id)).toBe('1.234.567,5');
    expect(formatCellValue(15000, en)).toBe('15,000');
  });

  it('prints a date day first, and a time in the application\'s time zone', () => {
    expect(formatCellValue('2026-11-05', id)).toBe('05/11/2026');
    expect(plain(formatCellValue('2026-11-05 14:05:00', id))).toBe('05/11/2026, 14.05');
    expect(plain(formatCellValue('2026-11-05T07:05:00.000Z', id))).toBe('05/11/2026, 14.05');
    expect(plain(formatCellValue(new Date('2026-11-05T07:05:00Z'), en))).toBe('05/11/2026, 14:05');
  });

  it('never makes a number of text: phones, codes and numeric text of a column of unknown type stay', () => {
    expect(formatCellValue('081234500001', id)).toBe('081234500001');
    expect(formatCellValue('15000', id)).toBe('15000');
    expect(formatCellValue('INV-2026-001', id)).toBe('INV-2026-001');
    expect(formatCellValue('Kopi Bubuk 200 g', id)).toBe('Kopi Bubuk 200 g');
  });

  it('prints numeric text of a numeric column as a number, but not a code with a leading zero or too many digits', () => {
    expect(formatCellValue('36500.50', id, 'numeric')).toBe('36.500,5');
    expect(formatCellValue('-2500', id, 'numeric')).toBe('-2.500');
    expect(formatCellValue('0.75', id, 'numeric')).toBe('0,75');
    expect(formatCellValue('0812', id, 'numeric')).toBe('0812');
    expect(formatCellValue('1234567890123456', id, 'numeric')).toBe('1234567890123456');
  });

  it('prints the row key as it is', () => {
    expect(formatCellValue(1234, id, 'identifier')).toBe('1234');
    expect(cellKindOf('id', { primaryKey: 'id' })).toBe('identifier');
    expect(cellKindOf('price', { primaryKey: 'id', numericFields: new Set(['price']) })).toBe('numeric');
    expect(cellKindOf('name', { primaryKey: null })).toBe('value');
  });

  it('leaves empty cells, booleans and objects as before', () => {
    expect(formatCellValue(null, id)).toBe('');
    expect(formatCellValue(undefined, id)).toBe('');
    expect(formatCellValue(true, id)).toBe('true');
    expect(formatCellValue({ a: 1 }, id)).toBe('{"a":1}');
  });

  it('in the specification\'s catalog, is exactly what it was', () => {
    for (const value of [15000, 1234567.5, '2026-11-05', '2026-11-05T07:05:00.000Z', '36500.50', null, { a: 1 }, true]) {
      expect(formatCellValue(value, spec)).toBe(plainCellText(value));
      expect(formatCellValue(value, spec, 'numeric')).toBe(plainCellText(value));
    }
  });
});

describe("an interval filter's bound", () => {
  it('reads "1.000" as one thousand in Indonesian and sends it as JavaScript writes it', () => {
    expect(readBound('1.000', id)).toEqual({ ok: true, bound: '1000' });
    expect(readBound('2.500,5', id)).toEqual({ ok: true, bound: '2500.5' });
    expect(readBound('Rp 15.000', id)).toEqual({ ok: true, bound: '15000' });
    expect(readBound('1,000', en)).toEqual({ ok: true, bound: '1000' });
  });

  it('reads a date day first, sent as ISO', () => {
    expect(readBound('05/11/2026', id)).toEqual({ ok: true, bound: '2026-11-05' });
    expect(readBound('2026-11-05', id)).toEqual({ ok: true, bound: '2026-11-05' });
  });

  it('is no bound when empty, and no value when it reads as neither a number nor a date', () => {
    expect(readBound('  ', id)).toEqual({ ok: true, bound: '' });
    expect(readBound('1.00', id)).toEqual({ ok: false });
    expect(readBound('abc', id)).toEqual({ ok: false });
    expect(readBound('31/02/2026', id)).toEqual({ ok: false });
  });

  it('is sent as typed in the specification\'s catalog', () => {
    expect(readBound('10000', spec)).toEqual({ ok: true, bound: '10000' });
    expect(readBound('1.000', spec)).toEqual({ ok: true, bound: '1.000' });
    expect(readBound('abc', spec)).toEqual({ ok: true, bound: 'abc' });
  });

  it('shows a bound sent in the reader\'s writing, read back to the same bound', () => {
    expect(boundShown('1000', id)).toBe('1.000');
    expect(boundShown('2500.5', id)).toBe('2.500,5');
    expect(boundShown('2026-11-05', id)).toBe('05/11/2026');
    expect(boundShown('1000', spec)).toBe('1000');
    for (const bound of ['1000', '2500.5', '2026-11-05', '-75']) {
      expect(readBound(boundShown(bound, id), id)).toEqual({ ok: true, bound });
      expect(readBound(boundShown(bound, en), en)).toEqual({ ok: true, bound });
    }
  });
});
