import { pathOf, type PdfTemplateField, pdfTemplateCalls } from '@rakit/core';
import { readSession } from '../session/session-storage';
import { callApi } from './request';

const pdfForm = (file: Blob, name: string) => {
  const form = new FormData();
  form.append('file', file, name);
  return form;
};

/** Calls of the PDF extractor's templates, made on behalf of the user signed in to `appSlug`. */
export const pdfTemplatesApi = (appSlug: string) => ({
  getTemplateList: (appId: number) => callApi(pdfTemplateCalls.getTemplateList, { query: { appId } }, appSlug),

  getTemplateField: (id: number) => callApi(pdfTemplateCalls.getTemplateField, { params: { id } }, appSlug),

  extractTemplate: (id: number, file: File) => callApi(pdfTemplateCalls.extractTemplate, { params: { id } }, appSlug, pdfForm(file, file.name)),

  createPdfTemplate: (appId: number, file: File) => callApi(pdfTemplateCalls.createPdfTemplate, { query: { appId } }, appSlug, pdfForm(file, file.name)),

  /** Based on the template's `revision` as read: one saved since answers 409 with what is stored. */
  savePdfTemplate: (id: number, templateName: string, fields: PdfTemplateField[], revision?: number) =>
    callApi(pdfTemplateCalls.savePdfTemplate, { params: { id }, body: { templateName, fields, revision } }, appSlug),

  /** The template's sample PDF (administrators), fetched with the bearer token to be drawn on. */
  pdfTemplateSample: async (id: number): Promise<ArrayBuffer> => {
    const stored = readSession(appSlug);
    const response = await fetch(pathOf(pdfTemplateCalls.getPdfTemplateSample, { id }), {
      headers: stored.kind === 'ok' ? { authorization: `Bearer ${stored.session.user.token}` } : {},
    });
    if (!response.ok) throw new Error(`The sample could not be read (HTTP ${response.status})`);
    return response.arrayBuffer();
  },

  deletePdfTemplate: (id: number) => callApi(pdfTemplateCalls.deletePdfTemplate, { params: { id } }, appSlug),
});
