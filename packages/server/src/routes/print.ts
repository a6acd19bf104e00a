import multipart from '@fastify/multipart';
import {
  MAX_PRINT_BODY_BYTES, MAX_TEMPLATE_BYTES, Messages, printCalls,
} from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_CONVERTER_OPTIONS, PdfConverter } from '../documents/pdf-convert';
import { readUploadedFile } from '../http/multipart-file';
import { route } from '../http/route';
import { printAppOf, printPdf, removeTemplate, storeTemplate, templatesFor } from '../print/templates';
import { perUserRateLimit, PRINT_RATE_LIMIT } from '../http/rate-limit';

/**
 * Print templates and printing (spec 2 "Print configuration", §7 GET /print/listTemplates;
 * spec 3 §7 POST /print/blob/pdf/{document}). Administrators of an application upload and
 * delete its .docx templates; its members list them and print with them. A print fills the
 * template with docxtemplater and converts it to PDF with LibreOffice.
 */
const printRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_TEMPLATE_BYTES, files: 1, fields: 5, parts: 6 } });
  const converter = new PdfConverter({ ...DEFAULT_CONVERTER_OPTIONS, command: app.services.config.soffice, warn: (message) => app.log.warn(message) });

  route(app, printCalls.listTemplates, ({ input: { query }, caller }) => templatesFor(app.services, caller, query.appId));

  route(app, printCalls.uploadTemplate, async ({ input: { query }, caller, request, reply, audit }) => {
    const appId = await printAppOf(app.services, caller, query.appId, 'appAdmin');
    const { part, content } = await readUploadedFile(app, request, 'template', Messages.printTemplateTooLarge);
    const { template, replaced } = await storeTemplate(app.services, audit, appId, caller.userId, part.filename, content);
    reply.code(replaced ? 200 : 201);
    return template;
  });

  route(app, printCalls.deleteTemplate, async ({ input: { params }, audit }) => {
    await removeTemplate(app.services, audit, params.templateId);
    return { templateId: params.templateId };
  });

  route(app, printCalls.printPdf, ({ input: { params, query, body }, caller, request }) =>
    printPdf(app.services, converter, caller, query.appId, params.document, body, request.log), {
    // A print fills a template and runs LibreOffice: bounded per user and in size.
    bodyLimit: MAX_PRINT_BODY_BYTES,
    config: { rateLimit: perUserRateLimit(PRINT_RATE_LIMIT) },
  });
};

export { printTemplateOwners as owners } from '../print/templates';

export default printRoutes;
