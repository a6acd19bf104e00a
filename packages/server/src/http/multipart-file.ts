import type { LocalText } from '@rakit/core';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError, local } from '../errors/http-errors';

/** A multipart Content-Type's boundary parameter, when it names one (quoted or not). */
const BOUNDARY = /;\s*boundary\s*=\s*(?:"[^"]+"|[^\s;"]+)/i;

/**
 * The multipart parser's own failures (no boundary, a body cut short, a malformed part header)
 * carry no status: they are the caller's malformed request, a 400 with the parser's reason.
 * @fastify/multipart's errors (limits) carry theirs and pass as they are.
 */
function malformedMultipart(error: unknown): unknown {
  if (!(error instanceof Error) || (error as { statusCode?: unknown }).statusCode !== undefined) return error;
  return badRequest(local('uploadMalformed', { detail: error.message }));
}

/**
 * The one file of a multipart upload, read whole within the route's size limit: 400 when the
 * request is not multipart, is malformed or holds no file, 413 with `tooLargeMessage` when the
 * file passes the limit (the limit cuts the stream short, and may do so without throwing).
 */
export async function readUploadedFile(
  app: FastifyInstance, request: FastifyRequest, what: 'file' | 'template' | 'pdf' | 'samplePdf', tooLargeMessage: string | LocalText,
): Promise<{ part: MultipartFile; content: Buffer }> {
  if (!request.isMultipart()) throw badRequest(local('uploadNotMultipart', { what }));
  // Without a boundary the parser finds no parts at all and would answer 'No file was sent'.
  if (!BOUNDARY.test(request.headers['content-type'] ?? '')) throw badRequest(local('uploadNoBoundary', { what }));
  const part = await request.file().catch((error: unknown) => { throw malformedMultipart(error); });
  if (part === undefined) throw badRequest(local('uploadNoFile'));
  let content: Buffer;
  try {
    content = await part.toBuffer();
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw new HttpError(413, tooLargeMessage);
    throw malformedMultipart(error);
  }
  if (part.file.truncated) throw new HttpError(413, tooLargeMessage);
  return { part, content };
}
