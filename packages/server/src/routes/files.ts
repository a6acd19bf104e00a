import path from 'node:path';
import multipart from '@fastify/multipart';
import { FILE_TOO_LARGE_MESSAGE, fileCalls, fileMatchesFilter, MAX_UPLOAD_BYTES, Messages } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError, notFound } from '../http/errors';
import { readUploadedFile } from '../http/multipart-file';
import { route } from '../http/route';
import { findFile, insertFile } from '../store/repositories/files';

/**
 * Uploads of the file widget (spec 2 §7 POST /file/upload): a member of the application
 * sends one file under 2,048,000 bytes; its content is sniffed, checked against the
 * widget's filter and stored under a random id, never under the name it came with.
 */
const fileRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES - 1, files: 1, fields: 5, parts: 6 } });

  route(app, fileCalls.uploadFile, async ({ input: { query }, caller, appId, request }) => {
    const { part, content } = await readUploadedFile(app, request, 'file', FILE_TOO_LARGE_MESSAGE);
    const { filter } = query;
    const sniffed = await fileTypeFromBuffer(content);
    // Images and videos must prove it by their bytes; other files fall back to the declared type.
    const mimeType = sniffed?.mime ?? (filter === 'image' || filter === 'video' ? 'application/octet-stream' : part.mimetype);
    const fileName = path.basename(part.filename).slice(0, 255) || 'file';
    if (!fileMatchesFilter(filter, mimeType, fileName)) throw new HttpError(415, `This type of file is not accepted here (${mimeType})`);

    const { id: fileId } = await app.files.put(content, { appId, kind: 'upload', name: fileName, contentType: mimeType });
    try {
      await insertFile(app.store, { fileId, fileAppId: appId, fileName, fileMimeType: mimeType, fileSize: content.length, uploadedBy: caller.userId });
    } catch (error) {
      await app.files.delete(appId, fileId);
      throw error;
    }
    return [{ fileId, fileName, mimeType, size: content.length }];
  });

  route(app, fileCalls.downloadFile, async ({ input: { params }, reply }) => {
    const file = await findFile(app.store, params.fileId);
    if (file === undefined) throw notFound(Messages.fileNotFound);
    // The upload's row and its content are looked up under its own application: the contract
    // has checked the caller is a member of it.
    const stored = await app.files.get(file.fileAppId, file.fileId);
    if (stored === undefined) throw notFound(Messages.fileContentGone);
    return reply
      .header('content-type', file.fileMimeType)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-length', stored.file.size)
      .send(stored.content);
  });
};

export default fileRoutes;
