import path from 'node:path';
import multipart from '@fastify/multipart';
import { fileCalls, fileMatchesFilter, MAX_UPLOAD_BYTES } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError, local } from '../errors/http-errors';
import { readUploadedFile } from '../http/multipart-file';
import { route } from '../http/route';
import { keepUpload, uploadedFile } from '../storage/uploads';

/**
 * Uploads of the file widget (spec 2 §7 POST /file/upload): a member of the application
 * sends one file under 2,048,000 bytes; its content is sniffed, checked against the
 * widget's filter and stored under a random id, never under the name it came with.
 */
const fileRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES - 1, files: 1, fields: 5, parts: 6 } });

  route(app, fileCalls.uploadFile, async ({ input: { query }, caller, appId, request }) => {
    const { part, content } = await readUploadedFile(app, request, 'file', local('fileTooLarge'));
    const { filter } = query;
    const sniffed = await fileTypeFromBuffer(content);
    // Images and videos must prove it by their bytes; other files fall back to the declared type.
    const mimeType = sniffed?.mime ?? (filter === 'image' || filter === 'video' ? 'application/octet-stream' : part.mimetype);
    const fileName = path.basename(part.filename).slice(0, 255) || 'file';
    if (!fileMatchesFilter(filter, mimeType, fileName)) throw new HttpError(415, local('fileTypeRefusedAt', { type: mimeType }));

    const fileId = await keepUpload(app.services.store, app.services.files, { appId, uploadedBy: caller.userId, fileName, mimeType, content });
    return [{ fileId, fileName, mimeType, size: content.length }];
  });

  route(app, fileCalls.downloadFile, async ({ input: { params }, reply }) => {
    const file = await uploadedFile(app.services.store, app.services.files, params.fileId);
    return reply
      .header('content-type', file.mimeType)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-length', file.size)
      .send(file.content);
  });
};

export { fileOwners as owners } from '../storage/uploads';

export default fileRoutes;
