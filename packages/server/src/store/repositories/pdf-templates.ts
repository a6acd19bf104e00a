import { type PdfTemplate, PdfTemplateFieldSchema, type PdfTemplateSummary } from '@rakit/core';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { z } from 'zod';
import type { Store } from '../db';
import { insertReturningId } from '../insert';
import type { PdfTemplatesTable } from '../schema';

export type PdfTemplateRow = Selectable<PdfTemplatesTable>;

/** JSON written by this module; a damaged value reads as the fallback, never as a 500. */
function parsedJson<T>(text: string, schema: z.ZodType<T>, fallback: T): T {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

const PagesSchema = z.array(z.object({ width: z.number(), height: z.number() }));

export function toPdfTemplate(row: PdfTemplateRow): PdfTemplate {
  const fields = parsedJson(row.fields, z.array(PdfTemplateFieldSchema), []);
  const pages = parsedJson(row.pages, PagesSchema, []);
  return {
    templateId: row.templateId, templateName: row.templateName, fieldCount: fields.length, pageCount: pages.length, updatedAt: row.updatedAt,
    revision: row.revision, fields, pages, formFields: parsedJson(row.formFields, z.array(z.string()), []),
  };
}

export const toPdfTemplateSummary = (row: PdfTemplateRow): PdfTemplateSummary => {
  const { fields: _fields, pages: _pages, formFields: _formFields, ...summary } = toPdfTemplate(row);
  return summary;
};

export const listPdfTemplates = (db: Store, appId: number) =>
  db.selectFrom('pdfTemplates').selectAll().where('templateAppId', '=', appId).orderBy('templateName').orderBy('templateId').execute();

export const findPdfTemplate = (db: Store, templateId: number) =>
  db.selectFrom('pdfTemplates').selectAll().where('templateId', '=', templateId).executeTakeFirst();

export async function insertPdfTemplate(db: Store, values: Insertable<PdfTemplatesTable>): Promise<number> {
  return db.transaction().execute((trx) => insertReturningId(trx, 'pdfTemplates', values, 'templateId'));
}

/** In the caller's transaction, which claims the template's revision first. */
export async function updatePdfTemplate(trx: Store, templateId: number, values: Updateable<PdfTemplatesTable>): Promise<void> {
  await trx.updateTable('pdfTemplates').set(values).where('templateId', '=', templateId).execute();
}

export async function deletePdfTemplate(db: Store, templateId: number): Promise<void> {
  await db.transaction().execute((trx) => trx.deleteFrom('pdfTemplates').where('templateId', '=', templateId).execute());
}

/** Names the stored file of a template's sample (when its sample moved into the store from a data folder). */
export async function setPdfSampleFile(db: Store, templateId: number, sampleFileId: string): Promise<void> {
  await db.updateTable('pdfTemplates').set({ sampleFileId }).where('templateId', '=', templateId).execute();
}
