import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { FILE_TOO_LARGE_MESSAGE, fileCalls, fileMatchesFilter, MAX_UPLOAD_BYTES, Messages } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { OWNER_ONLY_FILE_MODE, OWNER_ONLY_FOLDERS } from '../security/owner-only';
import { HttpError, notFound } from '../http/errors';
import { readUploadedFile } from '../http/multipart-file';
import { route } from '../http/route';
import { uploadFolder } from '../store/app-folders';
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

    const fileId = randomUUID();
    await mkdir(uploadFolder(app.config.dataDir, appId), OWNER_ONLY_FOLDERS);
    await writeFile(path.join(uploadFolder(app.config.dataDir, appId), fileId), content, { flag: 'wx', mode: OWNER_ONLY_FILE_MODE });
    await insertFile(app.store, { fileId, fileAppId: appId, fileName, fileMimeType: mimeType, fileSize: content.length, uploadedBy: caller.userId });
    return [{ fileId, fileName, mimeType, size: content.length }];
  });

  route(app, fileCalls.downloadFile, async ({ input: { params }, reply }) => {
    const file = await findFile(app.store, params.fileId);
    if (file === undefined) throw notFound(Messages.fileNotFound);
    return reply
      .header('content-type', file.fileMimeType)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(path.join(uploadFolder(app.config.dataDir, file.fileAppId), file.fileId)));
  });
};

export default fileRoutes;
