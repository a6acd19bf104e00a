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
import { countStatement } from '../tables/content-query';
import { exportableWidget, exportSourceOf } from '../tables/export-source';
import { exportChunks } from '../tables/export-rows';
import { transformedChunks } from '../tables/transform';
import { countRows } from '../tables/run';

/** Export to Excel (spec 3 §7), as the spec's JSON answer and as a streamed download. */
const exportRoutes: FastifyPluginAsync = async (app) => {
  route(app, tableCalls.excelFromTable, async ({ input: { body }, caller, request, reply }) => {
    const { signal } = callAbort(reply);
    const input: TableFilterInput = { ...body.filter, sort: body.sort };
    const { source, plan, columns, transform } = await exportSourceOf(app, caller, body, input, requestLanguage(request));
    // Counted no further than the limit: whether there are more is all that matters here.
    const total = await countRows(source, plan, countStatement(plan, input, EXPORT_BLOB_MAX_ROWS), EXPORT_BLOB_MAX_ROWS, signal);
    if (total > EXPORT_BLOB_MAX_ROWS) throw new HttpError(413, Messages.exportTooLarge);
    const chunks = exportChunks(source, plan, input, EXPORT_BLOB_MAX_ROWS, signal);
    const sheet = transform === undefined ? { columns, chunks } : await transformedChunks(app, transform, columns, chunks);
    const buffer = await xlsxBuffer(sheet.columns, sheet.chunks);
    return { buffer: buffer.toString('base64'), mimetype: XLSX_MIMETYPE, filename: xlsxFilename(body.filename) };
  });

  route(app, tableCalls.excelFromTableStream, async ({ input: { query }, caller, request, reply, audit }) => {
    const { signal } = callAbort(reply);
    const { source, plan, columns: widgetColumns, transform } = await exportableWidget(app, caller, query, query.search, requestLanguage(request));
    const input: TableFilterInput = {
      search: query.search, filterColumn: query.filterColumn, possibleFilters: [],
      sort: query.sort === undefined ? undefined : { column: query.sort, direction: query.direction },
    };
    const read = exportChunks(source, plan, input, XLSX_MAX_ROWS - 1, signal);
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
