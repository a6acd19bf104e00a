import path from 'node:path';
import type { Readable } from 'node:stream';
import { Messages, type PdfTemplate, type PdfTemplateField, PdfTemplateNameSchema } from '@rakit/core';
import { HttpError, notFound } from '../errors/http-errors';
import {
  deletePdfTemplate, findPdfTemplate, insertPdfTemplate, listPdfTemplates, type PdfTemplateRow, toPdfTemplate,
  toPdfTemplateSummary, updatePdfTemplate,
} from '../store/repositories/pdf-templates';
import type { Store } from '../store/db';
import { claimRevision } from '../store/revisions';
import type { AuditContext } from '../audit/context';
import { withAudit, type AuditFact } from '../audit/record';
import { type PdfExtraction, PdfReadError, type PdfReader } from './extract';
import type { Services } from '../services';
import { numericId, type OwnerLookups } from '../security/call-owners';

/*
 * Extraction templates of the PDF extractor (issue 14). The route has checked the caller's
 * access to the template's application (its contract's `access`); these read and write the
 * store and the sample PDFs (in the file storage, under the template's application), and read
 * PDFs through the bounded reader.
 */

/** A PDF the reader refused: 422 with its reason, or 503 when the server is busy. */
function readFailure(error: unknown): unknown {
  if (!(error instanceof PdfReadError)) return error;
  return new HttpError(error.busy ? 503 : 422, error.message);
}

async function templateRow(services: Services, templateId: number): Promise<PdfTemplateRow> {
  const row = await findPdfTemplate(services.store, templateId);
  if (row === undefined) throw notFound(Messages.pdfTemplateNotFound);
  return row;
}

export const listTemplates = async (services: Services, appId: number) => (await listPdfTemplates(services.store, appId)).map(toPdfTemplateSummary);

export const templateOf = async (services: Services, templateId: number): Promise<PdfTemplate> => toPdfTemplate(await templateRow(services, templateId));

/** A name from an uploaded file's name: without folders and the .pdf ending. */
function nameFromFile(fileName: string): string {
  const base = path.basename(fileName.replaceAll('\\', '/')).replace(/\.pdf$/i, '').replace(/\p{Cc}/gu, '').trim().slice(0, 100);
  return PdfTemplateNameSchema.safeParse(base).success ? base : 'Template';
}

/** Makes a template of the application from a sample PDF, which must be readable. */
export async function createTemplate(
  services: Services, reader: PdfReader, appId: number, createdBy: string, fileName: string, sample: Buffer,
): Promise<PdfTemplate> {
  const inspection = await reader.inspect(sample).catch((error: unknown) => { throw readFailure(error); });
  const templateName = nameFromFile(fileName);
  const stored = await services.files.put(sample, { appId, kind: 'pdf-sample', name: `${templateName}.pdf`, contentType: 'application/pdf' });
  let templateId: number;
  try {
    templateId = await insertPdfTemplate(services.store, {
      templateAppId: appId, templateName, fields: '[]',
      pages: JSON.stringify(inspection.pages), formFields: JSON.stringify(inspection.formFields),
      sampleSize: sample.length, createdBy, updatedAt: new Date().toISOString(), sampleFileId: stored.id,
    });
  } catch (error) {
    await services.files.delete(appId, stored.id);
    throw error;
  }
  return toPdfTemplate(await templateRow(services, templateId));
}

/** A template as getTemplateField answers it (undefined when gone): what a stale save is shown. */
async function currentTemplate(db: Store, templateId: number): Promise<PdfTemplate | undefined> {
  const row = await findPdfTemplate(db, templateId);
  return row === undefined ? undefined : toPdfTemplate(row);
}

/** Renames a template and sets its fields; with `base`, only while it is still at that revision (issue 33). */
export async function saveTemplate(
  services: Services, audit: AuditContext, templateId: number, templateName: string, fields: PdfTemplateField[], base?: number,
): Promise<PdfTemplate> {
  const row = await templateRow(services, templateId);
  const values = { templateName, fields: JSON.stringify(fields), updatedAt: new Date().toISOString() };
  // Recorded with the change: a stale save's 409 names who made the newest one (issue 33).
  const fact: AuditFact = { appId: row.templateAppId, entityType: 'pdfTemplate', entityId: templateId, summary: { key: 'audit.pdfTemplateSaved', values: { template: templateName } } };
  const revision = await withAudit(services.store, audit, fact, async (trx) => {
    const claimed = await claimRevision(trx, 'pdfTemplates', templateId, base, (store) => currentTemplate(store, templateId));
    await updatePdfTemplate(trx, templateId, values);
    return claimed;
  });
  return toPdfTemplate({ ...row, ...values, revision });
}

export async function removeTemplate(services: Services, templateId: number): Promise<void> {
  const row = await templateRow(services, templateId);
  await deletePdfTemplate(services.store, templateId);
  if (row.sampleFileId !== null) await services.files.delete(row.templateAppId, row.sampleFileId);
}

/** Reads a template's fields from a member's PDF. */
export async function extractWith(services: Services, reader: PdfReader, templateId: number, pdf: Buffer): Promise<PdfExtraction> {
  const template = await templateOf(services, templateId);
  return reader.extract(pdf, template.fields).catch((error: unknown) => { throw readFailure(error); });
}

/** The sample, streamed for the editor to draw boxes on; 404 with the reason when its file is gone. */
export async function sampleOf(services: Services, templateId: number): Promise<Readable> {
  const row = await templateRow(services, templateId);
  const stored = row.sampleFileId === null ? undefined : await services.files.get(row.templateAppId, row.sampleFileId);
  if (stored === undefined) throw notFound(Messages.templateContentGone);
  return stored.content;
}

/** How the entities of this area lead to their application (the access check's lookups, http/call-access.ts). */
export const pdfTemplateOwners: OwnerLookups = {
  pdfTemplate: { find: async (services, id) => (await findPdfTemplate(services.store, numericId(id)))?.templateAppId, missing: Messages.pdfTemplateNotFound },
};
