import multipart from '@fastify/multipart';
import { MAX_PDF_EXTRACT_BYTES, pdfTemplateCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { readUploadedFile } from '../http/multipart-file';
import { local } from '../errors/http-errors';
import { route } from '../http/route';
import { PdfReader } from '../pdf-templates/extract';
import {
  createTemplate, extractWith, listTemplates, removeTemplate, sampleOf, saveTemplate, templateOf,
} from '../pdf-templates/templates';

/**
 * The PDF extractor's templates (spec 3 §7 GET /file/getTemplateList, GET
 * /file/getTemplateField/{id}, POST /file/extractTemplate/{id}; making and editing them is ours).
 * PDFs are read in bounded worker threads (pdf-templates/extract.ts).
 */
const pdfTemplateRoutes: FastifyPluginAsync = async (app) => {
  // Under 1,024,000 bytes (spec 3 §5): a file of that size or more is refused.
  await app.register(multipart, { limits: { fileSize: MAX_PDF_EXTRACT_BYTES - 1, files: 1, fields: 5, parts: 6 } });
  const reader = new PdfReader();

  route(app, pdfTemplateCalls.getTemplateList, async ({ input: { query } }) => listTemplates(app.services, query.appId));

  route(app, pdfTemplateCalls.getTemplateField, async ({ input: { params } }) => templateOf(app.services, params.id));

  route(app, pdfTemplateCalls.extractTemplate, async ({ input: { params }, request }) => {
    const { content } = await readUploadedFile(app, request, 'pdf', local('pdfTooLarge'));
    const { values, notes } = await extractWith(app.services, reader, params.id, content);
    return { data: values, extra: { error: notes } };
  });

  route(app, pdfTemplateCalls.getPdfTemplateSample, async ({ input: { params }, reply }) => reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', 'attachment; filename="sample.pdf"')
    .header('x-content-type-options', 'nosniff')
    .send(await sampleOf(app.services, params.id)));

  route(app, pdfTemplateCalls.createPdfTemplate, async ({ input: { query }, caller, request }) => {
    const { part, content } = await readUploadedFile(app, request, 'samplePdf', local('pdfTooLarge'));
    return createTemplate(app.services, reader, query.appId, caller.userId, part.filename, content);
  });

  route(app, pdfTemplateCalls.savePdfTemplate, async ({ input: { params, body }, audit }) => saveTemplate(app.services, audit, params.id, body.templateName, body.fields, body.revision));

  route(app, pdfTemplateCalls.deletePdfTemplate, async ({ input: { params } }) => {
    await removeTemplate(app.services, params.id);
    return { templateId: params.id };
  });
};

export { pdfTemplateOwners as owners } from '../pdf-templates/templates';

export default pdfTemplateRoutes;
