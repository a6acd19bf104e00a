import { describe, expect, it } from 'vitest';
import { csvRows, parseCsv } from './csv';

describe('CSV rows', () => {
  it('reads quoted commas, doubled quotes and line breaks, CRLF and a byte-order mark', () => {
    expect(csvRows('\uFEFFcode,name\r\n1,"Lubuk Pakam I,II"\r\n2,"Soka""an"\n3,"two\nlines"\n\n')).toEqual([
      ['code', 'name'], ['1', 'Lubuk Pakam I,II'], ['2', 'Soka"an'], ['3', 'two\nlines'],
    ]);
  });

  it('maps rows to the header, a missing value as empty', () => {
    expect(parseCsv('a,b\n1\n2,3')).toEqual([{ a: '1', b: '' }, { a: '2', b: '3' }]);
    expect(parseCsv('')).toEqual([]);
  });
});
