import { rm } from 'node:fs/promises';
import path from 'node:path';

/*
 * The folders under the data directory that hold an application's files, named by its id.
 * Its rows in the store say which files are in use; the folders go with the application.
 */

/** Files uploaded through the file-upload widget. */
export const uploadFolder = (dataDir: string, appId: number) => path.join(dataDir, 'uploads', String(appId));

/** Its .docx print templates. */
export const printTemplateFolder = (dataDir: string, appId: number) => path.join(dataDir, 'print-templates', String(appId));

/** The sample PDFs of its extraction templates. */
export const pdfTemplateFolder = (dataDir: string, appId: number) => path.join(dataDir, 'pdf-templates', String(appId));

/**
 * Removes the uploads and print templates of a deleted application (its rows are gone, so
 * nothing can reach them). Its embedded databases stay: they are its owner's data, and a new
 * connection can open them again.
 */
export async function removeAppFiles(dataDir: string, appId: number): Promise<void> {
  await Promise.all([uploadFolder, printTemplateFolder, pdfTemplateFolder].map((folder) => rm(folder(dataDir, appId), { recursive: true, force: true })));
}
