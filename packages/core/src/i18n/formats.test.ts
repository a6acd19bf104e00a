import { describe, expect, it } from 'vitest';
import { formatDateValue, formatMoney, formatNumber, parseDate, parseNumber, valueFormatsOf } from './formats';

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
