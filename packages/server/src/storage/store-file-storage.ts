import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Store } from '../store/db';
import {
  countChunks, deleteStoredFile, deleteStoredFilesOfApp, findStoredFile, insertChunk, insertStoredFile, listStoredFiles, readChunk, type StoredFileRow,
} from '../store/repositories/stored-files';
import { FileContentGone, type FileStorage, type NewStoredFile, type StoredFile, type StoredFileKind } from './file-storage';

/**
 * A chunk's most bytes: far under MariaDB's default max_allowed_packet (16 MiB; MySQL 8's is
 * 64 MiB) even with the statement around it and hex or escaping on the wire, and small enough
 * that a download holds a chunk or two in memory, never the file.
 */
export const CHUNK_BYTES = 256 * 1024;

const toFile = (row: StoredFileRow): StoredFile => ({
  id: row.fileId, appId: row.appId, kind: row.kind as StoredFileKind, name: row.name, contentType: row.contentType,
  size: Number(row.size), sha256: row.sha256, createdAt: row.createdAt,
});

/** The content cut into CHUNK_BYTES pieces, whatever sizes its stream hands out. */
async function* chunksOf(content: Readable | Buffer): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(content)) {
    for (let start = 0; start < content.length; start += CHUNK_BYTES) yield content.subarray(start, start + CHUNK_BYTES);
    return;
  }
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of content) {
    let rest = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as string);
    while (pendingBytes + rest.length >= CHUNK_BYTES) {
      const take = CHUNK_BYTES - pendingBytes;
      yield Buffer.concat([...pending, rest.subarray(0, take)]);
      rest = rest.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (rest.length > 0) {
      pending.push(rest);
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/**
 * Files kept in the metadata store (the default FileStorage): a row per file, its bytes in
 * chunks written in the same transaction, read back one chunk per query as the stream is read.
 *
 * A stream given to `put` is read inside the transaction: on SQLite that holds the store's one
 * connection until it ends, so callers hand it content that is already here (a buffer, a local
 * file), never a slow client's upload.
 */
export class StoreFileStorage implements FileStorage {
  constructor(private readonly store: Store) {}

  async put(content: Readable | Buffer, meta: NewStoredFile): Promise<StoredFile> {
    const fileId = meta.id ?? randomUUID();
    const row = await this.store.transaction().execute(async (trx) => {
      const hash = createHash('sha256');
      let size = 0;
      let seq = 0;
      for await (const chunk of chunksOf(content)) {
        hash.update(chunk);
        size += chunk.length;
        await insertChunk(trx, fileId, seq, chunk);
        seq += 1;
      }
      const stored: StoredFileRow = {
        fileId, appId: meta.appId, kind: meta.kind, name: meta.name, contentType: meta.contentType,
        size, sha256: hash.digest('hex'), chunkCount: seq, createdAt: new Date().toISOString(),
      };
      await insertStoredFile(trx, stored);
      return stored;
    });
    return toFile(row);
  }

  async get(appId: number, id: string): Promise<{ file: StoredFile; content: Readable } | undefined> {
    const row = await this.wholeRow(appId, id);
    if (row === undefined) return undefined;
    const { store } = this;
    const { chunkCount, sha256 } = row;
    async function* chunks(): AsyncGenerator<Buffer> {
      const hash = createHash('sha256');
      for (let seq = 0; seq < chunkCount; seq += 1) {
        const bytes = await readChunk(store, id, seq);
        if (bytes === undefined) throw new FileContentGone(`The content of file ${id} went while it was read`);
        hash.update(bytes);
        yield bytes;
      }
      if (hash.digest('hex') !== sha256) throw new FileContentGone(`The content of file ${id} does not match its checksum`);
    }
    // Not object mode: the stream asks for the next chunk once a chunk's bytes have been taken.
    return { file: toFile(row), content: Readable.from(chunks(), { objectMode: false, highWaterMark: CHUNK_BYTES }) };
  }

  async exists(appId: number, id: string): Promise<boolean> {
    return (await this.wholeRow(appId, id)) !== undefined;
  }

  delete(appId: number, id: string): Promise<boolean> {
    return deleteStoredFile(this.store, appId, id);
  }

  async list(appId: number, kind?: StoredFileKind): Promise<StoredFile[]> {
    return (await listStoredFiles(this.store, appId, kind)).map(toFile);
  }

  deleteApp(appId: number): Promise<void> {
    return deleteStoredFilesOfApp(this.store, appId);
  }

  /** The file's row when all its chunks are there. */
  private async wholeRow(appId: number, id: string): Promise<StoredFileRow | undefined> {
    const row = await findStoredFile(this.store, appId, id);
    if (row === undefined) return undefined;
    return (await countChunks(this.store, id)) === row.chunkCount ? row : undefined;
  }
}
