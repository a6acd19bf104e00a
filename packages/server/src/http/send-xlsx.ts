import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { XLSX_MIMETYPE, xlsxFilename } from '../documents/excel-export';

/**
 * Answers an .xlsx download streamed as `write` produces it: headers go out at once, a failure
 * while streaming is logged and ends the download.
 */
export function sendXlsx(request: FastifyRequest, reply: FastifyReply, filename: string, write: (out: PassThrough) => Promise<number>): FastifyReply {
  const out = new PassThrough();
  out.on('error', () => undefined);
  write(out).catch((error: unknown) => {
    request.log.error({ err: error }, 'excel export failed while streaming');
    out.destroy();
  });
  return reply
    .header('content-type', XLSX_MIMETYPE)
    .header('content-disposition', `attachment; filename="${xlsxFilename(filename)}"`)
    .header('cache-control', 'no-store')
    .send(out);
}
