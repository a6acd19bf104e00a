import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { Store } from '../store/db';
import { findFile } from '../store/repositories/files';
import { findPdfTemplate, setPdfSampleFile } from '../store/repositories/pdf-templates';
import { findPrintTemplate } from '../store/repositories/print-templates';
import type { FileStorage, NewStoredFile } from './file-storage';
import { CHUNK_BYTES } from './store-file-storage';

/*
 * Before issue 20, a process kept the applications' files in its data folder:
 *   uploads/<appId>/<fileId>, print-templates/<appId>/<templateId>, pdf-templates/<appId>/<templateId>.pdf
 * At start each replica moves what its own folder still holds into the file storage, keeping
 * the ids its rows (and the addresses saved in applications' data) already use. Run it under
 * the start-up lock; it is idempotent regardless: a file already stored is not stored again.
 *
 * A file moved (or found already stored) is REMOVED from the folder, and emptied folders with
 * it: a copy left there would no longer be deleted with its application. A file no row owns,
 * or that lies in another application's folder than its row's, is left where it is and
 * reported: nothing could serve it, and deleting it is the operator's call.
 */

const DOCX_MIMETYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface DataFolderMove {
  /** Files put into the storage now. */
  moved: number;
  /** Files the storage already had (a move cut short before removing the copy). */
  alreadyStored: number;
  /** Paths left in the folder: no row owns them. */
  leftBehind: string[];
}

/** What a legacy file is, from its row: the meta to store it under, or undefined when no row of that application owns it. */
type Owner = (store: Store, appId: number, entry: string) => Promise<(NewStoredFile & { id: string }) | undefined>;

const OWNERS: { folder: string; owner: Owner }[] = [
  {
    folder: 'uploads',
    owner: async (store, appId, entry) => {
      const row = await findFile(store, entry);
      if (row?.fileAppId !== appId) return undefined;
      return { id: row.fileId, appId, kind: 'upload', name: row.fileName, contentType: row.fileMimeType };
    },
  },
  {
    folder: 'print-templates',
    owner: async (store, appId, entry) => {
      const row = await findPrintTemplate(store, entry);
      if (row?.templateAppId !== appId) return undefined;
      return { id: row.templateId, appId, kind: 'print-template', name: row.templateFilename, contentType: DOCX_MIMETYPE };
    },
  },
  {
    folder: 'pdf-templates',
    owner: async (store, appId, entry) => {
      const match = /^(\d+)\.pdf$/.exec(entry);
      const row = match === null ? undefined : await findPdfTemplate(store, Number(match[1]));
      if (row?.templateAppId !== appId) return undefined;
      // A sample gets a random id the first time, named by its template before the file is
      // stored: a move cut short in between stores it under that id the next time.
      let id = row.sampleFileId;
      if (id === null) {
        id = randomUUID();
        await setPdfSampleFile(store, row.templateId, id);
      }
      return { id, appId, kind: 'pdf-sample', name: `${row.templateName}.pdf`, contentType: 'application/pdf' };
    },
  },
];

async function entriesOf(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
    throw error;
  }
}

/** Removes a folder if it is empty, leaves it otherwise. */
async function removeIfEmpty(folder: string): Promise<void> {
  await rmdir(folder).catch(() => undefined);
}

/** Moves the files of a pre-issue-20 data folder into `storage` (see above). */
export async function moveDataFolderIntoStore(store: Store, storage: FileStorage, dataDir: string): Promise<DataFolderMove> {
  const result: DataFolderMove = { moved: 0, alreadyStored: 0, leftBehind: [] };
  for (const { folder, owner } of OWNERS) {
    const kindFolder = path.join(dataDir, folder);
    for (const appFolder of await entriesOf(kindFolder)) {
      const appId = /^\d+$/.test(appFolder) ? Number(appFolder) : Number.NaN;
      for (const entry of await entriesOf(path.join(kindFolder, appFolder))) {
        const file = path.join(kindFolder, appFolder, entry);
        const meta = Number.isNaN(appId) ? undefined : await owner(store, appId, entry);
        if (meta === undefined) {
          result.leftBehind.push(file);
          continue;
        }
        if (await storage.exists(appId, meta.id)) {
          result.alreadyStored += 1;
        } else {
          // Read a chunk at a time: a large file never sits whole in memory.
          await storage.put(createReadStream(file, { highWaterMark: CHUNK_BYTES }), meta);
          result.moved += 1;
        }
        await rm(file, { force: true });
      }
      await removeIfEmpty(path.join(kindFolder, appFolder));
    }
    await removeIfEmpty(kindFolder);
  }
  return result;
}
