import { describe, expect, it } from 'vitest';
import { cellKindOf, formatCellValue, formatDateValue, formatMoney, formatNumber, parseDate, parseNumber, plainCellText, valueFormatsOf } from './formats';

const id = valueFormatsOf('id', 'Asia/Jakarta');
const en = valueFormatsOf('en', 'Asia/Jakarta');
const spec = valueFormatsOf('spec', 'Asia/Jakarta');
/** Intl separates "Rp" and the time with no-break spaces: compare as a person reads them. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('printing values', () => {
  it('numbers in Indonesian group by dots and write decimals after a comma', () => {
    expect(formatNumber(1234567.89, id)).toBe('1.234.567,89');
    expect(formatNumber('1234567.89', id)).toBe('1.234.567,89');
    expect(formatNumber(-5, id)).toBe('-5');
    expect(formatNumber(1234567.89, en)).toBe('1,234,567.89');
  });

  it('the specification keeps a value as the database gave it', () => {
    expect(formatNumber('1234567.89', spec)).toBe('1234567.89');
    expect(formatMoney(15000, spec)).toBe('15000');
    expect(formatDateValue('2026-11-30', spec)).toBe('2026-11-30');
  });

  it('text that is not a number stays as it is', () => {
    expect(formatNumber('abc', id)).toBe('abc');
    expect(formatNumber('', id)).toBe('');
  });

  it('money is in rupiah, cents only when there are some', () => {
    expect(plain(formatMoney(15000, id))).toBe('Rp 15.000');
    expect(plain(formatMoney(1234567.89, id))).toBe('Rp 1.234.567,89');
    expect(plain(formatMoney(15000, en))).toBe('IDR 15,000');
  });

  it('dates put the day first; a date alone is never shifted by a time zone', () => {
    expect(formatDateValue('2026-11-30', id)).toBe('30/11/2026');
    expect(formatDateValue('2026-01-02', en)).toBe('02/01/2026');
    expect(formatDateValue('2026-11-30', valueFormatsOf('id', 'Pacific/Honolulu'))).toBe('30/11/2026');
  });

  it('an instant is shown in the application\'s time zone, a zoneless time as it reads', () => {
    expect(plain(formatDateValue('2026-11-30T20:05:00Z', id))).toBe('01/12/2026, 03.05');
    expect(plain(formatDateValue('2026-11-30T20:05:00Z', valueFormatsOf('id', 'Asia/Makassar')))).toBe('01/12/2026, 04.05');
    expect(plain(formatDateValue('2026-11-30 14:05:00', id))).toBe('30/11/2026, 14.05');
    expect(plain(formatDateValue('2026-11-30 14:05:00', en))).toBe('30/11/2026, 14:05');
    expect(plain(formatDateValue(new Date('2026-11-30T00:00:00Z'), id))).toBe('30/11/2026, 07.00');
  });

  it('text that is no date stays as it is', () => {
    expect(formatDateValue('next week', id)).toBe('next week');
  });
});

describe('reading what a person typed', () => {
  it('"1.000" is one thousand in Indonesian, "1,5" one and a half', () => {
    expect(parseNumber('1.000', id)).toBe(1000);
    expect(parseNumber('1.234.567,89', id)).toBe(1234567.89);
    expect(parseNumber('1,5', id)).toBe(1.5);
    expect(parseNumber('1,000', id)).toBe(1);
    expect(parseNumber('Rp 15.000', id)).toBe(15000);
    expect(parseNumber('-2.500', id)).toBe(-2500);
    expect(parseNumber('1000', id)).toBe(1000);
  });

  it('English reads commas as groups and the dot as the decimal point', () => {
    expect(parseNumber('1,000', en)).toBe(1000);
    expect(parseNumber('1.5', en)).toBe(1.5);
  });

  it('misplaced groups and words are no number', () => {
    expect(parseNumber('1.00', id)).toBeNull();
    expect(parseNumber('1.0000', id)).toBeNull();
    expect(parseNumber('abc', id)).toBeNull();
    expect(parseNumber('', id)).toBeNull();
  });

  it('the specification reads numbers as JavaScript does', () => {
    expect(parseNumber('1000', spec)).toBe(1000);
    expect(parseNumber('1.5', spec)).toBe(1.5);
    expect(parseNumber('1.000,5', spec)).toBeNull();
  });

  it('dates are read day first, or ISO', () => {
    expect(parseDate('30/11/2026', id)).toBe('2026-11-30');
    expect(parseDate('1-2-2026', en)).toBe('2026-02-01');
    expect(parseDate('2026-11-30', spec)).toBe('2026-11-30');
    expect(parseDate('30/11/2026', spec)).toBeNull();
    expect(parseDate('31/02/2026', id)).toBeNull();
  });
});

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
