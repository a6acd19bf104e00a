import {
  type ExcelFromTableBody, type ExcelStreamQuery, EXPORT_BLOB_MAX_ROWS, type Language, Messages, type TableFilterInput, XLSX_MAX_ROWS,
} from '@rakit/core';
import type { Principal } from '../auth/principal';
import { XLSX_MIMETYPE, xlsxBuffer, xlsxFilename } from '../documents/excel-export';
import { HttpError } from '../errors/http-errors';
import { exportableWidget, exportSourceOf, type ExportSource } from './export-source';
import { transformedChunks } from './transform';
import type { Services } from '../services';

type Row = Record<string, unknown>;

/** The export's rows, through the widget's function when it has one (its first chunk transformed before answering). */
async function sheetOf(services: Services, exported: ExportSource, rows: AsyncGenerator<Row[]>) {
  return exported.transform === undefined ? { columns: exported.columns, chunks: rows } : transformedChunks(services, exported.transform, exported.columns, rows);
}

/** POST /print/blob/excelFromTable (spec 3 §7): the rows as an .xlsx in the JSON answer, at most EXPORT_BLOB_MAX_ROWS. */
export async function exportTableBlob(services: Services, caller: Principal, body: ExcelFromTableBody, language: Language, signal: AbortSignal) {
  const input: TableFilterInput = { ...body.filter, sort: body.sort };
  const exported = await exportSourceOf(services, caller, body, input, language);
  // Counted no further than the limit: whether there are more is all that matters here.
  if (await exported.count(input, EXPORT_BLOB_MAX_ROWS, signal) > EXPORT_BLOB_MAX_ROWS) throw new HttpError(413, Messages.exportTooLarge);
  const sheet = await sheetOf(services, exported, exported.rows(input, EXPORT_BLOB_MAX_ROWS, signal));
  const buffer = await xlsxBuffer(sheet.columns, sheet.chunks);
  return { buffer: buffer.toString('base64'), mimetype: XLSX_MIMETYPE, filename: xlsxFilename(body.filename) };
}

/**
 * The sheet a widget's streamed export writes (GET /print/excelFromTable/stream), its first chunk
 * already read: a bad filter or query still answers a JSON error before the download starts.
 */
export async function widgetExportSheet(services: Services, caller: Principal, query: ExcelStreamQuery, language: Language, signal: AbortSignal) {
  const exported = await exportableWidget(services, caller, query, query.search, language);
  const input: TableFilterInput = {
    search: query.search, filterColumn: query.filterColumn, possibleFilters: [],
    sort: query.sort === undefined ? undefined : { column: query.sort, direction: query.direction },
  };
  const { columns, chunks } = await sheetOf(services, exported, exported.rows(input, XLSX_MAX_ROWS - 1, signal));
  const first = await chunks.next();
  async function* rows() {
    if (first.done !== true) yield first.value;
    yield* chunks;
  }
  return { columns, rows: rows() };
}
