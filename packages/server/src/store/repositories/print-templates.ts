import { type PrintTemplate, PrintIdentifierSchema, PrintOptionsSchema } from '@rakit/core';
import type { Insertable, Selectable } from 'kysely';
import type { Store } from '../db';
import type { PrintTemplatesTable } from '../schema';

export type PrintTemplateRow = Selectable<PrintTemplatesTable>;

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A row as GET /print/listTemplates answers it. */
export const toPrintTemplate = (row: PrintTemplateRow): PrintTemplate => ({
  templateId: row.templateId,
  templateFilename: row.templateFilename,
  identifier: PrintIdentifierSchema.catch({ not_bulk: [], groups: {} }).parse(parsedJson(row.identifier)),
  options: PrintOptionsSchema.catch({}).parse(parsedJson(row.options)),
  size: row.fileSize,
  createdAt: row.createdAt,
});

export const listPrintTemplates = (db: Store, appId: number) =>
  db.selectFrom('printTemplates').selectAll().where('templateAppId', '=', appId).orderBy('templateFilename').execute();

export const findPrintTemplate = (db: Store, templateId: string) =>
  db.selectFrom('printTemplates').selectAll().where('templateId', '=', templateId).executeTakeFirst();

export const findPrintTemplateByName = (db: Store, appId: number, templateFilename: string) =>
  db.selectFrom('printTemplates').selectAll()
    .where('templateAppId', '=', appId).where('templateFilename', '=', templateFilename).executeTakeFirst();

export async function insertPrintTemplate(db: Store, values: Insertable<PrintTemplatesTable>): Promise<void> {
  await db.insertInto('printTemplates').values(values).execute();
}

export async function deletePrintTemplate(db: Store, templateId: string): Promise<void> {
  await db.deleteFrom('printTemplates').where('templateId', '=', templateId).execute();
}
