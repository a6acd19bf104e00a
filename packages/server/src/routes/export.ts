import {
  EXPORT_BLOB_MAX_ROWS, Messages, tableCalls, type TableFilterInput, XLSX_MAX_ROWS,
} from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { sendXlsx, writeXlsx, XLSX_MIMETYPE, xlsxBuffer, xlsxFilename } from '../documents/excel-export';
import { recordAudit } from '../audit/record';
import { callAbort } from '../http/abandoned';
import { requestLanguage } from '../http/language';
import { HttpError } from '../errors/http-errors';
import { route } from '../http/route';
import { exportableWidget, exportSourceOf } from '../tables/export-source';
import { transformedChunks } from '../tables/transform';

/** Export to Excel (spec 3 §7), as the spec's JSON answer and as a streamed download. */
const exportRoutes: FastifyPluginAsync = async (app) => {
  route(app, tableCalls.excelFromTable, async ({ input: { body }, caller, request, reply }) => {
    const { signal } = callAbort(reply);
    const input: TableFilterInput = { ...body.filter, sort: body.sort };
    const exported = await exportSourceOf(app, caller, body, input, requestLanguage(request));
    const { columns, transform } = exported;
    // Counted no further than the limit: whether there are more is all that matters here.
    if (await exported.count(input, EXPORT_BLOB_MAX_ROWS, signal) > EXPORT_BLOB_MAX_ROWS) throw new HttpError(413, Messages.exportTooLarge);
    const chunks = exported.rows(input, EXPORT_BLOB_MAX_ROWS, signal);
    const sheet = transform === undefined ? { columns, chunks } : await transformedChunks(app, transform, columns, chunks);
    const buffer = await xlsxBuffer(sheet.columns, sheet.chunks);
    return { buffer: buffer.toString('base64'), mimetype: XLSX_MIMETYPE, filename: xlsxFilename(body.filename) };
  });

  route(app, tableCalls.excelFromTableStream, async ({ input: { query }, caller, request, reply, audit }) => {
    const { signal } = callAbort(reply);
    const exported = await exportableWidget(app, caller, query, query.search, requestLanguage(request));
    const { columns: widgetColumns, transform } = exported;
    const input: TableFilterInput = {
      search: query.search, filterColumn: query.filterColumn, possibleFilters: [],
      sort: query.sort === undefined ? undefined : { column: query.sort, direction: query.direction },
    };
    const read = exported.rows(input, XLSX_MAX_ROWS - 1, signal);
    // With a function, its first chunk is transformed before answering (see transformedChunks).
    const { columns, chunks: rows } = transform === undefined ? { columns: widgetColumns, chunks: read } : await transformedChunks(app, transform, widgetColumns, read);
    // The first chunk is read before answering, so a bad filter or query still answers a JSON error.
    const first = await rows.next();
    async function* all() {
      if (first.done !== true) yield first.value;
      yield* rows;
    }
    // Recorded before the download starts: a file's answer goes out as it is written.
    await recordAudit(app.store, audit, { entityType: 'page', entityId: query.pageId, summary: { key: 'audit.tableExported', values: { table: query.componentId } } });
    return sendXlsx(request, reply, query.filename, (out) => writeXlsx(out, columns, all()));
  });
};

export default exportRoutes;
