import { PassThrough } from 'node:stream';
import {
  ExcelFromTableBodySchema, ExcelStreamQuerySchema, Messages, splitOptions, type TableFilterInput,
} from '@rakit/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../auth/plugin';
import type { DataSource, DataSourceType } from '../datasources/types';
import { writeXlsx, XLSX_MAX_ROWS, XLSX_MIMETYPE, xlsxBuffer, xlsxFilename } from '../documents/excel-export';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors';
import { findDbConfig } from '../store/repositories/db-configs';
import { type ContentPlan, contentPlan } from '../tables/content-plan';
import { countStatement } from '../tables/content-query';
import { findDataWidget } from '../tables/data-widget';
import { exportChunks, queryPlan } from '../tables/export-rows';
import { countRows } from '../tables/run';
import { dataSourceOf } from '../connections/data-source-of';

/** The most rows the JSON answer (base64 buffer) carries; bigger exports use the streamed download. */
export const EXPORT_BLOB_MAX_ROWS = 100_000;

const listOf = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value.map((v) => v.trim()).filter((v) => v !== '') : splitOptions(value);

/**
 * A widget's export: members only of a table whose panel turned Export Table To Excel on
 * (administrators of the application may export any data widget they can open).
 */
async function exportableWidget(app: FastifyInstance, request: FastifyRequest, ref: { pageId: number; componentId: string }) {
  const context = await findDataWidget(app, request, ref);
  if (!context.caller.isAppAdmin(context.appId) && (context.widget.type !== 'table' || (context.widget as { toExcel?: boolean }).toExcel !== true)) {
    throw forbidden(Messages.forbidden);
  }
  return { context, plan: await contentPlan(context) };
}

const headersOf = (plan: ContentPlan) => ({ fields: plan.columns.map((c) => c.field), headers: plan.columns.map((c) => c.label) });

/** Export to Excel (spec 3 §7), as the spec's JSON answer and as a streamed download. */
const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/print/blob/excelFromTable', {
    schema: {
      tags: ['export'],
      summary: 'A data widget\'s rows (its search and filters) as an .xlsx, base64 in the answer',
      description: 'Name the widget with pageId + componentId: the rows are read like its table load, whatever query is sent. '
        + 'query + dbId (+ columns, columnAlias) without a widget: the connection\'s administrators only. '
        + `Answers data = { buffer (base64), mimetype, filename }; 413 above ${EXPORT_BLOB_MAX_ROWS} rows (use GET /print/excelFromTable/stream).`,
      body: ExcelFromTableBodySchema,
    },
  }, async (request) => {
    const body = request.body;
    const input: TableFilterInput = { ...body.filter, sort: body.sort };
    let source: DataSource;
    let plan: ContentPlan;
    let columns: { fields: string[]; headers: string[] };
    if (body.pageId !== undefined && body.componentId !== undefined) {
      const widget = await exportableWidget(app, request, { pageId: body.pageId, componentId: body.componentId });
      source = widget.context.source;
      plan = widget.plan;
      columns = headersOf(plan);
    } else {
      if (body.query === undefined || body.dbId === undefined) throw badRequest('Name the table to export: pageId and componentId');
      const db = await findDbConfig(app.store, body.dbId);
      if (db === undefined) throw notFound(Messages.databaseNotFound);
      const caller = principalOf(request);
      if (!caller.isAppAdmin(db.dbAppId)) throw forbidden(Messages.onlySavedQueries);
      source = await dataSourceOf(app, db);
      const fields = listOf(body.columns);
      columns = { fields, headers: listOf(body.columnAlias) };
      plan = queryPlan(source, db.dbType as DataSourceType, body.query, caller.userId, columns, input);
    }
    const total = await countRows(source, countStatement(plan, input));
    if (total > EXPORT_BLOB_MAX_ROWS) throw new HttpError(413, Messages.exportTooLarge);
    const buffer = await xlsxBuffer(columns, exportChunks(source, plan, input, EXPORT_BLOB_MAX_ROWS));
    return { status: true, data: { buffer: buffer.toString('base64'), mimetype: XLSX_MIMETYPE, filename: xlsxFilename(body.filename) } };
  });

  app.get('/print/excelFromTable/stream', {
    schema: {
      tags: ['export'],
      summary: 'A data widget\'s rows (its search and filters) as an .xlsx download, streamed',
      description: 'Bearer token in the Authorization header. filterColumn is the JSON text of the table load\'s filterColumn; '
        + `sort a shown column, direction asc or desc. At most ${XLSX_MAX_ROWS - 1} rows (Excel's limit).`,
      querystring: ExcelStreamQuerySchema,
    },
  }, async (request, reply) => {
    const query = request.query;
    const { context, plan } = await exportableWidget(app, request, query);
    const input: TableFilterInput = {
      search: query.search, filterColumn: query.filterColumn, possibleFilters: [],
      sort: query.sort === undefined ? undefined : { column: query.sort, direction: query.direction },
    };
    const rows = exportChunks(context.source, plan, input, XLSX_MAX_ROWS - 1);
    // The first chunk is read before answering, so a bad filter or query still answers a JSON error.
    const first = await rows.next();
    async function* all() {
      if (first.done !== true) yield first.value;
      yield* rows;
    }
    const out = new PassThrough();
    out.on('error', () => undefined);
    writeXlsx(out, headersOf(plan), all()).catch((error: unknown) => {
      request.log.error({ err: error }, 'excel export failed while streaming');
      out.destroy();
    });
    return reply
      .header('content-type', XLSX_MIMETYPE)
      .header('content-disposition', `attachment; filename="${xlsxFilename(query.filename)}"`)
      .header('cache-control', 'no-store')
      .send(out);
  });
};

export default exportRoutes;
