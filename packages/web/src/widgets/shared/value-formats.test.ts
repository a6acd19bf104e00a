import { valueFormatsOf } from '@rakit/core';
import { describe, expect, it } from 'vitest';
import { boundShown, readBound } from './value-formats';

const id = valueFormatsOf('id', 'Asia/Jakarta');
const en = valueFormatsOf('en', 'Asia/Jakarta');
const spec = valueFormatsOf('spec', 'Asia/Jakarta');

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
