import type { Readable } from 'node:stream';

/*
 * Where the files of applications live: uploads of the file widget, .docx print templates and
 * the sample PDFs of extraction templates. Every replica of the server must read what any one
 * of them wrote, so no file lives in a process's data folder (issue 20).
 *
 * Every call names the application: a file is reached only through (application, id), so an
 * id that belongs to another application reads as absent, whatever the caller knows.
 *
 * The default implementation keeps files in the metadata store (store-file-storage.ts). Object
 * storage (S3 or a compatible service) fits behind the same interface: `put` uploads the stream
 * as one object (multipart upload for large ones) under `<appId>/<id>` with the metadata as the
 * object's metadata, `get` answers the object's body stream (404 → undefined), `list` pages
 * through the `<appId>/` prefix and `deleteApp` deletes under it; `openFileStorage` then picks
 * it from a setting, and no route or domain module changes.
 */

/** What a file is to its application. */
export type StoredFileKind = 'upload' | 'print-template' | 'pdf-sample';

export interface NewStoredFile {
  appId: number;
  kind: StoredFileKind;
  name: string;
  contentType: string;
  /** Given only to keep an id that is already known (files moved from a data folder); a random UUID otherwise. */
  id?: string;
}

export interface StoredFile {
  id: string;
  appId: number;
  kind: StoredFileKind;
  name: string;
  contentType: string;
  size: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
  createdAt: string;
}

export interface FileStorage {
  /** Stores the content whole or not at all, and answers what was stored. */
  put(content: Readable | Buffer, meta: NewStoredFile): Promise<StoredFile>;
  /**
   * The file with its content as a stream, or undefined when the file, or any part of its
   * content, is gone. The stream errors if the content changes or goes while it is read.
   */
  get(appId: number, id: string): Promise<{ file: StoredFile; content: Readable } | undefined>;
  /** Whether the application has the file, whole. */
  exists(appId: number, id: string): Promise<boolean>;
  /** Removes the file; answers whether it was there. */
  delete(appId: number, id: string): Promise<boolean>;
  /** The application's files (of one kind when given), oldest first. */
  list(appId: number, kind?: StoredFileKind): Promise<StoredFile[]>;
  /** Removes every file of the application (it is being deleted). */
  deleteApp(appId: number): Promise<void>;
}

/** A stream's failure when the file's content went, or changed, while it was read. */
export class FileContentGone extends Error {}

/** The whole content of a file, for the callers that need it whole (a .docx to fill, a bundle); undefined when gone. */
export async function contentOf(storage: FileStorage, appId: number, id: string): Promise<Buffer | undefined> {
  const found = await storage.get(appId, id);
  if (found === undefined) return undefined;
  const parts: Buffer[] = [];
  try {
    for await (const part of found.content) parts.push(part as Buffer);
  } catch (error) {
    if (error instanceof FileContentGone) return undefined;
    throw error;
  }
  return Buffer.concat(parts);
}
