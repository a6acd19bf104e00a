import path from 'node:path';
import {
  MAX_TEMPLATE_NAME, Messages, type PrintOptions, type PrintPdfBody, type PrintTemplate, TemplateNameSchema,
} from '@rakit/core';
import { fileTypeFromBuffer } from 'file-type';
import type { Principal } from '../auth/principal';
import { inspectTemplate, renderDocx, TemplateError } from '../documents/docx-template';
import { ConversionError, ConverterBusyError, ConverterMissingError, type PdfConverter } from '../documents/pdf-convert';
import { badRequest, HttpError, local, notFound } from '../errors/http-errors';
import { contentOf } from '../storage/file-storage';
import { findAppBySlug } from '../store/repositories/apps';
import {
  deletePrintTemplate, findPrintTemplate, findPrintTemplateByName, insertPrintTemplate, listPrintTemplates,
  type PrintTemplateRow, toPrintTemplate,
} from '../store/repositories/print-templates';
import type { AuditContext } from '../audit/context';
import { recordAudit, withAudit } from '../audit/record';
import type { Services } from '../services';
import { type OwnerLookups } from '../security/call-owners';

const DOCX_MIMETYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * The application a print call is about (?appId=, else the one the caller signed in to), once
 * the caller may act in it: a member lists and prints, an administrator uploads.
 */
export async function printAppOf(services: Services, caller: Principal, appId: number | undefined, level: 'member' | 'appAdmin'): Promise<number> {
  let target = appId;
  if (target === undefined) {
    const signedIn = await findAppBySlug(services.store, caller.tokenAppSlug);
    if (signedIn === undefined) throw badRequest(local('appIdRequired'));
    target = signedIn.appId;
  }
  if (level === 'appAdmin') caller.assertAppAdmin(target);
  else caller.assertAppMember(target);
  return target;
}

/** A template's name as stored: its base name without folders; 400 when it is too long or holds control characters. */
function templateName(fileName: string): string {
  const name = TemplateNameSchema.safeParse(path.basename(fileName.replaceAll('\\', '/')).trim());
  if (!name.success) throw badRequest(local('printTemplateNameRules', { max: String(MAX_TEMPLATE_NAME) }));
  return name.data;
}

/** `work`'s result; a template it cannot use is the caller's mistake (400 with the reason). */
export function templateWork<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof TemplateError) throw badRequest(error.message);
    throw error;
  }
}

/**
 * Stores an uploaded .docx as a template of the application, its {field} and {#group} tags
 * read now; one of the same name is replaced (its file removed once the new one is in).
 */
export async function storeTemplate(
  services: Services, audit: AuditContext, appId: number, uploadedBy: string, fileName: string, content: Buffer,
): Promise<{ template: PrintTemplate; replaced: boolean }> {
  const templateFilename = templateName(fileName);
  if (!/\.docx$/i.test(templateFilename) || (await fileTypeFromBuffer(content))?.mime !== DOCX_MIMETYPE) {
    throw badRequest(Messages.printTemplateNotDocx);
  }
  const identifier = templateWork(() => inspectTemplate(content));

  // The template's id is its stored file's (a random one).
  const stored = await services.files.put(content, { appId, kind: 'print-template', name: templateFilename, contentType: DOCX_MIMETYPE });
  const row: PrintTemplateRow = {
    templateId: stored.id,
    templateAppId: appId,
    templateFilename,
    identifier: JSON.stringify(identifier),
    options: '{}',
    fileSize: content.length,
    uploadedBy,
    createdAt: new Date().toISOString(),
  };
  let replaced: PrintTemplateRow | undefined;
  try {
    replaced = await services.store.transaction().execute(async (trx) => {
      const previous = await findPrintTemplateByName(trx, appId, templateFilename);
      if (previous !== undefined) await deletePrintTemplate(trx, previous.templateId);
      await insertPrintTemplate(trx, row);
      await recordAudit(trx, audit, { appId, entityType: 'template', entityId: row.templateId, summary: { key: 'audit.printTemplateUploaded', values: { file: templateFilename } } });
      return previous;
    });
  } catch (error) {
    await services.files.delete(appId, stored.id);
    throw error;
  }
  if (replaced !== undefined) await services.files.delete(appId, replaced.templateId);
  return { template: toPrintTemplate(row), replaced: replaced !== undefined };
}

