import { type ExcelFromTableBody, tableCalls } from '@rakit/core';
import type { AppApi } from '../../api/client';
import { downloadBlob, fileOfAnswer, saveResponseFile } from '../../actions/file-download';

/** An export of a data widget's rows, with the table's search and filters (the JSON answer and the streamed download take the same). */
export interface ExcelRequest {
  pageId: number;
  componentId: string;
  filename: string;
  filter: Pick<ExcelFromTableBody['filter'], 'search' | 'filterColumn'>;
  sort?: ExcelFromTableBody['sort'];
}

const xlsxName = (name: string): string => (/\.xlsx$/i.test(name) ? name : `${name}.xlsx`);

/**
 * Export To Excel (spec 3 §7): the JSON answer (base64) first; a table too big for it (413)
 * is fetched from the streamed route instead, with the same search and filters.
 */
export async function exportTable(api: AppApi, request: ExcelRequest): Promise<void> {
  const answer = await api.call(tableCalls.excelFromTable, { body: request });
  if (answer.status && answer.data !== undefined) {
    saveResponseFile(fileOfAnswer(answer.data));
    return;
  }
  if (answer.httpStatus !== 413) throw new Error(answer.error?.[0] ?? `HTTP ${answer.httpStatus}`);
  const search = {
    pageId: request.pageId, componentId: request.componentId, search: request.filter.search,
    filterColumn: JSON.stringify(request.filter.filterColumn), filename: request.filename,
    sort: request.sort?.column, direction: request.sort?.direction,
  };
  downloadBlob(await api.download(tableCalls.excelFromTableStream, { query: search }), xlsxName(request.filename));
}
