/*
 * Answer schemas still written by hand on the browser's side; each moves into core's call
 * contracts (packages/core/src/api) as its area is converted, and this file goes.
 */
import {
  type ExcelFromTableBody, type LoadTableContentBody,
} from '@rakit/core';
import { z } from 'zod';

/** runAction / runQuery: rows of a read, or [{affectedRows, insertId}] for a write. */
export const ActionResultSchema = z.array(z.unknown());
/** A stored query (GET /action/listQueries, spec 2 §3 "Query record"). */
export const QueryRecordSchema = z.looseObject({
  actionId: z.number().int(), actionDbId: z.number().int(), actionPageId: z.number().int(), actionName: z.string(), actionSQLQuery: z.string(),
});
export type QueryRecord = z.infer<typeof QueryRecordSchema>;
export type BoundValue = string | number | boolean | null;
export interface RunActionBody {
  pageId: number;
  componentId: string;
  actionName: string;
  /** The page's values by component id (or a data widget's row by column). */
  params: Record<string, BoundValue>;
}
export interface SaveQueryBody {
  actionId: number | null;
  actionDbId: number;
  actionPageId: number;
  actionName: string;
  actionSQLQuery: string;
}
/** runTrigger's answer: the run is recorded, queued for the workflow engine. */
export const QueuedRunSchema = z.object({ runId: z.number().int(), triggerId: z.number().int(), status: z.string() });

/** data[0] of POST /get/loadTableContent: one page of a data widget's rows. */
export const TableContentSchema = z.object({
  count: z.number(),
  pageCount: z.number(),
  page: z.number(),
  limit: z.number(),
  columns: z.array(z.object({ label: z.string(), field: z.string() })),
  primaryKey: z.string().nullable(),
  possibleFilters: z.array(z.object({ field: z.string(), column: z.string(), type: z.string(), options: z.array(z.unknown()) })),
  filteredResult: z.array(z.record(z.string(), z.unknown())),
});
export type TableContent = z.infer<typeof TableContentSchema>;
/** The body of loadTableContent as the browser sends it (defaults filled in by the server). */
export type TableContentRequest = Pick<LoadTableContentBody, 'pageId' | 'componentId'> & Partial<Omit<LoadTableContentBody, 'pageId' | 'componentId'>>;
/** An export of a data widget's rows, with the table's search and filters. */
export interface ExcelRequest {
  pageId: number;
  componentId: string;
  filename: string;
  filter: Pick<ExcelFromTableBody['filter'], 'search' | 'filterColumn'>;
  sort?: ExcelFromTableBody['sort'];
}
export const AffectedSchema = z.array(z.object({ affectedRows: z.number() }));
export const ExcelFileSchema = z.object({ buffer: z.string(), mimetype: z.string(), filename: z.string() });
/** A file answered as JSON: base64 bytes, their type and name (exports and prints). */
export type BlobFile = z.infer<typeof ExcelFileSchema>;
