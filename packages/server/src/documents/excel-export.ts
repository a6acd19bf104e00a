import { PassThrough } from 'node:stream';
import { XLSX_MAX_ROWS } from '@rakit/core';
import ExcelJS from 'exceljs';

export const XLSX_MIMETYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Excel's own limit of characters in a cell (its row limit, XLSX_MAX_ROWS, is in core). */
const XLSX_MAX_CELL_TEXT = 32_767;

/** A download name: letters, digits, spaces, dots, dashes and underscores, ending in .xlsx. */
export function xlsxFilename(name: string): string {
  const base = name.replace(/\.xlsx$/i, '').replace(/[^\w .-]+/g, '_').replace(/^[\s.]+/, '').trim().slice(0, 100);
  return `${base === '' ? 'export' : base}.xlsx`;
}

// Characters XML 1.0 cannot hold: left in, they make a file Excel refuses to open.
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * A decimal as the databases give it in text (MySQL's DECIMAL, PostgreSQL's NUMERIC): a number
 * Excel can sum, when it keeps every digit. A leading zero ("0812…", a phone number) or more
 * than 15 significant digits (an ID number) stays text, as Excel would lose it.
 */
const EXACT_DECIMAL = /^-?(0|[1-9]\d{0,14})(\.\d{1,15})?$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Excel's own built-in formats (ids 14 and 22), which each reader's Excel shows in his own
 * regional order (issue 35: 30/11/2026 in Indonesia), never a format written here.
 */
export const EXCEL_DATE_FORMAT = 'mm-dd-yy';
export const EXCEL_DATE_TIME_FORMAT = 'm/d/yy "h":mm';

/** A date a database wrote as text, as a date cell: a calendar day, or a wall-clock time (never shifted). */
function dateOfText(text: string): Date | undefined {
  const parts = DATE_ONLY.exec(text) ?? WALL_CLOCK.exec(text);
  if (parts === null) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = parts.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year as number, (month as number) - 1, day, hour, minute, second));
  return date.getUTCDate() === day ? date : undefined;
}

/** A database value as an Excel cell: numbers, booleans and dates as real cells, anything else as text. */
export function cellOf(value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string' && EXACT_DECIMAL.test(value)) return Number(value);
  if (typeof value === 'string') {
    const date = dateOfText(value);
    if (date !== undefined) return date;
  }
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'bigint') text = value.toString();
  else if (Buffer.isBuffer(value)) text = value.toString('base64');
  else text = JSON.stringify(value) ?? '';
  return text.replace(XML_INVALID, '').slice(0, XLSX_MAX_CELL_TEXT);
}

/** Sheet XML (bytes) allowed to wait in front of the zip's compressor before rows stop being added. */
const MAX_PENDING_BYTES = 1024 * 1024;

interface Pipe { writableLength?: number; readableLength?: number; destroyed?: boolean }

/**
 * The streams between a sheet's rows and the zip: exceljs' sheet buffer writes into them
 * without heeding backpressure, so when the compressor or the reader is slower than the
 * database, what waits there is the measure of how far ahead the rows are.
 */
const sheetPipes = (sheet: ExcelJS.Worksheet): Pipe[] => (sheet as unknown as { stream?: { pipes?: Pipe[] } }).stream?.pipes ?? [];
const pendingBytes = (pipes: readonly Pipe[]) => pipes.reduce((n, p) => n + (p.writableLength ?? 0) + (p.readableLength ?? 0), 0);

/**
 * Waits until the compressor and the reader have taken what was written (so memory holds
 * about one chunk of rows however slow the reader is); false when the reader went away.
 */
async function caughtUp(out: PassThrough, sheet: ExcelJS.Worksheet): Promise<boolean> {
  const pipes = sheetPipes(sheet);
  while (!out.destroyed && (out.writableNeedDrain || pendingBytes(pipes) > MAX_PENDING_BYTES)) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      const timer = setTimeout(done, 10);
      out.on('drain', done);
      out.on('close', done);
    });
  }
  return !out.destroyed;
}

/** Rows keyed by source column, chunk by chunk. */
export type RowChunks = AsyncIterable<Record<string, unknown>[]>;

/**
 * Writes one sheet (a header row, then the rows) as an .xlsx into `out` with exceljs'
 * streaming writer: each row is committed as it is added, and the next chunk is only
 * read once the zip and `out` have caught up, so memory stays flat however many rows
 * there are and however slowly they are downloaded. Columns
 * are `fields` (headers paired by position); when none are given, the first row's keys.
 * Answers the number of rows written; stops early when `out` is closed by its reader.
 */
export async function writeXlsx(out: PassThrough, columns: { fields: string[]; headers: string[] }, chunks: RowChunks): Promise<number> {
  // Styles only for the date cells' built-in formats.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Sheet1');
  let fields = columns.fields;
  let headerWritten = false;
  const writeHeader = () => {
    sheet.addRow(fields.map((f, i) => columns.headers[i] ?? f)).commit();
    headerWritten = true;
  };
  let written = 0;
  for await (const rows of chunks) {
    if (!headerWritten) {
      if (fields.length === 0) fields = Object.keys(rows[0] ?? {});
      writeHeader();
    }
    for (const row of rows) {
      if (written + 1 >= XLSX_MAX_ROWS) break;
      const added = sheet.addRow(fields.map((f) => cellOf(row[f])));
      added.eachCell((cell) => {
        if (!(cell.value instanceof Date)) return;
        const date = cell.value;
        const midnight = date.getUTCHours() === 0 && date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0;
        cell.numFmt = midnight ? EXCEL_DATE_FORMAT : EXCEL_DATE_TIME_FORMAT;
      });
      added.commit();
      written++;
    }
    if (!(await caughtUp(out, sheet))) return written;
  }
  if (!headerWritten) writeHeader();
  sheet.commit();
  await workbook.commit();
  return written;
}

/** The whole .xlsx in memory (for the spec's JSON answer with a base64 buffer). */
export async function xlsxBuffer(columns: { fields: string[]; headers: string[] }, chunks: RowChunks): Promise<Buffer> {
  const out = new PassThrough();
  const collected = (async () => {
    const parts: Buffer[] = [];
    for await (const part of out) parts.push(part as Buffer);
    return Buffer.concat(parts);
  })();
  try {
    await writeXlsx(out, columns, chunks);
  } catch (error) {
    collected.catch(() => undefined);
    out.destroy();
    throw error;
  }
  return collected;
}
