import { type PrintPdfBody, printCalls } from '@rakit/core';
import { callApi } from './request';

/** Calls of the print area, made on behalf of the user signed in to `appSlug`. */
export const printApi = (appSlug: string) => ({
  listPrintTemplates: (appId: number) => callApi(printCalls.listTemplates, { query: { appId } }, appSlug),

  /** Uploads a .docx template (administrators); one of the same name is replaced. */
  uploadPrintTemplate: (appId: number, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return callApi(printCalls.uploadTemplate, { query: { appId } }, appSlug, form);
  },

  deletePrintTemplate: (templateId: string) => callApi(printCalls.deleteTemplate, { params: { templateId } }, appSlug),

  /** The template `document` filled with `body.data`, as a PDF (base64). */
  printPdf: (appId: number, document: string, body: PrintPdfBody) =>
    callApi(printCalls.printPdf, { params: { document }, query: { appId }, body }, appSlug),
});
