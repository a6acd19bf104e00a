import { tableCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { writeXlsx } from '../documents/excel-export';
import { sendXlsx } from '../http/send-xlsx';
import { recordAudit } from '../audit/record';
import { callAbort } from '../http/abandoned';
import { requestLanguage } from '../http/language';
import { route } from '../http/route';
import { exportTableBlob, widgetExportSheet } from '../tables/export-table';

/** Export to Excel (spec 3 §7), as the spec's JSON answer and as a streamed download. */
const exportRoutes: FastifyPluginAsync = async (app) => {
  route(app, tableCalls.excelFromTable, ({ input: { body }, caller, request, reply }) =>
    exportTableBlob(app.services, caller, body, requestLanguage(request), callAbort(reply).signal));

  route(app, tableCalls.excelFromTableStream, async ({ input: { query }, caller, request, reply, audit }) => {
    const sheet = await widgetExportSheet(app.services, caller, query, requestLanguage(request), callAbort(reply).signal);
    // Recorded before the download starts: a file's answer goes out as it is written.
    await recordAudit(app.services.store, audit, { entityType: 'page', entityId: query.pageId, summary: { key: 'audit.tableExported', values: { table: query.componentId } } });
    return sendXlsx(request, reply, query.filename, (out) => writeXlsx(out, sheet.columns, sheet.rows));
  });
};

export default exportRoutes;
