import type { Readable } from 'node:stream';
import { Messages } from '@rakit/core';
import { notFound } from '../errors/http-errors';
import { findFile, insertFile } from '../store/repositories/files';
import type { Store } from '../store/db';
import type { FileStorage } from './file-storage';
import { type OwnerLookups } from '../security/call-owners';

/*
 * Uploads of the file widget (spec 2 §7): the route has checked the file (size, type) and the
 * caller's membership of the application (the call's contract); these keep it and hand it back.
 */

export interface Upload { appId: number; uploadedBy: string; fileName: string; mimeType: string; content: Buffer }

/** Stores an upload under a random id: its content in the file storage, its row (who, when) in the store. */
export async function keepUpload(store: Store, files: FileStorage, upload: Upload): Promise<string> {
  const { appId, fileName, mimeType, content } = upload;
  const { id: fileId } = await files.put(content, { appId, kind: 'upload', name: fileName, contentType: mimeType });
  try {
    await insertFile(store, { fileId, fileAppId: appId, fileName, fileMimeType: mimeType, fileSize: content.length, uploadedBy: upload.uploadedBy });
  } catch (error) {
    await files.delete(appId, fileId);
    throw error;
  }
  return fileId;
}

/**
 * An upload with its content, looked up under the application its row names (the one whose
 * membership the contract checked); 404 with the reason when the row or the content is gone.
 */
export async function uploadedFile(store: Store, files: FileStorage, fileId: string): Promise<{ fileName: string; mimeType: string; size: number; content: Readable }> {
  const row = await findFile(store, fileId);
  if (row === undefined) throw notFound(Messages.fileNotFound);
  const stored = await files.get(row.fileAppId, row.fileId);
  if (stored === undefined) throw notFound(Messages.fileContentGone);
  return { fileName: row.fileName, mimeType: row.fileMimeType, size: stored.file.size, content: stored.content };
}

/** How the entities of this area lead to their application (the access check's lookups, http/call-access.ts). */
export const fileOwners: OwnerLookups = {
  file: { find: async (services, id) => (await findFile(services.store, String(id)))?.fileAppId, missing: Messages.fileNotFound },
};
