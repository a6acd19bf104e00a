import {
  type PrintPdfBody, type PrintTemplate, PrintTemplateSchema,
} from '@rakit/core';
import { z } from 'zod';
import { call, query, type ApiAnswer } from './request';
import { ExcelFileSchema, type BlobFile } from './answers';

/** Calls of the print area, made on behalf of the user signed in to `appSlug`. */
export const printApi = (appSlug: string) => ({
  listPrintTemplates: (appId: number): Promise<ApiAnswer<PrintTemplate[]>> =>
    call({ method: 'GET', path: `/print/listTemplates?${query({ appId })}`, data: z.array(PrintTemplateSchema), tokenOf: appSlug }),

  /** Uploads a .docx template (administrators); one of the same name is replaced. */
  uploadPrintTemplate: (appId: number, file: File): Promise<ApiAnswer<PrintTemplate>> => {
    const form = new FormData();
    form.append('file', file);
    return call({ method: 'POST', path: `/print/uploadTemplate?${query({ appId })}`, form, data: PrintTemplateSchema, tokenOf: appSlug });
  },

  deletePrintTemplate: (templateId: string): Promise<ApiAnswer<unknown>> =>
    call({ method: 'DELETE', path: `/print/deleteTemplate/${encodeURIComponent(templateId)}`, data: z.unknown(), tokenOf: appSlug }),

  /** The template `document` filled with `body.data`, as a PDF (base64). */
  printPdf: (appId: number, document: string, body: PrintPdfBody): Promise<ApiAnswer<BlobFile>> =>
    call({ method: 'POST', path: `/print/blob/pdf/${encodeURIComponent(document)}?${query({ appId })}`, body, data: ExcelFileSchema, tokenOf: appSlug }),
});
