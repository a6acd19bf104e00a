import {
  type ClientInputOf, type ExcelFromTableBody, tableCalls,
} from '@rakit/core';
import { callApi, fetchFile } from './request';

/** An export of a data widget's rows, with the table's search and filters (the JSON answer and the streamed download take the same). */
export interface ExcelRequest {
  pageId: number;
  componentId: string;
  filename: string;
  filter: Pick<ExcelFromTableBody['filter'], 'search' | 'filterColumn'>;
  sort?: ExcelFromTableBody['sort'];
}

type BodyOf<C> = ClientInputOf<C> extends { body: infer B } ? B : never;

/** Calls of the tables area, made on behalf of the user signed in to `appSlug`. */
export const tablesApi = (appSlug: string) => ({
  /** One page of a data widget's rows; data[0] is the content. `signal` abandons it (the server stops its statements). */
  loadTableContent: (body: BodyOf<typeof tableCalls.loadTableContent>, signal?: AbortSignal) =>
    callApi(tableCalls.loadTableContent, { body }, appSlug, undefined, signal),
  countTableContent: (body: BodyOf<typeof tableCalls.countTableContent>, signal?: AbortSignal) =>
    callApi(tableCalls.countTableContent, { body }, appSlug, undefined, signal),

  /** A barcode widget's scan: data is [row] when its first mapped column equals the code, [] when none does. */
  scanBarcode: (body: BodyOf<typeof tableCalls.scanBarcode>) => callApi(tableCalls.scanBarcode, { body }, appSlug),

  editRow: (body: BodyOf<typeof tableCalls.editRow>, requestKey?: string) => callApi(tableCalls.editRow, { body }, appSlug, undefined, undefined, requestKey),

  deleteRow: (body: BodyOf<typeof tableCalls.deleteRow>) => callApi(tableCalls.deleteRow, { body }, appSlug),

  moveCard: (body: BodyOf<typeof tableCalls.moveCard>, requestKey?: string) => callApi(tableCalls.moveCard, { body }, appSlug, undefined, undefined, requestKey),

  /** The widget's rows as an .xlsx, base64 in the answer; 413 when too many (use excelStream). */
  excelFromTable: (body: ExcelRequest) => callApi(tableCalls.excelFromTable, { body }, appSlug),

  /** The streamed .xlsx download (bearer token in the header, so fetched, never a plain link). */
  excelStream: async (request: ExcelRequest): Promise<Blob> => {
    const search = {
      pageId: request.pageId, componentId: request.componentId, search: request.filter.search,
      filterColumn: JSON.stringify(request.filter.filterColumn), filename: request.filename,
      sort: request.sort?.column, direction: request.sort?.direction,
    };
    return fetchFile(tableCalls.excelFromTableStream, { query: search }, appSlug);
  },
});
