import { z } from 'zod';
import {
  DeleteRowBodySchema, EditRowBodySchema, ExcelFromTableBodySchema, ExcelStreamQuerySchema, LoadTableContentBodySchema, MoveCardBodySchema,
  PageCursorSchema, ScanBarcodeBodySchema,
} from '../schemas/tables';
import { defineCall, FILE_ANSWER, lazyCalls } from './contract';
import { BlobFileSchema } from './print';

/**
 * A row as the application's database driver reads it, by column name. Its values are what the
 * driver gives (text, numbers, null, dates, a JSON column's value…), written by JSON.stringify:
 * the rows are the author's database's to shape, so they are not checked value by value.
 * An object of any keys: zod checks it is one and copies it, where a record of unknown values
 * also parsed each key and value (some 50 µs on a 20-row answer, issue 19).
 */
export const ResultRowSchema = z.looseObject({});
export type ResultRow = z.infer<typeof ResultRowSchema>;

/** One shown column of a data widget: its label and the source column it shows. */
const WidgetColumnSchema = z.object({ label: z.string(), field: z.string() });

/**
 * A filter of the widget with the choices a select filter offers ([] for an interval filter),
 * named `options` as the spec's Filter names them (its `value`/`values` are the chosen ones).
 */
const PossibleFilterSchema = z.object({ field: z.string(), column: z.string(), type: z.string(), options: z.array(z.unknown()) });

/** What the content call answers as its one list item (spec 3 §7 "load query content"). */
export const TableContentSchema = z.object({
  /** The rows the search and filters keep; the cap (TABLE_COUNT_CAP) when countCapped. */
  count: z.number().int(),
  /**
   * Whether counting stopped at the cap (ARCHITECTURE §3, bounded counts): there are more than
   * `count` rows, the last page is not known, and the pager goes on while pages come back full.
   */
  countCapped: z.boolean(),
  /** floor(count / limit) + 1 (spec 3 §9): every page, or the pages known to exist when countCapped. */
  pageCount: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  columns: z.array(WidgetColumnSchema),
  primaryKey: z.string().nullable(),
  possibleFilters: z.array(PossibleFilterSchema),
  /** The page's rows keyed by source column (the widget's mapping_table names). */
  filteredResult: z.array(ResultRowSchema),
  /**
   * Where the page's first and last rows sit in the key order, when the rows can be paged by
   * key: Prev sends `first` as the cursor `before`, Next sends `last` as `after`. Absent when
   * they cannot (a custom query, no single-column primary key, an empty page).
   */
  cursors: z.object({ first: PageCursorSchema, last: PageCursorSchema }).optional(),
  /**
   * The search goes through a FULLTEXT index (MariaDB/MySQL): it matches whole words and word
   * beginnings, not any part of a word; the search box says so. Absent: any part matches.
   */
  searchWholeWords: z.boolean().optional(),
  /**
   * Asked with countLater, the rows came before their count: count is the rows seen so far and
   * pageCount the pages known to exist (as when countCapped); countTableContent gives the count.
   */
  countPending: z.boolean().optional(),
  /**
   * A table's shown columns (source names) whose sort reads an index in order: the others are
   * sorted by reading every row the search keeps, and the table says so on their header.
   * Absent for a custom query (its columns' indexes are not known).
   */
  sortIndexed: z.array(z.string()).optional(),
  /**
   * The rows come from an API endpoint (issue 40): they are in the API's order (no sort by a
   * column, no filters, no paging by key), searched only when the endpoint takes a search
   * parameter, and a last page not known from a total cannot be jumped to. `sequential`: the API
   * pages by cursor or Link header, so a page is reached from the one before (Next, Prev, a few
   * pages on), never by a jump.
   */
  fromApi: z.object({ searchable: z.boolean(), sequential: z.boolean().optional() }).optional(),
});
export type TableContent = z.infer<typeof TableContentSchema>;

/** What countTableContent answers: the bounded count of a load, as TableContent gives it. */
export const TableCountSchema = z.object({ count: z.number().int(), countCapped: z.boolean(), pageCount: z.number().int() });
export type TableCount = z.infer<typeof TableCountSchema>;

/** A row write's answer: data[0] says how many rows it changed (0 or 1). */
const AffectedRowsSchema = z.array(z.object({ affectedRows: z.number().int() }));

const widgetPage = { entity: 'page', id: (input: { body: { pageId: number } }) => input.body.pageId } as const;
const loadSummary = 'One page of a data widget\'s rows (table, chart, kanban, loader, barcode; a table or its custom query), searched and filtered';
const loadDescription = 'Answers data[0] = { count, countCapped, pageCount, page, limit, columns: [{ label, field }], primaryKey, '
  + 'possibleFilters: [{ field, column, type, options }], filteredResult: rows keyed by source column }. '
  + 'The count is bounded: it stops at TABLE_COUNT_CAP (10,000 rows); countCapped says there are more, count is then the cap '
  + 'and pageCount the pages known. '
  + 'Paging by key: when the rows can be ordered by key (a table with a one-column primary key, sorted by it or by one other column) '
  + 'the answer has cursors { first, last }; send cursor { direction: \'after\', ...last } for Next, { direction: \'before\', ...first } '
  + 'for Prev, { direction: \'last\' } for the last page, with the page number shown: no offset is walked. '
  + 'Members: widgets of pages their groups reach; administrators: any page of their application.';

