import { decodeBase64 } from '@rakit/core';
import type { AppApi, ExcelRequest } from '../../api/client';
import { saveResponseFile } from '../../actions/file-download';

function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const xlsxName = (name: string): string => (/\.xlsx$/i.test(name) ? name : `${name}.xlsx`);

/**
 * Export To Excel (spec 3 §7): the JSON answer (base64) first; a table too big for it (413)
 * is fetched from the streamed route instead, with the same search and filters.
 */
export async function exportTable(api: Pick<AppApi, 'excelFromTable' | 'excelStream'>, request: ExcelRequest): Promise<void> {
  const answer = await api.excelFromTable(request);
  if (answer.status && answer.data !== undefined) {
    const bytes = decodeBase64(answer.data.buffer);
    if (bytes === null) throw new Error('The export answered an unreadable file');
    saveResponseFile({ bytes, mimetype: answer.data.mimetype, filename: answer.data.filename });
    return;
  }
  if (answer.httpStatus !== 413) throw new Error(answer.error?.[0] ?? `HTTP ${answer.httpStatus}`);
  download(await api.excelStream(request), xlsxName(request.filename));
}
