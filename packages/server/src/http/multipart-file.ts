import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors';

/**
 * The one file of a multipart upload, read whole within the route's size limit: 400 when the
 * request is not multipart or holds no file, 413 with `tooLargeMessage` when the file passes
 * the limit (the limit cuts the stream short, and may do so without throwing).
 */
export async function readUploadedFile(
  app: FastifyInstance, request: FastifyRequest, what: string, tooLargeMessage: string,
): Promise<{ part: MultipartFile; content: Buffer }> {
  if (!request.isMultipart()) throw badRequest(`Send the ${what} as multipart/form-data`);
  const part = await request.file();
  if (part === undefined) throw badRequest('No file was sent');
  let content: Buffer;
  try {
    content = await part.toBuffer();
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw new HttpError(413, tooLargeMessage);
    throw error;
  }
  if (part.file.truncated) throw new HttpError(413, tooLargeMessage);
  return { part, content };
}