/** Removes a template and its file (its application's administrators, checked by the call's contract). */
export async function removeTemplate(services: Services, audit: AuditContext, templateId: string): Promise<void> {
  const row = await findPrintTemplate(services.store, templateId);
  if (row === undefined) throw notFound(Messages.printTemplateNotFound);
  await withAudit(services.store, audit, { appId: row.templateAppId, entityType: 'template', entityId: row.templateId, summary: { key: 'audit.printTemplateDeleted', values: { file: row.templateFilename } } },
    (trx) => deletePrintTemplate(trx, row.templateId));
  await services.files.delete(row.templateAppId, row.templateId);
}

/** A template of the application by name, with its .docx content; 404 with the reason when either is missing. */
export async function templateNamed(services: Services, appId: number, name: string): Promise<{ template: PrintTemplate; content: Buffer }> {
  const row = await findPrintTemplateByName(services.store, appId, name);
  if (row === undefined) throw notFound(Messages.printTemplateNotFound);
  const content = await contentOf(services.files, row.templateAppId, row.templateId);
  if (content === undefined) throw notFound(Messages.templateContentGone);
  return { template: toPrintTemplate(row), content };
}

/** The printed file's name: the options' filename or the template's name, ending in .pdf. */
export function pdfFilename(templateFilename: string, options: PrintOptions): string {
  const wanted = options.filename !== undefined && options.filename.trim() !== '' ? options.filename : templateFilename;
  const base = wanted.replace(/\.(docx|pdf)$/i, '').replace(/[^\w .-]+/g, '_').replace(/^[\s.]+/, '').trim().slice(0, 100);
  return `${base === '' ? 'document' : base}.pdf`;
}

/** The templates a member of the application may print with. */
export async function templatesFor(services: Services, caller: Principal, appId: number | undefined): Promise<PrintTemplate[]> {
  const printApp = await printAppOf(services, caller, appId, 'member');
  return (await listPrintTemplates(services.store, printApp)).map(toPrintTemplate);
}

const PDF_MIMETYPE = 'application/pdf';

/**
 * Prints: fills the application's template named `document` with the data (docxtemplater) and
 * converts it to PDF with LibreOffice. A converter that is missing or busy is ours (503); one
 * that fails on the document is a bad gateway (502), logged.
 */
export async function printPdf(
  services: Services, converter: PdfConverter, caller: Principal, appId: number | undefined, document: string, body: PrintPdfBody,
  log: Pick<Services['log'], 'warn' | 'error' | 'info'>,
) {
  const printApp = await printAppOf(services, caller, appId, 'member');
  const { template, content } = await templateNamed(services, printApp, document);
  let pdf: Buffer;
  try {
    pdf = await converter.toPdf(() => templateWork(() => renderDocx(content, body.data)), 'docx');
  } catch (error) {
    if (error instanceof ConverterMissingError) throw new HttpError(503, Messages.printEngineMissing);
    if (error instanceof ConverterBusyError) throw new HttpError(503, Messages.printBusy);
    if (error instanceof ConversionError) {
      log.error({ err: error }, 'print conversion failed');
      throw new HttpError(502, Messages.printConversionFailed);
    }
    throw error;
  }
  return { buffer: pdf.toString('base64'), mimetype: PDF_MIMETYPE, filename: pdfFilename(template.templateFilename, { ...template.options, ...body.options }) };
}

/** How the entities of this area lead to their application (the access check's lookups, http/call-access.ts). */
export const printTemplateOwners: OwnerLookups = {
  template: { find: async (services, id) => (await findPrintTemplate(services.store, String(id)))?.templateAppId, missing: Messages.printTemplateNotFound },
};
