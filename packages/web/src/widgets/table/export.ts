import type { AppApi, ExcelRequest } from '../../api/client';
import { downloadBlob, fileOfAnswer, saveResponseFile } from '../../actions/file-download';

const xlsxName = (name: string): string => (/\.xlsx$/i.test(name) ? name : `${name}.xlsx`);

/**
 * Export To Excel (spec 3 §7): the JSON answer (base64) first; a table too big for it (413)
 * is fetched from the streamed route instead, with the same search and filters.
 */
export async function exportTable(api: Pick<AppApi, 'excelFromTable' | 'excelStream'>, request: ExcelRequest): Promise<void> {
  const answer = await api.excelFromTable(request);
  if (answer.status && answer.data !== undefined) {
    saveResponseFile(fileOfAnswer(answer.data));
    return;
  }
  if (answer.httpStatus !== 413) throw new Error(answer.error?.[0] ?? `HTTP ${answer.httpStatus}`);
  downloadBlob(await api.excelStream(request), xlsxName(request.filename));
}
