import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  MAX_TEMPLATE_NAME, Messages, type PrintOptions, type PrintTemplate, TemplateNameSchema,
} from '@rakit/core';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Principal } from '../auth/principal';
import { inspectTemplate, TemplateError } from '../documents/docx-template';
import { badRequest, notFound } from '../http/errors';
import { OWNER_ONLY_FILE_MODE, OWNER_ONLY_FOLDERS } from '../security/owner-only';
import { printTemplateFolder } from '../store/app-folders';
import { findAppBySlug } from '../store/repositories/apps';
import {
  deletePrintTemplate, findPrintTemplate, findPrintTemplateByName, insertPrintTemplate, type PrintTemplateRow, toPrintTemplate,
} from '../store/repositories/print-templates';
import { recordAudit, withAudit } from '../audit/record';

const DOCX_MIMETYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * The application a print call is about (?appId=, else the one the caller signed in to), once
 * the caller may act in it: a member lists and prints, an administrator uploads.
 */
export async function printAppOf(app: FastifyInstance, caller: Principal, appId: number | undefined, level: 'member' | 'appAdmin'): Promise<number> {
  let target = appId;
  if (target === undefined) {
    const signedIn = await findAppBySlug(app.store, caller.tokenAppSlug);
    if (signedIn === undefined) throw badRequest('Name the application: appId');
    target = signedIn.appId;
  }
  if (level === 'appAdmin') caller.assertAppAdmin(target);
  else caller.assertAppMember(target);
  return target;
}

const templatePath = (dataDir: string, row: Pick<PrintTemplateRow, 'templateAppId' | 'templateId'>) =>
  path.join(printTemplateFolder(dataDir, row.templateAppId), row.templateId);

/** A template's name as stored: its base name without folders; 400 when it is too long or holds control characters. */
function templateName(fileName: string): string {
  const name = TemplateNameSchema.safeParse(path.basename(fileName.replaceAll('\\', '/')).trim());
  if (!name.success) throw badRequest(`${Messages.printTemplateNameInvalid} (at most ${MAX_TEMPLATE_NAME} characters, no control characters)`);
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
  app: FastifyInstance, appId: number, uploadedBy: string, fileName: string, content: Buffer,
): Promise<{ template: PrintTemplate; replaced: boolean }> {
  const templateFilename = templateName(fileName);
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
    uploadedBy,
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
      await recordAudit(trx, { appId, entityType: 'template', entityId: row.templateId, summary: `Uploaded print template ${templateFilename}` });
      return previous;
    });
  } catch (error) {
    await rm(templatePath(app.config.dataDir, row), { force: true });
    throw error;
  }
  if (replaced !== undefined) await rm(templatePath(app.config.dataDir, replaced), { force: true });
  return { template: toPrintTemplate(row), replaced: replaced !== undefined };
}

/** Removes a template and its file (its application's administrators, checked by the call's contract). */
export async function removeTemplate(app: FastifyInstance, templateId: string): Promise<void> {
  const row = await findPrintTemplate(app.store, templateId);
  if (row === undefined) throw notFound(Messages.printTemplateNotFound);
  await withAudit(app.store, { appId: row.templateAppId, entityType: 'template', entityId: row.templateId, summary: `Deleted print template ${row.templateFilename}` },
    (trx) => deletePrintTemplate(trx, row.templateId));
  await rm(templatePath(app.config.dataDir, row), { force: true });
}

/** A template of the application by name, with its .docx content; 404 when either is missing. */
export async function templateNamed(app: FastifyInstance, appId: number, name: string): Promise<{ template: PrintTemplate; content: Buffer }> {
  const row = await findPrintTemplateByName(app.store, appId, name);
  if (row === undefined) throw notFound(Messages.printTemplateNotFound);
  const content = await readFile(templatePath(app.config.dataDir, row)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw notFound(Messages.printTemplateNotFound);
    throw error;
  });
  return { template: toPrintTemplate(row), content };
}

/** The printed file's name: the options' filename or the template's name, ending in .pdf. */
export function pdfFilename(templateFilename: string, options: PrintOptions): string {
  const wanted = options.filename !== undefined && options.filename.trim() !== '' ? options.filename : templateFilename;
  const base = wanted.replace(/\.(docx|pdf)$/i, '').replace(/[^\w .-]+/g, '_').replace(/^[\s.]+/, '').trim().slice(0, 100);
  return `${base === '' ? 'document' : base}.pdf`;
}
