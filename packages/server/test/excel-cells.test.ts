import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { EXCEL_DATE_FORMAT, EXCEL_DATE_TIME_FORMAT, writeXlsx } from '../src/documents/excel-export';

/** Writes rows as the exports do and reads the first data row back with exceljs. */
async function exported(row: Record<string, unknown>): Promise<ExcelJS.Row> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  async function* rows() { yield [row]; }
  await writeXlsx(out, { fields: Object.keys(row), headers: [] }, rows());
  await ended;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook.worksheets[0]?.getRow(2) as ExcelJS.Row;
}

describe('Excel cells (issue 35: real numbers and dates, formatted by Excel itself)', () => {
  it('decimals a database gives as text are numbers Excel can sum', async () => {
    const row = await exported({ price: '15000.50', count: '42', negative: '-3.25', zero: '0' });
    expect([1, 2, 3, 4].map((i) => row.getCell(i).value)).toEqual([15000.5, 42, -3.25, 0]);
  });

  it('phone numbers, ID numbers and words stay text', async () => {
    const row = await exported({ phone: '081234567890', nik: '3273012345678901', word: 'Rp 15.000', dotted: '1.000.000' });
    expect([1, 2, 3, 4].map((i) => row.getCell(i).value)).toEqual(['081234567890', '3273012345678901', 'Rp 15.000', '1.000.000']);
  });

  it('dates and wall-clock times are date cells in Excel\'s built-in, regional formats', async () => {
    const row = await exported({ day: '2026-11-30', time: '2026-11-30 14:05:00', instant: new Date('2026-11-30T07:05:00Z'), notADay: '2026-02-31' });
    expect(row.getCell(1).value).toEqual(new Date('2026-11-30T00:00:00Z'));
    expect(row.getCell(1).numFmt).toBe(EXCEL_DATE_FORMAT);
    expect(row.getCell(2).value).toEqual(new Date('2026-11-30T14:05:00Z'));
    expect(row.getCell(2).numFmt).toBe(EXCEL_DATE_TIME_FORMAT);
    expect(row.getCell(3).value).toEqual(new Date('2026-11-30T07:05:00Z'));
    expect(row.getCell(3).numFmt).toBe(EXCEL_DATE_TIME_FORMAT);
    expect(row.getCell(4).value).toBe('2026-02-31');
  });
});
