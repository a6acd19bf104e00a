import {
  type DeleteRowBody, type EditRowBody, type MoveCardBody,
} from '@rakit/core';
import { z } from 'zod';
import { call, type ApiAnswer } from './request';
import { TableContentSchema, type TableContent, type TableContentRequest, type ExcelRequest, AffectedSchema, ExcelFileSchema } from './answers';
import { readSession } from '../shell/session-storage';

/** Calls of the tables area, made on behalf of the user signed in to `appSlug`. */
export const tablesApi = (appSlug: string) => ({
  /** One page of a data widget's rows; data[0] is the content. */
  loadTableContent: (body: TableContentRequest): Promise<ApiAnswer<TableContent[]>> =>
    call({ method: 'POST', path: '/get/loadTableContent', body, data: z.array(TableContentSchema), tokenOf: appSlug }),

  editRow: (body: EditRowBody): Promise<ApiAnswer<{ affectedRows: number }[]>> =>
    call({ method: 'POST', path: '/action/editRow', body, data: AffectedSchema, tokenOf: appSlug }),

  deleteRow: (body: DeleteRowBody): Promise<ApiAnswer<{ affectedRows: number }[]>> =>
    call({ method: 'POST', path: '/action/deleteRow', body, data: AffectedSchema, tokenOf: appSlug }),

  moveCard: (body: MoveCardBody): Promise<ApiAnswer<{ affectedRows: number }[]>> =>
    call({ method: 'POST', path: '/action/moveCard', body, data: AffectedSchema, tokenOf: appSlug }),

  /** The widget's rows as an .xlsx, base64 in the answer; 413 when too many (use excelStream). */
  excelFromTable: (body: ExcelRequest): Promise<ApiAnswer<z.infer<typeof ExcelFileSchema>>> =>
    call({ method: 'POST', path: '/print/blob/excelFromTable', body, data: ExcelFileSchema, tokenOf: appSlug }),

  /** The streamed .xlsx download (bearer token in the header, so fetched, never a plain link). */
  excelStream: async (request: ExcelRequest): Promise<Blob> => {
    const params = new URLSearchParams({
      pageId: String(request.pageId), componentId: request.componentId, search: request.filter.search,
      filterColumn: JSON.stringify(request.filter.filterColumn), filename: request.filename,
      ...(request.sort === undefined ? {} : { sort: request.sort.column, direction: request.sort.direction }),
    });
    const stored = readSession(appSlug);
    const response = await fetch(`/print/excelFromTable/stream?${params.toString()}`, {
      headers: stored.kind === 'ok' ? { authorization: `Bearer ${stored.session.user.token}` } : {},
    });
    if (!response.ok) throw new Error(`The export failed (HTTP ${response.status})`);
    return response.blob();
  },
});
