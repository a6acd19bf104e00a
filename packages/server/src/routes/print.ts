import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  MAX_PRINT_BODY_BYTES, MAX_TEMPLATE_BYTES, Messages, PrintAppQuerySchema, PrintPdfBodySchema, type PrintOptions,
} from '@rakit/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { principalOf } from '../auth/plugin';
import { OWNER_ONLY_FILE_MODE, OWNER_ONLY_FOLDERS } from '../security/owner-only';
import { inspectTemplate, renderDocx, TemplateError } from '../documents/docx-template';
import { ConversionError, ConverterBusyError, ConverterMissingError, DEFAULT_CONVERTER_OPTIONS, PdfConverter } from '../documents/pdf-convert';
import { badRequest, HttpError, notFound } from '../http/errors';
import { readUploadedFile } from '../http/multipart-file';
import { printTemplateFolder } from '../store/app-folders';
import { perUserRateLimit, PRINT_RATE_LIMIT } from '../http/rate-limit';
import { findAppBySlug } from '../store/repositories/apps';
import {
  deletePrintTemplate, findPrintTemplate, findPrintTemplateByName, insertPrintTemplate, listPrintTemplates, type PrintTemplateRow,
  toPrintTemplate,
} from '../store/repositories/print-templates';

const DOCX_MIMETYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PDF_MIMETYPE = 'application/pdf';

const TemplateIdParamsSchema = z.object({ templateId: z.uuid() });
/** Template names: what a path parameter carries (Fastify's limit is 100), no control characters. */
const MAX_TEMPLATE_NAME = 100;
const TemplateNameSchema = z.string().min(1).max(MAX_TEMPLATE_NAME).regex(/^[^\p{Cc}]+$/u, 'A template name may not hold control characters');
const DocumentParamsSchema = z.object({ document: TemplateNameSchema });

const templatePath = (dataDir: string, row: Pick<PrintTemplateRow, 'templateAppId' | 'templateId'>) =>
  path.join(printTemplateFolder(dataDir, row.templateAppId), row.templateId);

/** A template's name as stored: its base name without folders; 400 when it is too long or holds control characters. */
function templateName(fileName: string): string {
  const name = TemplateNameSchema.safeParse(path.basename(fileName.replaceAll('\\', '/')).trim());
  if (!name.success) throw badRequest(`${Messages.printTemplateNameInvalid} (at most ${MAX_TEMPLATE_NAME} characters, no control characters)`);
  return name.data;
}

/** The printed file's name: the options' filename or the template's name, ending in .pdf. */
function pdfFilename(templateFilename: string, options: PrintOptions): string {
  const wanted = options.filename !== undefined && options.filename.trim() !== '' ? options.filename : templateFilename;
  const base = wanted.replace(/\.(docx|pdf)$/i, '').replace(/[^\w .-]+/g, '_').replace(/^[\s.]+/, '').trim().slice(0, 100);
  return `${base === '' ? 'document' : base}.pdf`;
}

/** `work`'s result; a template it cannot use is the caller's mistake (400 with the reason). */
function templateWork<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof TemplateError) throw badRequest(error.message);
    throw error;
  }
}

/** The application a call is about: ?appId=, else the one the caller signed in to. */
async function appOf(app: FastifyInstance, request: FastifyRequest, appId: number | undefined): Promise<number> {
  const caller = principalOf(request);
  if (appId !== undefined) return appId;
  const signedIn = await findAppBySlug(app.store, caller.tokenAppSlug);
  if (signedIn === undefined) throw badRequest('Name the application: appId');
  return signedIn.appId;
}

/**
 * Print templates and printing (spec 2 "Print configuration", §7 GET /print/listTemplates;
 * spec 3 §7 POST /print/blob/pdf/{document}). Administrators of an application upload and
 * delete its .docx templates; its members list them and print with them. A print fills the
 * template with docxtemplater and converts it to PDF with LibreOffice.
 */
const printRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_TEMPLATE_BYTES, files: 1, fields: 5, parts: 6 } });
  const converter = new PdfConverter({ ...DEFAULT_CONVERTER_OPTIONS, command: app.config.soffice, warn: (message) => app.log.warn(message) });

  app.get('/print/listTemplates', {
    schema: {
      tags: ['print'],
      summary: 'The print templates of an application (members)',
      description: 'appId defaults to the application the caller signed in to. '
        + 'Each: templateFilename (the `document` to print with), identifier {not_bulk, groups}, options.',
      querystring: PrintAppQuerySchema,
    },
  }, async (request) => {
    const appId = await appOf(app, request, request.query.appId);
    principalOf(request).assertAppMember(appId);
    return { status: true, data: (await listPrintTemplates(app.store, appId)).map(toPrintTemplate) };
  });

  app.post('/print/uploadTemplate', {
    schema: {
      tags: ['print'],
      summary: 'Upload a .docx print template (multipart field "file"; administrators of the application)',
      description: `At most ${MAX_TEMPLATE_BYTES} bytes. Its {field} and {#group}…{/group} tags are read on upload; `
        + 'a template of the same name in the application is replaced.',
      querystring: PrintAppQuerySchema,
      consumes: ['multipart/form-data'],
    },
  }, async (request, reply) => {
    const appId = await appOf(app, request, request.query.appId);
    const caller = principalOf(request);
    caller.assertAppAdmin(appId);
    const { part, content } = await readUploadedFile(app, request, 'template', Messages.printTemplateTooLarge);
    const templateFilename = templateName(part.filename);
    if (!/\.docx$/i.test(templateFilename) || (await fileTypeFromBuffer(content))?.mime !== DOCX_MIMETYPE) {
      throw badRequest(Messages.printTemplateNotDocx);
    }
    const identifier = templateWork(() => inspectTemplate(content));

    const row: PrintTemplateRow = {
      templateId: randomUUID(),
      templateAppId: appId,
      templateFilename,
      identifier: JSON.stringify(identifier),
      options: '{}',
      fileSize: content.length,
      uploadedBy: caller.userId,
      createdAt: new Date().toISOString(),
    };
    await mkdir(printTemplateFolder(app.config.dataDir, appId), OWNER_ONLY_FOLDERS);
    await writeFile(templatePath(app.config.dataDir, row), content, { flag: 'wx', mode: OWNER_ONLY_FILE_MODE });
    let replaced: PrintTemplateRow | undefined;
    try {
      replaced = await app.store.transaction().execute(async (trx) => {
        const previous = await findPrintTemplateByName(trx, appId, templateFilename);
        if (previous !== undefined) await deletePrintTemplate(trx, previous.templateId);
        await insertPrintTemplate(trx, row);
        return previous;
      });
    } catch (error) {
      await rm(templatePath(app.config.dataDir, row), { force: true });
      throw error;
    }
    if (replaced !== undefined) await rm(templatePath(app.config.dataDir, replaced), { force: true });
    reply.code(replaced === undefined ? 201 : 200);
    return { status: true, data: toPrintTemplate(row) };
  });

  app.delete('/print/deleteTemplate/:templateId', {
    schema: { tags: ['print'], summary: 'Delete a print template (administrators of its application)', params: TemplateIdParamsSchema },
  }, async (request) => {
    const caller = principalOf(request);
    const row = await findPrintTemplate(app.store, request.params.templateId);
    if (row === undefined) throw notFound(Messages.printTemplateNotFound);
    caller.assertAppAdmin(row.templateAppId);
    await deletePrintTemplate(app.store, row.templateId);
    await rm(templatePath(app.config.dataDir, row), { force: true });
    return { status: true, data: { templateId: row.templateId } };
  });

  app.post('/print/blob/pdf/:document', {
    schema: {
      tags: ['print'],
      summary: 'Fill a print template with data and answer it as a PDF, base64 in the answer (members)',
      description: 'document: a templateFilename of GET /print/listTemplates; appId defaults to the application the caller signed in to. '
        + 'data: the fields by name, each group a list of items ({field: value}). Fields without a value print empty. '
        + 'Answers data = { buffer (base64), mimetype, filename }; 503 when LibreOffice is not installed on the server.',
      params: DocumentParamsSchema,
      querystring: PrintAppQuerySchema,
      body: PrintPdfBodySchema,
    },
    // A print fills a template and runs LibreOffice: bounded per user and in size.
    bodyLimit: MAX_PRINT_BODY_BYTES,
    config: { rateLimit: perUserRateLimit(PRINT_RATE_LIMIT) },
  }, async (request) => {
    const appId = await appOf(app, request, request.query.appId);
    principalOf(request).assertAppMember(appId);
    const row = await findPrintTemplateByName(app.store, appId, request.params.document);
    if (row === undefined) throw notFound(Messages.printTemplateNotFound);
    const template = toPrintTemplate(row);
    const content = await readFile(templatePath(app.config.dataDir, row)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw notFound(Messages.printTemplateNotFound);
      throw error;
    });
    let pdf: Buffer;
    try {
      pdf = await converter.toPdf(() => templateWork(() => renderDocx(content, request.body.data)), 'docx');
    } catch (error) {
      if (error instanceof ConverterMissingError) throw new HttpError(503, Messages.printEngineMissing);
      if (error instanceof ConverterBusyError) throw new HttpError(503, Messages.printBusy);
      if (error instanceof ConversionError) {
        request.log.error({ err: error }, 'print conversion failed');
        throw new HttpError(502, Messages.printConversionFailed);
      }
      throw error;
    }
    return {
      status: true,
      data: { buffer: pdf.toString('base64'), mimetype: PDF_MIMETYPE, filename: pdfFilename(template.templateFilename, { ...template.options, ...request.body.options }) },
    };
  });
};

export default printRoutes;