/** Rows at most in excelFromTable's JSON answer: a bigger export is the streamed download. */
export const EXPORT_BLOB_MAX_ROWS = 100_000;
/** Excel's own limit of rows in a sheet, the header row included: the streamed download stops one row below it. */
export const XLSX_MAX_ROWS = 1_048_576;

/**
 * Data widgets at runtime (spec 3): their rows, row edit and delete, kanban moves and the
 * Excel export. The browser names the widget of a saved page; the server builds every
 * statement from the widget's saved configuration and binds every value the browser sends.
 */
/** The spec names the rows' call twice (a table, or its custom query): one call at two paths. */
const loadContentCall = (path: string) => defineCall({
  method: 'POST', path, tag: 'tables',
  summary: loadSummary, description: loadDescription,
  body: LoadTableContentBodySchema,
  data: z.array(TableContentSchema),
  access: { level: 'member', app: widgetPage },
});

export const tableCalls = lazyCalls(() => ({
  loadTableContent: loadContentCall('/get/loadTableContent'),
  loadQueryContent: loadContentCall('/get/loadQueryContent'),
  countTableContent: defineCall({
    method: 'POST', path: '/get/countTableContent', tag: 'tables',
    summary: 'The bounded count of a data widget\'s rows, for a load answered rows first (countPending)',
    description: 'Takes the body of the load whose answer said countPending and answers data[0] = { count, countCapped, pageCount }, '
      + 'counted as that load counts (joining the count it started). The count stops at TABLE_COUNT_CAP (10,000 rows). '
      + 'Members: widgets of pages their groups reach; administrators: any page of their application.',
    body: LoadTableContentBodySchema,
    data: z.array(TableCountSchema),
    access: { level: 'member', app: widgetPage },
  }),
  scanBarcode: defineCall({
    method: 'POST', path: '/get/scanBarcode', tag: 'tables',
    summary: 'The row of a barcode widget whose first mapped column equals the scanned code (case-insensitive)',
    description: 'The code is bound as a parameter, never written into the SQL; the widget\'s table or custom query is read as its '
      + 'table load reads it. Answers data = [row] (keyed by source column) when a row matches, [] when none does. '
      + 'Members: barcode widgets of pages their groups reach; administrators: any page of their application.',
    body: ScanBarcodeBodySchema,
    data: z.array(ResultRowSchema).max(1),
    access: { level: 'member', app: widgetPage },
  }),
  editRow: defineCall({
    method: 'POST', path: '/action/editRow', tag: 'tables',
    summary: 'Set the changed columns of one row, by primary key, through an EDIT action of the widget',
    description: 'Columns allowed: the action\'s editFields, or the widget\'s shown columns; never the key. Answers data[0] = { affectedRows }.',
    body: EditRowBodySchema,
    data: AffectedRowsSchema,
    access: { level: 'member', app: widgetPage },
    replayable: true,
    // Based on the values read (issue 38): the row's columns as they are now, when they changed meanwhile.
    conflict: ResultRowSchema,
  }),
  deleteRow: defineCall({
    method: 'POST', path: '/action/deleteRow', tag: 'tables',
    summary: 'Delete one row, by primary key, through a DELETE action of the widget',
    description: 'Answers data[0] = { affectedRows }.',
    body: DeleteRowBodySchema,
    data: AffectedRowsSchema,
    access: { level: 'member', app: widgetPage },
    replayable: true,
  }),
  moveCard: defineCall({
    method: 'POST', path: '/action/moveCard', tag: 'tables',
    summary: 'Move a kanban card: set its compared column (fieldMap.compared) to one of the kanban\'s group values',
    description: 'Answers data[0] = { affectedRows }.',
    body: MoveCardBodySchema,
    data: AffectedRowsSchema,
    access: { level: 'member', app: widgetPage },
    replayable: true,
    // Based on the values read (issue 38): the row's columns as they are now, when they changed meanwhile.
    conflict: ResultRowSchema,
  }),
  excelFromTable: defineCall({
    method: 'POST', path: '/print/blob/excelFromTable', tag: 'export',
    summary: 'A data widget\'s rows (its search and filters) as an .xlsx, base64 in the answer',
    description: 'Name the widget with pageId + componentId: the rows are read like its table load, whatever query is sent. '
      + 'query + dbId (+ columns, columnAlias) without a widget: the connection\'s administrators only. '
      + `Answers data = { buffer (base64), mimetype, filename }; 413 above ${EXPORT_BLOB_MAX_ROWS} rows (use GET /print/excelFromTable/stream).`,
    body: ExcelFromTableBodySchema,
    data: BlobFileSchema,
    // The application is the widget's page or the connection's: the export's rule finds which.
    access: { level: 'signedIn' },
  }),
  excelFromTableStream: defineCall({
    method: 'GET', path: '/print/excelFromTable/stream', tag: 'export',
    summary: 'A data widget\'s rows (its search and filters) as an .xlsx download, streamed',
    description: 'Bearer token in the Authorization header. filterColumn is the JSON text of the table load\'s filterColumn; '
      + `sort a shown column, direction asc or desc. At most ${XLSX_MAX_ROWS - 1} rows (Excel's limit).`,
    query: ExcelStreamQuerySchema,
    data: FILE_ANSWER,
    access: { level: 'member', app: { entity: 'page', id: (input) => input.query.pageId } },
  }),
}));
